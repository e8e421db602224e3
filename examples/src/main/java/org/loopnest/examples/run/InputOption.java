package org.loopnest.examples.run;

import java.nio.file.Path;
import java.util.List;
import org.loopnest.format.dataset.DatasetFiles;
import org.loopnest.kernel.DeviceCode;

/**
 * One {@code --in NAME[:INDEX,...]=FILE[:VAR]} option (FILE may be a quoted glob or {@code @list.txt} of NetCDF
 * files, read as one array joined by time): the array's name in the body, the loop indices it is indexed
 * by (in the file's order, outermost first; none given means "every loop" for a raw file and "the file's own
 * dimension names" for NetCDF and GrADS), the file, and the variable in it (NetCDF and GrADS only).
 *
 * <p>Immutable.
 *
 * @param name     the array's name in the body
 * @param indices  the indices as given, outermost first; empty when none were given
 * @param file     the file
 * @param variable the variable in the file, or {@code null}
 * @param text     the option's value as given, for messages
 */
public record InputOption(String name, List<String> indices, Path file, String variable, String text) {
    /** Copies the list. */
    public InputOption {
        indices = List.copyOf(indices);
    }

    /**
     * Parses an option's value. The variable is what follows the last {@code :} after the file name, when that is
     * a name (no {@code /}); {@code :} does not otherwise occur in the file's name.
     *
     * @param text the value, e.g. {@code p:z=levels.f32} or {@code T=data.nc:t}
     * @return the option
     * @throws IllegalArgumentException naming {@code --in}, the text and what was expected
     */
    public static InputOption parse(String text) {
        int equals = text.indexOf('=');
        if (equals < 0) {
            throw bad(text, "no '='");
        }
        String left = text.substring(0, equals);
        String right = text.substring(equals + 1);
        int colon = left.indexOf(':');
        String name = colon < 0 ? left : left.substring(0, colon);
        List<String> indices = colon < 0 ? List.of() : List.of(left.substring(colon + 1).split(",", -1));
        if (!DeviceCode.isIdentifier(name)) {
            throw bad(text, "'" + name + "' is not a name");
        }
        for (String index : indices) {
            if (!DeviceCode.isIdentifier(index)) {
                throw bad(text, "index '" + index + "' is not a name");
            }
        }
        if (indices.stream().distinct().count() != indices.size()) {
            throw bad(text, "an index is given twice");
        }
        String variable = null;
        int last = right.lastIndexOf(':');
        if (last > 0 && right.indexOf('/', last) < 0) {
            variable = right.substring(last + 1);
            right = right.substring(0, last);
            if (variable.isEmpty()) {
                throw bad(text, "an empty variable after ':'");
            }
        }
        if (right.isEmpty()) {
            throw bad(text, "no file");
        }
        return new InputOption(name, indices, Path.of(right), variable, text);
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("--in " + text + ": " + why + " (expected: NAME[:INDEX,...]=FILE[:VAR], "
                + "e.g. T=data.nc:t or p:z=levels.f32)");
    }

    /**
     * {@return the files the option names: its one file, or those of a glob ({@code 'dir/*.nc'}) or list
     * ({@code @list.txt}), see {@link DatasetFiles}}
     *
     * @throws IllegalArgumentException naming the option: a glob that matches nothing, a list that cannot be read, a
     *     directory or a missing file among them
     */
    public List<Path> files() {
        if (!DatasetFiles.isPattern(file.toString())) {
            return List.of(file);
        }
        try {
            return DatasetFiles.expand(file.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option() + ": " + e.getMessage(), e);
        }
    }

    /** {@return whether the option names its files by a glob or a list (even one file)} */
    public boolean isPattern() {
        return DatasetFiles.isPattern(file.toString());
    }

    /** {@return how messages name this option, e.g. {@code --in T=data.nc:t}} */
    public String option() {
        return "--in " + text;
    }
}
