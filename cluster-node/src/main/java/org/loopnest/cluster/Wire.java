package org.loopnest.cluster;

/**
 * The wire format between a coordinator and a node, in one place. Every frame is
 *
 * <pre>
 *  0        4      5                13
 *  +--------+------+----------------+------------------------+
 *  | length | type | request id     | payload …              |
 *  | int32  | u8   | int64          | (length − 9 bytes)     |
 *  +--------+------+----------------+------------------------+
 * </pre>
 *
 * big-endian, {@code length} counting everything after itself: at most 1 KiB until the peer has authenticated (in
 * both directions: a node until the coordinator's {@code AUTH}, a coordinator until the node's proof), then at most
 * {@link #DEFAULT_MAX_FRAME} bytes unless configured otherwise; a longer frame closes the connection. A buffer holds
 * at most what one {@link #COPY_IN} frame carries ({@code maxFrame −} {@link #COPY_IN_HEADER_BYTES}). A reply
 * carries the id of its request. Strings are an int32 byte count and UTF-8 bytes.
 *
 * <p><b>Handshake</b> (before it nothing else is accepted; the secret never crosses the wire):
 * <ol>
 *   <li>coordinator → {@link #HELLO}: magic {@link #MAGIC}, version, 32-byte client nonce {@code cn};</li>
 *   <li>node → {@link #CHALLENGE}: version, 32-byte server nonce {@code sn}, {@code HMAC(secret, "node" ‖ cn ‖ sn)};
 *       or {@link #REFUSED} with a reason (wrong magic, unknown version) and the connection is closed;</li>
 *   <li>coordinator checks the node's proof, then → {@link #AUTH}: {@code HMAC(secret, "coordinator" ‖ sn ‖ cn)};</li>
 *   <li>node → {@link #READY}: its device (name, memory, largest allocation, compute units, whether it runs
 *       compiled kernels, description, maximum frame); or {@link #REFUSED} and close.</li>
 * </ol>
 * The server nonce is new for every connection, so a recorded {@code AUTH} cannot be replayed. A node closes a
 * connection that has not authenticated within its handshake timeout, and while too many are still
 * authenticating, in all or from one source, answers a new one at once with {@link #REFUSED} ({@code "node busy:
 * …"}) and closes it ({@link NodeConfig}). Nothing the coordinator pipelines behind {@code AUTH} is answered
 * before {@code READY}.
 *
 * <p><b>Requests</b> after the handshake: {@link #OPEN_RUN} (run description, {@code RunSpecCodec}; answered by
 * {@link #OK} with a string: how the node's device runs the kernel, e.g. {@code vector (FloatVector 512-bit, 16
 * lanes)}, empty on a device that runs compiled kernels), {@link #END_RUN} (the id of the
 * {@code OPEN_RUN} that opened the run; not answered, ignored unless that run is open), {@link #ALLOC} (bytes →
 * handle), {@link #FREE} (handle), {@link #COPY_IN} (handle, bytes, CRC32C, data), {@link #COPY_OUT} (handle, bytes →
 * {@link #DATA}: CRC32C, data), {@link #LAUNCH} (chunk number, first outer, outer count, first flat, iterations,
 * input, output and resident handles, −1 for none; answered by {@link #OK} with a string: how the node's device ran
 * the kernel, as for {@code OPEN_RUN} but after compiling for the chunks' layout); replies {@link #OK}, {@link
 * #HANDLE}, {@link #DATA} or {@link #ERROR} (message); a reply that does not parse (an {@code ERROR} without its
 * string) loses the node. A connection has at most one run open: an {@code OPEN_RUN} while one is open (or still being
 * set up) is answered with {@link #ERROR} and changes nothing; a run that fails to set up is not open. {@link #PING} is
 * answered by {@link #PONG}; the coordinator pings every {@code heartbeat} and declares the node lost after {@code
 * heartbeat × 5} in which it received no byte, unless it is itself still sending a large frame and bytes keep leaving
 * (the node cannot answer a ping queued behind it).
 *
 * <p><b>Data-local runs</b> (version 4): after {@code OPEN_RUN}'s {@code OK}, a coordinator whose run keeps its arrays
 * in files sends {@link #FILES}; a node started with data directories that sees the same files answers {@code OK}
 * with an empty string, and the run's chunks then come as {@link #LAUNCH_IN_PLACE} (no buffers, no copies: the node
 * reads the inputs and writes the outputs into the run's temporary files itself, forcing them before it answers); any
 * other answer keeps the shipped path. The run ends with {@link #END_RUN}, as a run without buffers does.
 */
public final class Wire {
    /** {@code LNST}: the first four bytes of every {@code HELLO}. */
    public static final int MAGIC = 0x4C4E5354;
    /**
     * The protocol version this build speaks (4: {@link #FILES} and {@link #LAUNCH_IN_PLACE}, a node doing a run's I/O
     * itself; 3: the kernel path in {@link #OPEN_RUN}, the node's path in the
     * {@link #OK} to {@code OPEN_RUN} and to {@link #LAUNCH}; 2: one run at a time per connection, ended by
     * {@link #END_RUN}).
     */
    public static final int VERSION = 4;
    /** Bytes of a nonce. */
    public static final int NONCE_BYTES = 32;
    /** Bytes of an HMAC-SHA256 proof. */
    public static final int PROOF_BYTES = 32;
    /** Bytes of the length prefix. */
    public static final int LENGTH_BYTES = 4;
    /** Bytes of type and request id after the length prefix. */
    public static final int HEADER_BYTES = 1 + 8;
    /** Bytes of a {@link #COPY_IN} frame before its data: type, request id, handle, byte count, CRC32C. */
    public static final int COPY_IN_HEADER_BYTES = HEADER_BYTES + 8 + 8 + 4;
    /** Bytes of a {@link #DATA} frame before its data: type, request id, CRC32C. */
    public static final int DATA_HEADER_BYTES = HEADER_BYTES + 4;
    /** The largest frame unless configured: 256 MiB, which bounds one chunk buffer on a node. */
    public static final int DEFAULT_MAX_FRAME = 256 << 20;

    /**
     * Bytes of a {@link #HELLO} payload: magic, version, client nonce. A longer one is read as far as this, so that a
     * coordinator of another version is told so rather than cut off.
     */
    static final int HELLO_BYTES = 4 + 4 + NONCE_BYTES;
    /** Bytes of an {@link #ALLOC} (bytes), {@link #FREE} (handle) or {@link #END_RUN} (run id) payload. */
    static final int ONE_LONG_BYTES = 8;
    /** Bytes of a {@link #COPY_OUT} payload: handle, byte count. */
    static final int COPY_OUT_BYTES = 8 + 8;
    /**
     * Bytes of a {@link #LAUNCH} payload: chunk number, first outer, outer count, first flat, iterations, then the
     * input, output and resident handles (a negative resident handle: none).
     */
    static final int LAUNCH_BYTES = 8 * 8;
    /** Bytes of a {@link #LAUNCH_IN_PLACE} payload: chunk number, first outer, outer count, first flat, iterations. */
    static final int LAUNCH_IN_PLACE_BYTES = 5 * 8;

    /** Handshake: coordinator's greeting. */
    public static final byte HELLO = 1;
    /** Handshake: node's challenge and proof. */
    public static final byte CHALLENGE = 2;
    /** Handshake: coordinator's proof. */
    public static final byte AUTH = 3;
    /** Handshake: the node accepts and describes its device. */
    public static final byte READY = 4;
    /** Handshake: the node refuses, with a reason, and closes. */
    public static final byte REFUSED = 5;
    /** Request: the run's description. */
    public static final byte OPEN_RUN = 10;
    /** Request: allocate device memory. */
    public static final byte ALLOC = 11;
    /** Reply to {@link #ALLOC}: the buffer's handle. */
    public static final byte HANDLE = 12;
    /** Request: free a buffer. */
    public static final byte FREE = 13;
    /** Request: bytes into a buffer. */
    public static final byte COPY_IN = 14;
    /** Request: bytes out of a buffer. */
    public static final byte COPY_OUT = 15;
    /** Reply to {@link #COPY_OUT}: the bytes. */
    public static final byte DATA = 16;
    /** Request: run one chunk. */
    public static final byte LAUNCH = 17;
    /** Request, not answered: the run opened by the {@link #OPEN_RUN} with this id has ended. */
    public static final byte END_RUN = 18;
    /** Reply: done. */
    public static final byte OK = 20;
    /** Reply: failed, with a message. */
    public static final byte ERROR = 21;
    /**
     * Request: the arrays of the open run as files the node may read and write itself ({@link LocalArrays}); answered
     * by {@link #OK} with a string: empty if the node will run the run's chunks where the files are, else why not (the
     * coordinator then ships the chunks).
     */
    public static final byte FILES = 24;
    /**
     * Request: run one chunk of the open run over the files the node accepted ({@link #FILES}): chunk number, first
     * outer, outer count, first flat, iterations, then the chunk's regions of the inputs that stay in the coordinator's
     * memory (int32 count; each: int32 placement index, int32 byte count, bytes); answered by {@link #OK} with how
     * the node's device ran the kernel (a string), the CRC32C of the chunk's outputs (int64), the nanoseconds the
     * chunk took on the node (int64) and the regions of the outputs that stay in the coordinator's memory (as the
     * inputs'), once its outputs in files are forced to storage.
     */
    public static final byte LAUNCH_IN_PLACE = 25;
    /** Heartbeat request. */
    public static final byte PING = 30;
    /** Heartbeat reply. */
    public static final byte PONG = 31;

    private Wire() {
    }
}
