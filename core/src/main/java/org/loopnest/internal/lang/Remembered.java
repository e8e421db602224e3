package org.loopnest.internal.lang;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A bounded memory of values made from their keys, the least recently used forgotten first: what the kernel
 * language's caches of checked programs ({@link KernelLanguage#checkRemembered}) and compiled bodies share.
 *
 * <p><b>Thread safety:</b> thread-safe. A value is made outside the lock, so two threads asking for the same new key
 * at once may both make it; the first one stored is the one every caller gets. A maker that throws stores nothing.
 *
 * @param <K> the key, with value equality
 * @param <V> the value
 */
public final class Remembered<K, V> {
    private final Map<K, V> values;

    /**
     * @param capacity how many values are kept
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public Remembered(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity = " + capacity + " (expected: >= 1)");
        }
        this.values = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * {@return the value remembered for {@code key}, else the one {@code make} makes from it, now remembered}
     *
     * @param key the key
     * @param make makes the value; what it throws reaches the caller
     */
    public V get(K key, Function<? super K, ? extends V> make) {
        synchronized (values) {
            V known = values.get(key);
            if (known != null) {
                return known;
            }
        }
        V made = make.apply(key);
        synchronized (values) {
            values.putIfAbsent(key, made);
            return values.get(key);
        }
    }
}
