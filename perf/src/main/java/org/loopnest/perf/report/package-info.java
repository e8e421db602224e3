/**
 * The figures a benchmark run produces and how they are written: {@link org.loopnest.perf.report.BenchResult}
 * (one row), {@link org.loopnest.perf.report.Machine} (where it was measured),
 * {@link org.loopnest.perf.report.ResultTable} (the text table) and {@link org.loopnest.perf.report.ResultsJson}
 * ({@code bench.json}: {@code {"machine":{…},"results":[{"name","value","unit","detail"}]}}).
 *
 * <p>Everything here is immutable or stateless; nothing measures anything.
 */
package org.loopnest.perf.report;
