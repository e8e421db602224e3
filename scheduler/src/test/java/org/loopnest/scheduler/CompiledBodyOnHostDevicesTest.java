package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.loopnest.internal.lang.jvm.Trees.array;
import static org.loopnest.internal.lang.jvm.Trees.assign;
import static org.loopnest.internal.lang.jvm.Trees.binary;
import static org.loopnest.internal.lang.jvm.Trees.block;
import static org.loopnest.internal.lang.jvm.Trees.cast;
import static org.loopnest.internal.lang.jvm.Trees.declare;
import static org.loopnest.internal.lang.jvm.Trees.index;
import static org.loopnest.internal.lang.jvm.Trees.input;
import static org.loopnest.internal.lang.jvm.Trees.literal;
import static org.loopnest.internal.lang.jvm.Trees.local;
import static org.loopnest.internal.lang.jvm.Trees.math;
import static org.loopnest.internal.lang.jvm.Trees.output;
import static org.loopnest.internal.lang.jvm.Trees.program;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.kernel.KernelPath;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.scheduler.PlanBuilder;

/**
 * One kernel-language body, compiled for the JVM, on cpu (straight into the user's arrays, a jagged input among
 * them) and on sim (over packed chunk buffers) at several splits: the results are bit-identical to each other and
 * to the same expression in Java, and outputs are written without the clearing prelude.
 */
class CompiledBodyOnHostDevicesTest {
    private static final int Z = 3;
    private static final int Y = 5;
    private static final int X = 37;
    private final ArraySignature a = input("a", Type.FLOAT);
    private final ArraySignature b = input("b", Type.FLOAT);
    private final ArraySignature out = output("out", Type.FLOAT);

    /** {@code float s = 0; for (int k = 0; k < 3; k = k + 1) { s = s + a * (float) k; } out = s + exp(b) + (float) y;} */
    private Program body() {
        Expr s = local("s", Type.FLOAT);
        Expr k = local("k", Type.INT);
        Stmt loop = new Stmt.For(org.loopnest.internal.lang.jvm.Trees.AT, declare(Type.INT, "k", literal(0)),
                binary(BinaryOp.LESS, k, literal(3)), assign(k, binary(BinaryOp.ADD, k, literal(1))),
                block(assign(s, binary(BinaryOp.ADD, s, binary(BinaryOp.MULTIPLY, array(a), cast(Type.FLOAT, k))))));
        return program(List.of("z", "y", "x"), List.of(a, b, out), List.of(), declare(Type.FLOAT, "s", literal(0.0f)),
                loop, assign(array(out), binary(BinaryOp.ADD, binary(BinaryOp.ADD, s, math(MathFunction.EXP,
                        array(b))), cast(Type.FLOAT, index("y", 1)))));
    }

    private static float a(int z, int y, int x) {
        return 0.25f * z - 0.5f * y + x * 0.125f;
    }

    private static float b(int y) {
        return -1.5f + 0.75f * y;
    }

    private static float expected(int z, int y, int x) {
        float s = 0.0f;
        for (int k = 0; k < 3; k = k + 1) {
            s = s + a(z, y, x) * (float) k;
        }
        return s + (float) Math.exp((double) b(y)) + (float) y;
    }

    /** Runs the body on {@code device} at split depth {@code depth}; {@code a} jagged or flat. */
    private float[] run(Device device, int depth, boolean jagged) {
        float[] flat = new float[Z * Y * X];
        float[][][] rows = new float[Z][Y][X];
        float[] bs = new float[Y];
        for (int z = 0; z < Z; z++) {
            for (int y = 0; y < Y; y++) {
                bs[y] = b(y);
                for (int x = 0; x < X; x++) {
                    flat[(z * Y + y) * X + x] = a(z, y, x);
                    rows[z][y][x] = a(z, y, x);
                }
            }
        }
        float[] result = new float[Z * Y * X];
        java.util.Arrays.fill(result, Float.NaN); // an output left unassigned would show
        RunPlan p = LoopNest.of(Z, Y, X).names("z", "y", "x").in("a", jagged ? rows : flat).in("b", bs, "y")
                .out("out", result).kernel(arrays -> it -> { }).splitAt(depth).on(device).plan();
        new PlanBuilder().nest(p.space(), p.arrays()).kernel(Kernel.ofProgram(body(), KernelPath.SCALAR), null)
                .devices(p.devices())
                .split(p.choice(), p.bufferCounts()).watch(p.timeout(), p.progress(), p.trace()).build().start()
                .await();
        return result;
    }

    /**
     * On the scalar path: the vector path's {@code exp} is SVML's once the JIT compiler has compiled the body and
     * Java's before, so it agrees between devices within its ulps only (VectorPathOnHostDevicesTest, KERNELS.md §13).
     */
    @Test
    void shouldGiveBitIdenticalResultsOnCpuAndSimAtEverySplit() {
        try (CpuDevice cpu = new CpuDevice(2);
             SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            for (int depth = 0; depth < 3; depth++) {
                float[] onCpu = run(cpu, depth, false);
                float[] onCpuJagged = run(cpu, depth, true);
                float[] onSim = run(sim, depth, false);
                for (int z = 0; z < Z; z++) {
                    for (int y = 0; y < Y; y++) {
                        for (int x = 0; x < X; x++) {
                            int i = (z * Y + y) * X + x;
                            String where = "split " + depth + " at [" + z + ", " + y + ", " + x + "]";
                            assertEquals(expected(z, y, x), onCpu[i], "cpu " + where);
                            assertEquals(onCpu[i], onCpuJagged[i], "cpu, jagged input " + where);
                            assertEquals(onCpu[i], onSim[i], "sim " + where);
                        }
                    }
                }
            }
        }
    }
}
