/**
 * NetCDF-4 (HDF5) input, read through jHDF (pure Java), and output, written by LoopNest's own writer
 * ({@link org.loopnest.format.netcdf4.Netcdf4Writer}: chunked, shuffled and deflated, chunk by chunk in bounded
 * memory, with the dimension scales netCDF-C and xarray name dimensions by; jHDF cannot write those, see
 * docs/FILES.md, "NetCDF-4 output"; {@link org.loopnest.format.netcdf4.Netcdf4Copy} copies a classic file into one),
 * in a module of its own so that a user of core does not get jHDF.
 *
 * <p>Map: {@link org.loopnest.format.netcdf4.Netcdf4File} is the door: {@code isHdf5} tells an HDF5 file by its
 * signature, {@code open} lists the root group's variables ({@link org.loopnest.format.netcdf4.Netcdf4Variable}:
 * shape, dimension names from the HDF5 dimension scales, {@link org.loopnest.format.netcdf4.Netcdf4Type},
 * byte order, attributes, {@link org.loopnest.format.netcdf4.Netcdf4Storage}), {@code levels} finds the vertical
 * coordinate and {@code unpackTo} writes any number variable as raw little-endian float32 with CF packing applied; a
 * bad file is a {@link org.loopnest.format.netcdf4.Netcdf4FormatException} naming the file, the variable and what was
 * expected. The CF rules and attribute values are the classic reader's
 * ({@link org.loopnest.format.netcdf.NetcdfPacking}, {@link org.loopnest.format.netcdf.NetcdfLevels},
 * {@link org.loopnest.format.netcdf.NetcdfAttribute}).
 *
 * <p>What can be read in place: a {@code float} variable stored contiguously (neither chunked nor compressed), at
 * {@code Netcdf4Variable.contiguousOffset()}, in its byte order. Everything else (chunked, deflated, packed
 * {@code short}s as ERA5 has them, other types) is unpacked to a raw float32 file first: one pass over the data, in
 * boxes of bounded size cut along chunk boundaries.
 *
 * <p>Pitfalls: jHDF's own reading of chunked datasets ({@code Dataset.getData}) does not verify Fletcher32 checksums
 * and reads unwritten chunks as 0, not the fill value (still in 0.13.0; 0.9.4 also returned zeros for most chunks of
 * a slice, upstream issue 727, fixed since); this package never uses it: it walks the chunk index itself
 * ({@code ChunkIndex}), checks each variable's layout against the variable when the file is opened ({@code Layout})
 * and decodes chunks itself ({@code Filters}: deflate, shuffle, fletcher32, checksums verified). Dimensions are taken
 * as {@code int}: a dimension over 2^31 - 1 is not read. See docs/FILES.md, "NetCDF-4 (HDF5) input".
 */
package org.loopnest.format.netcdf4;
