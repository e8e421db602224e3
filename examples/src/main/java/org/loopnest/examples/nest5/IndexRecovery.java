package org.loopnest.examples.nest5;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.stream.LongStream;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;

/**
 * Explains the map g of a split in words: the formula for each loop index in terms of {@code e} and {@code id},
 * and worked examples for the first chunks, all computed with {@link Split#outerIndex} and
 * {@link Split#innerIndex}. For the default depth-5 nest split at 2 it reads {@code l = e / M}, {@code m = e mod M},
 * {@code n = id / (K·J)}, {@code k = (id / J) mod K}, {@code j = id mod J}. Stateless.
 */
public final class IndexRecovery {
    private IndexRecovery() {
    }

    /** The formulas, then {@code chunks} worked chunks (at most as many as there are). */
    public static List<String> describe(Split split, long chunks) {
        IndexSpace space = split.space();
        List<String> lines = new ArrayList<>();
        lines.add("split d=" + split.depth() + ": e runs over " + names(space, 0, split.depth()) + " (P="
                + split.outerCount() + "), id over " + names(space, split.depth(), space.depth()) + " (Q="
                + split.innerCount() + "), flat number = e·Q + id");
        StringJoiner formulas = new StringJoiner(",   ", "  ", "");
        for (int j = 0; j < space.depth(); j++) {
            formulas.add(space.name(j) + " = " + formula(split, j));
        }
        lines.add(formulas.toString());
        for (long c = 0; c < Math.min(chunks, split.chunkCount()); c++) {
            lines.add(example(split, c));
        }
        return lines;
    }

    /** Loop {@code j}'s index in symbols and in numbers, e.g. {@code k = (id / J) mod K = (id / 12) mod 10}. */
    private static String formula(Split split, int j) {
        IndexSpace space = split.space();
        boolean outer = j < split.depth();
        int last = outer ? split.depth() : space.depth();
        StringJoiner symbols = new StringJoiner("·");
        for (int i = j + 1; i < last; i++) {
            symbols.add(space.name(i).toUpperCase(Locale.ROOT));
        }
        long stride = space.product(j + 1, last);
        boolean first = j == (outer ? 0 : split.depth());
        String extent = space.name(j).toUpperCase(Locale.ROOT);
        String symbolic = map(outer ? "e" : "id", first, last - j - 1 > 1 ? "(" + symbols + ")" : symbols.toString(),
                extent);
        String numeric = map(outer ? "e" : "id", first, stride == 1 ? "" : Long.toString(stride),
                Long.toString(space.extent(j)));
        return symbolic + " = " + numeric;
    }

    /** {@code var / stride mod extent}, leaving out a stride of 1 (empty) and the modulo of the first index. */
    private static String map(String var, boolean first, String stride, String extent) {
        String quotient = stride.isEmpty() ? var : var + " / " + stride;
        if (first) {
            return quotient;
        }
        return (stride.isEmpty() ? quotient : "(" + quotient + ")") + " mod " + extent;
    }

    private static String example(Split split, long c) {
        IndexSpace space = split.space();
        long e = split.chunk(c).firstOuter();
        long q = split.innerCount();
        long middle = Math.min(q - 1, space.extent(space.depth() - 1) + 1);
        StringJoiner ids = new StringJoiner("; ");
        LongStream.of(0, middle, q - 1).distinct().forEach(id ->
                ids.add("id=" + id + " → " + indices(split, e, id) + " → flat " + (e * q + id)));
        return "  chunk " + c + ": e=" + e + " → " + indices(split, e, -1) + "; " + ids;
    }

    /** The indices fixed by {@code e} (when {@code id < 0}) or by {@code id}, as {@code l=0 m=1}. */
    private static String indices(Split split, long e, long id) {
        IndexSpace space = split.space();
        StringJoiner s = new StringJoiner(" ");
        int from = id < 0 ? 0 : split.depth();
        int to = id < 0 ? split.depth() : space.depth();
        for (int j = from; j < to; j++) {
            s.add(space.name(j) + "=" + (id < 0 ? split.outerIndex(e, j) : split.innerIndex(id, j)));
        }
        return to == from ? "(no outer loop)" : s.toString();
    }

    private static String names(IndexSpace space, int from, int to) {
        return from == to ? "()" : "(" + String.join(", ", space.names().subList(from, to)) + ")";
    }
}
