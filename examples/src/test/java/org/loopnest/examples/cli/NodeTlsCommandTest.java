package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.Main;

/** {@code loopnest node --tls-cert --tls-key} and {@code weather --nodes … --tls-trust}: the TLS path end to end. */
@Tag("cluster")
class NodeTlsCommandTest {
    @TempDir
    Path dir;

    private static boolean openssl() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, "openssl"))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void shouldRunTheWeatherOnANodeOverTls() throws Exception {
        Assumptions.assumeTrue(openssl(), "openssl is not on the PATH: no PEM certificate can be made here");
        Path key = dir.resolve("node.key");
        Path cert = dir.resolve("node.crt");
        Process gen = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key.toString(), "-out", cert.toString(),
                "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost")
                .redirectErrorStream(true).start();
        byte[] genLog = gen.getInputStream().readAllBytes();
        assertTrue(gen.waitFor(1, TimeUnit.MINUTES) && gen.exitValue() == 0, new String(genLog));
        Path secret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Process node = new ProcessBuilder(LocalNodes.java(Main.class, "node", "--secret-file",
                secret.toString(), "--tls-cert", cert.toString(), "--tls-key", key.toString()))
                .redirectError(dir.resolve("node.log").toFile()).start();
        try {
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))
                            .readLine();
                } catch (IOException e) {
                    return "unreadable: " + e;
                }
            });
            String line = first.get(60, TimeUnit.SECONDS);
            assertTrue(line != null && line.startsWith("listening on 127.0.0.1:"), line + " / "
                    + Files.readString(dir.resolve("node.log")));
            String address = line.substring("listening on ".length());
            Cli run = Cli.run("weather", "--shape", "2,7,6,8", "--nodes", address, "--secret-file", secret.toString(),
                    "--tls-trust", cert.toString());
            assertEquals(0, run.code(), run.err());
            assertTrue(run.out().contains("verified: 672 points"), run.out());
            Cli plain = Cli.run("weather", "--shape", "2,7,6,8", "--nodes", address, "--secret-file",
                    secret.toString());
            assertEquals(2, plain.code(), plain.out());
            assertTrue(plain.err().contains("--nodes " + address + ": "), plain.err());
        } finally {
            node.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
