package org.loopnest.format.netcdf;

/**
 * One dimension of a classic NetCDF file.
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param name   the dimension's name
 * @param length its length; for the record dimension, the file's number of records
 * @param record whether it is the record (unlimited) dimension
 */
public record NetcdfDimension(String name, long length, boolean record) {
}
