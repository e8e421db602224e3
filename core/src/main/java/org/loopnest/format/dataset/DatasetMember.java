package org.loopnest.format.dataset;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one file says about the variable a dataset reads from it, in any format's terms: what {@link DatasetJoin}
 * checks the files agree on and orders them by. Made by a format's dataset class (classic NetCDF, NetCDF-4).
 *
 * <p>Immutable (arrays are the caller's: not changed after).
 *
 * @param file        the file
 * @param variable    the variable's name
 * @param dimensions  its dimension names, outermost first (the first is the one files are joined along)
 * @param shape       its extent along each, the first this file's count
 * @param type        its stored type, as the format names it
 * @param packing     its {@code scale_factor}, {@code add_offset}, {@code _FillValue} and {@code missing_value}, as
 *                    text to compare
 * @param units       its {@code units}, if any
 * @param coordinates the values of the coordinate variables of its dimensions that have one (physical values)
 * @param timeUnits   the {@code units} of the first dimension's coordinate variable, if any
 */
public record DatasetMember(Path file, String variable, List<String> dimensions, long[] shape, String type,
        String packing, Optional<String> units, Map<String, double[]> coordinates, Optional<String> timeUnits) {
    /**
     * Copies the lists, array and map.
     *
     * @param file        the file
     * @param variable    the variable's name
     * @param dimensions  its dimension names
     * @param shape       its extents
     * @param type        its stored type
     * @param packing     its packing, as text
     * @param units       its units
     * @param coordinates its dimensions' coordinate values
     * @param timeUnits   the time coordinate's units
     */
    public DatasetMember {
        dimensions = List.copyOf(dimensions);
        shape = shape.clone();
        coordinates = Map.copyOf(coordinates);
    }

    /** {@return the extent along each dimension, a copy} */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /** {@return the time values (the first dimension's coordinate), if the file has them} */
    public Optional<double[]> time() {
        return Optional.ofNullable(coordinates.get(dimensions.get(0)));
    }
}
