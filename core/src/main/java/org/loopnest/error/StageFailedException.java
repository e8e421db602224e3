package org.loopnest.error;

import java.util.Arrays;
import java.util.Optional;
import org.loopnest.report.Stage;

/**
 * A pipeline stage failed on one chunk: the run was stopped, its threads ended and its buffers released.
 * For a kernel that threw, {@link #indices()} holds the indices of the iteration that threw.
 */
public class StageFailedException extends LoopNestException {
    /** The stage that failed. */
    private final Stage stage;
    /** The chunk it failed on. */
    private final long chunk;
    /** The name of the device it failed on. */
    private final String device;
    /** The failing iteration's loop indices, or {@code null}. */
    private final long[] indices;

    /**
     * @param stage the stage that failed
     * @param chunk the chunk it failed on
     * @param device the name of the device it failed on
     * @param indices the failing iteration's loop indices, or {@code null} when not known
     * @param cause what the stage threw
     */
    public StageFailedException(Stage stage, long chunk, String device, long[] indices, Throwable cause) {
        super(message(stage, chunk, device, indices, cause), cause);
        this.stage = stage;
        this.chunk = chunk;
        this.device = device;
        this.indices = indices == null ? null : indices.clone();
    }

    private static String message(Stage stage, long chunk, String device, long[] indices, Throwable cause) {
        return "stage " + stage + " failed on chunk " + chunk
                + (indices == null ? "" : " at indices " + Arrays.toString(indices))
                + " (device " + device + "): " + cause;
    }

    /** {@return the stage that failed} */
    public Stage stage() {
        return stage;
    }

    /** {@return the number of the chunk being processed} */
    public long chunk() {
        return chunk;
    }

    /** {@return the device's name} */
    public String device() {
        return device;
    }

    /** {@return the loop indices of the iteration that failed, when the failure is a kernel's} */
    public Optional<long[]> indices() {
        return Optional.ofNullable(indices).map(long[]::clone);
    }
}
