package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DevicesCommandTest {
    @Test
    void shouldListTheCpuTheSimulatedDeviceAndEachOpenClAndCudaDeviceOrWhyThereIsNone() {
        Cli run = Cli.run("devices");
        assertEquals(0, run.code(), run.err());
        String[] lines = run.out().strip().split("\\R");
        assertTrue(lines.length >= 5, run.out());
        assertTrue(lines[1].startsWith("cpu "), lines[1]);
        assertTrue(lines[2].matches("sim +16 MiB .*simulated accelerator.*"), lines[2]);
        assertTrue(lines[3].matches("opencl:0 .*|opencl +- +- +none: .*"), lines[3]);
        assertTrue(lines[lines.length - 1].matches("cuda:\\d+ .*|cuda +- +- +none: .*"), lines[lines.length - 1]);
    }

    @Test
    void shouldShowTheSimulatedDeviceAsConfigured() {
        Cli run = Cli.run("devices", "--device-memory", "1g", "--link-bandwidth", "2GB/s");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("1024 MiB") && run.out().contains("2000 MB/s"), run.out());
    }
}
