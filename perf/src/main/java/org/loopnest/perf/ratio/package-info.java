/**
 * Side-by-side measurements: each {@link org.loopnest.perf.ratio.RatioRun} times the LoopNest path and a plain
 * Java baseline on the same data in the same process, warm-up rounds first, then measured rounds interleaved (A, B,
 * A, B, …) so that drift hits both, and reports the ratio of the medians
 * ({@link org.loopnest.perf.ratio.Comparison}). Each run checks that both sides produced the same output before it
 * reports anything.
 *
 * <ul>
 *   <li>{@link org.loopnest.perf.ratio.WeatherSpeedRatio}: hand-written parallel weather loop ÷ LoopNest on the
 *       CPU device, with the kernel-language body (vector and scalar path) and with the Java-lambda forms.</li>
 *   <li>{@link org.loopnest.perf.ratio.WeatherHandVectorRatio}: the weather loop written by hand with the Vector API
 *       ({@code HandVectorWeather}) ÷ LoopNest's vector body.</li>
 *   <li>{@link org.loopnest.perf.ratio.WeatherNumpyRatio}: the weather loop in NumPy float32 ufuncs (a Python child
 *       process, {@code NumpyWeather}) ÷ LoopNest's vector body.</li>
 *   <li>{@link org.loopnest.perf.ratio.VectorPowRatio}: the Vector API's {@code POW} against {@code EXP(y·LOG(x))}
 *       and scalar {@code Math.pow}.</li>
 *   <li>{@link org.loopnest.perf.ratio.CpuCopyRatio}: two-thread {@code System.arraycopy} ÷ LoopNest {@code b = a}
 *       on the CPU device (memory-bound), with the kernel-language body and with a per-block Java body.</li>
 *   <li>{@link org.loopnest.perf.ratio.JvmKernelCompile}: milliseconds to parse, check, emit and compile the weather
 *       body for the JVM, new (warm and in a fresh JVM, {@link org.loopnest.perf.ratio.FirstKernelCompile}) and
 *       cached ({@link org.loopnest.perf.ratio.WeatherCompilePath}).</li>
 *   <li>{@link org.loopnest.perf.ratio.SimOverlap}: overlap efficiency of the pipeline on a simulated device with
 *       balanced copy and kernel times, for B = 1, 2, 3; the speedup of B = 2 over a serial run on a one-engine
 *       sim, as a fraction of its bound too, and over B = 1.</li>
 *   <li>{@link org.loopnest.perf.ratio.SimOutOfCore}: weather throughput on a simulated device with 1/8 of the
 *       data in memory ÷ with all of it.</li>
 *   <li>{@link org.loopnest.perf.ratio.SerializerRatio}: packing a contiguous chunk ÷ {@code System.arraycopy}.</li>
 *   <li>{@link org.loopnest.perf.ratio.ClusterScaling}: a compute-bound kernel on one local worker node ÷ on
 *       two.</li>
 *   <li>{@link org.loopnest.perf.ratio.CompiledDeviceThroughput}: link bandwidth, weather throughput and the
 *       speedup of B = 2 over the same device run one operation at a time
 *       ({@code OneAtATimeDevice}), and over B = 1, on OpenCL and CUDA devices.</li>
 *   <li>{@link org.loopnest.perf.ratio.FileStreamRatio}: {@code cp} of a raw file (also followed by {@code fsync})
 *       ÷ LoopNest copying it to a new file through {@code Holder.file}, on cpu and sim, and into an existing
 *       file.</li>
 *   <li>{@link org.loopnest.perf.ratio.WeatherFilesRatio}: the weather loop over in-memory arrays ÷ over raw files
 *       (new output files, and existing ones written in place).</li>
 * </ul>
 *
 * <p>{@code ScratchFiles} makes, warms, compares and deletes their files; {@code Commits} records the time each run
 * spends outside its report's wall (the commit of its output files, mostly).
 *
 * <p>Rows a machine cannot measure are returned as {@code BenchResult.skipped} with the reason. The classes that link
 * against {@code jdk.incubator.vector} ({@code HandVectorWeather}, {@code VectorPowLoops}) are loaded by name through
 * {@code VectorOnly}, only in a JVM that has the module.
 *
 * <p><b>Threading:</b> runs are sequential; each starts and stops its own pools and devices.
 */
package org.loopnest.perf.ratio;
