/**
 * Internal: not API; may change without notice. The JVM target of the kernel language: {@link
 * org.loopnest.internal.lang.jvm.JavaEmitter} prints a checked {@link org.loopnest.internal.lang.Program} as the
 * Java source of one {@link org.loopnest.internal.lang.jvm.RunBody} specialised for how each array is reached (heap
 * array or NIO buffer, literal step along the innermost loop: an {@link
 * org.loopnest.internal.lang.jvm.AccessSignature}); {@link org.loopnest.internal.lang.jvm.JvmCompiler} compiles it in
 * process with Janino, each class in a class loader of its own, cached by the source's SHA-256; {@link
 * org.loopnest.internal.lang.jvm.CompiledBody} is the {@link org.loopnest.kernel.BlockKernel} that Java devices (cpu,
 * sim, worker nodes) run, one call per run of the innermost loop. On the vector path ({@code
 * org.loopnest.kernel.KernelPath}, settled for a run by {@link org.loopnest.internal.lang.jvm.PathChoice}) it compiles
 * the source that {@code org.loopnest.internal.lang.vector.VectorEmitter} prints instead, and {@link
 * org.loopnest.internal.lang.jvm.StagedRun} copies the arrays of other layouts through heap strips for it.
 */
package org.loopnest.internal.lang.jvm;
