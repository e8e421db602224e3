package org.loopnest.format.grads;

import java.util.Objects;
import org.loopnest.internal.format.Quoted;

/**
 * One entry between {@code VARS} and {@code ENDVARS}: {@code name levels units description}. Immutable.
 *
 * @param name        the variable's name, as written (looked up without regard to case); one word of letters,
 *                    digits and underscores starting with a letter
 * @param levels      the number of vertical levels; 0 for a surface variable (one grid per time step)
 * @param units       the units code, as written (usually {@code 99}); one word
 * @param description the rest of the line; may be empty, never null
 */
public record GradsVariable(String name, int levels, String units, String description) {
    /**
     * Checks the components.
     *
     * @param name the name
     * @param levels the level count
     * @param units the units code
     * @param description the description
     * @throws IllegalArgumentException naming the component that is out of range
     */
    public GradsVariable {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("name = '" + Quoted.of(name)
                    + "' (expected: a letter, then letters, digits or underscores)");
        }
        if (levels < 0) {
            throw new IllegalArgumentException(Quoted.of(name) + ": levels = " + levels + " (expected: >= 0)");
        }
        Objects.requireNonNull(units, "units");
        if (units.isEmpty() || units.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(Quoted.of(name) + ": units = '" + Quoted.of(units)
                    + "' (expected: one word)");
        }
        description = Objects.requireNonNull(description, "description").strip();
    }

    /**
     * A variable with the usual units code {@code 99}.
     *
     * @param name        the name
     * @param levels      the level count (0 for a surface variable)
     * @param description what it is
     * @return the variable
     */
    public static GradsVariable of(String name, int levels, String description) {
        return new GradsVariable(name, levels, "99", description);
    }

    /**
     * How many x·y grids this variable has per time step.
     *
     * @return {@code max(1, levels())}
     */
    public int records() {
        return Math.max(1, levels);
    }
}
