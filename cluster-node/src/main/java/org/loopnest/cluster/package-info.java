/**
 * The cluster node: a Netty worker process ({@link org.loopnest.cluster.NodeServer}) that runs chunks on its
 * local device, and the client ({@link org.loopnest.cluster.Cluster}, {@link org.loopnest.cluster.RemoteDevice})
 * that makes a remote node look like one more {@link org.loopnest.device.Device} to the scheduler.
 *
 * <p>The wire format is described in one place, {@link org.loopnest.cluster.Wire}: length-prefixed frames
 * (Netty's {@code LengthFieldBasedFrameDecoder}), a versioned handshake with mutual HMAC-SHA256
 * challenge–response on a shared secret that never crosses the wire, CRC32C over every chunk payload, heartbeats,
 * and optional TLS ({@code SslHandler}). A node executes nothing for a peer that has not authenticated.
 *
 * <p>On a node, each connection's pipeline reads, in order: TLS if configured, idle detection, frames ({@code
 * LengthFieldBasedFrameDecoder}, 1 KiB at most until the peer authenticates), {@code RequestDecoder} (frames to
 * one immutable {@code NodeRequest} record per kind, the only place a node reads the layouts), {@code
 * NodeHandshakeHandler} (the handshake; it lifts the frame size, switches the decoder to requests and removes
 * itself once the coordinator is proven) and {@code RequestDispatcher} (requests to the device, answers back).
 * Each is tested on its own in Netty's {@code EmbeddedChannel}.
 *
 * <p>Connecting: {@code Cluster.open} connects once to each node, one after another, and fails if one cannot be
 * reached. {@code Cluster.openAvailable} is for nodes that may still be starting (the workers of a Slurm step): a
 * {@code NodeDialer} per node, all at once, each on its node's own event loop, runs {@code NodeAttempt}s (one
 * non-blocking connect and handshake each) with a backoff until the node answers or the wait is over; the result
 * ({@code Connections}) lists the devices and the nodes {@code Unreachable}, each named by its {@code NodeAddress}.
 * {@code Cluster.openAvailableOrLate} lets a handshake under way at the end of the wait finish and hands its device
 * over ({@code Unreachable.late()}), for a caller that adds late nodes to its run.
 * On a node, {@code NodeServer.firstCoordinatorJoined()} and {@code firstCoordinatorLeft()} tell a worker started for
 * one coordinator when it came and when it went.
 *
 * <p><b>Data-local runs:</b> when a run keeps its arrays in files, {@code RemoteDevice} offers them to its node
 * ({@code DataLocalOffer}, {@code LocalArrays}); a node started with data directories
 * ({@link org.loopnest.cluster.files.DataDirs}) that sees the same files
 * ({@link org.loopnest.cluster.files.FileIdentity}) binds them ({@code InPlaceRun}) and runs each chunk it is sent with
 * its own positional reads and writes ({@code LocalChunks}), so that only descriptions cross the coordinator's socket
 * ({@code ByteCounter} counts what does); otherwise chunks are shipped. See README, "Workers that do their own I/O".
 *
 * <p><b>Threading:</b> the node answers on Netty's event loop and runs chunks on its device's own threads; a
 * remote device may be used from any thread, like every device. <b>Failure:</b> a node that disconnects or
 * misses its heartbeats fails every pending operation with {@link org.loopnest.error.DeviceLostException}, which
 * the scheduler answers by running that node's chunks elsewhere.
 */
package org.loopnest.cluster;
