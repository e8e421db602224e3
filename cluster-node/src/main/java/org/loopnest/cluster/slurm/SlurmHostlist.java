package org.loopnest.cluster.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * Expands a Slurm hostlist expression, such as {@code SLURM_STEP_NODELIST}, into host names, in the order
 * Slurm's {@code scontrol show hostnames} prints them.
 *
 * <p>Syntax: items separated by commas or whitespace (a comma inside brackets does not separate items). An item is
 * text with zero or more bracket groups; a group is a comma-separated list of numbers and ranges {@code a-b}
 * ({@code a <= b}), each number printed at least as wide as the range's first number was written, so zero padding
 * is kept: {@code gpu[01-04,07]} is {@code gpu01 gpu02 gpu03 gpu04 gpu07}, {@code n[8-10]} is {@code n8 n9 n10}.
 * An item with several groups is their cartesian product, the leftmost group varying slowest:
 * {@code rack[1-2]-n[01-02]} is {@code rack1-n01 rack1-n02 rack2-n01 rack2-n02}. Duplicates are kept.
 *
 * <p>Checked against {@code scontrol show hostnames} of Slurm 22.05.8, which gives the same hosts for every form
 * above. Differences, none of which Slurm puts in a task's environment: the 3-D prism form {@code bgl[123x456]} of
 * old BlueGene systems is refused here as by Slurm; an empty item ({@code a,,b}, {@code a,}) is refused here where
 * Slurm skips it; text after the last bracket group ({@code n[1-2]-ib}) is accepted here where Slurm 22.05 refuses
 * it.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Failure:</b> an {@link IllegalArgumentException} naming
 * the expression, the 0-based position in it and what was expected there; nothing is returned in part.
 */
public final class SlurmHostlist {
    /** The most host names one expression may expand to; more is refused before any is built. */
    public static final int MAX_HOSTS = 1_000_000;

    private SlurmHostlist() {
    }

    /**
     * Expands a hostlist expression.
     *
     * @param expression a Slurm hostlist expression, e.g. {@code gpu[01-04,07],login1}
     * @return the host names in order, at least one; an unmodifiable list
     * @throws IllegalArgumentException for a malformed expression (unclosed bracket, reversed range, empty item,
     *     non-digit in a range) or one of more than {@link #MAX_HOSTS} hosts; the message names the expression, the
     *     position and what was expected
     * @throws NullPointerException if {@code expression} is {@code null}
     */
    public static List<String> expand(String expression) {
        if (expression.isBlank()) {
            throw new IllegalArgumentException("hostlist '" + expression
                    + "' is empty (expected: at least one host name)");
        }
        List<HostlistItem> items = new HostlistParser(expression).items();
        long total = 0;
        for (HostlistItem item : items) {
            total += item.count();
            if (total > MAX_HOSTS) {
                throw new IllegalArgumentException("hostlist '" + expression + "' names more than " + MAX_HOSTS
                        + " hosts (expected: at most " + MAX_HOSTS + ")");
            }
        }
        List<String> hosts = new ArrayList<>((int) total);
        for (HostlistItem item : items) {
            item.expandInto(hosts);
        }
        return List.copyOf(hosts);
    }
}
