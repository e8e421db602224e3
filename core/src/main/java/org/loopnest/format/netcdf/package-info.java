/**
 * Classic NetCDF files (CDF-1 and CDF-2 "64-bit offset"), read and written by LoopNest's own small reader and writer,
 * from the format specification, JDK only.
 *
 * <p>Map: {@link org.loopnest.format.netcdf.NetcdfFile} is the door for reading ({@code open} reads a header,
 * {@code readValues} a small coordinate); {@link org.loopnest.format.netcdf.NetcdfHeader} holds dimensions,
 * attributes and variables and says where each element lies ({@code offset}, {@code gridOffset},
 * {@code gridElements}); {@link org.loopnest.format.netcdf.NetcdfPacking} reads CF {@code scale_factor},
 * {@code add_offset}, {@code _FillValue}, {@code missing_value}; {@link org.loopnest.format.netcdf.NetcdfLevels} finds
 * the vertical coordinate (in hPa); {@link org.loopnest.format.netcdf.NetcdfWriter} writes CDF-2 files of float
 * variables; a bad file is a {@link org.loopnest.format.netcdf.NetcdfFormatException} naming the file, the byte
 * offset or field, and what was expected.
 *
 * <p>File layout (big-endian, everything padded to 4 bytes):
 * <pre>
 *   | CDF\1 or CDF\2 | numrecs | dimensions | global attributes | variables (name, dim ids, attributes, type,
 *   vsize, begin: 4 bytes in CDF-1, 8 in CDF-2) | non-record data, each variable contiguous from its begin |
 *   record 0 (each record variable's slice, in order) | record 1 | …
 * </pre>
 *
 * <p>Not here: NetCDF-4/HDF5 and CDF-5 files (refused with a clear message), file-backed arrays over these offsets,
 * and the CLI's {@code --input}. See docs/FILES.md, "NetCDF classic files".
 */
package org.loopnest.format.netcdf;
