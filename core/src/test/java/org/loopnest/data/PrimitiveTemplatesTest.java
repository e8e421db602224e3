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
    private static final Path TEMPLATES = Path.of("src/main/java");
    private static final Path GENERATED = Path.of("target/generated-sources/primitives");
    /** Each family as its file's path with {@code %s} for the type: the kernel-facing view, the runtime's code. */
    private static final List<String> FAMILIES = List.of("org/loopnest/data/%sView.java",
            "org/loopnest/internal/data/%sViews.java", "org/loopnest/internal/data/%sOps.java");
    private static final String[][] TYPES = {{"Double", "double", "DOUBLE"}, {"Int", "int", "INT"},
        {"Long", "long", "LONG"}};

    @Test
    void shouldGenerateEachTypeAsTheFloatTemplateWithItsNames() throws IOException {
        for (String family : FAMILIES) {
            List<String> template = Files.readAllLines(TEMPLATES.resolve(family.formatted("Float")));
            assertTrue(template.stream().anyMatch(line -> line.startsWith("// TEMPLATE")),
                    family.formatted("Float") + " is marked as a template");
            for (String[] type : TYPES) {
                String name = family.formatted(type[0]);
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
                assertFalse(Files.exists(TEMPLATES.resolve(family.formatted(type[0]))), family.formatted(type[0])
                        + " is generated from " + family.formatted("Float") + ", not kept by hand");
            }
        }
    }
}
