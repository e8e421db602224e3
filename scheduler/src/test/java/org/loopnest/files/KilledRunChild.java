package org.loopnest.files;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import java.nio.ByteOrder;

/**
 * Started by {@link BoundedMemoryTest}: begins a run writing {@code out.f32} in the given directory whose kernel waits
 * (up to a minute), prints {@code running} once the kernel is in, and waits to be terminated.
 */
public final class KilledRunChild {
    private KilledRunChild() {
    }

    /**
     * @param args the directory
     * @throws Exception whatever fails
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path in = dir.resolve("in.f32");
        StreamedFiles.writeInput(in, 1 << 16);
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        LoopNest.of(1 << 8, 1 << 8).names("r", "c")
                .in("in", Holder.file(in, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .out("out", Holder.file(dir.resolve("out.f32"), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .kernel(arrays -> it -> {
                    entered.countDown();
                    try {
                        never.await(1, TimeUnit.MINUTES);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }).start();
        entered.await(1, TimeUnit.MINUTES);
        System.out.println("running");
        System.out.flush();
        never.await(1, TimeUnit.MINUTES);
    }
}
