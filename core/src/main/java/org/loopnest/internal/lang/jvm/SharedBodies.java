package org.loopnest.internal.lang.jvm;

import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Remembered;
import org.loopnest.internal.lang.vector.Lanes;
import org.loopnest.internal.lang.vector.VectorEmitter;
import org.loopnest.kernel.DeviceCode;

/**
 * The compiled bodies of the {@linkplain JvmCompiler#shared() shared} compiler by what determines their source: the
 * text, what it was checked against, and the access signature. A plan makes a new {@link CompiledBody} for each
 * run; with this, a body run again (the same text over arrays laid out alike) skips emitting and hashing its source
 * as well as compiling it. Bounded (least recently used entries go first).
 *
 * <p><b>Thread safety:</b> thread-safe; a miss emits the source outside the lock and the {@link JvmCompiler}
 * compiles each source once.
 */
final class SharedBodies {
    /** How many compiled bodies are remembered. */
    static final int CAPACITY = 256;

    /** The checker is deterministic: the same text against the same context gives the same tree. */
    private record Key(DeviceCode code, KernelContext context, AccessSignature access, Lanes lanes) {
    }

    private static final Remembered<Key, RunBody> BODIES = new Remembered<>(CAPACITY);

    private SharedBodies() {
    }

    /**
     * {@return {@code program} compiled for {@code access} by the shared compiler, remembered}
     *
     * @param program the checked body
     * @param access how each array is reached
     * @param lanes the lanes of the vector body, or {@code null} for the scalar one
     * @throws org.loopnest.error.KernelCompileException if the emitted source does not compile (a bug)
     */
    static RunBody compiled(Program program, AccessSignature access, Lanes lanes) {
        return BODIES.get(new Key(program.code(), program.context(), access, lanes),
                key -> JvmCompiler.shared().compile(lanes == null ? JavaEmitter.emit(program, access)
                        : VectorEmitter.emit(program, access, lanes)));
    }
}
