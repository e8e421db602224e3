package org.loopnest.files;

import java.nio.file.Files;
import java.nio.file.Path;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;

/**
 * Started by {@link BoundedMemoryTest} in a JVM with small heap and direct-memory caps: writes an input file of the
 * given size, runs it through the default cpu device and a sim device into new files, checks each output in pieces,
 * and prints one line per device ({@code ok cpu …}); exits 1 with the difference on a mismatch.
 */
public final class BoundedMemoryChild {
    private BoundedMemoryChild() {
    }

    /**
     * @param args directory, input bytes
     * @throws Exception whatever fails, which ends the JVM with a stack trace
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long columns = 1 << 16;
        long rows = Long.parseLong(args[1]) / Float.BYTES / columns;
        long elements = rows * columns;
        Path in = dir.resolve("in.f32");
        StreamedFiles.writeInput(in, elements);
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("sim").memory(64L << 20).threads(2).build())) {
            for (String device : new String[] {"cpu", "sim"}) {
                Path out = dir.resolve("out-" + device + ".f32");
                RunReport report = StreamedFiles.doubling(in, out, rows, columns, device.equals("sim") ? sim : null)
                        .run();
                String difference = StreamedFiles.checkOutput(out, elements);
                if (difference != null) {
                    System.out.println("mismatch " + device + ": " + difference);
                    System.exit(1);
                }
                Files.delete(out);
                System.out.println("ok " + device + " " + report.chunks() + " chunks, heap used "
                        + (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) + " bytes");
            }
        }
    }
}
