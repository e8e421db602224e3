package org.loopnest.cluster;

import io.netty.handler.codec.CorruptedFrameException;

/**
 * A frame that does not follow {@link Wire}'s layout (shorter than its kind's payload, an unknown type, a length
 * field that disagrees with the bytes that follow), raised by {@link RequestDecoder} with a message saying what was
 * expected. Before authentication the node answers it with {@link Wire#REFUSED} and that message; after, it logs it
 * and closes the connection. Travels the pipeline as {@code exceptionCaught}; being a {@link
 * io.netty.handler.codec.DecoderException}, it is not wrapped again.
 */
final class MalformedFrameException extends CorruptedFrameException {
    private static final long serialVersionUID = 1L;

    MalformedFrameException(String message) {
        super(message);
    }

    MalformedFrameException(String message, Throwable cause) {
        super(message, cause);
    }
}
