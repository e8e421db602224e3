package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;

/**
 * Counts what one connection has handed to its socket, so that a coordinator can tell a node that is still
 * reading a large frame over a slow link (the bytes keep leaving) from one that is gone (they do not). Sits first
 * in the pipeline, next to the socket, so that it counts the bytes as written there (encrypted under TLS).
 *
 * <p><b>Threading:</b> one instance per channel, used on that channel's event loop only. {@link #sent} never
 * overstates progress: a write queued since the previous call can only lower it (by Netty's per-message
 * bookkeeping overhead), never raise it.
 */
final class OutboundProgress extends ChannelOutboundHandlerAdapter {
    private long queued;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            queued += buf.readableBytes();
        }
        ctx.write(msg, promise);
    }

    /** Bytes waiting in the channel's outbound buffer (with Netty's per-message overhead), 0 once closed. */
    static long unsent(Channel channel) {
        ChannelOutboundBuffer out = channel.unsafe().outboundBuffer();
        return out == null ? 0 : out.totalPendingWriteBytes() - out.currentProgress();
    }

    /** A count that grows exactly when bytes leave the outbound buffer for the socket (see the class notes). */
    long sent(Channel channel) {
        return queued - unsent(channel);
    }
}
