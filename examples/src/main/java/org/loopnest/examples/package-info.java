/**
 * The LoopNest examples and the {@code loopnest} command line.
 *
 * <p>{@link org.loopnest.examples.Main} is the entry point of {@code examples/target/loopnest.jar} (run through the
 * {@code ./loopnest} launcher). The examples themselves live in subpackages:
 * {@link org.loopnest.examples.weather} (the weather-model loop, the flagship),
 * {@link org.loopnest.examples.nest5} (the paper's depth-5 nest and its index maps) and
 * {@link org.loopnest.examples.cli} (the picocli commands, option parsing, errors and the progress bar).
 *
 * <pre>
 *   loopnest weather [--shape T,Z,Y,X] [--input-t F --input-q F] [--out DIR] [--split D|auto] [--device cpu|sim] …
 *   loopnest nest5   [--extents L,M,N,K,J] [--split D]
 *   loopnest devices
 *   loopnest bench   …   (the launcher runs org.loopnest.perf.BenchMain instead)
 * </pre>
 */
package org.loopnest.examples;
