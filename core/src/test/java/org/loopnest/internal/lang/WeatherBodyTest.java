package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WeatherBodyTest {
    static final String HELPERS = """
            bool missing(float v) { return isnan(v) || v <= -1.0e30f; }
            float dewpoint(float vp) { const float v = log(vp / 6.112f); return 273.15f + 243.5f * v / (17.67f - v); }
            float lcl_pressure(float T, float p0, float w) {
                float p = p0;
                for (int i = 0; i < 50; i++) {
                    const float next = p0 * pow(dewpoint(p * w / (0.62197f + w)) / T, 1.0f / 0.2857143f);
                    if (fabs(next - p) <= 1.0e-5f * fabs(next)) { return next; }
                    p = next;
                }
                return NAN;
            }
            """;
    static final String BODY = """
            if (missing(T) || missing(q)) {
                theta = NAN; es = NAN; e = NAN; rh = NAN; td = NAN; thetae = NAN; lcl_p = NAN; lcl_t = NAN;
            } else {
                const float w = q / (1.0f - q);
                theta = T * pow(1000.0f / p, 0.2857143f);
                es = 6.112f * exp(17.67f * (T - 273.15f) / (T - 29.65f));
                e = p * w / (0.62197f + w);
                rh = e / es;
                if (q > 0.0f) { td = dewpoint(e); thetae = td * 2.0f; lcl_p = lcl_pressure(T, p, w); lcl_t = dewpoint(lcl_p * w / (0.62197f + w)); }
                else { td = NAN; thetae = NAN; lcl_p = NAN; lcl_t = NAN; }
            }
            """;

    @Test
    void shouldCheckTheWeatherBodyWithItsHelpersCalleesFirst() {
        Program program = Kernels.check(Kernels.WEATHER, HELPERS, BODY);
        assertEquals(List.of("missing", "dewpoint", "lcl_pressure"),
                program.helpers().stream().map(Helper::name).toList());
        assertEquals("(helper bool missing (float v) (block (return (||:bool (isnan:bool v) "
                + "(<=:bool v (-:float 1.0E30f))))))", TreePrinter.print(program.helpers().get(0)));
        assertEquals("(helper float dewpoint (float vp) (block (const float v (log:float (/:float vp 6.112f))) "
                + "(return (+:float 273.15f (/:float (*:float 243.5f v) (-:float 17.67f v))))))",
                TreePrinter.print(program.helpers().get(1)));
    }

    @Test
    void shouldTypeTheLoopOfTheLiftingCondensationLevel() {
        Stmt.Block body = Kernels.check(Kernels.WEATHER, HELPERS, BODY).helpers().get(2).body();
        assertEquals("(decl float p p0)", TreePrinter.print(body.statements().get(0)));
        assertEquals("(for (decl int i 0) (<:bool i 50) (= i (+:int i 1)) (block "
                + "(const float next (*:float p0 (pow:float (/:float (call:float dewpoint (/:float (*:float p w) "
                + "(+:float 0.62197f w))) T) (/:float 1.0f 0.2857143f)))) "
                + "(if (<=:bool (fabs:float (-:float next p)) (*:float 1.0E-5f (fabs:float next))) "
                + "(block (return next))) (= p next)))", TreePrinter.print(body.statements().get(1)));
        assertEquals("(return NaNf)", TreePrinter.print(body.statements().get(2)));
    }

    @Test
    void shouldReadOutputsAfterAssigningThem() {
        Stmt.Block body = Kernels.check(Kernels.WEATHER, HELPERS, BODY).body();
        Stmt.If top = (Stmt.If) body.statements().get(0);
        assertEquals("(||:bool (call:bool missing T) (call:bool missing q))", TreePrinter.print(top.condition()));
        Stmt.Block otherwise = (Stmt.Block) top.otherwise();
        assertEquals("(const float w (/:float q (-:float 1.0f q)))", TreePrinter.print(otherwise.statements().get(0)));
        assertEquals("(= rh (/:float e es))", TreePrinter.print(otherwise.statements().get(4)));
    }
}
