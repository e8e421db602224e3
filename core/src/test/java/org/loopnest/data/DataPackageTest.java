package org.loopnest.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API package {@code org.loopnest.data} offers the types a user binds arrays with and a kernel reads them
 * through; how views are made, elements copied and overlaps found is in {@code org.loopnest.internal.data}. Runs from
 * the module's directory, as Surefire does.
 */
class DataPackageTest {
    private static final Path SOURCES = Path.of("src/main/java/org/loopnest/data");

    @Test
    void shouldOfferOnlyTheTypesUsersBindAndReadArraysWith() throws IOException {
        Set<String> published = new TreeSet<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString().replace(".java", "");
                if (Files.readString(f).contains("\npublic ")) {
                    published.add(name);
                }
            }
        }
        assertEquals(Set.of("ArrayBinding", "BufferHolder", "ElementType", "FileHolder", "FilePart", "FlatHolder",
                "FloatView", "Holder", "JaggedHolder", "LinearHolder", "Role"), published,
                "public types of org.loopnest.data");
    }
}
