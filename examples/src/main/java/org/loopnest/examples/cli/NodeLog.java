package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The log of the worker node a command runs ({@code loopnest node}, a {@code --nodes slurm} worker task): what the
 * library logs under {@code org.loopnest} ({@code java.util.logging}) is printed on the command's standard error as
 * the command prints its own lines, {@code loopnest node: node listening on /127.0.0.1:4567 with device cpu} or
 * {@code loopnest node: coordinator /127.0.0.1:40212 authenticated} (the library's {@code "node: "} mark dropped),
 * instead of the JDK's two-line default on the process's. Warnings and errors (a coordinator refused, a connection
 * closed for silence) always; the node's progress ({@code INFO}: listening, each coordinator authenticated) only with
 * {@code --verbose}. Netty's own warnings ({@code io.netty}, e.g. a leaked buffer) are printed the same way, never its
 * lower levels.
 *
 * <p><b>Threading:</b> thread-safe. The logging configuration is the process's: while one is installed, the records
 * go to the installed logs only, each printing those of its level — in a JVM that runs several commands at once (the
 * tests play a Slurm step so), every installed log sees every command's records. <b>Ownership:</b> {@link #close()}
 * uninstalls it; the last one closed gives the records back to the JDK's handlers as they were set up before the
 * first was installed (a {@code logging.properties} that kept them from the JDK's handlers keeps doing so).
 */
final class NodeLog implements AutoCloseable {
    /** Held strongly: the logging framework keeps only weak references to its loggers, and with them their setup. */
    private static final Logger LIBRARY = Logger.getLogger("org.loopnest");
    /** Netty's loggers, when it logs through {@code java.util.logging} (no SLF4J or Log4j 2 on the class path). */
    private static final Logger NETTY = Logger.getLogger("io.netty");
    private static final List<NodeLog> INSTALLED = new ArrayList<>();
    /** Whether each logger used its parent's handlers before the first log was installed; guarded by INSTALLED. */
    private static boolean libraryUsedParents;
    private static boolean nettyUsedParents;

    private final Handler handler;
    private final Handler nettyHandler;

    private NodeLog(Handler handler, Handler nettyHandler) {
        this.handler = handler;
        this.nettyHandler = nettyHandler;
    }

    /**
     * Prints the library's log on {@code err} until closed.
     *
     * @param command the command's name, each line's prefix ({@code loopnest node})
     * @param verbose whether to print the {@code INFO} lines too
     * @return the installed log, which the caller closes when the command ends
     */
    static NodeLog install(String command, boolean verbose, PrintWriter err) {
        Handler handler = new CommandLines(command, err);
        handler.setLevel(verbose ? Level.INFO : Level.WARNING);
        Handler nettyHandler = new CommandLines(command, err);
        nettyHandler.setLevel(Level.WARNING);
        NodeLog log = new NodeLog(handler, nettyHandler);
        synchronized (INSTALLED) {
            if (INSTALLED.isEmpty()) {
                libraryUsedParents = LIBRARY.getUseParentHandlers();
                nettyUsedParents = NETTY.getUseParentHandlers();
                LIBRARY.setUseParentHandlers(false);
                NETTY.setUseParentHandlers(false);
            }
            INSTALLED.add(log);
            LIBRARY.addHandler(handler);
            NETTY.addHandler(nettyHandler);
        }
        return log;
    }

    /**
     * Stops printing; the last log closed hands the records back to the JDK's handlers, as they were before the first
     * was installed. Idempotent.
     */
    @Override
    public void close() {
        synchronized (INSTALLED) {
            if (INSTALLED.remove(this)) {
                LIBRARY.removeHandler(handler);
                NETTY.removeHandler(nettyHandler);
                if (INSTALLED.isEmpty()) {
                    LIBRARY.setUseParentHandlers(libraryUsedParents);
                    NETTY.setUseParentHandlers(nettyUsedParents);
                }
            }
        }
    }

    /** One line per record, {@code COMMAND: MESSAGE}, flushed at once. */
    private static final class CommandLines extends Handler {
        private static final String NODE = "node: ";
        private final String command;
        private final PrintWriter err;
        private final SimpleFormatter messages = new SimpleFormatter();

        CommandLines(String command, PrintWriter err) {
            this.command = command;
            this.err = err;
        }

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            String message = messages.formatMessage(record);
            // the library marks a node's lines "node: ", which the command's name says here
            String line = command + ": " + (message.startsWith(NODE) ? message.substring(NODE.length()) : message)
                    + (record.getThrown() != null ? ": " + record.getThrown() : "");
            synchronized (err) {
                err.println(line);
                err.flush();
            }
        }

        @Override
        public void flush() {
            err.flush();
        }

        @Override
        public void close() {
            flush();
        }
    }
}
