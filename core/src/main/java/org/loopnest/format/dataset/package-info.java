/**
 * Datasets as people keep them: a variable of one file or several read as one array, whatever the format.
 * {@link org.loopnest.format.dataset.Datasets} is the entry point: it picks the {@link
 * org.loopnest.format.dataset.DatasetFormat} that recognises a file (classic NetCDF and GrADS built in, NetCDF-4 from
 * {@code loopnest-netcdf4} through {@code ServiceLoader}), describes it ({@link
 * org.loopnest.format.dataset.DatasetCatalog}: variables as {@link org.loopnest.format.dataset.DatasetVariable}s,
 * attributes, levels, coordinates) and opens a variable as a {@link org.loopnest.format.dataset.Dataset} (the files in
 * time order, dimension names, joined shape and time, a holder in place or an unpacking, coordinates and global
 * attributes to copy into outputs). {@link org.loopnest.format.dataset.DatasetJoin} holds the rules that join NetCDF
 * files — along their first (time) dimension, ordered by the time coordinate, agreeing on everything else — over what
 * each reader says of each file ({@link org.loopnest.format.dataset.DatasetMember}); a GrADS descriptor's
 * {@code template} joins its own files. {@link org.loopnest.format.dataset.DatasetFiles} turns a path, a glob or an
 * {@code @list} into files. See docs/FILES.md, "Several files as one" and "One dataset layer".
 */
package org.loopnest.format.dataset;
