package org.loopnest.cluster;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ends a connection the node will not serve now (too many still authenticating): sends {@link Wire#REFUSED} with
 * the reason, so that a coordinator turned away can say why, then closes. Reads nothing the peer sends. Behind TLS
 * the reason goes out once the TLS handshake is done; the connection is closed after {@code deadline} in any case,
 * and while {@code limit} such connections are already waiting to be told, the next is closed without a reason, so
 * that connections turned away cannot pile up. Runs on the connection's event loop.
 */
final class TurnAway extends ChannelInboundHandlerAdapter {
    private final String reason;
    private final Duration deadline;
    private final AtomicInteger telling;
    private final int limit;
    private boolean counted; // event loop only, like the next
    private ScheduledFuture<?> closing;

    /**
     * @param telling the node's count of connections being told why they are turned away, shared by all
     */
    TurnAway(String reason, Duration deadline, AtomicInteger telling, int limit) {
        this.reason = reason;
        this.deadline = deadline;
        this.telling = telling;
        this.limit = limit;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (telling.getAndUpdate(n -> n < limit ? n + 1 : n) >= limit) {
            ctx.close();
            return;
        }
        counted = true;
        closing = ctx.executor().schedule(() -> ctx.close(), deadline.toNanos(), TimeUnit.NANOSECONDS);
        ctx.writeAndFlush(Replies.refused(ctx.alloc(), reason)).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (counted) {
            counted = false;
            telling.decrementAndGet();
            closing.cancel(false);
        }
        ctx.fireChannelInactive();
    }
}
