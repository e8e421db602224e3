package org.loopnest.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README's list of API packages is exactly what the build's javadoc publishes: every package of the library
 * modules' main sources less the root pom's {@code loopnest.javadoc.internalPackages}; every package under
 * {@code org.loopnest.internal} says in its {@code package-info} that it is not API.
 */
class ApiPackagesTest {
    /** The repository: the parent of this module's directory (Surefire's {@code basedir}). */
    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize()
            .getParent();
    private static final List<String> LIBRARY_MODULES =
            List.of("core", "core/opencl", "core/cuda", "core/netcdf4", "serializer", "scheduler", "cluster-node");

    @Test
    void shouldListInReadmeExactlyThePackagesTheJavadocPublishes() throws IOException {
        Set<String> all = libraryPackages();
        List<String> internal = internalPatterns();
        for (String pattern : internal) {
            assertTrue(all.stream().anyMatch(p -> matches(pattern, p)),
                    "the pom names a package that does not exist: " + pattern);
        }
        Set<String> published = new TreeSet<>(all);
        published.removeIf(p -> internal.stream().anyMatch(pattern -> matches(pattern, p)));
        assertEquals(published, readmeApiPackages());
    }

    @Test
    void shouldMarkEveryInternalPackageAsNotApi() throws IOException {
        for (String module : LIBRARY_MODULES) {
            Path sources = ROOT.resolve(module).resolve("src/main/java");
            for (String pkg : packagesOf(sources)) {
                if (pkg.startsWith("org.loopnest.internal.")) {
                    Path info = sources.resolve(pkg.replace('.', '/')).resolve("package-info.java");
                    assertTrue(Files.exists(info) && Files.readString(info).contains("Internal: not API"),
                            info + " must say 'Internal: not API'");
                }
            }
        }
    }

    @Test
    void shouldMatchAWildcardPatternOnlyToSubpackages() {
        assertTrue(matches("org.loopnest.internal.*", "org.loopnest.internal.trace"));
        assertTrue(matches("org.loopnest.internal.*", "org.loopnest.internal.trace.svg"));
        assertFalse(matches("org.loopnest.internal.*", "org.loopnest.internals"));
        assertFalse(matches("org.loopnest.trace", "org.loopnest.trace.svg"));
        assertTrue(matches("org.loopnest.trace", "org.loopnest.trace"));
    }

    /** Every package with a class in the library modules' main sources. */
    private static Set<String> libraryPackages() throws IOException {
        Set<String> all = new TreeSet<>();
        for (String module : LIBRARY_MODULES) {
            all.addAll(packagesOf(ROOT.resolve(module).resolve("src/main/java")));
        }
        return all;
    }

    private static Set<String> packagesOf(Path sources) throws IOException {
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"))
                    .map(f -> sources.relativize(f.getParent()).toString().replace('/', '.'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /**
     * Whether a package matches an entry of the pom's list the way the javadoc plugin's {@code excludePackageNames}
     * reads it: {@code x.*} is every subpackage of {@code x}, anything else one package.
     */
    private static boolean matches(String pattern, String pkg) {
        return pattern.endsWith(".*") ? pkg.startsWith(pattern.substring(0, pattern.length() - 1)) : pkg.equals(pattern);
    }

    /** The root pom's {@code loopnest.javadoc.internalPackages}, colon-separated. */
    private static List<String> internalPatterns() throws IOException {
        Matcher m = Pattern.compile("<loopnest.javadoc.internalPackages>([^<]*)</")
                .matcher(Files.readString(ROOT.resolve("pom.xml")));
        assertTrue(m.find(), "the root pom has no loopnest.javadoc.internalPackages");
        return Arrays.asList(m.group(1).strip().split(":"));
    }

    /** The packages README's "The API packages" sentence names ({@code .x} standing for {@code org.loopnest.x}). */
    private static Set<String> readmeApiPackages() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int from = readme.indexOf("The API packages");
        int to = readme.indexOf(" are internal", from);
        assertTrue(from >= 0 && to > from, "README has no 'The API packages ... are internal' paragraph");
        String listed = readme.substring(from, readme.lastIndexOf(".\n", to));
        Set<String> packages = new TreeSet<>();
        Matcher m = Pattern.compile("`(org\\.loopnest[a-z0-9.]*|\\.[a-z][a-z0-9.]*)`").matcher(listed);
        while (m.find()) {
            packages.add(m.group(1).startsWith(".") ? "org.loopnest" + m.group(1) : m.group(1));
        }
        return packages;
    }
}
