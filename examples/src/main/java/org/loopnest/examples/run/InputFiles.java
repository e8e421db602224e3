package org.loopnest.examples.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.examples.weather.FileKinds;
import org.loopnest.internal.format.Quoted;
import org.loopnest.kernel.DeviceCode;

/**
 * Reads what an input's file says about its array, by format: a raw file says nothing (its indices come from the
 * option, its extents from the nest); a NetCDF file or several and a GrADS descriptor give dimension names, extents
 * and where the variable lies, through the dataset layer ({@link DatasetInput}). Only headers are read.
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> an {@link IllegalArgumentException} naming the option, the file and
 * what was expected: a missing or unreadable file, a directory, an unknown variable (listing those there are), a
 * format or type not supported.
 */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * {@return the array an input's file describes}
     *
     * @param input   the option
     * @param rawOrder the byte order of raw files ({@code --byte-order})
     * @throws IllegalArgumentException as the class comment says
     */
    public static FileArray describe(InputOption input, ByteOrder rawOrder) {
        List<Path> files = input.files();
        FileFormat format = FileFormat.ofInput(input.option(), files.get(0));
        for (Path file : files) {
            FileKinds.requireReadable(input.option() + ": " + file, file, "a readable regular file");
        }
        if (input.isPattern() && format == FileFormat.RAW) {
            throw new IllegalArgumentException(input.option() + ": " + files.get(0) + " is a " + format.name()
                    .toLowerCase(java.util.Locale.ROOT) + " file; several files are joined for NetCDF (expected: .nc "
                    + "files; GrADS data in several files is one .ctl with OPTIONS template)");
        }
        return switch (format) {
            case RAW -> raw(input, rawOrder);
            case NETCDF, GRADS -> DatasetInput.describe(input, files);
        };
    }

    private static FileArray raw(InputOption input, ByteOrder order) {
        if (input.variable() != null) {
            throw new IllegalArgumentException(input.option() + ": a raw file has no variables (expected: "
                    + "NAME[:INDEX,...]=FILE for a raw file; FILE:VAR for .nc and .ctl files)");
        }
        long[] unknown = new long[input.indices().size()];
        java.util.Arrays.fill(unknown, -1);
        return new FileArray(input, input.file(), input.indices(), unknown, null,
                FileFormat.rawType(input.option(), input.file()), order, 0, true, null, null);
    }

    /** Checks that a raw file holds exactly its array's elements. */
    static void checkRawSize(FileArray array) {
        long expected = Math.multiplyExact(array.elements(), (long) array.type().bytes());
        long size;
        try {
            size = Files.size(array.file());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + array.file(), e);
        }
        if (size != expected) {
            throw new IllegalArgumentException(array.input().option() + ": " + array.file() + " holds " + size
                    + " bytes (expected: " + expected + " = " + array.elements() + " " + array.type() + " elements for "
                    + "indices " + array.indices() + " of extents " + java.util.Arrays.toString(array.extents())
                    + ")");
        }
    }

    /**
     * {@return the indices the option gives, or the file's own names when it gives none}
     *
     * @param input the option
     * @param own   the file's names, outermost first
     * @param what  what the names are, for the message
     * @throws IllegalArgumentException if the option gives another number of indices, or gives none and one of the
     *     file's names cannot name a loop (not an identifier, or repeated), naming the file and the name
     */
    static List<String> renamed(InputOption input, List<String> own, String what) {
        String one = what.startsWith("dim") ? "dimension" : "index";
        if (input.indices().isEmpty()) {
            for (int i = 0; i < own.size(); i++) {
                String name = own.get(i);
                String why = !DeviceCode.isIdentifier(name) ? "is not a name a loop can have"
                        : own.indexOf(name) != i ? "is repeated" : null;
                if (why != null) {
                    throw new IllegalArgumentException(input.option() + ": " + one + " '" + Quoted.of(name)
                            + "' of " + input.file().getFileName() + " " + why + " (expected: letters, digits and _, "
                            + "distinct; or give the loops' names: NAME:IDX,…=FILE)");
                }
            }
            return own;
        }
        if (input.indices().size() != own.size()) {
            throw new IllegalArgumentException(input.option() + ": " + input.indices().size() + " indices "
                    + input.indices() + " for the " + own.size() + " " + what + " [" + Quoted.names(own)
                    + "] (expected: one name per " + one + ", outermost first, or none)");
        }
        return input.indices();
    }
}
