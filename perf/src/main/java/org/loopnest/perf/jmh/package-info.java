/**
 * JMH micro-benchmarks, run from the shaded jar: {@code java -jar perf/target/benchmarks.jar [regex] [JMH
 * options]}.
 *
 * <ul>
 *   <li>{@link org.loopnest.perf.jmh.IndexMapBench}: ns per recovered index tuple by f, by g, by the cursor;</li>
 *   <li>{@link org.loopnest.perf.jmh.SerializerBench}: packing one chunk for contiguous, jagged, strided and
 *       subset-indexed inputs, against {@link org.loopnest.perf.jmh.CopyBaselineBench} ({@code System.arraycopy}
 *       and a direct-buffer put of the same bytes);</li>
 *   <li>{@link org.loopnest.perf.jmh.PipelineOverheadBench}: a run with an empty kernel, 1 or 1000 small
 *       chunks, on cpu and on an unthrottled sim: the runtime's cost per run and per chunk;</li>
 *   <li>{@link org.loopnest.perf.jmh.KernelCheckBench}: the kernel language's parser and checker on a generated
 *       200-line body ({@link org.loopnest.perf.jmh.GeneratedBody}) and on the weather body.</li>
 * </ul>
 *
 * <p>Defaults are short (1 fork, 2 × 1 s warm-up, 3 × 1 s measured); pass {@code -f}, {@code -wi}, {@code -i} for
 * more. The JMH annotation processor generates the harness at compile time.
 */
package org.loopnest.perf.jmh;
