package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.io.IOException;
import java.net.SocketException;
import org.junit.jupiter.api.Test;

/**
 * Why a node's connection was lost reads as words, then the exception's class — not the exception's text run into
 * what follows it ({@code "lost: connection failed: java.net.SocketException: Connection reset after 0 chunks"}).
 */
class NodeLossReasonTest {

    @Test
    void shouldSayAResetConnectionInWordsThenTheExceptionsClass() {
        assertEquals("device slurm-task-1@vm:17665 lost: connection reset (java.net.SocketException)",
                lostWith(new SocketException("Connection reset")));
    }

    @Test
    void shouldNameTheExceptionInsideADecodersAndKeepAnAcronymAsItIs() {
        assertEquals("device slurm-task-1@vm:17665 lost: SSL engine closed (java.io.IOException)",
                lostWith(new DecoderException(new IOException("SSL engine closed"))));
    }

    @Test
    void shouldKeepTheMessageAndClassOfAnIoExceptionThatHasACause() {
        assertEquals("device slurm-task-1@vm:17665 lost: broken pipe (java.io.IOException)",
                lostWith(new IOException("Broken pipe", new IllegalStateException("inner"))));
    }

    @Test
    void shouldNameTheExceptionsClassAloneWithoutAMessage() {
        assertEquals("device slurm-task-1@vm:17665 lost: java.io.IOException", lostWith(new IOException()));
    }

    /** The loss a node's connection failing with {@code cause} makes. */
    private static String lostWith(Throwable cause) {
        ClientHandler handler = new ClientHandler("slurm-task-1@vm:17665", new OutboundProgress());
        EmbeddedChannel channel = new EmbeddedChannel(handler);
        channel.pipeline().fireExceptionCaught(cause);
        channel.finishAndReleaseAll();
        return handler.lost().getMessage();
    }
}
