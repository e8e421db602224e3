package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.loopnest.error.KernelCompileException;
import org.loopnest.report.Stage;

class RunControlTest {
    @Test
    void shouldFailTheRunWithACompileErrorAsItIsNotAsAStageFailure() {
        RunControl control = new RunControl(4, 1, null);
        KernelCompileException compile = new KernelCompileException("jvm", "Janino SimpleCompiler",
                "Code grows beyond 64 KB", "class LnBody {}");
        control.fail(Stage.KERNEL, 0, "cpu", new java.util.concurrent.CompletionException(compile));
        assertSame(compile, control.failure(), "the body did not compile: no iteration of chunk 0 threw");
    }
}
