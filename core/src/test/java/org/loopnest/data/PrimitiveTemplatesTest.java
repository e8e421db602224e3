package org.loopnest.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The double, int and long versions of each primitive family are generated from the hand-written float template at
 * generate-sources (core/pom.xml), with the template's exact shape: the same lines with the type names replaced.
 * Runs from the module's directory, as Surefire does.
 */
class PrimitiveTemplatesTest {
    private static final Path TEMPLATES = Path.of("src/main/java/org/loopnest/data");
    private static final Path GENERATED = Path.of("target/generated-sources/primitives/org/loopnest/data");
    private static final List<String> FAMILIES = List.of("View", "Views", "Ops");
    private static final String[][] TYPES = {{"Double", "double", "DOUBLE"}, {"Int", "int", "INT"},
        {"Long", "long", "LONG"}};

    @Test
    void shouldGenerateEachTypeAsTheFloatTemplateWithItsNames() throws IOException {
        for (String family : FAMILIES) {
            List<String> template = Files.readAllLines(TEMPLATES.resolve("Float" + family + ".java"));
            assertTrue(template.stream().anyMatch(line -> line.startsWith("// TEMPLATE")),
                    "Float" + family + " is marked as a template");
            for (String[] type : TYPES) {
                String name = type[0] + family + ".java";
                List<String> expected = template.stream().filter(line -> !line.startsWith("// TEMPLATE"))
                        .map(line -> line.replace("Float", type[0]).replace("float", type[1])
                                .replace("FLOAT", type[2]))
                        .collect(Collectors.toList());
                List<String> generated = Files.readAllLines(GENERATED.resolve(name), StandardCharsets.UTF_8);
                assertTrue(generated.get(0).startsWith("// GENERATED"), name + " says it is generated");
                assertEquals(String.join("\n", expected), String.join("\n", generated.subList(1, generated.size())),
                        name);
            }
        }
    }

    @Test
    void shouldKeepNoHandWrittenCopyOfAGeneratedType() {
        for (String family : FAMILIES) {
            for (String[] type : TYPES) {
                assertFalse(Files.exists(TEMPLATES.resolve(type[0] + family + ".java")),
                        type[0] + family + ".java is generated from Float" + family + ".java, not kept by hand");
            }
        }
    }
}
