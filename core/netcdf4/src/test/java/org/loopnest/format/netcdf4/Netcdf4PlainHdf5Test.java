package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An HDF5 file that is not NetCDF-4 (no dimension scales), written by jHDF itself: no tools needed. */
class Netcdf4PlainHdf5Test {
    @TempDir
    Path dir;

    @Test
    void shouldNamePhonyDimensionsByLengthAsNetcdfDoes() throws Exception {
        Path file = dir.resolve("plain.h5");
        try (WritableHdfFile w = HdfFile.write(file)) {
            w.putDataset("a", new float[][] {{1, 2, 3}, {4, 5, 6}});
            w.putDataset("b", new float[][] {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
        }
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            assertEquals(List.of("phony_dim_0", "phony_dim_1"), nc.variable("a").dimensionNames());
            assertEquals(List.of("phony_dim_1", "phony_dim_2"), nc.variable("b").dimensionNames());
            Netcdf4Variable a = nc.variable("a");
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(a.byteOrder().orElseThrow());
            float[] inPlace = new float[6];
            b.position((int) a.contiguousOffset().orElseThrow());
            b.asFloatBuffer().get(inPlace);
            assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, inPlace);
            Path raw = dir.resolve("b.f32");
            nc.unpackTo(nc.variable("b"), raw, 0f);
            float[] unpacked = new float[9];
            ByteBuffer.wrap(Files.readAllBytes(raw)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(unpacked);
            assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, unpacked);
        }
    }
}
