package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * {@link NodeLog}: a worker's log lines read as the command's own, Netty's warnings included, and closing the last log
 * gives back the logging setup found, not the JDK's default.
 */
class NodeLogTest {
    /** Held strongly while a test sets it up. */
    private static final Logger LIBRARY = Logger.getLogger("org.loopnest");

    @Test
    void shouldKeepALoggingSetupThatKeptTheLibraryFromTheJdksHandlers() {
        boolean before = LIBRARY.getUseParentHandlers();
        LIBRARY.setUseParentHandlers(false); // as a logging.properties with org.loopnest.useParentHandlers=false
        try {
            NodeLog.install("loopnest node", false, new PrintWriter(new StringWriter())).close();
            assertFalse(LIBRARY.getUseParentHandlers(), "the last log closed gave the records to the JDK's handlers");
        } finally {
            LIBRARY.setUseParentHandlers(before);
        }
    }

    @Test
    void shouldPrintNettysWarningsAsTheCommandsOwnLinesAndNotItsLowerLevels() {
        StringWriter err = new StringWriter();
        Logger netty = Logger.getLogger("io.netty.util.ResourceLeakDetector");
        try (NodeLog log = NodeLog.install("loopnest node", true, new PrintWriter(err))) {
            netty.warning("LEAK: ByteBuf.release() was not called before it's garbage-collected");
            netty.info("not printed: Netty's progress");
        }
        assertEquals("loopnest node: LEAK: ByteBuf.release() was not called before it's garbage-collected"
                + System.lineSeparator(), err.toString());
    }
}
