package org.loopnest.cluster.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * The port each task of a step listens on; see {@link SlurmStep} for the rules. Stateless.
 */
final class SlurmPorts {
    /** The first port of the derived range; unprivileged and below Linux's ephemeral range (32768 and up). */
    static final int DERIVED_BASE = 16384;
    /** The size of the derived range: ports {@code 16384..32767}. */
    static final int DERIVED_RANGE = 16384;
    /** Ports set aside per step on one host before the next step's share begins. */
    static final int PORTS_PER_STEP = 16;
    /** Steps per job before the next job's share begins. */
    static final int STEPS_PER_JOB = 16;

    private SlurmPorts() {
    }

    /**
     * The derived port of a task: {@code 16384 + ((jobId * 16 + stepId) * 16 + localIndex) mod 16384}. The tasks of
     * one step on one host get consecutive ports (wrapping in the range), so they never collide while a host runs
     * at most 16384 of them.
     */
    static int derived(long jobId, long stepId, int localIndex) {
        long slot = jobId * STEPS_PER_JOB + stepId;
        return DERIVED_BASE + (int) Math.floorMod(slot * PORTS_PER_STEP + localIndex, (long) DERIVED_RANGE);
    }

    /**
     * Parses Slurm's reserved ports, e.g. {@code 12000-12003} or {@code 12000,12005-12006}, into ports in order.
     *
     * @throws IllegalArgumentException naming {@code variable} and its value for a malformed list or a port outside
     *     1..65535
     */
    static List<Integer> parseReserved(String variable, String value) {
        List<Integer> ports = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            int dash = item.indexOf('-');
            int low = port(variable, value, dash < 0 ? item : item.substring(0, dash));
            int high = dash < 0 ? low : port(variable, value, item.substring(dash + 1));
            if (high < low) {
                throw malformed(variable, value);
            }
            for (int p = low; p <= high; p++) {
                ports.add(p);
            }
        }
        return List.copyOf(ports);
    }

    private static int port(String variable, String value, String digits) {
        if (digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw malformed(variable, value);
        }
        int port = Integer.parseInt(digits);
        if (port < 1 || port > 65535) {
            throw malformed(variable, value);
        }
        return port;
    }

    private static IllegalArgumentException malformed(String variable, String value) {
        return new IllegalArgumentException(variable + "='" + value
                + "' (expected: ports 1..65535 as a comma-separated list of P or LOW-HIGH, e.g. 12000-12003)");
    }
}
