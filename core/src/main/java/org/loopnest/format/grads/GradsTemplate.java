package org.loopnest.format.grads;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;
import org.loopnest.internal.format.Quoted;

/**
 * A {@code template} descriptor's {@code DSET}: the name with GrADS time substitutions ({@code %y4}, {@code %m2},
 * {@code %d2}, …) that names the data file of each time, and, from {@code TDEF}, the data files and the consecutive
 * time steps each holds. Made by {@link #compile}, which refuses a substitution it does not know; immutable.
 */
final class GradsTemplate {
    /** The most data files one descriptor may name: a million (every hour of 114 years). */
    static final int MAX_FILES = 1_000_000;
    /** The substitutions understood, for messages. */
    static final String SUPPORTED = "%y2, %y4, %m1, %m2, %mc, %d1, %d2, %h1, %h2, %h3, %n2 or %j3";
    /** GrADS's other substitutions, longest first, so that a message names the one written. */
    private static final List<String> OTHERS = List.of("fdhn", "iy2", "iy4", "im1", "im2", "imc", "id1", "id2",
            "ih1", "ih2", "ih3", "in2", "ix1", "ix3", "fn2", "fhn", "tm1", "tm2", "tm3", "tm4", "tm5", "tm6", "x1",
            "x3", "f2", "f3", "ch", "tc", "t1", "t2", "t3", "t4", "t5", "t6", "e");
    private static final String[] MONTHS = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
        "nov", "dec"};

    /** One substitution: its code after {@code %}, and the finest unit of time it shows. */
    private enum Token {
        Y2(ChronoUnit.YEARS), Y4(ChronoUnit.YEARS), M1(ChronoUnit.MONTHS), M2(ChronoUnit.MONTHS),
        MC(ChronoUnit.MONTHS), D1(ChronoUnit.DAYS), D2(ChronoUnit.DAYS), J3(ChronoUnit.DAYS), H1(ChronoUnit.HOURS),
        H2(ChronoUnit.HOURS), H3(ChronoUnit.HOURS), N2(ChronoUnit.MINUTES);

        private final ChronoUnit unit;

        Token(ChronoUnit unit) {
            this.unit = unit;
        }

        String code() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The substitution's text for a time. */
        String format(LocalDateTime t) {
            return switch (this) {
                case Y2 -> pad(Math.floorMod(t.getYear(), 100), 2);
                case Y4 -> pad(t.getYear(), 4);
                case M1 -> Integer.toString(t.getMonthValue());
                case M2 -> pad(t.getMonthValue(), 2);
                case MC -> MONTHS[t.getMonthValue() - 1];
                case D1 -> Integer.toString(t.getDayOfMonth());
                case D2 -> pad(t.getDayOfMonth(), 2);
                case J3 -> pad(t.getDayOfYear(), 3);
                case H1 -> Integer.toString(t.getHour());
                case H2 -> pad(t.getHour(), 2);
                case H3 -> pad(t.getHour(), 3);
                case N2 -> pad(t.getMinute(), 2);
            };
        }
    }

    /** {@code value} in decimal, zeros before it up to {@code width} digits (a negative year keeps its sign). */
    private static String pad(int value, int width) {
        String digits = Integer.toString(Math.abs(value));
        return (value < 0 ? "-" : "") + "0".repeat(Math.max(0, width - digits.length())) + digits;
    }

    private final String name;
    private final Path directory;
    /** The name cut into literal text ({@link String}) and substitutions ({@link Token}), in order. */
    private final List<Object> pieces;
    /** The finest unit any substitution shows; null when there is none (one file for every time). */
    private final ChronoUnit finest;

    private GradsTemplate(String name, Path directory, List<Object> pieces) {
        this.name = name;
        this.directory = directory;
        this.pieces = List.copyOf(pieces);
        this.finest = pieces.stream().filter(Token.class::isInstance).map(p -> ((Token) p).unit)
                .min(ChronoUnit::compareTo).orElse(null);
    }

    /**
     * Reads a {@code DSET} template.
     *
     * @param name      the {@code DSET} text after {@code ^} (or all of it)
     * @param directory the descriptor's directory for {@code ^name}; null to resolve from the working directory
     * @return the template
     * @throws IllegalArgumentException naming the template and the substitution when one is not supported
     */
    static GradsTemplate compile(String name, Path directory) {
        List<Object> pieces = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) != '%') {
                literal.append(name.charAt(i));
                continue;
            }
            Token token = token(name, i + 1);
            if (token == null) {
                throw new IllegalArgumentException("DSET " + shown(name, directory) + ": template substitution "
                        + Quoted.of(unsupported(name, i + 1)) + " is not supported (expected: " + SUPPORTED + ")");
            }
            if (!literal.isEmpty()) {
                pieces.add(literal.toString());
                literal.setLength(0);
            }
            pieces.add(token);
            i += 2;
        }
        if (!literal.isEmpty()) {
            pieces.add(literal.toString());
        }
        return new GradsTemplate(name, directory, pieces);
    }

    private static Token token(String name, int at) {
        for (Token t : Token.values()) {
            if (name.startsWith(t.code(), at)) {
                return t;
            }
        }
        return null;
    }

    /** The substitution written at {@code at}, for a message: one GrADS documents, or up to 3 characters. */
    private static String unsupported(String name, int at) {
        for (String other : OTHERS) {
            if (name.startsWith(other, at)) {
                return "%" + other;
            }
        }
        int end = at;
        while (end < name.length() && end < at + 3 && Character.isLetterOrDigit(name.charAt(end))) {
            end++;
        }
        return "%" + name.substring(at, end);
    }

    private static String shown(String name, Path directory) {
        return Quoted.of((directory == null ? "" : "^") + name);
    }

    /**
     * The file named for a time.
     *
     * @param time the time
     * @return the absolute, normalized path
     */
    Path path(LocalDateTime time) {
        StringBuilder expanded = new StringBuilder();
        for (Object piece : pieces) {
            expanded.append(piece instanceof Token t ? t.format(time) : (String) piece);
        }
        return directory == null ? Path.of(expanded.toString()).toAbsolutePath().normalize()
                : directory.resolve(expanded.toString()).normalize();
    }

    /**
     * The data files of every time step of {@code time}, in order: consecutive steps that give the same name share
     * one file. Each run of steps with the same name is found by a search over the steps (their times only grow), so
     * a file costs a few dozen dates at most whatever its number of steps.
     *
     * @param time the {@code TDEF} axis, whose times must all be dates (checked by the caller)
     * @return the files, at least one
     * @throws IllegalArgumentException starting {@code DSET}, when a name returns after other names came between
     *     (the template does not tell the times apart) or there are more than {@link #MAX_FILES} files
     */
    List<GradsDataFile> files(GradsTime time) {
        LongFunction<LocalDateTime> clock = time.clock();
        List<GradsDataFile> files = new ArrayList<>();
        Map<Path, Integer> seen = new HashMap<>();
        for (int first = 0; first < time.count(); ) {
            LocalDateTime at = clock.apply(first);
            int end = endOfRun(clock, first, truncated(at), time.count());
            add(files, seen, new GradsDataFile(path(at), first, end - first), time);
            first = end;
        }
        return files;
    }

    /** Adds a run of steps: to the last file when it has the same name, as a new file when the name is new. */
    private void add(List<GradsDataFile> files, Map<Path, Integer> seen, GradsDataFile run, GradsTime time) {
        GradsDataFile last = files.isEmpty() ? null : files.get(files.size() - 1);
        if (last != null && last.path().equals(run.path())) {
            files.set(files.size() - 1, new GradsDataFile(last.path(), last.firstStep(), last.steps() + run.steps()));
            return;
        }
        Integer before = seen.putIfAbsent(run.path(), files.size());
        if (before != null) {
            throw new IllegalArgumentException("DSET " + shown(name, directory) + " names "
                    + Quoted.of(String.valueOf(run.path().getFileName())) + " for " + files.get(before).stepsText()
                    + " and again from time step " + run.firstStep() + " (expected: a name for each run of "
                    + "consecutive times, such as %y4%m2%d2)");
        }
        if (files.size() == MAX_FILES) {
            throw new IllegalArgumentException("DSET " + shown(name, directory) + " names more than " + MAX_FILES
                    + " data files over TDEF's " + time.count() + " times (expected: at most " + MAX_FILES + ")");
        }
        files.add(run);
    }

    /**
     * The first step after {@code first} whose time truncates to another value than {@code key}, or {@code count}:
     * probes 1, 2, 4, … steps on until one differs, then a binary search between the last two probes (times only
     * grow), so a run of {@code n} steps costs about {@code 2·log2(n)} dates.
     */
    private int endOfRun(LongFunction<LocalDateTime> clock, int first, LocalDateTime key, int count) {
        long low = first + 1L;
        long high = low;
        while (high < count && truncated(clock.apply(high)).equals(key)) {
            low = high + 1;
            high = first + 2 * (high - first);
        }
        high = Math.min(high, count);
        while (low < high) {
            long middle = (low + high) >>> 1;
            if (truncated(clock.apply(middle)).equals(key)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return (int) low;
    }

    /** The time down to the finest unit a substitution shows: times with the same value give the same name. */
    private LocalDateTime truncated(LocalDateTime t) {
        if (finest == null) {
            return LocalDateTime.MIN;
        }
        return switch (finest) {
            case YEARS -> t.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
            case MONTHS -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
            default -> t.truncatedTo(finest);
        };
    }
}
