package org.loopnest.error;

/**
 * A generated kernel did not compile on a device. Carries the device compiler's log and the generated source;
 * the message holds both, the source with line numbers, so that a log's line references can be followed.
 * Nothing ran: the runtime never falls back to another device.
 */
public class KernelCompileException extends LoopNestException {
    /** The device's name. */
    private final String device;
    /** The compiler's output. */
    private final String log;
    /** The generated source. */
    private final String source;

    /**
     * @param device   the device's name
     * @param compiler what compiled, e.g. {@code OpenCL clBuildProgram} or {@code nvcc -ptx}
     * @param log      the compiler's output
     * @param source   the source it was given
     */
    public KernelCompileException(String device, String compiler, String log, String source) {
        super("kernel did not compile on device " + device + " (" + compiler + "):\n" + log.strip()
                + "\n--- generated source ---\n" + numbered(source));
        this.device = device;
        this.log = log;
        this.source = source;
    }

    /**
     * {@code source} with each line prefixed by its number, from 1.
     *
     * @param source a program's text
     * @return {@code source} with each line prefixed by its number, from 1
     */
    public static String numbered(String source) {
        String[] lines = source.split("\n", -1);
        StringBuilder out = new StringBuilder();
        int width = Integer.toString(lines.length).length();
        for (int i = 0; i < lines.length; i++) {
            out.append(String.format("%" + width + "d| %s%n", i + 1, lines[i]));
        }
        return out.toString();
    }

    /** {@return the device's name} */
    public String device() {
        return device;
    }

    /** {@return the compiler's output} */
    public String log() {
        return log;
    }

    /** {@return the source that failed} */
    public String source() {
        return source;
    }
}
