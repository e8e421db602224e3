package org.loopnest.internal.lang;

import java.util.List;
import org.loopnest.kernel.DeviceCode;

/**
 * A checked kernel: the typed tree of its body and helpers, and what it was checked against. Every output is
 * assigned on every path through the body; helpers are listed callees first, so that emitters can print them in
 * order without prototypes. Immutable.
 *
 * @param code the text it was parsed from
 * @param context the indices and arrays it was checked against
 * @param helpers the helpers, each after every helper it calls
 * @param body the body of one iteration
 */
public record Program(DeviceCode code, KernelContext context, List<Helper> helpers, Stmt.Block body) {
    /** Copies the list. */
    public Program {
        helpers = List.copyOf(helpers);
    }
}
