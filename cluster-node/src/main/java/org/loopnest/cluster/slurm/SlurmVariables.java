package org.loopnest.cluster.slurm;

import java.util.Map;

/**
 * Reads Slurm's environment variables from a map, each failure naming the variable, its value and what was
 * expected. Not thread-safe on its own; holds only an immutable copy of the map.
 */
final class SlurmVariables {
    private final Map<String, String> env;

    SlurmVariables(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    boolean has(String name) {
        return env.containsKey(name);
    }

    /** The first of {@code names} that is set, or {@code null}. */
    String firstSet(String... names) {
        for (String name : names) {
            if (env.containsKey(name)) {
                return name;
            }
        }
        return null;
    }

    String text(String name) {
        return env.get(name);
    }

    /** The value of a required variable as a text; the first set of {@code names}. */
    String requiredName(String expected, String... names) {
        String name = firstSet(names);
        if (name == null) {
            throw new IllegalArgumentException(String.join(" and ", names) + (names.length == 1 ? " is" : " are")
                    + " not set (expected: " + expected + ")");
        }
        return name;
    }

    long number(String name, long min, long max) {
        String value = text(requiredName("an integer in " + min + ".." + max + ", as srun sets it", name));
        String expected = "an integer in " + min + ".." + max;
        if (value.isEmpty() || value.length() > 18 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw invalid(name, expected);
        }
        long number = Long.parseLong(value);
        if (number < min || number > max) {
            throw invalid(name, expected);
        }
        return number;
    }

    IllegalArgumentException invalid(String name, String expected) {
        return new IllegalArgumentException(name + "='" + text(name) + "' (expected: " + expected + ")");
    }
}
