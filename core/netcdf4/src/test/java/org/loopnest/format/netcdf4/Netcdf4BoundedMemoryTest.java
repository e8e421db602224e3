package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;

/**
 * Unpacking stays within bounded memory: a JVM with a 48 MiB heap unpacks a deflated packed-short variable whose
 * stored values (32 MB) and float32 output (64 MB) together are twice its heap.
 */
class Netcdf4BoundedMemoryTest {
    private static final int STEPS = 16;
    private static final int GRID = 1000 * 1000;

    @TempDir
    Path dir;

    /** The stored value of element {@code i}: every value a short can hold, in turn, but the fill value. */
    private static short stored(long i) {
        short s = (short) (i * 7919);
        return s == -32767 ? 0 : s;
    }

    /** The child JVM: unpacks args[1]'s variable 'q' of file args[0]. */
    public static void main(String[] args) throws Exception {
        try (Netcdf4File nc = Netcdf4File.open(Path.of(args[0]))) {
            nc.unpackTo(nc.variable("q"), Path.of(args[1]), Float.NaN);
        }
    }

    @Test
    void shouldUnpackAVariableTwiceTheSizeOfTheHeap() throws Exception {
        Path classic = Ncgen.write(dir.resolve("big3.nc"), "64-bit-offset", """
                netcdf big {
                dimensions: time = %d ; y = 1000 ; x = 1000 ;
                variables:
                  short q(time, y, x) ;
                    q:scale_factor = 0.5 ; q:add_offset = 100. ;
                }
                """.formatted(STEPS));
        NetcdfHeader h = NetcdfFile.open(classic);
        try (FileChannel c = FileChannel.open(classic, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(GRID * 2);
            for (int t = 0; t < STEPS; t++) {
                b.clear();
                for (int i = 0; i < GRID; i++) {
                    b.putShort(stored((long) t * GRID + i));
                }
                c.write(b.flip(), h.gridOffset(h.variable("q"), t));
            }
        }
        Path nc4 = dir.resolve("big4.nc");
        Ncgen.run(dir, "nccopy", "-k", "nc4", "-d", "1", "-c", "time/1,y/500,x/1000", classic.toString(),
                nc4.toString());
        Path raw = dir.resolve("q.f32");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx48m", "-cp", System.getProperty("java.class.path"), Netcdf4BoundedMemoryTest.class.getName(),
                nc4.toString(), raw.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.txt").toFile()).start();
        try {
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM ran over 120 s");
        } finally {
            child.destroyForcibly();
        }
        assertEquals(0, child.exitValue(), () -> "the child JVM failed: " + read(dir.resolve("child.txt")));
        assertEquals((long) STEPS * GRID * 4, Files.size(raw));
        try (FileChannel in = FileChannel.open(raw)) {
            ByteBuffer b = ByteBuffer.allocate(GRID * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int t = 0; t < STEPS; t++) {
                b.clear();
                in.read(b, (long) t * GRID * 4);
                for (int i = 0; i < GRID; i++) {
                    long at = (long) t * GRID + i;
                    assertEquals(stored(at) * 0.5f + 100f, b.getFloat(i * 4), () -> "element " + at);
                }
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "(" + e + ")";
        }
    }
}
