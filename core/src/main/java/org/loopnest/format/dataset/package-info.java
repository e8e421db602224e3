/**
 * Datasets as people keep them: several files read as one variable. {@link org.loopnest.format.dataset.DatasetFiles}
 * turns a path, a glob or an {@code @list} into files; the format's dataset class
 * ({@link org.loopnest.format.netcdf.NetcdfDataset} for classic NetCDF) joins them along their time (record)
 * dimension, ordered by the time coordinate, and checks that they agree on everything else. See docs/FILES.md,
 * "Several files as one".
 */
package org.loopnest.format.dataset;
