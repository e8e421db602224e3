package org.loopnest.format.grads;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetVariable;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfLevels;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.internal.format.Quoted;

/**
 * A GrADS descriptor as a {@link DatasetCatalog}: its {@code VARS} as variables of dimensions
 * {@code time, lev, lat, lon} ({@code time, lat, lon} for a surface variable; {@code lev} as long as the variable's
 * levels), each with {@code long_name} (the descriptor's description) and {@code UNDEF} as {@code _FillValue} and
 * {@code missing_value}; the {@code TITLE} as {@code title}; {@code ZDEF} as the vertical coordinate {@code lev} in
 * hPa; the coordinates of {@link GradsDimensions}. The coordinates are not listed as variables: they are not in the
 * data file.
 *
 * <p>Immutable; holds no file open (the descriptor was read when made); thread-safe.
 */
final class GradsCatalog implements DatasetCatalog {
    private final GradsDescriptor descriptor;
    private final List<DatasetVariable> variables;

    GradsCatalog(GradsDescriptor descriptor) {
        this.descriptor = descriptor;
        this.variables = descriptor.variables().stream().map(v -> new DatasetVariable(v.name(),
                GradsDimensions.names(v), GradsDimensions.shape(descriptor, v), true, false,
                GradsDimensions.attributes(descriptor, v))).toList();
    }

    @Override
    public Path file() {
        return descriptor.ctl();
    }

    @Override
    public String format() {
        return "GrADS";
    }

    @Override
    public List<DatasetVariable> variables() {
        return variables;
    }

    @Override
    public List<NetcdfAttribute> globalAttributes() {
        return GradsDimensions.globalAttributes(descriptor);
    }

    /**
     * {@return the {@code ZDEF} values, taken as hPa}
     *
     * @param name {@code null} or {@code lev}
     * @throws IllegalArgumentException naming the descriptor and {@code name} for any other name
     */
    @Override
    public NetcdfLevels levels(String name) {
        if (name != null && !name.equals(GradsDimensions.LEV)) {
            throw new IllegalArgumentException(GradsFormatException.name(descriptor.ctl()) + ": no vertical "
                    + "coordinate '" + Quoted.of(name) + "' (expected: lev, the ZDEF levels, or no name)");
        }
        double[] zdef = GradsDimensions.values(descriptor, GradsDimensions.LEV, descriptor.z().size()).orElseThrow();
        NetcdfPacking hPa = NetcdfPacking.of(GradsDimensions.LEV, List.of(NetcdfAttribute.text("units", "hPa")));
        return NetcdfLevels.of(descriptor.ctl(), GradsDimensions.LEV, hPa, zdef);
    }

    /** {@return the values of {@code lon}, {@code lat} (stored order), {@code lev} (all ZDEF) or {@code time}} */
    @Override
    public Optional<double[]> coordinate(String dimension) {
        return GradsDimensions.values(descriptor, dimension, descriptor.z().size());
    }
}
