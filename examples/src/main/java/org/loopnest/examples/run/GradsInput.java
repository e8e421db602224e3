package org.loopnest.examples.run;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FilePart;
import org.loopnest.format.grads.GradsDataFile;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsVariable;

/**
 * A variable of a GrADS data set as an input array, strided over the data file in place: loop indices
 * {@code t, z, y, x} ({@code t, y, x} for a surface variable), or the names the option gives, one per index; extents
 * from TDEF, the variable's level count, YDEF and XDEF; 4-byte floats in the descriptor's byte order. A
 * {@code template} descriptor's data files are one array joined along {@code t} ({@link FileArray#parts()}): each
 * file holds its own steps from its start, so each part starts at the variable's offset at its first step.
 *
 * <p>Decisions: a variable defined on fewer levels than ZDEF has that many (the first ZDEF levels), so another input
 * on every level is an extent mismatch; {@code yrev} is not applied (y counts rows as stored); UNDEF values reach the
 * body as stored.
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> {@link IllegalArgumentException} naming the option.
 */
final class GradsInput {
    private GradsInput() {
    }

    /**
     * {@return the array the option's descriptor and variable describe, its data file (or files) checked}
     *
     * @param input the option: a {@code .ctl} file and a variable
     * @throws IllegalArgumentException naming the option: no variable or an unknown one (listing those there are), a
     *     malformed descriptor, a data file missing or shorter than described
     */
    static FileArray describe(InputOption input) {
        String option = input.option();
        GradsDescriptor ctl = org.loopnest.examples.weather.files.GradsInput.descriptor(option, input.file());
        if (input.variable() == null) {
            throw new IllegalArgumentException(option + ": no variable given (expected: FILE.ctl:VAR, VAR one of: "
                    + String.join(", ", ctl.variables().stream().map(GradsVariable::name).toList()) + ")");
        }
        GradsVariable variable;
        try {
            variable = ctl.variable(input.variable());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
        boolean surface = variable.levels() == 0;
        List<String> indices = InputFiles.renamed(input, surface ? List.of("t", "y", "x") : List.of("t", "z", "y", "x"),
                "indices of a GrADS " + (surface ? "surface " : "") + "variable");
        long nx = ctl.x().size();
        long ny = ctl.y().size();
        long record = (ctl.gridBytes() + (ctl.sequential() ? 8 : 0)) / Float.BYTES;
        long step = ctl.stepBytes() / Float.BYTES;
        long[] extents = surface ? new long[] {ctl.time().count(), ny, nx}
                : new long[] {ctl.time().count(), variable.records(), ny, nx};
        long[] strides = surface ? new long[] {step, nx, 1} : new long[] {step, record, nx, 1};
        List<FilePart> parts = parts(ctl, variable.name());
        return new FileArray(input, ctl.dataFiles().get(0).path(), indices, extents, strides, ElementType.FLOAT,
                ctl.byteOrder(), ctl.offset(variable.name(), 0, 0), false, null, parts.size() > 1 ? parts : null);
    }

    /** Each data file with the byte of the variable's first grid in it and the steps it holds. */
    private static List<FilePart> parts(GradsDescriptor ctl, String variable) {
        List<FilePart> parts = new ArrayList<>();
        for (GradsDataFile file : ctl.dataFiles()) {
            parts.add(new FilePart(file.path(), ctl.offset(variable, file.firstStep(), 0), file.steps()));
        }
        return parts;
    }
}
