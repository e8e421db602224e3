/**
 * The weather-model loop: eight derived thermodynamic fields computed point by point over a 4-D grid
 * {@code [t][z][y][x]}, the pressure an input indexed by the level {@code z} alone.
 *
 * <p>Map: {@link org.loopnest.examples.weather.WeatherFormulas} (the {@code float} formulas, shared with the perf
 * baselines) and {@link org.loopnest.examples.weather.DoubleWeatherFormulas} (their {@code double} yardstick);
 * {@link org.loopnest.examples.weather.WeatherBody} (the loop body in the kernel language, for every device);
 * {@link org.loopnest.examples.weather.WeatherOutput} (the outputs, units and tolerances);
 * {@link org.loopnest.examples.weather.GridShape} and {@link org.loopnest.examples.weather.WeatherFields} (the
 * arrays, synthetic or read with {@link org.loopnest.examples.weather.RawFloats});
 * {@link org.loopnest.examples.weather.StagedFiles} and {@link org.loopnest.examples.weather.StagingNames} (output
 * files replaced as one set, all or none, and what an interrupted run left behind);
 * {@link org.loopnest.examples.weather.FileKinds} (what a path that is not a regular file is, in words);
 * {@link org.loopnest.examples.weather.WeatherNest} (the nest, the sequential reference loop) and
 * {@link org.loopnest.examples.weather.Verification} (the point-by-point comparison).
 *
 * <pre>
 *   inputs   T[t][z][y][x] K    q[t][z][y][x] kg/kg    p[z] hPa
 *   outputs  theta  es  e  rh  td  thetae  lcl_p  lcl_t     each [t][z][y][x], float32
 *   missing  T or q NaN or ≤ −1e30  →  every output NaN;   q ≤ 0  →  td, thetae, lcl_p, lcl_t NaN
 *   lcl_p    fixed-point iteration, NaN after 50 steps without a relative change ≤ 1e-5  →  lcl_t NaN
 * </pre>
 *
 * <p><b>Pitfalls:</b> {@code WeatherFields} shares its arrays; a run writes its outputs in place.
 */
package org.loopnest.examples.weather;
