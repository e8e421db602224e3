/**
 * Internal: not API; may change without notice. The vector target of the kernel language: bodies compiled to the
 * JDK's Vector API ({@code jdk.incubator.vector}), processing {@link org.loopnest.internal.lang.vector.Lanes#count()}
 * consecutive iterations of the innermost loop at once, with control flow by lane masks. {@link
 * org.loopnest.internal.lang.vector.VectorSupport} says whether this JVM can run them (reaching the module by
 * reflection only); {@link org.loopnest.internal.lang.vector.Lanes} chooses the lane count and species; {@link
 * org.loopnest.internal.lang.vector.VectorEmitter} prints the class (loads, the step loop with its masked tail,
 * stores) and {@code VectorCode} its statements and expressions under lane masks, with {@code VectorRuntime}'s methods
 * where C's rules need more than one API call and {@code LoopCarried} naming the values kept in memory rows.
 * {@code org.loopnest.internal.lang.jvm.CompiledBody} compiles and runs what this package prints.
 */
package org.loopnest.internal.lang.vector;
