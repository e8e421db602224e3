package org.loopnest.perf.report;

/**
 * The machine a figure was measured on: what a reader needs to compare two figures, and nothing that identifies
 * a host. Immutable.
 *
 * @param cores the processors the JVM sees ({@link Runtime#availableProcessors()})
 * @param jvm   the JVM's name and runtime version
 * @param os    the operating system and architecture
 */
public record Machine(int cores, String jvm, String os) {

    /** The machine this JVM runs on. */
    public static Machine current() {
        return new Machine(Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    }

    /** One line, e.g. {@code 2 cores, OpenJDK 64-Bit Server VM 17.0.15+6, Linux amd64}. */
    public String describe() {
        return cores + " cores, " + jvm + ", " + os;
    }
}
