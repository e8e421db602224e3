package org.loopnest.internal.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import org.loopnest.report.Stage;

/**
 * The slices of one run, recorded from any thread. Also measures what recording costs, so that the report can
 * say it. Thread-safe.
 */
public final class Timeline {
    /** Slices kept at most: beyond, a run's trace would outgrow the memory and the file a viewer opens. */
    public static final int MAX_SLICES = 1_000_000;

    private final ConcurrentLinkedQueue<Slice> slices = new ConcurrentLinkedQueue<>();
    private final java.util.concurrent.atomic.AtomicLong offered = new java.util.concurrent.atomic.AtomicLong();
    private final LongAdder recordingNanos = new LongAdder();
    private final long originNanos;
    private final int maxSlices;

    /** A timeline whose time 0 is {@code originNanos} ({@code System.nanoTime()} at the run's start). */
    public Timeline(long originNanos) {
        this(originNanos, MAX_SLICES);
    }

    Timeline(long originNanos, int maxSlices) {
        this.originNanos = originNanos;
        this.maxSlices = maxSlices;
    }

    /** Records one slice; beyond {@link #MAX_SLICES} slices only counts it ({@link #dropped()}). */
    public void record(String device, Stage stage, long chunk, long startNanos, long endNanos) {
        long t0 = System.nanoTime();
        if (offered.incrementAndGet() <= maxSlices) {
            slices.add(new Slice(device, stage, chunk, startNanos, endNanos));
        }
        recordingNanos.add(System.nanoTime() - t0);
    }

    /** Slices not kept because the timeline was full. */
    public long dropped() {
        return Math.max(0, offered.get() - maxSlices);
    }

    /** The slices so far, by start time. */
    public List<Slice> slices() {
        List<Slice> all = new ArrayList<>(slices);
        all.sort(Comparator.comparingLong(Slice::startNanos));
        return all;
    }

    /** {@code System.nanoTime()} at the run's start: time 0 of the timeline. */
    public long originNanos() {
        return originNanos;
    }

    /** Nanoseconds spent recording so far. */
    public long recordingNanos() {
        return recordingNanos.sum();
    }

    /** The devices in the order their first slice appears, each a list of tracks (stages) that have slices. */
    List<String> devices() {
        List<String> devices = new ArrayList<>();
        for (Slice s : slices()) {
            if (!devices.contains(s.device())) {
                devices.add(s.device());
            }
        }
        return devices;
    }
}
