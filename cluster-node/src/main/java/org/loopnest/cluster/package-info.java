/**
 * The cluster node: a Netty worker process that runs chunks on its local devices, and the client that makes a
 * remote node look like one more {@link org.loopnest.device.Device} to the scheduler.
 *
 * <p>Not implemented yet: this module is part of the build so that the layout and the dependency direction
 * (cluster-node → scheduler → serializer → core) are fixed; the node arrives with its own issue.
 */
package org.loopnest.cluster;
