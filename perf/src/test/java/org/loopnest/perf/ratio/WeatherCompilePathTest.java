package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopnest.error.KernelSyntaxException;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.internal.lang.jvm.RunBody;
import org.loopnest.kernel.DeviceCode;

class WeatherCompilePathTest {

    @Test
    void shouldCompileTheWeatherBodyIntoCodeThatGivesTheJavaFormulasResults() {
        RunBody body = WeatherCompilePath.compile(WeatherBody.CODE, new JvmCompiler(4));
        float[] temperature = {288.15f, 300.0f};
        float[] humidity = {0.008f, 0.0f};
        float[] levels = {850.0f};
        float[][] outputs = new float[WeatherOutput.COUNT][2];
        Object[] stores = new Object[3 + WeatherOutput.COUNT];
        stores[0] = temperature;
        stores[1] = humidity;
        stores[2] = levels;
        System.arraycopy(outputs, 0, stores, 3, WeatherOutput.COUNT);

        body.run(stores, new long[stores.length], new long[4], 2);

        float[] want = new float[WeatherOutput.COUNT];
        for (int k = 0; k < 2; k++) {
            WeatherFormulas.point(temperature[k], humidity[k], levels[0], want);
            for (WeatherOutput o : WeatherOutput.values()) {
                assertEquals(Float.floatToIntBits(want[o.ordinal()]), Float.floatToIntBits(outputs[o.ordinal()][k]),
                        o.key() + "[" + k + "]");
            }
        }
    }

    @Test
    void shouldAnswerTheSameSourceFromTheCacheAndCompileEachVariantAnew() {
        JvmCompiler compiler = new JvmCompiler(8);

        RunBody first = WeatherCompilePath.compile(WeatherCompilePath.variant(1), compiler);
        RunBody again = WeatherCompilePath.compile(WeatherCompilePath.variant(1), compiler);
        WeatherCompilePath.compile(WeatherCompilePath.variant(2), compiler);

        assertSame(first, again);
        assertEquals(2, compiler.compilations());
    }

    @Test
    void shouldMakeVariantsWhoseJavaSourcesDiffer() {
        String one = JavaEmitter.emit(KernelLanguage.check(WeatherCompilePath.variant(1), WeatherCompilePath.CONTEXT),
                WeatherCompilePath.ACCESS);
        String two = JavaEmitter.emit(KernelLanguage.check(WeatherCompilePath.variant(2), WeatherCompilePath.CONTEXT),
                WeatherCompilePath.ACCESS);

        assertNotEquals(one, two);
        assertTrue(WeatherCompilePath.variant(7).body().startsWith(WeatherBody.BODY), "the weather body, then more");
    }

    @Test
    void shouldRefuseABodyThatDoesNotFitTheWeatherNest() {
        KernelSyntaxException e = assertThrows(KernelSyntaxException.class,
                () -> WeatherCompilePath.compile(new DeviceCode("bad", "theta = tehta;", ""), new JvmCompiler(1)));

        assertTrue(e.getMessage().startsWith("kernel body 1:9: unknown name 'tehta'"), e.getMessage());
    }
}
