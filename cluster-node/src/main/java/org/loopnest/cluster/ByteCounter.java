package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the bytes a coordinator's connection to a node carries each way, next to the socket (so under TLS the
 * encrypted bytes): what a run's report says each worker's connection carried, and what shows that a data-local run
 * moves only descriptions through the coordinator. Counting only: Netty's traffic-shaping handlers count too, but
 * they also schedule and delay, which nothing here wants.
 *
 * <p><b>Threading:</b> one per channel, called on its event loop; {@link #sent()} and {@link #received()} may be read
 * from any thread.
 */
final class ByteCounter extends ChannelDuplexHandler {
    private final LongAdder sent = new LongAdder();
    private final LongAdder received = new LongAdder();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            received.add(buf.readableBytes());
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            sent.add(buf.readableBytes());
        }
        ctx.write(msg, promise);
    }

    /** {@return the bytes handed to the socket so far} */
    long sent() {
        return sent.sum();
    }

    /** {@return the bytes read from the socket so far} */
    long received() {
        return received.sum();
    }
}
