package org.loopnest.cluster;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A relay on loopback between one coordinator and a node that reads the coordinator's frames one by one, notes
 * their types, and in every {@link Wire#OPEN_RUN} replaces the bytes of one text by another of the same length
 * (so no length field changes): a body that the coordinator checked, altered on its way, as a node that cannot
 * compile it would see it. The node's answers pass as they are. Two daemon threads; closing ends them.
 */
final class RewritingLink extends LoopbackLink {
    private final byte[] from;
    private final byte[] to;
    private final List<Byte> upstreamTypes = new CopyOnWriteArrayList<>();

    private RewritingLink(byte[] from, byte[] to) throws IOException {
        this.from = from;
        this.to = to;
    }

    /** Listens on loopback and relays the first connection to {@code nodePort}, rewriting {@code from} to {@code to}. */
    static RewritingLink start(int nodePort, String from, String to) throws IOException {
        byte[] bytes = from.getBytes(StandardCharsets.UTF_8);
        byte[] replacement = to.getBytes(StandardCharsets.UTF_8);
        if (bytes.length != replacement.length) {
            throw new IllegalArgumentException("'" + from + "' and '" + to + "' differ in length (expected: the "
                    + "same number of UTF-8 bytes)");
        }
        RewritingLink link = new RewritingLink(bytes, replacement);
        link.start(nodePort, "rewriting-link");
        return link;
    }

    /** {@return the types of the frames the coordinator sent so far, in order} */
    List<Byte> upstreamTypes() {
        return List.copyOf(upstreamTypes);
    }

    @Override
    void relay(Socket coordinator, Socket node) throws IOException {
        copyInBackground(node, coordinator, "rewriting-link-down");
        relayFrames(new DataInputStream(coordinator.getInputStream()), new DataOutputStream(node.getOutputStream()));
    }

    private void relayFrames(DataInputStream in, DataOutputStream out) throws IOException {
        while (true) {
            int length = in.readInt();
            byte[] frame = new byte[length];
            in.readFully(frame);
            upstreamTypes.add(frame[0]);
            if (frame[0] == Wire.OPEN_RUN) {
                replace(frame);
            }
            out.writeInt(length);
            out.write(frame);
            out.flush();
        }
    }

    private void replace(byte[] frame) {
        for (int k = 0; k + from.length <= frame.length; k++) {
            if (java.util.Arrays.equals(frame, k, k + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, frame, k, to.length);
            }
        }
    }
}
