package org.loopnest.examples.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.format.dataset.DatasetFiles;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.kernel.DeviceCode;

/**
 * What a {@code run} computes, checked: the body, the inputs' arrays resolved against the nest, the nest, and the
 * outputs; and the {@link LoopNest} that computes it over given output holders.
 *
 * <p>Immutable.
 *
 * @param body    the kernel-language body
 * @param arrays  the inputs, resolved against {@code nest}
 * @param nest    the nest
 * @param outputs the outputs
 */
public record RunSpec(String body, List<FileArray> arrays, NestShape nest, List<OutputOption> outputs) {
    /** The kernel's entry-point name, and the stem of the files {@code --dump-kernels} writes. */
    public static final String KERNEL_NAME = "run";

    /** Copies the lists. */
    public RunSpec {
        arrays = List.copyOf(arrays);
        outputs = List.copyOf(outputs);
    }

    /**
     * {@return the same run with other input arrays (the unpacked ones)}
     *
     * @param newArrays the inputs
     */
    public RunSpec with(List<FileArray> newArrays) {
        return new RunSpec(body, newArrays, nest, outputs);
    }

    /**
     * {@return the nest over the inputs' files and the given outputs, with the body} (no device, split or buffers)
     *
     * @param outs each output's holder, by name
     */
    public LoopNest loopNest(Map<String, FileHolder> outs) {
        LoopNest loops = LoopNest.of(nest.extents()).names(nest.names().toArray(String[]::new));
        for (FileArray array : arrays) {
            loops.in(array.name(), array.holder(nest), array.bindIndices(nest));
        }
        outs.forEach(loops::out);
        return loops.deviceCode(DeviceCode.of(body).named(KERNEL_NAME));
    }

    /**
     * {@return a nest of one point with the same loops and arrays of the same types, in memory, and the body} Planning
     * it compiles the body, so that the kernel language's errors come before any file is read.
     */
    public LoopNest probe() {
        long[] one = new long[nest.names().size()];
        Arrays.fill(one, 1);
        LoopNest loops = LoopNest.of(one).names(nest.names().toArray(String[]::new));
        for (FileArray array : arrays) {
            loops.in(array.name(), onePoint(array.type()), array.bindIndices(nest));
        }
        for (OutputOption out : outputs) {
            loops.out(out.name(), onePoint(FileFormat.outputType(out.option(), out.file())));
        }
        return loops.deviceCode(DeviceCode.of(body).named(KERNEL_NAME));
    }

    private static Object onePoint(ElementType type) {
        return switch (type) {
            case FLOAT -> new float[1];
            case DOUBLE -> new double[1];
            case INT -> new int[1];
            case LONG -> new long[1];
        };
    }

    /** {@return the coordinate variables of NetCDF outputs; none when no output is NetCDF} */
    public Coordinates coordinates() {
        boolean netcdf = outputs.stream().anyMatch(o -> FileFormat.of(o.option(), o.file()) == FileFormat.NETCDF);
        return netcdf ? Coordinates.of(arrays, nest, outputs.stream().map(OutputOption::name).toList())
                : Coordinates.none();
    }

    /** {@return the global attributes of NetCDF outputs: CF conventions, the source and the body} */
    public List<NetcdfAttribute> attributes() {
        return List.of(NetcdfAttribute.text("Conventions", "CF-1.8"), NetcdfAttribute.text("source", "loopnest run"),
                NetcdfAttribute.text("loopnest_body", body.strip()));
    }

    /** {@return the arrays in one line: {@code in T[t, z, y, x] float from model.dat, out c to c.nc}} */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (FileArray a : arrays) {
            List<java.nio.file.Path> files = a.parts() != null ? a.parts().stream().map(FilePart::path).toList()
                    : a.input().isPattern() ? a.input().files() : List.of(a.file());
            parts.add("in " + a.name() + a.indices() + " " + a.type() + " from "
                    + DatasetFiles.label(files));
        }
        for (OutputOption o : outputs) {
            parts.add("out " + o.name() + " to " + o.file().getFileName());
        }
        return String.join(", ", parts);
    }
}
