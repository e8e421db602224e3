package org.loopnest.examples.cli;

import java.util.concurrent.CountDownLatch;

/**
 * A coordinator in a JVM of its own for {@link LocalNodesTest}: starts one local node as {@code --nodes local:1}
 * does, prints {@code DIR PID} (the nodes' directory and the node's process id) and waits until it is killed.
 */
final class LocalNodesParent {
    private LocalNodesParent() {
    }

    /** Runs until killed; no arguments. */
    public static void main(String[] args) throws Exception {
        LocalNodes nodes = LocalNodes.start(1, DeviceSpec.parse("cpu"), 1);
        System.out.println(nodes.secretFile().getParent() + " " + nodes.processes().get(0).pid());
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
