package org.loopnest.perf.ratio;

import java.util.Locale;

/**
 * The cost model of a file-to-file run on {@code N} worker nodes, in points per second. Each node computes
 * {@code nodeRate} points per second; each point reads {@code bytesIn} and writes {@code bytesOut} bytes of the shared
 * files, whose file system serves {@code diskBytesPerSecond} in all. Shipped, every byte also crosses the
 * coordinator's link, full duplex at {@code linkBytesPerSecond} each way, so its busier direction caps the run:
 * <pre>
 *   shipped(N)    = min(N × nodeRate, link ÷ max(bytesIn, bytesOut), disk ÷ (bytesIn + bytesOut))
 *   dataLocal(N)  = min(N × nodeRate, disk ÷ (bytesIn + bytesOut))
 * </pre>
 * Immutable.
 *
 * @param nodeRate           points per second of one node
 * @param linkBytesPerSecond the coordinator's link, each way
 * @param diskBytesPerSecond the shared files' bandwidth, reads and writes together
 * @param bytesIn            bytes read per point
 * @param bytesOut           bytes written per point
 */
record LinkModel(double nodeRate, double linkBytesPerSecond, double diskBytesPerSecond, int bytesIn, int bytesOut) {

    /** Checks that every rate and size is positive. */
    LinkModel {
        if (!(nodeRate > 0 && linkBytesPerSecond > 0 && diskBytesPerSecond > 0 && bytesIn > 0 && bytesOut > 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "link model: node rate %g, link %g, disk "
                    + "%g, bytes in %d, out %d per point (expected: all > 0)", nodeRate, linkBytesPerSecond,
                    diskBytesPerSecond, bytesIn, bytesOut));
        }
    }

    /** {@return the points per second of a shipped run on {@code nodes} nodes} */
    double shipped(int nodes) {
        return Math.min(dataLocal(nodes), linkBound());
    }

    /** {@return the points per second of a data-local run on {@code nodes} nodes} */
    double dataLocal(int nodes) {
        return Math.min(nodes * nodeRate, diskBound());
    }

    /** {@return the points per second the link lets through: the busier direction's bytes per point} */
    double linkBound() {
        return linkBytesPerSecond / Math.max(bytesIn, bytesOut);
    }

    /** {@return the points per second the shared files serve} */
    double diskBound() {
        return diskBytesPerSecond / (bytesIn + bytesOut);
    }

    /** {@return the same model with another link} */
    LinkModel withLink(double bytesPerSecond) {
        return new LinkModel(nodeRate, bytesPerSecond, diskBytesPerSecond, bytesIn, bytesOut);
    }

    /**
     * {@return a Markdown table of the throughput of both paths at each node count, in million points per second,
     * with what bounds each}
     */
    String table(int... nodes) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "link %.0f MB/s each way, files %.0f MB/s, "
                        + "node %.2f M points/s, %d + %d bytes per point:%n| nodes | shipped (M points/s) | data-local "
                        + "(M points/s) | data-local / shipped |%n| --- | --- | --- | --- |%n",
                linkBytesPerSecond / 1e6, diskBytesPerSecond / 1e6, nodeRate / 1e6, bytesIn, bytesOut));
        for (int n : nodes) {
            t.append(String.format(Locale.ROOT, "| %d | %.2f (%s) | %.2f (%s) | %.1f |%n", n, shipped(n) / 1e6,
                    bound(shipped(n), n), dataLocal(n) / 1e6, bound(dataLocal(n), n), dataLocal(n) / shipped(n)));
        }
        return t.toString();
    }

    private String bound(double rate, int nodes) {
        return rate == nodes * nodeRate ? "nodes" : rate == linkBound() ? "link" : "files";
    }
}
