package org.loopnest.format.dataset;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Joins the files of a dataset along their first dimension, in any format: checks that every file agrees with the
 * first on everything else (the variable's dimension names, the other dimensions' lengths and coordinate values, its
 * type, packing and units, the time units), orders the files by their first time (not by name; in the order given
 * when some file has no time coordinate, which {@link #notes()} says), and checks that times increase strictly within
 * and across the files. The one place these rules live, for {@code NetcdfDataset} and {@code Netcdf4Dataset}.
 *
 * <p>Immutable. <b>Failure:</b> {@link #of} throws an {@link IllegalArgumentException} naming both files and what
 * differs, or the file and the times that repeat or go backwards.
 */
public final class DatasetJoin {
    private final List<DatasetMember> members;
    private final double[] time;
    private final List<String> notes;

    private DatasetJoin(List<DatasetMember> members, double[] time, List<String> notes) {
        this.members = List.copyOf(members);
        this.time = time;
        this.notes = List.copyOf(notes);
    }

    /**
     * Checks and orders the files.
     *
     * @param members what each file says, in the order given; at least one
     * @return the files in time order
     * @throws IllegalArgumentException as the class comment says
     */
    public static DatasetJoin of(List<DatasetMember> members) {
        for (DatasetMember m : members) {
            if (m.shape()[0] == 0) {
                throw new IllegalArgumentException(m.file() + ": '" + m.variable() + "' has no entries along '"
                        + m.dimensions().get(0) + "' (expected: at least one; leave the file out)");
            }
        }
        DatasetMember first = members.get(0);
        for (DatasetMember m : members.subList(1, members.size())) {
            agree(first, m);
        }
        List<DatasetMember> sorted = new ArrayList<>(members);
        List<String> notes = new ArrayList<>();
        boolean timed = members.stream().allMatch(m -> m.time().filter(t -> t.length > 0).isPresent());
        String name = first.dimensions().get(0);
        if (timed && members.size() > 1) {
            sorted.sort(Comparator.comparingDouble(m -> m.time().orElseThrow()[0]));
        } else if (members.size() > 1) {
            notes.add("no coordinate variable '" + name + "' in every file: files joined in the order given");
        }
        double[] time = !timed ? null : members.size() == 1 ? first.time().orElseThrow() : times(sorted, name);
        if (members.size() > 1) {
            notes.add(members.size() + " files joined along '" + name + "' (" + sorted.stream()
                    .mapToLong(m -> m.shape()[0]).sum() + " steps)");
        }
        return new DatasetJoin(sorted, time, notes);
    }

    /** {@return the files' members in time order} */
    public List<DatasetMember> members() {
        return members;
    }

    /** {@return the files in time order} */
    public List<Path> files() {
        return members.stream().map(DatasetMember::file).toList();
    }

    /** {@return the joined time values, or null without a time coordinate in every file} */
    public double[] time() {
        return time == null ? null : time.clone();
    }

    /** {@return what a run should say: files joined, the order used} */
    public List<String> notes() {
        return notes;
    }

    /** {@return the joined shape: the first dimension summed over the files} */
    public long[] shape() {
        long[] shape = members.get(0).shape();
        shape[0] = members.stream().mapToLong(m -> m.shape()[0]).sum();
        return shape;
    }

    private static void agree(DatasetMember a, DatasetMember b) {
        String both = "files " + a.file() + " and " + b.file();
        if (!a.dimensions().equals(b.dimensions())) {
            throw new IllegalArgumentException(both + " differ: '" + a.variable() + "' has dimensions "
                    + a.dimensions() + " and " + b.dimensions() + " (expected: the same)");
        }
        for (int m = 1; m < a.shape().length; m++) {
            if (a.shape()[m] != b.shape()[m]) {
                throw new IllegalArgumentException(both + " differ: dimension '" + a.dimensions().get(m) + "' is "
                        + a.shape()[m] + " and " + b.shape()[m] + " long (expected: the same grid)");
            }
        }
        differ(both, "'" + a.variable() + "' is ", a.type(), b.type(), "the same type");
        differ(both, "'" + a.variable() + "' is packed with ", a.packing(), b.packing(),
                "the same packing; repack the files alike");
        differ(both, "'" + a.variable() + "' has units ", a.units().orElse("(none)"), b.units().orElse("(none)"),
                "the same");
        for (int m = 0; m < a.dimensions().size(); m++) {
            String dim = a.dimensions().get(m);
            double[] ca = a.coordinates().get(dim);
            double[] cb = b.coordinates().get(dim);
            if ((ca == null) != (cb == null)) {
                throw new IllegalArgumentException(both + " differ: only " + (ca != null ? a : b).file()
                        + " has a coordinate variable '" + dim + "' (expected: both or neither)");
            }
            if (m == 0 && ca != null) {
                differ(both, "'" + dim + "' has units ", a.timeUnits().orElse(null), b.timeUnits().orElse(null),
                        "the same units, so that times compare");
            } else if (m > 0 && ca != null && !Arrays.equals(ca, cb)) {
                throw new IllegalArgumentException(both + " differ: the values of coordinate '" + dim
                        + "' (expected: the same grid)");
            }
        }
    }

    private static void differ(String both, String what, String a, String b, String expected) {
        if (!java.util.Objects.equals(a, b)) {
            throw new IllegalArgumentException(both + " differ: " + what + a + " and " + b + " (expected: " + expected
                    + ")");
        }
    }

    /** Joins the files' times, which must increase strictly within and across files. */
    private static double[] times(List<DatasetMember> sorted, String name) {
        double[] joined = new double[sorted.stream().mapToInt(m -> m.time().orElseThrow().length).sum()];
        int at = 0;
        for (int k = 0; k < sorted.size(); k++) {
            double[] t = sorted.get(k).time().orElseThrow();
            for (int i = 0; i < t.length; i++) {
                if (at > 0 && !(t[i] > joined[at - 1])) {
                    String where = i > 0 ? "in " + sorted.get(k).file() + ", step " + i + " (" + t[i] + ") after "
                            + t[i - 1] : "file " + sorted.get(k).file() + " starts at " + t[i] + ", not after the "
                            + "last time " + joined[at - 1] + " of " + sorted.get(k - 1).file();
                    throw new IllegalArgumentException("'" + name + "' " + (t[i] == joined[at - 1] ? "repeats"
                            : "goes backwards") + ": " + where + " (expected: times that increase across the files)");
                }
                joined[at++] = t[i];
            }
        }
        return joined;
    }
}
