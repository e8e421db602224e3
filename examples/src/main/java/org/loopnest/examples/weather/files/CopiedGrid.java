package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;

/**
 * The grid of a classic NetCDF input as a {@code --format netcdf} output copies it, so that the output lines up with
 * its input: the input's dimension names ({@code t, z, y, x} order), its coordinate variables as stored (type,
 * attributes, values; the time joined over the files), whether time was the record (unlimited) dimension, its global
 * attributes, and the command for the {@code history} line appended to them.
 *
 * <p>Immutable.
 *
 * @param names       the input's names of {@code t, z, y, x}
 * @param coordinates the coordinate variables the input has, by dimension name
 * @param recordTime  whether the time dimension is the record dimension
 * @param globals     the input's global attributes (its first file's, in time order)
 * @param command     the history line's command, e.g. {@code loopnest weather --input era5.nc}
 * @param files       the input's files' names, in time order (one output file each, unless one is asked for)
 * @param steps       the time steps each of them holds, in the same order
 */
public record CopiedGrid(List<String> names, Map<String, NetcdfCoordinate> coordinates, boolean recordTime,
        List<NetcdfAttribute> globals, String command, List<String> files, List<Long> steps) {
    /** Copies the collections. */
    public CopiedGrid {
        names = List.copyOf(names);
        coordinates = Map.copyOf(coordinates);
        globals = List.copyOf(globals);
        files = List.copyOf(files);
        steps = List.copyOf(steps);
    }

    /**
     * {@return the grid of a NetCDF input read through {@code data} (its temperature, say), whose dimensions are
     * {@code t, z, y, x}}
     *
     * @param data the variable and its files
     * @param recordTime whether its time is the record dimension
     * @param given what {@code --input} said, for the history line
     * @throws IOException if a file cannot be read
     */
    static CopiedGrid of(Dataset data, boolean recordTime, String given) throws IOException {
        Map<String, NetcdfCoordinate> copies = new HashMap<>();
        for (String dim : data.dimensionNames()) {
            data.copyOf(dim).ifPresent(c -> copies.put(dim, c));
        }
        return new CopiedGrid(data.dimensionNames(), copies, recordTime, data.globalAttributes(),
                "loopnest weather --input " + given, data.files().stream().map(p -> p.getFileName().toString())
                .toList(), Arrays.stream(data.counts()).boxed().toList());
    }

    /**
     * {@return the coordinate of axis {@code m} ({@code 0..3} for {@code t, z, y, x}), cut to the {@code n} values an
     * output has (the levels run), if the input has one}
     *
     * @param m the axis
     * @param n the output's extent along it
     */
    public Optional<NetcdfCoordinate> coordinate(int m, long n) {
        return Optional.ofNullable(coordinates.get(names.get(m))).map(c -> c.length() == n ? c : c.first(n));
    }
}
