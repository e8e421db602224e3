/**
 * Internal: not API; may change without notice. The vector target of the kernel language: bodies compiled to the
 * JDK's Vector API ({@code jdk.incubator.vector}), processing {@link org.loopnest.internal.lang.vector.Lanes#count()}
 * consecutive iterations of the innermost loop at once, with control flow by lane masks. {@link
 * org.loopnest.internal.lang.vector.VectorSupport} says whether this JVM can run them without linking the module.
 */
package org.loopnest.internal.lang.vector;
