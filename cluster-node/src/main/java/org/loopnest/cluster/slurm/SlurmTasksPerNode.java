package org.loopnest.cluster.slurm;

/**
 * Expands Slurm's tasks-per-node notation ({@code SLURM_STEP_TASKS_PER_NODE}, {@code SLURM_TASKS_PER_NODE}) into
 * one count per node, in node-list order: comma-separated items {@code N} (one node of N tasks) or {@code N(xM)}
 * (M nodes of N tasks each); {@code 2(x3),1} is {@code [2, 2, 2, 1]}.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Failure:</b> an {@link IllegalArgumentException} naming
 * the text, and for a count that does not match, the node count too.
 */
public final class SlurmTasksPerNode {
    private SlurmTasksPerNode() {
    }

    /**
     * Expands a tasks-per-node text for a known number of nodes.
     *
     * @param text the tasks per node, e.g. {@code 2(x3),1}
     * @param nodes the number of nodes in the step's node list, at least 1
     * @return a new array of {@code nodes} task counts, each at least 1
     * @throws IllegalArgumentException for malformed text, a count below 1, or a text that describes another number
     *     of nodes than {@code nodes}
     * @throws NullPointerException if {@code text} is {@code null}
     */
    public static int[] expand(String text, int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes = " + nodes + " (expected: >= 1)");
        }
        int[] counts = new int[nodes];
        int filled = 0;
        for (String item : text.split(",", -1)) {
            int tasks = tasks(text, item);
            int repeat = repeat(text, item);
            if (repeat > nodes - filled) {
                throw mismatch(text, nodes);
            }
            for (int i = 0; i < repeat; i++) {
                counts[filled++] = tasks;
            }
        }
        if (filled != nodes) {
            throw mismatch(text, nodes);
        }
        return counts;
    }

    private static int tasks(String text, String item) {
        int paren = item.indexOf('(');
        return positive(text, item, paren < 0 ? item : item.substring(0, paren));
    }

    private static int repeat(String text, String item) {
        int paren = item.indexOf('(');
        if (paren < 0) {
            return 1;
        }
        if (!item.startsWith("(x", paren) || !item.endsWith(")")) {
            throw malformed(text, item);
        }
        return positive(text, item, item.substring(paren + 2, item.length() - 1));
    }

    private static int positive(String text, String item, String digits) {
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(digits) < 1) {
            throw malformed(text, item);
        }
        return Integer.parseInt(digits);
    }

    private static IllegalArgumentException malformed(String text, String item) {
        return new IllegalArgumentException("tasks per node '" + text + "': item '" + item
                + "' (expected: N or N(xM) with N, M >= 1, e.g. 2(x3),1)");
    }

    private static IllegalArgumentException mismatch(String text, int nodes) {
        return new IllegalArgumentException("tasks per node '" + text + "' does not describe " + nodes + " node"
                + (nodes == 1 ? "" : "s") + " (expected: one count per node of the node list)");
    }
}
