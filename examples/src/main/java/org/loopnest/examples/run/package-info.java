/**
 * What {@code ./loopnest run} needs besides the command line itself: any kernel-language body over arrays that live
 * in files.
 *
 * <pre>
 *  --in NAME[:INDEX,...]=FILE[:VAR] ──InputOption──▶ InputFiles.describe ──▶ FileArray (indices, extents, strides,
 *        (raw .f32/.f64/.i32/.i64, NetCDF classic     (DatasetInput: the       type, byte order, offset, the parts
 *         or 4, a glob or @list of them, GrADS .ctl)   dataset layer, every     of several files; a packed or
 *                                                      format)                  chunked one: DatasetUnpacking)
 *  FileArrays + --names + --shape ──NestShape.resolve──▶ the nest (names in order of first appearance, extents that
 *                                                        agree between files)
 *  body + FileArrays + nest + --out NAME=FILE (OutputOption) ──▶ RunSpec ──loopNest(holders)──▶ LoopNest
 *  OutputFiles.stage: every output staged (raw, or NetCDF with Coordinates), committed together after the run;
 *  UnpackedInputs: packed inputs unpacked to temporary float files; SequentialCheck + OutputComparison: --verify.
 * </pre>
 *
 * <p><b>Memory:</b> nothing here reads an array into the heap: inputs are bound as file-backed holders and streamed
 * chunk by chunk; unpacking and comparison go block by block. <b>Failure:</b> every problem with an option or a file is
 * an {@link java.lang.IllegalArgumentException} naming the option and what was expected, raised before anything runs.
 * <b>Files:</b> every file this package writes is a hidden temporary ({@code .NAME.HEX.tmp}) until committed; closing
 * without a commit, or Ctrl-C, deletes it.
 */
package org.loopnest.examples.run;
