package org.loopnest.examples.cli;

import org.loopnest.examples.weather.GridShape;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converts {@code T,Z,Y,X}, e.g. {@code 16,7,91,180}, into a {@link GridShape}. */
public final class GridShapeConverter implements ITypeConverter<GridShape> {
    /** Converts {@code value}, saying what was expected when it is not four positive integers. */
    @Override
    public GridShape convert(String value) {
        String[] parts = value.split(",", -1);
        if (parts.length != 4) {
            throw new TypeConversionException("'" + value + "': " + parts.length + " extents (expected: 4, T,Z,Y,X, "
                    + "e.g. 16,7,91,180)");
        }
        int[] extents = new int[4];
        for (int j = 0; j < 4; j++) {
            try {
                extents[j] = Integer.parseInt(parts[j].strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "': '" + parts[j] + "' is not an integer (expected: "
                        + "T,Z,Y,X, e.g. 16,7,91,180)");
            }
        }
        try {
            return new GridShape(extents[0], extents[1], extents[2], extents[3]);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "': " + e.getMessage());
        }
    }
}
