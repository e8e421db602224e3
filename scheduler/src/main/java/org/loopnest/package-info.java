/**
 * The entry point: {@link org.loopnest.LoopNest} describes a loop nest, its arrays and its body, and runs it
 * chunk by chunk through the pipeline on a device.
 *
 * <pre>{@code
 * RunReport report = LoopNest.of(5, 7, 46, 72).names("t", "z", "y", "x")
 *         .in("T", temperature).in("p", pressure, "z")
 *         .out("theta", theta)
 *         .kernel(arrays -> {
 *             FloatView t = arrays.floats("T"), p = arrays.floats("p"), th = arrays.floats("theta");
 *             return it -> th.set(it, t.get(it) * (float) Math.pow(1000 / p.get(it), 2.0 / 7));
 *         })
 *         .splitAt(1)
 *         .run();
 * }</pre>
 */
package org.loopnest;
