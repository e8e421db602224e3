package org.loopnest.internal.lang.jvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.internal.lang.jvm.Trees.array;
import static org.loopnest.internal.lang.jvm.Trees.assign;
import static org.loopnest.internal.lang.jvm.Trees.binary;
import static org.loopnest.internal.lang.jvm.Trees.index;
import static org.loopnest.internal.lang.jvm.Trees.input;
import static org.loopnest.internal.lang.jvm.Trees.output;
import static org.loopnest.internal.lang.jvm.Trees.program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.internal.data.Views;
import org.loopnest.internal.kernel.IterationFailure;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.kernel.ViewTable;
import org.loopnest.kernel.KernelPath;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;

/**
 * A kernel-language body run by a Java device's path ({@link Kernel#runBlock}) straight over the user's holders of
 * every kind: flat array, strided array, buffer, strided direct buffer, jagged array, and an input that does not use
 * the innermost loop (step 0).
 */
class CompiledBodyTest {
    private static final int ROWS = 3;
    private static final int COLUMNS = 5;
    private final IndexSpace space = IndexSpace.of(ROWS, COLUMNS).withNames("y", "x");
    private final ArraySignature a = input("a", Type.FLOAT);
    private final ArraySignature row = input("row", Type.FLOAT);
    private final ArraySignature out = output("out", Type.FLOAT);
    /** {@code out = a * 10 + row + x} */
    private final Program program = program(List.of("y", "x"), List.of(a, row, out), List.of(),
            assign(array(out), binary(BinaryOp.ADD, binary(BinaryOp.ADD,
                    binary(BinaryOp.MULTIPLY, array(a), Trees.literal(10.0f)), array(row)), index("x", 1))));

    private static float a(int y, int x) {
        return 0.5f * y + x;
    }

    private static float expected(int y, int x) {
        return a(y, x) * 10.0f + (100 + y) + x;
    }

    /** The {@code a} holders, each of ROWS × COLUMNS elements holding {@link #a(int, int)}. */
    private static Map<String, Object> holders() {
        Map<String, Object> holders = new LinkedHashMap<>();
        float[] flat = new float[ROWS * COLUMNS];
        float[] transposed = new float[ROWS * COLUMNS];
        float[][] jagged = new float[ROWS][COLUMNS];
        ByteBuffer bytes = ByteBuffer.allocate(4 * ROWS * COLUMNS).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer transposedBytes = ByteBuffer.allocateDirect(4 * ROWS * COLUMNS).order(ByteOrder.BIG_ENDIAN);
        for (int y = 0; y < ROWS; y++) {
            for (int x = 0; x < COLUMNS; x++) {
                flat[y * COLUMNS + x] = a(y, x);
                transposed[x * ROWS + y] = a(y, x);
                jagged[y][x] = a(y, x);
                bytes.putFloat(4 * (y * COLUMNS + x), a(y, x));
                transposedBytes.putFloat(4 * (x * ROWS + y), a(y, x));
            }
        }
        holders.put("flat", flat);
        holders.put("strided", Holder.strided(transposed, 0, 1, ROWS));
        holders.put("buffer", Holder.of(bytes, ElementType.FLOAT));
        holders.put("strided buffer", Holder.strided(transposedBytes, ElementType.FLOAT, 0, 1, ROWS));
        holders.put("jagged", jagged);
        return holders;
    }

    private Map<String, ArrayBinding> bindings(Object aHolder, Object outHolder) {
        float[] rows = new float[ROWS];
        for (int y = 0; y < ROWS; y++) {
            rows[y] = 100 + y;
        }
        Map<String, ArrayBinding> bindings = new LinkedHashMap<>();
        bindings.put("a", ArrayBinding.of("a", Role.IN, aHolder, space));
        bindings.put("row", ArrayBinding.of("row", Role.IN, rows, space, "y"));
        bindings.put("out", ArrayBinding.of("out", Role.OUT, outHolder, space));
        return bindings;
    }

    private static void runAll(Kernel kernel, Map<String, ArrayBinding> bindings, Split split) {
        for (long c = 0; c < split.chunkCount(); c++) {
            var chunk = split.chunk(c);
            kernel.runBlock(new ViewTable(bindings, Views::direct), split, chunk, 0, chunk.iterations(), piece -> { });
        }
    }

    @Test
    void shouldComputeEveryElementThroughEveryHolderKind() {
        Kernel kernel = Kernel.ofProgram(program);
        for (var entry : holders().entrySet()) {
            for (Split split : List.of(space.split(0, 1), space.split(1, 1), space.split(1, 2))) {
                float[] result = new float[ROWS * COLUMNS];
                runAll(kernel, bindings(entry.getValue(), result), split);
                for (int y = 0; y < ROWS; y++) {
                    for (int x = 0; x < COLUMNS; x++) {
                        assertEquals(expected(y, x), result[y * COLUMNS + x],
                                entry.getKey() + " " + split + " at [" + y + ", " + x + "]");
                    }
                }
            }
        }
    }

    @Test
    void shouldWriteAJaggedAndAStridedOutput() {
        Kernel kernel = Kernel.ofProgram(program);
        float[][] jagged = new float[ROWS][COLUMNS];
        runAll(kernel, bindings(holders().get("flat"), jagged), space.split(1, 1));
        float[] transposed = new float[ROWS * COLUMNS];
        runAll(kernel, bindings(holders().get("flat"), Holder.strided(transposed, 0, 1, ROWS)), space.split(1, 1));
        for (int y = 0; y < ROWS; y++) {
            for (int x = 0; x < COLUMNS; x++) {
                assertEquals(expected(y, x), jagged[y][x], "jagged at [" + y + ", " + x + "]");
                assertEquals(expected(y, x), transposed[x * ROWS + y], "strided at [" + y + ", " + x + "]");
            }
        }
    }

    @Test
    void shouldCompileOncePerLayoutAndKeepIt() {
        CompiledBody body = new CompiledBody(program, new JvmCompiler(4), KernelPath.SCALAR, null);
        AccessSignature layout = new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(false, 1)));
        RunBody first = body.compiledFor(layout);
        assertSame(first, body.compiledFor(new AccessSignature(List.copyOf(layout.arrays()))));
        AccessSignature other = new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(true, 1)));
        assertFalse(first.getClass() == body.compiledFor(other).getClass(), "another layout, another class");
    }

    @Test
    void shouldShareTheCompiledBodyBetweenPlansOfTheSameTextAndLayout() {
        AccessSignature layout = new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(true, 1)));
        RunBody first = new CompiledBody(program, KernelPath.SCALAR).compiledFor(layout);
        assertSame(first, new CompiledBody(program, KernelPath.SCALAR).compiledFor(layout), "a second plan");
        AccessSignature strided = new AccessSignature(List.of(new AccessSignature.Access(true, 2),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(true, 1)));
        assertFalse(first == new CompiledBody(program, KernelPath.SCALAR).compiledFor(strided), "another layout");
    }

    @Test
    void shouldShareOneVectorBodyBetweenAFlatLayoutAndAStridedOneStagedThroughHeapStrips() {
        AccessSignature layout = new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(true, 1)));
        AccessSignature strided = new AccessSignature(List.of(new AccessSignature.Access(true, 2),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(true, 1)));
        CompiledBody body = new CompiledBody(program);
        assertTrue(body.vectorPath(), body.pathReport());
        assertSame(body.compiledFor(layout), new CompiledBody(program).compiledFor(strided));
        assertFalse(body.compiledFor(layout) == new CompiledBody(program, KernelPath.SCALAR).compiledFor(layout),
                "the scalar body is another class");
    }

    @Test
    void shouldNeedNoClearingOfOutputsUnlikeAJavaBody() {
        Kernel kernel = Kernel.ofProgram(program);
        assertTrue(kernel.hasJavaBody(), "runs on Java devices");
        assertFalse(kernel.clearsOutputs());
        assertTrue(Kernel.ofBlocks(arrays -> it -> { }).clearsOutputs());
        assertTrue(Kernel.ofBlocks(arrays -> it -> { }).withProgram(program).clearsOutputs(),
                "the Java body wins on Java devices");
        assertEquals("kernel language", kernel.toString());
    }

    @Test
    void shouldRunTheWholeRangeAtOnceWithoutThePrelude() {
        Kernel kernel = Kernel.ofProgram(program);
        float[] result = new float[ROWS * COLUMNS];
        Split split = space.split(0, 1);
        var chunk = split.chunk(0);
        List<Long> preludes = new java.util.ArrayList<>();
        kernel.runBlock(new ViewTable(bindings(holders().get("flat"), result), Views::direct), split, chunk, 2,
                chunk.iterations() - 1, piece -> preludes.add(piece.local()));
        assertEquals(List.of(), preludes, "a kernel-language body assigns every output: nothing to clear");
        assertEquals(0f, result[1], "before the range");
        assertEquals(expected(0, 2), result[2]);
        assertEquals(expected(ROWS - 1, COLUMNS - 2), result[ROWS * COLUMNS - 2]);
        assertEquals(0f, result[ROWS * COLUMNS - 1], "after the range");
    }

    @Test
    void shouldReportAnIntegerDivisionByZeroAtTheIterationThatDivided() {
        ArraySignature n = input("n", Type.INT);
        ArraySignature q = output("q", Type.INT);
        Program divide = program(List.of("y", "x"), List.of(n, q), List.of(),
                assign(array(q), binary(BinaryOp.DIVIDE, Trees.literal(12), array(n))));
        int[] divisors = {1, 2, 3, 4, 6, 1, 2, 0, 4, 6, 1, 2, 3, 4, 6};
        int[] quotients = new int[ROWS * COLUMNS];
        Map<String, ArrayBinding> bindings = new LinkedHashMap<>();
        bindings.put("n", ArrayBinding.of("n", Role.IN, divisors, space));
        bindings.put("q", ArrayBinding.of("q", Role.OUT, quotients, space));
        IterationFailure e = assertThrows(IterationFailure.class,
                () -> runAll(Kernel.ofProgram(divide), bindings, space.split(1, 1)));
        assertArrayEquals(new long[] {1, 2}, e.indices());
        assertInstanceOf(ArithmeticException.class, e.getCause());
        assertEquals("kernel threw java.lang.ArithmeticException: / by zero at indices [1, 2]", e.getMessage());
        assertEquals(12 / 2, quotients[1 * COLUMNS + 1], "the iterations before it stored their outputs");
    }
}
