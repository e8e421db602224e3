package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API package {@code org.loopnest.device.cuda} offers the device, its provider, the driver check and the PTX
 * compiler README teaches; device and pinned memory are in {@code org.loopnest.internal.cuda}. Runs from the
 * module's directory, as Surefire does.
 */
class CudaPackageTest {
    private static final Path SOURCES = Path.of("src/main/java/org/loopnest/device/cuda");

    @Test
    void shouldOfferOnlyTheDeviceItsProviderTheDriverCheckAndThePtxCompiler() throws IOException {
        Set<String> published = new TreeSet<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.readString(f).contains("\npublic ")) {
                    published.add(f.getFileName().toString().replace(".java", ""));
                }
            }
        }
        assertEquals(Set.of("CudaDevice", "CudaDriver", "CudaProvider", "PtxCompiler"), published,
                "public types of org.loopnest.device.cuda");
    }
}
