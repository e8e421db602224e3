/**
 * What {@code ./loopnest run} needs besides the command line itself: any kernel-language body over arrays that live
 * in files. {@link org.loopnest.examples.run.InputOption} and {@link org.loopnest.examples.run.OutputOption} parse
 * {@code --in NAME[:INDEX,...]=FILE[:VAR]} and {@code --out NAME=FILE}; {@link org.loopnest.examples.run.InputFiles}
 * reads each input's own metadata (raw {@code .f32}/{@code .f64}/{@code .i32}/{@code .i64}, NetCDF classic, GrADS)
 * into a {@link org.loopnest.examples.run.FileArray}: its indices, extents, element strides, type, byte order and
 * offset; {@link org.loopnest.examples.run.NestShape} joins them into one nest (names in order of first appearance,
 * extents that must agree between files); {@link org.loopnest.examples.run.OutputFiles} stages the outputs (raw or
 * NetCDF) as one set that is put in place only after the run (and its verification) succeeded; and
 * {@link org.loopnest.examples.run.OutputComparison} compares two runs' outputs value by value for {@code --verify}.
 *
 * <p><b>Memory:</b> nothing here reads an array into the heap: inputs are bound as file-backed holders and streamed
 * chunk by chunk; comparison reads both files by blocks. <b>Failure:</b> every problem with an option or a file is an
 * {@link java.lang.IllegalArgumentException} naming the option and what was expected, raised before anything runs.
 */
package org.loopnest.examples.run;
