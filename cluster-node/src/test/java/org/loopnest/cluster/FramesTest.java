package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Frames a caller gave up on are still released. */
class FramesTest {

    @Test
    void shouldReleaseAReplyThatArrivesAfterTheCallerStoppedWaiting() {
        CompletableFuture<ByteBuf> late = new CompletableFuture<>();
        Frames.releaseWhenReplied(late);
        ByteBuf frame = Unpooled.directBuffer(16);
        late.complete(frame);
        assertEquals(0, frame.refCnt());
    }

    @Test
    void shouldReleaseAReplyThatArrivedJustBeforeTheCallerGaveUp() {
        ByteBuf frame = Unpooled.directBuffer(16);
        Frames.releaseWhenReplied(CompletableFuture.completedFuture(frame));
        assertEquals(0, frame.refCnt());
    }
}
