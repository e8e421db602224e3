package org.loopnest.internal.scheduler;

import java.util.Objects;
import java.util.function.Function;
import org.loopnest.scheduler.RunPlan;

/**
 * The runtime's door to {@link RunPlan}'s package-private constructor, so that the API package
 * {@code org.loopnest.scheduler} offers users no way to assemble a plan from parts. {@code RunPlan} installs the
 * factory when its class is initialized; {@link #factory()} initializes it first. Not API.
 *
 * <p><b>Threading:</b> safe from any thread; the factory is installed once and never replaced.
 */
public final class PlanAccess {
    private static volatile Function<PlanParts, RunPlan> factory;

    private PlanAccess() {
    }

    /**
     * Installs the factory; called once, by {@code RunPlan}'s class initializer.
     *
     * @param f makes a plan of its parts, checking them
     * @throws IllegalStateException if a factory is installed already
     * @throws NullPointerException  if {@code f} is null
     */
    public static synchronized void install(Function<PlanParts, RunPlan> f) {
        Objects.requireNonNull(f, "factory");
        if (factory != null) {
            throw new IllegalStateException("the plan factory is installed already (only RunPlan installs it)");
        }
        factory = f;
    }

    /** The factory, after initializing {@code RunPlan} (which installs it) if nothing has yet. */
    static Function<PlanParts, RunPlan> factory() {
        Function<PlanParts, RunPlan> f = factory;
        if (f == null) {
            try {
                Class.forName(RunPlan.class.getName(), true, RunPlan.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("RunPlan cannot be loaded", e);
            }
            f = Objects.requireNonNull(factory, "RunPlan did not install the plan factory");
        }
        return f;
    }
}
