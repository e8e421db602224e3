package org.loopnest.internal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** One thread per engine: order, failures of what never ran, and whether the thread outlived close. */
class SerialEngineTest {

    @Test
    void shouldRunOperationsInTheOrderSubmittedOnItsOwnNamedThread() {
        List<Integer> order = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        try (SerialEngine engine = new SerialEngine("loopnest-test-h2d")) {
            List<CompletableFuture<Void>> done = IntStream.range(0, 50).mapToObj(k -> engine.submit(() -> {
                order.add(k);
                threads.add(Thread.currentThread().getName());
            })).toList();
            done.forEach(CompletableFuture::join);
        }
        assertEquals(IntStream.range(0, 50).boxed().toList(), order);
        assertEquals(List.of("loopnest-test-h2d"), threads.stream().distinct().toList());
    }

    @Test
    void shouldFailWhatNeverRanAndSayWhenItsThreadOutlivedTheWait() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        AtomicBoolean release = new AtomicBoolean();
        CountDownLatch ended = new CountDownLatch(1);
        SerialEngine engine = new SerialEngine("stubborn", Duration.ofMillis(50));
        CompletableFuture<Void> stubborn = engine.submit(() -> {
            running.countDown();
            long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!release.get() && System.nanoTime() < limit) {
                Thread.onSpinWait(); // ignores interrupts, like a native call
            }
            ended.countDown();
        });
        CompletableFuture<Void> queued = engine.submit(() -> { });
        assertTrue(running.await(10, TimeUnit.SECONDS));
        engine.close();
        assertFalse(engine.stopped(), "still inside the operation");
        CompletionException never = assertThrows(CompletionException.class, queued::join);
        assertInstanceOf(IllegalStateException.class, never.getCause());
        release.set(true);
        assertTrue(ended.await(10, TimeUnit.SECONDS));
        stubborn.join(); // an operation that was running when the engine closed completes as it ends
        long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!engine.stopped() && System.nanoTime() < limit) {
            Thread.onSpinWait();
        }
        assertTrue(engine.stopped(), "the thread ends once its operation returns");
    }

    @Test
    void shouldRefuseANegativeCloseWait() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SerialEngine("x", Duration.ofMillis(-1)));
        assertEquals("closeWait = PT-0.001S (expected: 0 or more)", e.getMessage());
    }
}
