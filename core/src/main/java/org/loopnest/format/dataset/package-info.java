/**
 * Datasets as people keep them: several files read as one variable.
 * {@link org.loopnest.format.dataset.Dataset} is what every format's reader gives (the files in time order, dimension
 * names, joined shape and time, a holder in place or an unpacking): {@link org.loopnest.format.netcdf.NetcdfDataset}
 * for classic NetCDF, {@code Netcdf4Dataset} (module {@code loopnest-netcdf4}) for NetCDF-4.
 * {@link org.loopnest.format.dataset.DatasetJoin} holds the rules that join the files — along their first (time)
 * dimension, ordered by the time coordinate, agreeing on everything else — over what each reader says of each file
 * ({@link org.loopnest.format.dataset.DatasetMember}). {@link org.loopnest.format.dataset.DatasetFiles} turns a path,
 * a glob or an {@code @list} into files. See docs/FILES.md, "Several files as one".
 */
package org.loopnest.format.dataset;
