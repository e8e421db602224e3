package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopnest.data.Role;
import org.loopnest.examples.weather.ColumnBody;
import org.loopnest.examples.weather.ColumnFields;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.internal.lang.jvm.RunBody;
import org.loopnest.internal.lang.vector.VectorEmitter;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.perf.report.BenchResult;

/**
 * {@code column-level-check-cost-jvm} and {@code -sum}: what the check of every column level costs on the JVM. The
 * JVM target's class of a body is compiled twice from the same text: as the runtime prints it, and with its
 * {@code ln_level} method reduced to {@code return (int) k;} (no check). Both run one thread over the same columns
 * ({@code [z][x]}, one run of {@code x} columns per call), rounds interleaved; ratio = checked time ÷ unchecked time.
 * The CAPE row is the weather example's column body on ERA5's 37 levels; the sum row a body that only reads levels
 * ({@code s = Σ T[k]·p[k]}), where a check weighs most; the {@code -vector} row the CAPE body's vector class, whose
 * check is {@code ln_vlevel} and the test at each loop's head that ends the loop after a bad level (where
 * the JVM has {@code jdk.incubator.vector}; its values may differ between the two compiles by the JIT's state, so
 * only the scalar rows check that both give the same bits). A probe of the emitted code, not a user-facing path: the
 * runtime has no switch that turns the check off.
 */
public final class LevelCheckCost implements RatioRun {
    private final int columns;
    private final int calls;
    private final Rounds rounds;

    /**
     * @param columns the columns of one call (one run of the innermost loop)
     * @param calls   calls per timed side
     * @param rounds  warm-up and measured rounds
     */
    public LevelCheckCost(int columns, int calls, Rounds rounds) {
        this.columns = columns;
        this.calls = calls;
        this.rounds = rounds;
    }

    /** The default: 4096 columns per call, 4 calls per side (the sum: 400), 3 + 9 rounds. */
    public static LevelCheckCost full() {
        return new LevelCheckCost(4096, 4, new Rounds(3, 9));
    }

    /** Tiny sizes for a smoke run. */
    public static LevelCheckCost quick() {
        return new LevelCheckCost(64, 1, new Rounds(1, 2));
    }

    @Override
    public String label() {
        return "column level check";
    }

    @Override
    public List<BenchResult> run() {
        int nz = ColumnCapeRatio.ERA5_LEVELS.length;
        WeatherFields f = WeatherFields.synthetic(new GridShape(1, nz, 1, columns), ColumnCapeRatio.ERA5_LEVELS, 5);
        List<ArraySignature> capeArrays = List.of(column("T", Role.IN, nz), column("q", Role.IN, nz),
                column("p", Role.IN, nz), column("gh", Role.OUT, nz), new ArraySignature("pw", Type.FLOAT, Role.OUT),
                new ArraySignature("cape", Type.FLOAT, Role.OUT), new ArraySignature("cin", Type.FLOAT, Role.OUT));
        Program cape = KernelLanguage.check(ColumnBody.CODE, new KernelContext(List.of("t", "y", "x"), capeArrays));
        List<ArraySignature> sumArrays = List.of(column("T", Role.IN, nz), column("p", Role.IN, nz),
                new ArraySignature("s", Type.FLOAT, Role.OUT));
        Program sum = KernelLanguage.check(DeviceCode.of("float v = 0.0f;\nfor (int k = 0; k < len(z); k++) {\n"
                + "    v += T[k] * p[k];\n}\ns = v;\n"), new KernelContext(List.of("t", "y", "x"), sumArrays));
        Data capeData = new Data(f, List.of(f.temperature(), f.humidity(), f.levels()), 4, nz, columns);
        Data sumData = new Data(f, List.of(f.temperature(), f.levels()), 1, nz, columns);
        List<BenchResult> rows = new ArrayList<>(List.of(measure("column-level-check-cost-jvm", "the weather "
                + "example's column body (gh, pw, CAPE, CIN)", JavaEmitter.emit(cape, capeData.access), capeData,
                calls),
                measure("column-level-check-cost-jvm-sum", "a body that only reads levels, s = sum of T[k]*p[k]",
                        JavaEmitter.emit(sum, sumData.access), sumData, calls * 100)));
        if (VectorSupport.unavailable().isEmpty()) {
            int bits = VectorSupport.preferredBits();
            String vector = VectorEmitter.emit(cape, capeData.access, VectorEmitter.lanes(cape, bits));
            rows.add(measure("column-level-check-cost-jvm-vector", "the column body on the vector path ("
                    + VectorEmitter.lanes(cape, bits).describe() + ")", vector, capeData, calls * 4));
            rows.add(measure("column-level-check-control-jvm-vector", "a control: the checked vector class against "
                    + "itself compiled again, sides and order as the -vector row, so an order effect shows here",
                    vector, capeData, calls * 4, vector));
        } else {
            String why = VectorSupport.unavailable().get();
            rows.add(BenchResult.skipped("column-level-check-cost-jvm-vector", why));
            rows.add(BenchResult.skipped("column-level-check-control-jvm-vector", why));
        }
        rows.add(openCl());
        return rows;
    }

    /**
     * {@code column-level-check-cost-opencl}: the weather example's column nest on {@code opencl:0}, kernel busy time
     * with the generated kernel against the same kernel with {@code ln_level} reduced to {@code return k;}
     * ({@link UncheckedLevels}), rounds interleaved; skipped without an OpenCL device.
     */
    private BenchResult openCl() {
        if (!org.loopnest.internal.opencl.OpenCl.discover().available()) {
            return BenchResult.skipped("column-level-check-cost-opencl", "no OpenCL platform on this machine");
        }
        GridShape shape = columns >= 1024 ? new GridShape(2, 37, 45, 90) : new GridShape(1, 37, 2, 8);
        WeatherFields f = WeatherFields.synthetic(shape, ColumnCapeRatio.ERA5_LEVELS, 5);
        try (org.loopnest.device.opencl.OpenClDevice opencl = org.loopnest.device.opencl.OpenClDevice.open(0)) {
            UncheckedLevels unchecked = new UncheckedLevels(opencl);
            java.util.function.Function<org.loopnest.device.Device, Long> kernel = device -> {
                org.loopnest.report.RunReport r = ColumnNest.nest(f, new ColumnFields(shape), MissingMarkers.NONE)
                        .splitAt(1).on(device).run();
                return r.busy().getOrDefault(org.loopnest.report.Stage.KERNEL, java.time.Duration.ZERO).toNanos();
            };
            List<Samples> s = rounds.interleaveTimed(List.of(() -> kernel.apply(opencl),
                    () -> kernel.apply(unchecked)));
            Comparison c = new Comparison("unchecked", s.get(1), "checked", s.get(0));
            return new BenchResult("column-level-check-cost-opencl", 1 / c.ratio(), "ratio", String.format(
                    Locale.ROOT, "checked kernel busy time / unchecked, the weather example's column nest on %s, "
                            + "grid t,z,y,x = %s on ERA5's 37 levels, split per time step; %s",
                    opencl.info().description(), shape, c.describe()));
        }
    }

    private static ArraySignature column(String name, Role role, int levels) {
        return new ArraySignature(name, Type.FLOAT, role, "z", levels);
    }

    private BenchResult measure(String row, String what, String source, Data data, int times) {
        return measure(row, what, source, data, times, null);
    }

    /** As the other form; {@code control}, if given, is compiled as the "unchecked" side instead of the stripped one. */
    private BenchResult measure(String row, String what, String source, Data data, int times, String control) {
        boolean vector = source.contains("ln_vlevel(long k");
        String check = vector ? "if (k >= 0 && k < levels)" : "if (k < 0 || k >= levels)";
        int at = source.indexOf(check);
        int end = vector ? source.indexOf("return 0;\n    }", at) : source.indexOf("return (int) k;\n    }", at);
        if (at < 0 || end < 0) {
            throw new IllegalStateException("no level check in the emitted class (expected: one per body)");
        }
        String unchecked = source.substring(0, at) + (vector ? "return (int) k;\n    }" + source.substring(
                end + "return 0;\n    }".length()) : source.substring(end));
        // the vector class's loops also end once a bad level is recorded: part of the check, taken out with it
        unchecked = unchecked.replaceAll("\\n *if \\(ln_kk\\[1\\] != 0\\)\\n *break;", "");
        RunBody uncheckedBody = JvmCompiler.shared().compile(control == null ? unchecked : control + "\n");
        RunBody checkedBody = JvmCompiler.shared().compile(source);
        Runnable checked = () -> data.run(checkedBody, times);
        Runnable plain = () -> data.run(uncheckedBody, times);
        plain.run();
        float[][] first = data.outputsCopy();
        checked.run();
        if (!java.util.Arrays.deepEquals(first, data.outputsCopy()) && !row.endsWith("-vector")) {
            throw new IllegalStateException(row + ": the unchecked body computes otherwise (expected: the same bits)");
        }
        List<Samples> s = rounds.interleave(List.of(checked, plain));
        Comparison c = new Comparison("unchecked", s.get(1), "checked", s.get(0));
        return new BenchResult(row, 1 / c.ratio(), "ratio", String.format(Locale.ROOT, "checked time / unchecked "
                + "time on one thread, %s, %d columns of %d levels per call, %d calls per side; %s", what,
                data.columns, data.levels, times, c.describe()));
    }

    /** The stores of one run of columns laid out {@code [z][x]}, level by level, and the outputs. */
    private static final class Data {
        final AccessSignature access;
        final Object[] stores;
        final long[] positions;
        final int columns;
        final int levels;
        final List<float[]> outputs = new ArrayList<>();

        Data(WeatherFields f, List<float[]> inputs, int outputArrays, int levels, int columns) {
            this.columns = columns;
            this.levels = levels;
            List<AccessSignature.Access> list = new ArrayList<>();
            List<Object> s = new ArrayList<>();
            List<Long> p = new ArrayList<>();
            for (float[] in : inputs) {
                boolean perLevel = in.length == levels; // the pressures: one value per level, for every column
                for (int l = 0; l < levels; l++) {
                    list.add(new AccessSignature.Access(true, perLevel ? 0 : 1));
                    s.add(in);
                    p.add(perLevel ? l : (long) l * columns);
                }
            }
            for (int o = 0; o < outputArrays; o++) {
                boolean column = o == 0 && outputArrays > 1; // gh of the CAPE body
                float[] out = new float[column ? levels * columns : columns];
                outputs.add(out);
                for (int l = 0; l < (column ? levels : 1); l++) {
                    list.add(new AccessSignature.Access(true, 1));
                    s.add(out);
                    p.add((long) l * columns);
                }
            }
            this.access = new AccessSignature(list);
            this.stores = s.toArray();
            this.positions = p.stream().mapToLong(Long::longValue).toArray();
        }

        void run(RunBody body, int times) {
            long[] indices = new long[3];
            for (int i = 0; i < times; i++) {
                body.run(stores, positions, indices, columns);
            }
        }

        float[][] outputsCopy() {
            return outputs.stream().map(float[]::clone).toArray(float[][]::new);
        }
    }
}
