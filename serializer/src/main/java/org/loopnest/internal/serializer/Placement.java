package org.loopnest.internal.serializer;

import java.nio.ByteBuffer;
import org.loopnest.data.ArrayBinding;

/**
 * Where one array lives in the chunk buffers.
 *
 * @param binding      the array
 * @param resident     whether it is indexed only by inner loops, so packed once per run into the resident buffer
 * @param regionOffset byte offset of its region in its buffer (input, output or resident)
 * @param slabElements elements per outer iteration: the product of the extents of its inner indices
 * @param innerDims    its indices that are inner loops ({@code j ≥ d}), in nest order
 * @param innerStrides row-major strides of those indices within one slab
 * @param regionBytes  bytes of its region for a full chunk
 */
public record Placement(ArrayBinding binding, boolean resident, long regionOffset, long slabElements,
                        int[] innerDims, long[] innerStrides, long regionBytes) {

    /** {@return the element position of the region's start in a typed view of its buffer} */
    public int regionElement() {
        return (int) (regionOffset / binding.type().bytes());
    }

    /**
     * {@return bytes of the region used by a chunk of {@code outerCount} outer iterations}
     *
     * @param outerCount the chunk's outer iterations
     */
    public long usedBytes(long outerCount) {
        return resident ? regionBytes : outerCount * slabElements * binding.type().bytes();
    }

    /**
     * {@return a view of {@code buffer} from the region's start to the end of the bytes that a chunk of
     * {@code outerCount} outer iterations uses in it} The view has its own position and limit; {@code buffer}'s stay.
     *
     * @param buffer a chunk buffer of this placement's layout
     * @param outerCount the chunk's outer iterations
     */
    public ByteBuffer usedRegion(ByteBuffer buffer, long outerCount) {
        int from = (int) regionOffset;
        return buffer.duplicate().clear().position(from).limit(from + (int) usedBytes(outerCount));
    }
}
