package org.loopnest.internal.lang.jvm;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.internal.lang.Program;

/** Runs a hand-built program over heap arrays of one run (a one-loop nest, step 1), for the emitter's tests. */
final class Runs {
    private static final JvmCompiler COMPILER = new JvmCompiler(1024);

    private Runs() {
    }

    /** Compiles {@code program} for heap arrays at step 1 and runs it once over all elements of {@code stores}. */
    static void run(Program program, Object... stores) {
        List<AccessSignature.Access> access = new ArrayList<>();
        for (int a = 0; a < stores.length; a++) {
            access.add(new AccessSignature.Access(true, 1));
        }
        RunBody body = COMPILER.compile(JavaEmitter.emit(program, new AccessSignature(access)));
        body.run(stores, new long[stores.length], new long[] {0}, Array.getLength(stores[0]));
    }
}
