package org.loopnest.format.netcdf;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The global {@code history} attribute as NetCDF tools keep it: one line per program that made the file, each starting
 * with its time. An output that copies its input's global attributes gets the input's lines and one more of its own,
 * appended ({@code 2026-11-27T21:40:00Z loopnest run --in …}). Stateless.
 */
public final class NetcdfHistory {
    private NetcdfHistory() {
    }

    /**
     * {@return {@code attributes} with {@code command}'s line appended to {@code history} (made if absent), in place
     * of the old one; the others as they were, in order}
     *
     * @param attributes the input's global attributes
     * @param command    what made the output, e.g. {@code loopnest weather --input era5.nc}
     * @param when       when (written to the second, UTC)
     */
    public static List<NetcdfAttribute> appended(List<NetcdfAttribute> attributes, String command, Instant when) {
        String line = when.truncatedTo(ChronoUnit.SECONDS) + " " + command;
        List<NetcdfAttribute> result = new ArrayList<>();
        boolean found = false;
        for (NetcdfAttribute a : attributes) {
            if (a.name().equals("history") && !found) {
                String old = a.type() == NetcdfType.CHAR ? a.text().stripTrailing() : "";
                result.add(NetcdfAttribute.text("history", old.isEmpty() ? line : old + "\n" + line));
                found = true;
            } else {
                result.add(a);
            }
        }
        if (!found) {
            result.add(NetcdfAttribute.text("history", line));
        }
        return List.copyOf(result);
    }
}
