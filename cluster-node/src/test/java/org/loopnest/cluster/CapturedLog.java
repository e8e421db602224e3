package org.loopnest.cluster;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;

/** Collects what a logger logs while a test runs: add it to the logger before, remove it after. Thread-safe. */
final class CapturedLog extends Handler {
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    /** What was logged so far. */
    List<LogRecord> records() {
        return records;
    }

    @Override
    public void publish(LogRecord r) {
        records.add(r);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
