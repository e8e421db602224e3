package org.loopnest.device;

/**
 * A JVM that {@link DirectMemoryTest} starts with little direct memory: asks for more staging memory and more
 * device memory than it has, and prints what each request threw, one line each.
 */
final class DirectMemoryChild {
    private DirectMemoryChild() {
    }

    public static void main(String[] args) {
        long bytes = Long.parseLong(args[0]);
        try {
            HostStaging.direct(bytes).close();
            System.out.println("staging allocated");
        } catch (RuntimeException | OutOfMemoryError e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        try {
            new HostBuffer(bytes, released -> { }).close();
            System.out.println("device memory allocated");
        } catch (RuntimeException | OutOfMemoryError e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
