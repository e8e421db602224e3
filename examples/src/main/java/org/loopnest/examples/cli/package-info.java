/**
 * The picocli commands of {@code loopnest} and what they share.
 *
 * <p>{@link org.loopnest.examples.cli.WeatherCommand}, {@link org.loopnest.examples.cli.Nest5Command},
 * {@link org.loopnest.examples.cli.DevicesCommand} and {@link org.loopnest.examples.cli.BenchCommand} (a pointer to
 * the launcher); {@link org.loopnest.examples.cli.DeviceOptions} (the device flags),
 * {@link org.loopnest.examples.cli.KernelPathOption} ({@code --kernel-path} of the commands that run kernel-language
 * bodies) and
 * {@link org.loopnest.examples.cli.FileInputOptions} ({@code weather --input} over GrADS and NetCDF files) with
 * {@link org.loopnest.examples.cli.Units} (sizes like {@code 512m}, rates like {@code 2GB/s}: the only place text
 * becomes bytes) and {@link org.loopnest.examples.cli.GridShapeConverter};
 * {@link org.loopnest.examples.cli.ProgressDisplay} (a progress bar on stderr for runs longer than a second);
 * {@link org.loopnest.examples.cli.ErrorHandler} (one line and an exit code per failure); {@code WeatherPaths}
 * with {@code PathChecks}, and {@code HeapBudget} (checks of the paths written and of the heap a grid needs, made
 * before anything runs).
 *
 * <p><b>Contract:</b> a command validates all its options and input files before it runs anything; bad input
 * exits with 2 and writes nothing; a failed run or verification exits with 1 and writes nothing; output files
 * appear only complete and as a whole set (temporary files, then renames, rolled back if one fails); an
 * interrupted run deletes its temporary files, and the next run removes any that a {@code kill -9} left.
 */
package org.loopnest.examples.cli;
