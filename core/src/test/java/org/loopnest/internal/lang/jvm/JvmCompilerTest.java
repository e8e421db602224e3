package org.loopnest.internal.lang.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.loopnest.error.KernelCompileException;

/** The compiler's cache: one class per source, a class loader per compilation, one compilation per source. */
class JvmCompilerTest {
    /** A body that writes {@code value} into {@code stores[0][positions[0] + k]}. */
    private static String source(int value) {
        return "public final class " + JavaEmitter.CLASS_NAME + " implements " + RunBody.class.getName() + " {\n"
                + "    public void run(Object[] s, long[] p, long[] i, int n) {\n"
                + "        for (int k = 0; k < n; k++) ((int[]) s[0])[(int) p[0] + k] = " + value + ";\n"
                + "    }\n}\n";
    }

    @Test
    void shouldCompileASourceOnceAndGiveTheSameClassAgain() {
        JvmCompiler compiler = new JvmCompiler(8);
        RunBody first = compiler.compile(source(7));
        assertSame(first, compiler.compile(source(7)));
        assertEquals(1, compiler.compilations());
        int[] store = new int[4];
        first.run(new Object[] {store}, new long[] {1}, new long[] {0}, 2);
        assertEquals(List.of(0, 7, 7, 0), List.of(store[0], store[1], store[2], store[3]));
    }

    @Test
    void shouldGiveEachSourceItsOwnClassInItsOwnClassLoader() {
        JvmCompiler compiler = new JvmCompiler(8);
        RunBody seven = compiler.compile(source(7));
        RunBody eight = compiler.compile(source(8));
        assertNotSame(seven.getClass(), eight.getClass());
        assertNotSame(seven.getClass().getClassLoader(), eight.getClass().getClassLoader());
        assertSame(RunBody.class.getClassLoader(), seven.getClass().getClassLoader().getParent());
        assertEquals(2, compiler.compilations());
    }

    @Test
    void shouldForgetTheLeastRecentlyUsedBeyondItsCapacity() {
        JvmCompiler compiler = new JvmCompiler(2);
        RunBody seven = compiler.compile(source(7));
        compiler.compile(source(8));
        compiler.compile(source(7)); // 7 is now the most recently used
        compiler.compile(source(9)); // evicts 8
        assertSame(seven, compiler.compile(source(7)));
        assertEquals(3, compiler.compilations());
        compiler.compile(source(8));
        assertEquals(4, compiler.compilations(), "8 was compiled again");
    }

    @Test
    void shouldCompileOnceWhenManyThreadsAskForTheSameSourceAtOnce() throws Exception {
        JvmCompiler compiler = new JvmCompiler(8);
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<RunBody>> bodies = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                bodies.add(pool.submit(() -> {
                    start.await();
                    return compiler.compile(source(42));
                }));
            }
            start.countDown();
            RunBody first = bodies.get(0).get();
            for (Future<RunBody> body : bodies) {
                assertSame(first, body.get());
            }
            assertEquals(1, compiler.compilations());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void shouldReportASourceJaninoRefusesAsACompileErrorOfDeviceJvm() {
        JvmCompiler compiler = new JvmCompiler(8);
        String broken = source(7).replace("= 7;", "= undefinedName;");
        KernelCompileException e = assertThrows(KernelCompileException.class, () -> compiler.compile(broken));
        assertEquals("jvm", e.device());
        assertEquals(broken, e.source());
        assertTrue(e.getMessage().startsWith("kernel did not compile on device jvm (Janino SimpleCompiler):\n"),
                e.getMessage());
        assertTrue(e.log().contains("undefinedName"), e.log());
        assertThrows(KernelCompileException.class, () -> compiler.compile(broken), "fails again from the cache");
        assertEquals(1, compiler.compilations());
    }

    @Test
    void shouldRefuseANonPositiveCapacity() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new JvmCompiler(0));
        assertEquals("capacity = 0 (expected: >= 1)", e.getMessage());
    }

    @Test
    void shouldReportABodyTooLargeForOneJvmMethodAsACompileErrorNotAnInternalOne() {
        StringBuilder huge = new StringBuilder();
        for (int line = 0; line < 9000; line++) {
            huge.append("        v = v * 1.0001f + (float) Math.sqrt((double) v + ").append(line).append(".0);\n");
        }
        String source = "public final class " + JavaEmitter.CLASS_NAME + " implements " + RunBody.class.getName()
                + " {\n    public void run(Object[] s, long[] p, long[] i, int n) {\n        float v = 1.0f;\n" + huge
                + "        ((float[]) s[0])[0] = v;\n    }\n}\n";
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> new JvmCompiler(2).compile(source));
        assertEquals("jvm", e.device());
        assertTrue(e.log().contains("64 KB"), e.log()); // Janino's "Code grows beyond 64 KB"
    }
}
