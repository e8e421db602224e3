package org.loopnest.examples.run;

import java.nio.file.Path;
import org.loopnest.kernel.DeviceCode;

/**
 * One {@code --out NAME=FILE} option: an output of the body, indexed by every loop, written to a raw file
 * ({@code .f32}, {@code .f64}, {@code .i32}, {@code .i64}) or as a float variable of a NetCDF file ({@code .nc});
 * several outputs may name one {@code .nc} file.
 *
 * <p>Immutable.
 *
 * @param name the array's name in the body (and the NetCDF variable's)
 * @param file the file
 * @param text the option's value as given, for messages
 */
public record OutputOption(String name, Path file, String text) {
    /**
     * Parses an option's value.
     *
     * @param text the value, e.g. {@code theta=theta.nc}
     * @return the option
     * @throws IllegalArgumentException naming {@code --out}, the text and what was expected
     */
    public static OutputOption parse(String text) {
        int equals = text.indexOf('=');
        String name = equals < 0 ? "" : text.substring(0, equals);
        String expected = " (expected: NAME=FILE, e.g. theta=theta.nc or theta=theta.f32)";
        if (equals < 0) {
            throw new IllegalArgumentException("--out " + text + ": no '='" + expected);
        }
        if (!DeviceCode.isIdentifier(name)) {
            throw new IllegalArgumentException("--out " + text + ": '" + name + "' is not a name" + expected);
        }
        if (equals == text.length() - 1) {
            throw new IllegalArgumentException("--out " + text + ": no file" + expected);
        }
        return new OutputOption(name, Path.of(text.substring(equals + 1)), text);
    }

    /** {@return how messages name this option, e.g. {@code --out theta=theta.nc}} */
    public String option() {
        return "--out " + text;
    }
}
