package org.loopnest.format.netcdf4;

/**
 * How a NetCDF-4 variable's data are stored in the HDF5 file, which decides whether they can be read in place.
 *
 * <p>Immutable; safe to share between threads.
 */
public enum Netcdf4Storage {
    /** In one run of bytes at a known offset, neither chunked nor filtered: readable in place. */
    CONTIGUOUS,
    /** Inside the object header (small variables only); read through jHDF. */
    COMPACT,
    /** In chunks, without filters; the chunks lie anywhere in the file, so read through jHDF. */
    CHUNKED,
    /** In chunks passed through filters (deflate, shuffle, …: compressed); decoded by jHDF. */
    FILTERED,
    /** Never written: no data in the file; every element reads as the HDF5 fill value (0 without one). */
    UNWRITTEN
}
