package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.cluster.files.FileIdentity;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.device.RunSpec;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;

/**
 * What a coordinator offers a node for a data-local run, and why it offers nothing: files described with their
 * identity (an output by the run's temporary file and its size), a small in-memory input sent as its values, what the
 * chunks cut of the arrays in memory (an output, a jagged input) shipped with each chunk; an in-memory input every
 * chunk reads whole that cannot be sent once keeps the shipped path, with the reason said. The offer survives the wire
 * unchanged.
 */
class DataLocalOfferTest {
    private static final IndexSpace SPACE = IndexSpace.of(4, 8).withNames("i", "j");
    private static final Split SPLIT = SPACE.split(1, 1);

    @TempDir
    Path dir;

    private Path file(String name, int floats) throws IOException {
        return Files.write(dir.resolve(name), new byte[floats * Float.BYTES]);
    }

    private static RunSpec run(Map<String, Path> outputs, ArrayBinding... bindings) {
        return new RunSpec(SPLIT, List.of(bindings), null, null, outputs);
    }

    @Test
    void shouldOfferFilesWithTheirIdentityAndASmallInputAsValues() throws IOException {
        Path a = file("a.f32", 32);
        Path temporary = file(".b.tmp", 32);
        ArrayBinding in = ArrayBinding.of("a", Role.IN, Holder.file(a, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, 0),
                SPACE);
        ArrayBinding c = ArrayBinding.of("c", Role.IN, new float[] {1, 2, 3, 4, 5, 6, 7, 8}, SPACE, "j");
        ArrayBinding out = ArrayBinding.of("b", Role.OUT, Holder.file(dir.resolve("b.f32"), ElementType.FLOAT,
                ByteOrder.LITTLE_ENDIAN, 0), SPACE);
        DataLocalOffer.Decision d = DataLocalOffer.of(run(Map.of("b", temporary), in, c, out), 1 << 20);
        assertEquals("", d.whyNot());
        LocalArrays offer = d.offer();
        LocalArrays.LocalArray fileA = offer.arrays().get(0);
        assertEquals(ByteOrder.BIG_ENDIAN, fileA.order());
        assertArrayEquals(new long[] {8, 1}, fileA.strides());
        assertEquals(FileIdentity.of(a), fileA.parts().get(0).identity());
        LocalArrays.LocalArray values = offer.arrays().get(1);
        assertTrue(values.sentAsValues());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6, 7, 8}, (float[]) InPlaceRun.values(ElementType.FLOAT,
                values.values()));
        LocalArrays.Part output = offer.arrays().get(2).parts().get(0);
        assertEquals(temporary.toAbsolutePath().toString(), output.path());
        assertNull(output.identity(), "an output has no identity to check, only its size");
        assertEquals(128, output.size());

        ByteBuf wire = Unpooled.buffer();
        offer.write(wire);
        LocalArrays back = LocalArrays.read(wire);
        assertEquals(0, wire.readableBytes());
        assertEquals(offer.arrays().size(), back.arrays().size());
        for (int k = 0; k < offer.arrays().size(); k++) {
            LocalArrays.LocalArray sent = offer.arrays().get(k);
            LocalArrays.LocalArray read = back.arrays().get(k);
            assertEquals(sent.name(), read.name());
            assertEquals(sent.type(), read.type());
            assertEquals(sent.order(), read.order());
            assertEquals(sent.offset(), read.offset());
            assertArrayEquals(sent.strides(), read.strides());
            assertEquals(sent.parts(), read.parts());
        }
        assertEquals(fileA.parts().get(0).identity(), back.arrays().get(0).parts().get(0).identity());
        assertArrayEquals(values.values(), back.arrays().get(1).values());
        assertEquals(output, back.arrays().get(2).parts().get(0));
    }

    @Test
    void shouldShipWhatTheChunksCutAndOfferNothingForAnInMemoryInputEveryChunkReadsWhole() throws IOException {
        Path a = file("a.f32", 32);
        ArrayBinding in = ArrayBinding.of("a", Role.IN, Holder.file(a, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, 0),
                SPACE);
        ArrayBinding outInMemory = ArrayBinding.of("b", Role.OUT, new float[32], SPACE);
        ArrayBinding jagged = ArrayBinding.of("g", Role.IN, new float[4][8], SPACE);
        LocalArrays mixed = DataLocalOffer.of(run(Map.of(), in, jagged, outInMemory), 1 << 20).offer();
        assertEquals(List.of(false, true, true), mixed.arrays().stream().map(LocalArrays.LocalArray::shipped)
                .toList(), "the file offered, the jagged input and the output in memory shipped with each chunk");

        ArrayBinding everyChunk = ArrayBinding.of("w", Role.IN, Holder.of(java.nio.ByteBuffer.allocate(32),
                ElementType.FLOAT), SPACE, "j");
        assertEquals("in 'w' is a buffer array in the coordinator's memory that every chunk reads whole (expected: "
                + "files, or small flat arrays for what every chunk reads)",
                DataLocalOffer.of(run(Map.of(), in, everyChunk, outInMemory), 1 << 20).whyNot());

        assertEquals("the run's arrays are in the coordinator's memory", DataLocalOffer.of(run(Map.of(),
                ArrayBinding.of("x", Role.IN, new float[32], SPACE), outInMemory), 1 << 20).whyNot());
        ArrayBinding out = ArrayBinding.of("b", Role.OUT, Holder.file(dir.resolve("b.f32"), ElementType.FLOAT,
                ByteOrder.LITTLE_ENDIAN, 0), SPACE);
        assertEquals("out 'b': the run did not say which file its bytes go to",
                DataLocalOffer.of(run(Map.of(), in, out), 1 << 20).whyNot());
    }

    @Test
    void shouldHaveANodeDeclineAnOutputThatWouldOverwriteAnInput() throws IOException {
        Path a = file("a.f32", 32);
        ArrayBinding in = ArrayBinding.of("a", Role.IN, Holder.file(a, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0),
                SPACE);
        ArrayBinding out = ArrayBinding.of("b", Role.OUT, Holder.file(dir.resolve("b.f32"), ElementType.FLOAT,
                ByteOrder.LITTLE_ENDIAN, 0), SPACE);
        RunSpec run = run(Map.of("b", a), in, out); // a coordinator naming the input as the output's file
        LocalArrays offer = DataLocalOffer.of(run, 1 << 20).offer();
        List<ArrayBinding> described = List.of(
                ArrayBinding.descriptor("a", Role.IN, ElementType.FLOAT, SPACE, new int[] {0, 1}),
                ArrayBinding.descriptor("b", Role.OUT, ElementType.FLOAT, SPACE, new int[] {0, 1}));
        try (org.loopnest.device.cpu.CpuDevice cpu = new org.loopnest.device.cpu.CpuDevice(1)) {
            RunSlot.Prepared prepared = RunSlot.Prepared.of(new RunSpec(SPLIT, described, null, null), cpu);
            InPlaceRun.Answer answer = InPlaceRun.accept(7, offer, prepared, cpu,
                    org.loopnest.cluster.files.DataDirs.of(List.of(dir)));
            assertNull(answer.run());
            assertEquals("out 'b' would be written into " + a.toRealPath() + ", one of the run's inputs (expected: "
                    + "outputs into the run's own temporary files)", answer.whyNot());
            InPlaceRun.Answer none = InPlaceRun.accept(7, offer, prepared, cpu,
                    org.loopnest.cluster.files.DataDirs.NONE);
            assertEquals("the node was started without --data-dir", none.whyNot());
        }
    }

    @Test
    void shouldRefuseAMalformedOfferOnTheWire() {
        ByteBuf wire = Unpooled.buffer().writeInt(-1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LocalArrays.read(wire));
        assertEquals("-1 arrays (expected: 0 to " + LocalArrays.MAX_ARRAYS + ")", e.getMessage());
        ByteBuf truncated = Unpooled.buffer().writeInt(1);
        assertThrows(IndexOutOfBoundsException.class, () -> LocalArrays.read(truncated));
    }
}
