/**
 * The weather loop over files of any size: GrADS and NetCDF (classic or NetCDF-4) inputs bound as file-backed
 * arrays, outputs written by the run into a GrADS data set or a NetCDF file, all put in place together only once the
 * run succeeded.
 *
 * <p>Map: {@link org.loopnest.examples.weather.files.GradsInput} and
 * {@link org.loopnest.examples.weather.files.NetcdfInput} (both through core's dataset layer,
 * {@code org.loopnest.format.dataset.Datasets}) open an input as a
 * {@link org.loopnest.examples.weather.files.WeatherInput} (layouts as
 * {@link org.loopnest.examples.weather.files.FileGrid}s, levels, missing values, the
 * {@link org.loopnest.examples.weather.files.OutputGrid} with its {@link org.loopnest.examples.weather.files.TimeAxis};
 * packed or chunked NetCDF variables unpacked first by {@code Unpacker});
 * {@link org.loopnest.examples.weather.files.OutputFormat} makes the
 * {@link org.loopnest.examples.weather.files.OutputFiles} ({@code GradsOutput}, {@code NetcdfOutput});
 * {@link org.loopnest.examples.weather.files.FileNest} binds both into the nest;
 * {@link org.loopnest.examples.weather.files.FileVerification} checks the outputs grid by grid.
 *
 * <pre>
 *   open input ──▶ stage outputs (StagedFiles) ──▶ run (chunks stream file → device → file)
 *       ──▶ [check grid by grid] ──▶ finish (descriptor / NetCDF commit) ──▶ commit the set: all in place, or none
 * </pre>
 *
 * <p><b>Pitfalls:</b> the input files must not change while a run reads them; the output directory holds the
 * staged files (sparse, sized for every output) and any unpacked input until the run ends.
 */
package org.loopnest.examples.weather.files;
