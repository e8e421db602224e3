/**
 * Performance measurements of LoopNest. {@link org.loopnest.perf.BenchMain} ({@code ./loopnest bench}) runs the
 * side-by-side ratio measurements of {@code org.loopnest.perf.ratio} in one process, one after another on the same
 * data, and writes {@code bench.json}; {@code org.loopnest.perf.jmh} holds the JMH micro-benchmarks. Both are in
 * the shaded {@code perf/target/benchmarks.jar}:
 *
 * <pre>
 *   java -cp perf/target/benchmarks.jar org.loopnest.perf.BenchMain [--json FILE] [--quick]
 *   java -jar perf/target/benchmarks.jar -f 1 -wi 1 -i 2 -w 1s -r 1s 'IndexMap'
 * </pre>
 *
 * <p><b>Pitfalls:</b> figures are only comparable on the same machine and JVM (both are printed); a machine busy
 * with other work makes every ratio noisy. Nothing here asserts a target: the figures are reported, not judged.
 */
package org.loopnest.perf;
