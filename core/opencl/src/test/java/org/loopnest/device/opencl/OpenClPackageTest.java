package org.loopnest.device.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API package {@code org.loopnest.device.opencl} offers the device and its provider; discovery, device ids and
 * error checks are in {@code org.loopnest.internal.opencl}. Runs from the module's directory, as Surefire does.
 */
class OpenClPackageTest {
    private static final Path SOURCES = Path.of("src/main/java/org/loopnest/device/opencl");

    @Test
    void shouldOfferOnlyTheDeviceAndItsProvider() throws IOException {
        Set<String> published = new TreeSet<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.readString(f).contains("\npublic ")) {
                    published.add(f.getFileName().toString().replace(".java", ""));
                }
            }
        }
        assertEquals(Set.of("OpenClDevice", "OpenClProvider"), published, "public types of org.loopnest.device.opencl");
    }
}
