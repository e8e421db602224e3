/**
 * GrADS descriptors: read a {@code .ctl} file into an immutable {@link org.loopnest.format.grads.GradsDescriptor},
 * find where each variable's grids lie in the binary data file, and write a {@code .ctl} for output variables on the
 * same grid.
 *
 * <p>Map: {@link org.loopnest.format.grads.GradsDescriptor} is the door ({@code parse}, {@code offset},
 * {@code checkDataFile}, {@code withData}, {@code write}); {@link org.loopnest.format.grads.GradsAxis},
 * {@link org.loopnest.format.grads.GradsTime}, {@link org.loopnest.format.grads.GradsVariable} and
 * {@link org.loopnest.format.grads.GradsDataFile} are its parts;
 * {@link org.loopnest.format.grads.GradsOption} names the {@code OPTIONS} understood; a malformed descriptor is a
 * {@link org.loopnest.format.grads.GradsFormatException} naming the file and line.
 *
 * <p>Data layout (the standard GrADS one): for each time step, the variables in {@code VARS} order; for each
 * variable, one record per level (a level count of 0 counts as 1); each record one x·y grid of 4-byte IEEE floats,
 * x varying fastest. With {@code OPTIONS sequential} each record is wrapped in Fortran record markers:
 * <pre>
 *   plain:       | grid(v0,z0) | grid(v0,z1) | … | grid(v1,z0) | … |  then the next time step
 *   sequential:  | len | grid(v0,z0) | len | len | grid(v0,z1) | len | …     (len: 4 bytes each)
 * </pre>
 * Offsets and sizes are {@code long}: data files over 2 GiB are addressed exactly. With {@code OPTIONS template}
 * the {@code DSET} names one file per run of times ({@code ^model_%y4%m2%d2.dat}: one per day), each laid out as above
 * for its own steps ({@link org.loopnest.format.grads.GradsDataFile}).
 *
 * <p>In the dataset layer ({@link org.loopnest.format.dataset.Datasets}): {@link org.loopnest.format.grads.GradsFormat}
 * recognises a descriptor, describes it (variables of dimensions {@code time, lev, lat, lon}, {@code UNDEF} as
 * {@code _FillValue}, {@code ZDEF} in hPa) and opens a variable as a
 * {@link org.loopnest.format.grads.GradsDataset}: a file-backed array over these offsets, a template's files joined
 * along time, with coordinates to copy into outputs.
 * See docs/FILES.md, "GrADS descriptors", for what is supported and what is refused.
 */
package org.loopnest.format.grads;
