package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded mutants of a small NetCDF-4 file ({@link Netcdf4DamageTest#CDL}: a chunked float with fletcher32, one with
 * fletcher32, shuffle and deflate, a contiguous one): bits flipped in the metadata (its object headers re-sealed half
 * of the time, so that jHDF's header checksums do not hide LoopNest's own checks) and in the chunks, truncations,
 * extreme values written into size, address and count fields. Each is opened and every variable read through the
 * public API; each must end in a {@link Netcdf4FormatException} naming the file (no control bytes, at most
 * {@link #MAX_MESSAGE} characters) or a read equal to the original's — except a variable whose own unprotected bytes
 * (contiguous data, or the metadata) were changed, whose values may differ. Never another exception, an error or a
 * hang. A failure names the seed and the mutation; {@code -Dnetcdf4.mutants=N} and {@code -Dnetcdf4.seed=S} run
 * others.
 */
class Netcdf4MutationTest {
    private static final int MAX_MESSAGE = Netcdf4FormatException.MAX_MESSAGE;
    private static final String[] VARIABLES = {"f", "g", "t", "h"};
    private static final String[] CHUNKED = {"f", "g", "h"};
    private static final long[] EXTREMES = {0, 1, -1, 0x7FFF_FFFFL, 0xFFFF_FFFFL, 0x8000_0000L, 1L << 32,
        Long.MAX_VALUE, Long.MIN_VALUE};

    @TempDir
    Path dir;

    /** One mutant: what was done, to which bytes, and which variables' values may differ because of it. */
    private record Mutant(String what, byte[] bytes, Set<String> mayDiffer) {
    }

    @Test
    void shouldRefuseCleanlyOrReadUnchangedEveryMutant() throws Exception {
        Path original = Ncgen.nc4(dir.resolve("original.nc"), Netcdf4DamageTest.CDL);
        byte[] bytes = Files.readAllBytes(original);
        Map<String, double[]> baseline = read(original);
        Map<String, int[]> chunks = new HashMap<>(); // each protected variable's chunks: start, end, …
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (String v : CHUNKED) { // read from the B-tree, not by the code under test
            List<Integer> ranges = new ArrayList<>();
            leaves(le, Netcdf4DamageTest.tree(original, v), ranges);
            chunks.put(v, ranges.stream().mapToInt(Integer::intValue).toArray());
        }
        long contiguous;
        try (Netcdf4File nc = Netcdf4File.open(original)) {
            contiguous = nc.variable("t").contiguousOffset().orElseThrow();
        }
        Hdf5Blocks blocks = new Hdf5Blocks(bytes);
        List<Integer> fields = fields(bytes, chunks, contiguous);
        long seed = Long.getLong("netcdf4.seed", 22L);
        int mutants = Integer.getInteger("netcdf4.mutants", 400);
        Random random = new Random(seed);
        Path file = dir.resolve("m.nc");
        int refused = 0;
        for (int i = 0; i < mutants; i++) {
            Mutant m = mutate(bytes, random, chunks, contiguous, blocks, fields);
            Files.write(file, m.bytes());
            String context = "seed " + seed + ", mutant " + i + ": " + m.what();
            Map<String, double[]> got;
            try {
                got = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> read(file), () -> context + ": hangs");
            } catch (Netcdf4FormatException e) {
                String message = e.getMessage();
                if (!message.startsWith("m.nc: ") || message.length() > MAX_MESSAGE
                        || message.chars().anyMatch(c -> c < 0x20 || c == 0x7F)) {
                    fail(context + ": a refusal that does not name the file, or runs long, or quotes control bytes: "
                            + message.substring(0, Math.min(message.length(), 2 * MAX_MESSAGE)));
                }
                refused++;
                continue;
            } catch (Throwable t) { // an error, another exception: never
                throw new AssertionError(context + ": " + t, t);
            }
            for (String v : VARIABLES) {
                if (!m.mayDiffer().contains(v) && !Arrays.equals(baseline.get(v), got.get(v))) {
                    fail(context + ": variable '" + v + "' read " + Arrays.toString(got.get(v)) + " (expected: a "
                            + "refusal or " + Arrays.toString(baseline.get(v)) + ")");
                }
            }
        }
        int read = mutants - refused;
        assertTrue(refused > mutants / 10 && read > mutants / 10, "seed " + seed + ": " + refused + " of " + mutants
                + " mutants refused: the mutations do not reach both outcomes");
    }

    /** Opens the file and reads every variable, by both paths for the deflated one. */
    private Map<String, double[]> read(Path file) throws Exception {
        Map<String, double[]> values = new HashMap<>();
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            for (String v : VARIABLES) {
                values.put(v, nc.readValues(nc.variable(v)));
            }
            Path raw = dir.resolve("g.f32");
            nc.unpackTo(nc.variable("g"), raw, Float.NaN);
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(raw)).order(ByteOrder.LITTLE_ENDIAN);
            double[] g = new double[b.remaining() / 4];
            for (int i = 0; i < g.length; i++) {
                g[i] = b.getFloat();
            }
            if (!Arrays.equals(g, values.get("g"))) {
                throw new AssertionError("g unpacked " + Arrays.toString(g) + ", read " + Arrays.toString(values.get("g")));
            }
        }
        return values;
    }

    private static Mutant mutate(byte[] original, Random random, Map<String, int[]> chunks, long contiguous,
            Hdf5Blocks blocks, List<Integer> fields) {
        byte[] b = original.clone();
        int kind = random.nextInt(6);
        switch (kind) {
            case 0, 1 -> { // a bit of metadata; its header re-sealed for kind 1
                int at;
                do {
                    at = random.nextInt(b.length);
                } while (owner(at, chunks, contiguous) != null);
                int bit = random.nextInt(8);
                b[at] ^= (byte) (1 << bit);
                if (kind == 1) {
                    blocks.reseal(b, at, at + 1);
                }
                return new Mutant("bit " + bit + " of metadata byte " + at + (kind == 1 ? ", re-sealed" : ""), b,
                        Set.of(VARIABLES));
            }
            case 2 -> { // a byte of a chunk or of the contiguous data
                String v = VARIABLES[random.nextInt(VARIABLES.length)];
                int at = v.equals("t") ? (int) contiguous + random.nextInt(96) : pick(chunks.get(v), random);
                b[at] ^= (byte) (1 + random.nextInt(255));
                return new Mutant("data byte " + at + " of " + v + " changed", b, Set.of("t"));
            }
            case 3 -> { // truncated
                int length = random.nextInt(b.length);
                return new Mutant("truncated to " + length + " bytes", Arrays.copyOf(b, length), Set.of());
            }
            default -> { // an extreme value in a field that holds an address, a size or a count, or anywhere
                int at = random.nextBoolean() ? fields.get(random.nextInt(fields.size())) : random.nextInt(b.length);
                long value = random.nextInt(4) == 0 ? b.length - random.nextInt(64)
                        : EXTREMES[random.nextInt(EXTREMES.length)];
                int width = random.nextBoolean() ? 8 : random.nextBoolean() ? 4 : 2;
                ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
                if (at + width > b.length) {
                    width = 2;
                }
                switch (width) {
                    case 8 -> le.putLong(at, value);
                    case 4 -> le.putInt(at, (int) value);
                    default -> le.putShort(at, (short) value);
                }
                blocks.reseal(b, at, at + width);
                return new Mutant(width + "-byte field at " + at + " set to " + value + ", re-sealed", b,
                        Set.of(VARIABLES));
            }
        }
    }

    /** Adds each chunk's first and last byte + 1 under a (valid) version-1 B-tree node of a rank-2 variable. */
    private static void leaves(ByteBuffer le, long node, List<Integer> ranges) {
        int level = le.get((int) node + 5);
        for (int i = 0; i < (le.getShort((int) node + 6) & 0xFFFF); i++) {
            int key = Netcdf4DamageTest.key(node, i);
            if (level > 0) {
                leaves(le, le.getLong(key + 32), ranges);
            } else {
                ranges.add((int) le.getLong(key + 32));
                ranges.add((int) le.getLong(key + 32) + le.getInt(key));
            }
        }
    }

    /** The variable whose data hold byte {@code at}, or null for metadata. */
    private static String owner(int at, Map<String, int[]> chunks, long contiguous) {
        if (at >= contiguous && at < contiguous + 96) {
            return "t";
        }
        for (Map.Entry<String, int[]> e : chunks.entrySet()) {
            int[] r = e.getValue();
            for (int i = 0; i < r.length; i += 2) {
                if (at >= r[i] && at < r[i + 1]) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    private static int pick(int[] ranges, Random random) {
        int i = 2 * random.nextInt(ranges.length / 2);
        return ranges[i] + random.nextInt(ranges[i + 1] - ranges[i]);
    }

    /**
     * Metadata positions holding a value that is an address or size of the file (chunk and data addresses, chunk
     * sizes, the B-tree nodes' level and entry count, dimension lengths), where an extreme value tests a bound.
     */
    private static List<Integer> fields(byte[] b, Map<String, int[]> chunks, long contiguous) {
        Set<Long> wide = new TreeSet<>(List.of(contiguous, 96L, 4L, 6L, 24L));
        Set<Long> narrow = new TreeSet<>(List.of(2L, 3L, 4L));
        for (int[] r : chunks.values()) {
            for (int i = 0; i < r.length; i += 2) {
                wide.add((long) r[i]);
                narrow.add((long) (r[i + 1] - r[i]));
            }
        }
        ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> fields = new ArrayList<>();
        for (int at = 0; at + 8 <= b.length; at++) {
            if (owner(at, chunks, contiguous) != null) {
                continue;
            }
            if (wide.contains(le.getLong(at)) || narrow.contains((long) le.getInt(at))
                    || (b[at] == 'T' && b[at + 1] == 'R' && b[at + 2] == 'E' && b[at + 3] == 'E')) {
                fields.add(at);
            }
            if (b[at] == 'T' && b[at + 1] == 'R' && b[at + 2] == 'E' && b[at + 3] == 'E') {
                fields.add(at + 5); // level
                fields.add(at + 6); // entries used
            }
        }
        return fields;
    }
}
