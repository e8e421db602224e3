package org.loopnest.cluster.slurm;

import java.util.List;

/**
 * One parsed item of a hostlist: literal texts around bracket groups, {@code texts.size() == groups.size() + 1}.
 * Immutable; counts hosts without building them, so a too-large expression is refused before any work.
 */
record HostlistItem(List<String> texts, List<List<HostlistItem.Range>> groups) {
    /** Numbers {@code low..high} inclusive, each printed at least {@code width} digits wide. */
    record Range(long low, long high, int width) {
        long count() {
            return high - low + 1;
        }
    }

    HostlistItem {
        texts = List.copyOf(texts);
        groups = groups.stream().map(List::copyOf).toList();
    }

    /** The number of host names this item stands for, saturating at {@code Long.MAX_VALUE}. */
    long count() {
        long count = 1;
        for (List<Range> group : groups) {
            long size = 0;
            for (Range range : group) {
                size = Math.min(Long.MAX_VALUE / 2, size + range.count());
            }
            count = size != 0 && count > Long.MAX_VALUE / size ? Long.MAX_VALUE : count * size;
        }
        return count;
    }

    /** Appends this item's host names, leftmost group varying slowest. */
    void expandInto(List<String> hosts) {
        expand(new StringBuilder(texts.get(0)), 0, hosts);
    }

    private void expand(StringBuilder prefix, int group, List<String> hosts) {
        if (group == groups.size()) {
            hosts.add(prefix.toString());
            return;
        }
        int length = prefix.length();
        for (Range range : groups.get(group)) {
            for (long n = range.low(); n <= range.high(); n++) {
                prefix.append(padded(n, range.width())).append(texts.get(group + 1));
                expand(prefix, group + 1, hosts);
                prefix.setLength(length);
            }
        }
    }

    private static String padded(long number, int width) {
        String digits = Long.toString(number);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }
}
