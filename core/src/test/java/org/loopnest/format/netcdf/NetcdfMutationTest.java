package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded, seeded mutation test of the classic reader (issue 22): a few hundred mutants of a small CDF-1 and CDF-2
 * file (byte flips, truncations, fields overwritten with extreme values, the header lengthened or shortened) each end
 * in a clean refusal (a {@link NetcdfFormatException} naming the file, one short line without control bytes) or in a
 * read whose data are unchanged wherever the mutation did not touch them — never another exception, an
 * OutOfMemoryError or a hang. Fails naming the seed, the mutant and the mutation. More mutants, other seeds:
 * {@code -DargLine="-Dloopnest.mutation.seed=7 -Dloopnest.mutation.count=30000"}.
 */
class NetcdfMutationTest {
    private static final long SEED = Long.getLong("loopnest.mutation.seed", 2214);
    private static final int MUTANTS = Integer.getInteger("loopnest.mutation.count", 500);
    private static final Duration PER_READ = Duration.ofSeconds(10);
    private static final int DIM = 0x0A;
    private static final int VAR = 0x0B;
    private static final int ATT = 0x0C;
    private static final int[] INTS = {0, -1, 1, 2, 3, 4, 5, 6, 7, 0x0A, 0x0B, 0x0C, Integer.MAX_VALUE,
        Integer.MIN_VALUE, 1 << 16, 1 << 28, 1 << 30, -4};
    private static final long[] LONGS = {0, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32, Long.MAX_VALUE - 7};

    @TempDir
    Path dir;

    /** What a mutation did: its text, and the bytes it changed in place ({@code from < to}), or shifted all after. */
    private record Mutation(String text, byte[] bytes, int from, int to, boolean shifts) {
    }

    /** One variable as read: what says where its data are, and the values. */
    private record Read(NetcdfType type, long[] shape, long begin, long recordSize, double[] values) {
        boolean sameLayout(Read o) {
            return type == o.type && Arrays.equals(shape, o.shape) && begin == o.begin && recordSize == o.recordSize;
        }
    }

    /**
     * time (record, 2 records) × level 2 × x 3: level(level) float in hPa, fixed(level, x) short packed,
     * t(time, level, x) float, b(time, x) short; global text attributes.
     */
    private static byte[] original(int version) {
        int header = header(version, 0).size();
        CdfBytes b = header(version, header);
        ByteBuffer data = ByteBuffer.allocate(8 + 12 + 2 * 32);
        data.putFloat(1000).putFloat(500);
        for (int i = 0; i < 6; i++) {
            data.putShort((short) (100 + i));
        }
        for (int r = 0; r < 2; r++) {
            for (int i = 0; i < 6; i++) {
                data.putFloat(250.25f + 10 * r + i);
            }
            data.putShort((short) (-r - 1)).putShort((short) 7).putShort((short) 9).putShort((short) 0);
        }
        return b.raw(data.array()).bytes();
    }

    private static CdfBytes header(int version, long base) {
        CdfBytes b = CdfBytes.magic(version).i32(2).list(DIM, 3).name("time").i32(0).name("level").i32(2)
                .name("x").i32(3).list(ATT, 2).name("title").i32(2, 7).raw("mutants".getBytes()).pad()
                .name("history").i32(2, 3).raw("new".getBytes()).pad().list(VAR, 4);
        b.name("level").i32(1, 1).list(ATT, 1).name("units").i32(2, 3).raw("hPa".getBytes()).pad().i32(5, 8);
        begin(b, version, base);
        b.name("fixed").i32(2, 1, 2).list(ATT, 3).name("scale_factor").i32(5, 1).raw(floatBytes(0.5f))
                .name("add_offset").i32(6, 1).raw(ByteBuffer.allocate(8).putDouble(200).array())
                .name("_FillValue").i32(3, 1).raw((byte) 0x7F, (byte) 0xFF).pad().i32(3, 12);
        begin(b, version, base + 8);
        b.name("t").i32(3, 0, 1, 2).list(ATT, 1).name("units").i32(2, 1).raw((byte) 'K').pad().i32(5, 24);
        begin(b, version, base + 20);
        b.name("b").i32(2, 0, 2).list(ATT, 0).i32(3, 8);
        begin(b, version, base + 44);
        return b;
    }

    private static byte[] floatBytes(float f) {
        return ByteBuffer.allocate(4).putFloat(f).array();
    }

    private static void begin(CdfBytes b, int version, long at) {
        if (version == 1) {
            b.i32((int) at);
        } else {
            b.i64(at);
        }
    }

    /** Reads everything a run would: the header, every variable's values, the levels and every packing. */
    private static Map<String, Read> read(Path file) throws IOException {
        NetcdfHeader h = NetcdfFile.open(file);
        Map<String, Read> all = new LinkedHashMap<>();
        for (NetcdfVariable v : h.variables()) {
            try {
                NetcdfPacking.of(v);
            } catch (NetcdfFormatException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                // documented: a packing attribute of the wrong kind, named; callers name the file
                if (!e.getMessage().contains(" attribute '")) {
                    throw e;
                }
            }
            all.put(v.name(), new Read(v.type(), v.shape(), v.begin(), v.isRecord() ? h.recordSize() : 0,
                    NetcdfFile.readValues(h, v)));
        }
        if (h.findVariable("level").isPresent()) {
            NetcdfLevels.read(h, null);
        }
        checkOwnBytes(h, Files.size(file));
        return all;
    }

    /**
     * The oracle for headers that were accepted: every element of every variable, found by {@code offset}, lies
     * after the header and within the file, and no byte belongs to two elements.
     */
    private static void checkOwnBytes(NetcdfHeader h, long fileSize) {
        String[] owner = new String[(int) fileSize];
        for (NetcdfVariable v : h.variables()) {
            long[] shape = v.shape();
            long elements = Arrays.stream(shape).reduce(1, (a, b) -> a * b);
            if (elements < 0 || elements > fileSize) {
                throw new AssertionError("accepted variable '" + v.name() + "' of " + Arrays.toString(shape)
                        + " elements in a file of " + fileSize + " bytes");
            }
            long[] index = new long[shape.length];
            for (long e = 0; e < elements; e++) {
                long rest = e;
                for (int d = shape.length - 1; d >= 0; d--) {
                    index[d] = rest % shape[d];
                    rest /= shape[d];
                }
                long at = h.offset(v, index);
                for (long b = at; b < at + v.type().size(); b++) {
                    if (b < h.headerSize() || b >= fileSize || owner[(int) b] != null) {
                        throw new AssertionError("accepted variable '" + v.name() + "' whose element "
                                + Arrays.toString(index) + " lies at byte " + b + (b < h.headerSize() ? ", inside the "
                                + "header of " + h.headerSize() + " bytes" : b >= fileSize ? ", past the end"
                                : ", already element of '" + owner[(int) b] + "'"));
                    }
                    owner[(int) b] = v.name();
                }
            }
        }
    }

    private Mutation mutate(byte[] original, int headerSize, Random random) {
        byte[] m = original.clone();
        int at = random.nextInt(random.nextInt(4) == 0 ? original.length : headerSize);
        int field = at & ~3;
        switch (random.nextInt(7)) {
            case 0 -> {
                m[at] ^= (byte) (1 << random.nextInt(8));
                return new Mutation("flip a bit of byte " + at, m, at, at + 1, false);
            }
            case 1 -> {
                m[at] = (byte) random.nextInt(256);
                return new Mutation("byte " + at + " = " + (m[at] & 0xFF), m, at, at + 1, false);
            }
            case 2 -> {
                return new Mutation("truncated to " + at + " bytes", Arrays.copyOf(original, at), at,
                        original.length, false);
            }
            case 3 -> {
                int value = INTS[random.nextInt(INTS.length)];
                if (field + 4 > m.length) {
                    return new Mutation("unchanged", m, 0, 0, false);
                }
                ByteBuffer.wrap(m).putInt(field, value);
                return new Mutation("int at byte " + field + " = " + value, m, field, field + 4, false);
            }
            case 4 -> {
                long value = LONGS[random.nextInt(LONGS.length)];
                if (field + 8 > m.length) {
                    return new Mutation("unchanged", m, 0, 0, false);
                }
                ByteBuffer.wrap(m).putLong(field, value);
                return new Mutation("long at byte " + field + " = " + value, m, field, field + 8, false);
            }
            case 5 -> {
                byte[] longer = new byte[original.length + 4];
                System.arraycopy(original, 0, longer, 0, field);
                ByteBuffer.wrap(longer).putInt(field, INTS[random.nextInt(INTS.length)]);
                System.arraycopy(original, field, longer, field + 4, original.length - field);
                return new Mutation("4 bytes inserted at byte " + field, longer, field, longer.length, true);
            }
            default -> {
                int cut = Math.min(field, original.length - 4);
                byte[] shorter = new byte[original.length - 4];
                System.arraycopy(original, 0, shorter, 0, cut);
                System.arraycopy(original, cut + 4, shorter, cut, original.length - cut - 4);
                return new Mutation("4 bytes removed at byte " + cut, shorter, cut, original.length, true);
            }
        }
    }

    @Test
    void shouldRefuseCleanlyOrReadUnchangedDataForEveryMutant() throws IOException {
        for (int version = 1; version <= 2; version++) {
            byte[] original = original(version);
            Path source = dir.resolve("original" + version + ".nc");
            Files.write(source, original);
            Map<String, Read> expected = read(source);
            int headerSize = (int) NetcdfFile.open(source).headerSize();
            Random random = new Random(SEED + version);
            for (int i = 0; i < MUTANTS; i++) {
                Mutation mutation = mutate(original, headerSize, random);
                String context = "seed " + (SEED + version) + ", CDF-" + version + " mutant " + i + " ("
                        + mutation.text() + ")";
                Path file = dir.resolve("mutant.nc");
                Files.write(file, mutation.bytes());
                check(context, file, expected, mutation, original(version));
            }
        }
    }

    private static void check(String context, Path file, Map<String, Read> expected, Mutation mutation,
            byte[] original) {
        Map<String, Read> got;
        try {
            got = assertTimeoutPreemptively(PER_READ, () -> read(file), () -> context + ": no answer within "
                    + PER_READ.toSeconds() + " s");
        } catch (NetcdfFormatException e) {
            String message = e.getMessage();
            if (message == null || !message.startsWith("mutant.nc: ") || message.length() > 1000
                    || message.chars().anyMatch(c -> c < 0x20 || c == 0x7F || c >= 0x80 && c < 0xA0)) {
                fail(context + ": refused with a message that is not one short line naming the file: " + message);
            }
            return;
        } catch (Throwable e) {
            fail(context + ": " + e, e);
            return;
        }
        for (Map.Entry<String, Read> entry : got.entrySet()) {
            Read before = expected.get(entry.getKey());
            Read after = entry.getValue();
            if (before != null && !mutation.shifts() && after.sameLayout(before)
                    && !touches(mutation, before, original.length)
                    && !Arrays.equals(before.values(), after.values())) {
                fail(context + ": read variable '" + entry.getKey() + "' as " + Arrays.toString(after.values())
                        + " (expected: " + Arrays.toString(before.values()) + ", its data unchanged)");
            }
        }
    }

    /** Whether the mutation changed bytes between the variable's first byte and the end of the file. */
    private static boolean touches(Mutation mutation, Read variable, int length) {
        return mutation.to() > variable.begin() && mutation.from() < length;
    }
}
