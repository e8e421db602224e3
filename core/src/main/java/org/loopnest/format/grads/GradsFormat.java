package org.loopnest.format.grads;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetFormat;

/**
 * GrADS in the dataset layer: a descriptor ({@code .ctl}) is described by {@link GradsDescriptor#parse} and its
 * variables opened as a {@link GradsDataset} over the binary data file(s) it names. Built into
 * {@link org.loopnest.format.dataset.Datasets}, after classic NetCDF.
 *
 * <p>A descriptor has no magic number: a file is recognised when the first line that is not blank, a {@code *}
 * comment or an {@code @} attribute starts with a descriptor keyword ({@code DSET}, {@code TITLE}, {@code XDEF}, …,
 * any case), read from its first 4 KiB only; or, failing that, when its name ends in
 * {@code .ctl} — the GrADS convention — so that a malformed descriptor is reported by the descriptor's reader rather
 * than as "no format". A file that starts as NetCDF ({@code CDF}) or HDF5 ({@code \u005cx89HDF}) never is.
 *
 * <p><b>Pitfalls:</b> GrADS joins many data files through one descriptor's {@code OPTIONS template}, so
 * {@link #open} takes exactly one descriptor, never several.
 *
 * <p>Stateless; thread-safe.
 */
public final class GradsFormat implements DatasetFormat {
    /** How much of a file {@link #recognizes} reads at most. */
    static final int HEAD_BYTES = 4096;
    /** The records a descriptor may start with: those read here and those GrADS knows that are refused later. */
    private static final Set<String> KEYWORDS = Set.of("DSET", "DTYPE", "INDEX", "STNMAP", "TITLE", "UNDEF",
            "UNPACK", "FILEHEADER", "XYHEADER", "THEADER", "HEADERBYTES", "TRAILERBYTES", "XVAR", "YVAR", "ZVAR",
            "STID", "TVAR", "TOFFVAR", "CACHESIZE", "CHSUB", "OPTIONS", "PDEF", "XDEF", "YDEF", "ZDEF", "TDEF",
            "EDEF", "VECTORPAIRS", "VARS");

    /** Makes the format; it holds nothing. */
    public GradsFormat() {
    }

    /** {@return {@code GrADS}} */
    @Override
    public String name() {
        return "GrADS";
    }

    /**
     * {@return whether {@code file} is a GrADS descriptor, as the class comment says: not NetCDF or HDF5, and a
     * descriptor keyword first or a {@code .ctl} name}
     *
     * @param file a regular file; at most its first 4 KiB are read
     * @throws IOException if it cannot be read
     */
    @Override
    public boolean recognizes(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD_BYTES);
        }
        if (startsWith(head, 'C', 'D', 'F') || startsWith(head, 0x89, 'H', 'D', 'F')) {
            return false;
        }
        return startsWithKeyword(head) || file.getFileName() != null
                && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".ctl");
    }

    /**
     * {@return the descriptor as a catalogue; it holds no file open, and the data files are not checked}
     *
     * @param file the descriptor
     * @throws GradsFormatException naming the file if it is malformed (an {@link IllegalArgumentException})
     * @throws IOException if it cannot be read
     */
    @Override
    public DatasetCatalog catalog(Path file) throws IOException {
        return new GradsCatalog(GradsDescriptor.parse(file));
    }

    /**
     * {@return variable {@code variable} of the one descriptor in {@code files}, {@link GradsDataset#open}}
     *
     * @param files exactly one descriptor
     * @param variable the variable's name, case ignored
     * @throws IllegalArgumentException if {@code files} holds none or several (a template descriptor joins many data
     *     files), or as {@link GradsDataset#open}
     * @throws IOException if a file cannot be read
     */
    @Override
    public Dataset open(List<Path> files, String variable) throws IOException {
        if (files == null || files.size() != 1) {
            String given = files == null || files.isEmpty() ? "no descriptor given" : files.size()
                    + " descriptors given (" + files.get(0).getFileName() + ", " + files.get(1).getFileName()
                    + (files.size() > 2 ? ", …" : "") + ")";
            throw new IllegalArgumentException("GrADS: " + given + " (expected: one descriptor, with OPTIONS template "
                    + "for many data files)");
        }
        return GradsDataset.open(files.get(0), variable);
    }

    private static boolean startsWith(byte[] head, int... magic) {
        if (head.length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((head[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the first line that is not blank, a comment or an attribute starts with a keyword. */
    private static boolean startsWithKeyword(byte[] head) {
        String text = new String(head, StandardCharsets.ISO_8859_1);
        if (text.startsWith("\u00EF\u00BB\u00BF")) { // UTF-8 byte-order mark, read as Latin-1
            text = text.substring(3);
        }
        for (String line : text.split("\r?\n|\r")) {
            String s = line.strip();
            if (!s.isEmpty() && !s.startsWith("*") && !s.startsWith("@")) {
                return KEYWORDS.contains(s.split("\\s+", 2)[0].toUpperCase(Locale.ROOT));
            }
        }
        return false;
    }
}
