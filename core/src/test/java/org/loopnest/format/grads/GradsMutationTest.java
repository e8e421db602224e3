package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded, seeded mutation test of the GrADS reader (issue 22): a few hundred mutants of a small descriptor and its
 * data file (numbers replaced by extreme values, lines dropped, duplicated or swapped, keywords changed, control and
 * non-UTF-8 bytes inserted, the text or the data file truncated, huge counts) each end in a clean refusal (a
 * {@link GradsFormatException}, or an {@link IOException} for the data file, naming the file in one short line
 * without control bytes) or in a read whose grids are the original's wherever the layout is unchanged — never another
 * exception, an OutOfMemoryError or a hang. Fails naming the seed, the mutant and the mutation. More mutants, other
 * seeds: {@code -DargLine="-Dloopnest.mutation.seed=7 -Dloopnest.mutation.count=30000"}.
 */
class GradsMutationTest {
    private static final long SEED = Long.getLong("loopnest.mutation.seed", 2215);
    private static final int MUTANTS = Integer.getInteger("loopnest.mutation.count", 1000);
    private static final Duration PER_READ = Duration.ofSeconds(10);
    private static final String[] NUMBERS = {"0", "-1", "1", "2", "7", "2147483647", "999999999", "1e39", "1e400",
        "-0", "NaN", "9".repeat(40), "+5", "0x10", "1.5", "-2147483648", "", "1e-400"};
    private static final String[] WORDS = {"DSET", "UNDEF", "OPTIONS", "XDEF", "YDEF", "ZDEF", "TDEF", "VARS",
        "ENDVARS", "TITLE", "LINEAR", "LEVELS", "little_endian", "big_endian", "sequential", "yrev", "byteswapped",
        "template", "^mutant.dat", "^", "^missing.dat", "^sub", "/dev/zero", "6hr", "0mn", "1xx", "00Z01JAN2000",
        "31FEB2000", "a", "b", "*", "@"};
    private static final String[] BYTES = {"\u0000", "\u0001", "\u001b", "\u007f", "\r", "\t", "\f", "\u00e9",
        "\n", " "};
    /** A descriptor of 2 times of a (surface) and b (2 levels) on a 3 × 2 grid, little-endian. */
    private static final String ORIGINAL = """
            DSET ^mutant.dat
            TITLE mutants
            UNDEF -9.99e8
            OPTIONS little_endian
            XDEF 3 LINEAR 0 1
            YDEF 2 LEVELS -10 10
            ZDEF 2 LEVELS 1000 500
            TDEF 2 LINEAR 00Z01JAN2000 6hr
            VARS 2
            a 0 99 surface
            b 2 99 upper
            ENDVARS
            """;
    private static final int FLOATS = 2 * 3 * 6;

    @TempDir
    Path dir;

    /** What a mutation made: the descriptor's bytes, the data file's length, and its text. */
    private record Mutant(byte[] descriptor, int dataLength, String text) {
    }

    /** Everything read: each variable's grids by "name t z", with what says where they lie. */
    private static Map<String, float[]> read(Path ctl) throws IOException {
        GradsDescriptor d = GradsDescriptor.parse(ctl);
        d.checkDataFile();
        GradsDescriptor.parse(d.toText(), ctl); // its own text parses back
        d.x().values();
        d.y().values();
        Map<String, float[]> grids = new LinkedHashMap<>();
        try (FileChannel channel = FileChannel.open(d.dataFile())) {
            for (GradsVariable v : d.variables()) {
                d.levelsOf(v.name());
                for (int t = 0; t < d.time().count(); t++) {
                    for (int z = 0; z < v.records(); z++) {
                        long at = d.offset(v.name(), t, z);
                        ByteBuffer b = ByteBuffer.allocate((int) d.gridBytes()).order(d.byteOrder());
                        while (b.hasRemaining()) {
                            if (channel.read(b, at + b.position()) < 0) {
                                throw new AssertionError("accepted grid " + v.name() + " t " + t + " z " + z
                                        + " past the end of the data file");
                            }
                        }
                        float[] grid = new float[(int) d.gridBytes() / 4];
                        b.flip().asFloatBuffer().get(grid);
                        grids.put(v.name() + " " + t + " " + z + " " + at + " " + d.gridBytes() + " "
                                + d.byteOrder(), grid);
                    }
                }
            }
        }
        return grids;
    }

    /** One to three mutations of the original. */
    private static Mutant mutate(Random random) {
        List<String> lines = new ArrayList<>(Arrays.asList(ORIGINAL.split("\n")));
        int length = FLOATS * 4;
        List<String> texts = new ArrayList<>();
        for (int n = 1 + random.nextInt(3); n > 0 && !lines.isEmpty(); n--) {
            int line = random.nextInt(lines.size());
            int kind = random.nextInt(9);
            if (kind == 7) {
                length = random.nextInt(length + 1);
                texts.add("data file truncated to " + length + " bytes");
            } else if (kind == 8) {
                return cut(lines, length, texts, random);
            } else {
                texts.add(mutateLine(lines, line, kind, random));
            }
        }
        return new Mutant((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8), length,
                String.join("; ", texts));
    }

    /** The text cut short, maybe ending in a byte that is not UTF-8. */
    private static Mutant cut(List<String> lines, int length, List<String> texts, Random random) {
        String all = String.join("\n", lines);
        int cut = random.nextInt(all.length() + 1);
        byte[] bytes = all.substring(0, cut).getBytes(StandardCharsets.UTF_8);
        String text = "text cut at char " + cut;
        if (random.nextBoolean()) {
            bytes = Arrays.copyOf(bytes, bytes.length + 1);
            bytes[bytes.length - 1] = (byte) (0x80 + random.nextInt(0x80));
            text += " + a byte " + (bytes[bytes.length - 1] & 0xFF);
        }
        texts.add(text);
        return new Mutant(bytes, length, String.join("; ", texts));
    }

    private static String mutateLine(List<String> lines, int line, int kind, Random random) {
        String text;
        switch (kind) {
            case 0, 1 -> {
                String[] pool = kind == 0 ? NUMBERS : WORDS;
                String[] words = lines.get(line).split(" ");
                int w = random.nextInt(words.length);
                words[w] = pool[random.nextInt(pool.length)];
                lines.set(line, String.join(" ", words));
                text = "line " + (line + 1) + " word " + (w + 1) + " = '" + words[w] + "'";
            }
            case 2 -> {
                lines.remove(line);
                text = "line " + (line + 1) + " dropped";
            }
            case 3 -> {
                lines.add(line, lines.get(line));
                text = "line " + (line + 1) + " twice";
            }
            case 4 -> {
                int other = random.nextInt(lines.size());
                lines.set(line, lines.set(other, lines.get(line)));
                text = "lines " + (line + 1) + " and " + (other + 1) + " swapped";
            }
            case 5 -> {
                String l = lines.get(line);
                int at = random.nextInt(l.length() + 1);
                String inserted = BYTES[random.nextInt(BYTES.length)];
                lines.set(line, l.substring(0, at) + inserted + l.substring(at));
                text = "line " + (line + 1) + " char " + at + " = U+" + Integer.toHexString(inserted.charAt(0));
            }
            default -> {
                String[] words = lines.get(line).split(" ");
                int count = Math.min(1, words.length - 1);
                words[count] = random.nextBoolean() ? "999999999" : "2147483647";
                lines.set(line, String.join(" ", words));
                text = "line " + (line + 1) + " count " + words[count];
            }
        }
        return text;
    }

    @Test
    void shouldRefuseCleanlyOrReadUnchangedGridsForEveryMutant() throws IOException {
        ByteBuffer data = ByteBuffer.allocate(FLOATS * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < FLOATS; i++) {
            data.putFloat(100.5f + i);
        }
        Files.createDirectory(dir.resolve("sub"));
        Path ctl = dir.resolve("mutant.ctl");
        Path dat = dir.resolve("mutant.dat");
        Files.writeString(ctl, ORIGINAL);
        Files.write(dat, data.array());
        Map<String, float[]> expected = read(ctl);
        Random random = new Random(SEED);
        for (int i = 0; i < MUTANTS; i++) {
            Mutant mutant = mutate(random);
            String context = "seed " + SEED + ", mutant " + i + " (" + mutant.text() + ")";
            Files.write(ctl, mutant.descriptor());
            Files.write(dat, Arrays.copyOf(data.array(), mutant.dataLength()));
            check(context, ctl, expected);
        }
    }

    private static void check(String context, Path ctl, Map<String, float[]> expected) {
        Map<String, float[]> got;
        try {
            got = assertTimeoutPreemptively(PER_READ, () -> read(ctl), () -> context + ": no answer within "
                    + PER_READ.toSeconds() + " s");
        } catch (Throwable e) {
            if (!(e instanceof GradsFormatException) && !(e instanceof IOException)) {
                fail(context + ": " + e, e);
            }
            String message = e.getMessage();
            if (message == null || !message.contains("mutant.") && !message.contains("missing.dat")
                    && !message.contains("/sub") && !message.contains("/dev/zero") || message.length() > 1000
                    || message.chars().anyMatch(c -> c < 0x20 || c == 0x7F || c >= 0x80 && c < 0xA0)) {
                fail(context + ": refused with a message that is not one short line naming the file: " + message);
            }
            return;
        }
        for (Map.Entry<String, float[]> grid : got.entrySet()) {
            float[] before = expected.get(grid.getKey());
            if (before != null && !Arrays.equals(before, grid.getValue())) {
                fail(context + ": read grid " + grid.getKey() + " as " + Arrays.toString(grid.getValue())
                        + " (expected: " + Arrays.toString(before) + ", the data unchanged)");
            }
        }
    }
}
