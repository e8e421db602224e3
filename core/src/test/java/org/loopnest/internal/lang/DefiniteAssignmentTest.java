package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.loopnest.internal.lang.Kernels.error;

import org.junit.jupiter.api.Test;

class DefiniteAssignmentTest {
    private static final String EVERY_PATH = " not assigned on every path (expected: an assignment on every path "
            + "through the body: in both branches of an if, and not only inside a loop)";

    @Test
    void shouldAcceptAnOutputAssignedInBothBranches() {
        Program program = Kernels.check("if (a > b) { r = a; } else if (a < b) { r = b; } else { r = 0.0f; }");
        assertEquals(1, program.body().statements().size());
    }

    @Test
    void shouldAcceptAnOutputAssignedAfterALoopThatAlsoAssignsIt() {
        Program program = Kernels.check("for (int i = 0; i < n; i++) { r = a; } r = b;");
        assertEquals(2, program.body().statements().size());
    }

    @Test
    void shouldAcceptABranchThatLeavesALoopBeforeAssigning() {
        Program program = Kernels.check("float s; r = 0.0f; while (a > b) { if (n > 3) { break; } else { s = a; } "
                + "r = s; }");
        assertEquals(3, program.body().statements().size());
    }

    @Test
    void shouldRefuseAnOutputAssignedInOneBranchOnly() {
        assertEquals("kernel body 1:22: output r" + EVERY_PATH, error("if (a > b) { r = a; }"));
        assertEquals("kernel body 1:44: output r" + EVERY_PATH, error("if (a > b) { r = a; } else { float z = a; }"));
    }

    @Test
    void shouldRefuseAnOutputAssignedOnlyInsideALoop() {
        assertEquals("kernel body 1:25: output r" + EVERY_PATH, error("while (a > b) { r = a; }"));
        assertEquals("kernel body 1:39: output r" + EVERY_PATH, error("for (int i = 0; i < n; i++) { r = a; }"));
    }

    @Test
    void shouldRefuseALocalReadBeforeItIsAssigned() {
        assertEquals("kernel body 1:14: local 'v' read before it is assigned (expected: an assignment to v on every "
                + "path before this read)", error("float v; r = v;"));
        assertEquals("kernel body 1:40: local 'v' read before it is assigned (expected: an assignment to v on every "
                + "path before this read)", error("float v; if (a > b) { v = a; } r = a + v;"));
        assertEquals("kernel body 1:43: local 'v' read before it is assigned (expected: an assignment to v on every "
                + "path before this read)", error("float v; while (a > b) { v = a; } r = a + v;"));
    }

    @Test
    void shouldRefuseAnOutputReadBeforeItIsAssigned() {
        assertEquals("kernel body 1:5: output 'r' read before it is assigned (expected: an assignment to r on every "
                + "path before this read)", error("r = r + a;"));
        assertEquals("kernel body 1:1: output 'r' read before it is assigned (expected: an assignment to r on every "
                + "path before this read)", error("r += a;"));
    }

    @Test
    void shouldRefuseAConstWithoutAValue() {
        assertEquals("kernel body 1:11: const 'k' without a value (expected: const int k = value;)",
                error("const int k; r = a;"));
    }

    @Test
    void shouldTreatAHelperParameterAsAssigned() {
        Program program = Kernels.check(Kernels.SMALL, "float twice(float v) { v = v * 2.0f; return v; }",
                "r = twice(a);");
        assertEquals("(block (= v (*:float v 2.0f)) (return v))", TreePrinter.print(program.helpers().get(0).body()));
    }
}
