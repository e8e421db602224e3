package org.loopnest.format.grads;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.loopnest.internal.format.Quoted;

/**
 * Reads the text of one {@code .ctl} file, one method per record kind; every fault is a
 * {@link GradsFormatException} naming the file and line. Used once, by one thread.
 */
final class GradsParser {
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern COUNT = Pattern.compile("\\+?\\d{1,9}");
    /** GrADS's time: {@code hh:mmZddmmmyyyy}, hour (with minutes) and day optional, a 2- or 4-digit year. */
    private static final Pattern START = Pattern.compile("(\\d{1,2}(:\\d{2})?[Zz])?\\d{0,2}[A-Za-z]{3}(\\d{2}|\\d{4})");
    private static final Pattern INCREMENT = Pattern.compile("\\d{1,9}(mn|hr|dy|mo|yr)", Pattern.CASE_INSENSITIVE);
    private static final Set<String> MONTHS = Set.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP",
            "OCT", "NOV", "DEC");
    /** The longest {@code DSET} path: Linux's {@code PATH_MAX}. */
    private static final int MAX_PATH = 4096;
    private static final String RECORDS = "DSET, TITLE, UNDEF, OPTIONS, XDEF, YDEF, ZDEF, TDEF, VARS … ENDVARS";

    private static final Set<String> KEYWORDS = Set.of("DSET", "TITLE", "UNDEF", "OPTIONS", "XDEF", "YDEF", "ZDEF",
            "TDEF", "VARS", "ENDVARS");

    private final Path ctl;
    private final String[] lines;
    private int next;
    private final Map<String, Integer> seen = new HashMap<>();
    private Path dataFile;
    /** The {@code DSET} name as written, after the {@code ^}; and the descriptor's directory for {@code ^}, or null. */
    private String dataName;
    private Path dataDirectory;
    private String title = "";
    private double undef;
    private final Set<GradsOption> options = EnumSet.noneOf(GradsOption.class);
    private final Map<String, GradsAxis> axes = new HashMap<>();
    private GradsTime time;
    private final List<GradsVariable> variables = new ArrayList<>();
    private final List<Integer> variableLines = new ArrayList<>();

    private GradsParser(String text, Path ctl) {
        this.ctl = ctl;
        this.lines = text.split("\r?\n|\r", -1);
    }

    static GradsDescriptor parse(String text, Path ctl) {
        return new GradsParser(text, ctl).parse();
    }

    private GradsDescriptor parse() {
        for (String[] words = nextWords(); words != null; words = nextWords()) {
            record(words[0].toUpperCase(Locale.ROOT), words);
        }
        for (String required : List.of("DSET", "UNDEF", "XDEF", "YDEF", "ZDEF", "TDEF", "VARS")) {
            if (!seen.containsKey(required)) {
                throw fault(0, "no " + required + " record (expected: " + RECORDS + ")");
            }
        }
        checkLevels();
        List<GradsDataFile> files = options.contains(GradsOption.TEMPLATE) ? templateFiles() : null;
        try {
            return new GradsDescriptor(ctl, dataFile, title, undef, options, axes.get("XDEF"), axes.get("YDEF"),
                    axes.get("ZDEF"), time, variables, files);
        } catch (IllegalArgumentException e) {
            throw fault(0, "XDEF, YDEF, ZDEF, TDEF and VARS describe " + e.getMessage());
        }
    }

    /** The next line that is not blank, a {@code *} comment or an {@code @} attribute, split into words. */
    private String[] nextWords() {
        while (next < lines.length) {
            String line = lines[next++].strip();
            if (!line.isEmpty() && !line.startsWith("*") && !line.startsWith("@")) {
                return line.split("\\s+");
            }
        }
        return null;
    }

    private String currentLine() {
        return lines[next - 1].strip();
    }

    /** The current line as a message quotes it: escaped and capped ({@link Quoted}). */
    private String shownLine() {
        return Quoted.of(currentLine());
    }

    private void record(String keyword, String[] words) {
        if (!KEYWORDS.contains(keyword)) {
            throw fault(next, "'" + Quoted.of(words[0]) + "' is not a supported record (expected one of: " + RECORDS
                    + ")");
        }
        Integer first = seen.putIfAbsent(keyword, next);
        if (first != null && !keyword.equals("OPTIONS") && !keyword.equals("ENDVARS")) {
            throw fault(next, "a second " + keyword + " record (expected: one, already given at line " + first + ")");
        }
        switch (keyword) {
            case "DSET" -> dset();
            case "TITLE" -> title = rest(words[0]);
            case "UNDEF" -> undef = undef(words);
            case "OPTIONS" -> options(words);
            case "XDEF", "YDEF", "ZDEF" -> axes.put(keyword, axis(keyword, words));
            case "TDEF" -> time = time(words);
            case "VARS" -> variables(words);
            default -> throw fault(next, "ENDVARS without VARS (expected: VARS n before the variables)");
        }
    }

    private String rest(String keyword) {
        return currentLine().substring(keyword.length()).strip();
    }

    private void dset() {
        String name = rest("DSET");
        if (name.isEmpty()) {
            throw fault(next, "DSET without a file (expected: DSET ^file beside the descriptor, or DSET /path)");
        }
        if (name.length() > MAX_PATH || name.chars().anyMatch(Character::isISOControl)) {
            throw fault(next, "DSET " + Quoted.of(name) + " is not a file name (expected: at most " + MAX_PATH
                    + " characters, no control characters)");
        }
        Path directory = ctl.toAbsolutePath().getParent();
        dataDirectory = name.startsWith("^") ? directory : null;
        dataName = name.startsWith("^") ? name.substring(1) : name;
        dataFile = dataDirectory != null ? directory.resolve(dataName).normalize()
                : Path.of(name).toAbsolutePath().normalize();
    }

    /**
     * The data files of a {@code template} descriptor: its {@code DSET} read as a template (a fault on that line for
     * a substitution not supported or names that do not tell the times apart), its {@code TDEF} times as dates (a
     * fault on that line for a start that is no date or times past the calendar's years).
     */
    private List<GradsDataFile> templateFiles() {
        GradsTemplate template;
        try {
            template = GradsTemplate.compile(dataName, dataDirectory);
        } catch (IllegalArgumentException e) {
            throw fault(seen.get("DSET"), e.getMessage());
        }
        try {
            time.at(time.count() - 1L); // the start is a date and every time lies within the calendar's years
        } catch (IllegalArgumentException e) {
            throw fault(seen.get("TDEF"), e.getMessage());
        }
        try {
            return template.files(time);
        } catch (IllegalArgumentException e) {
            throw fault(seen.get("DSET"), e.getMessage());
        }
    }

    private double undef(String[] words) {
        if (words.length != 2 || !NUMBER.matcher(words[1]).matches()
                || !Double.isFinite(Double.parseDouble(words[1]))) {
            throw fault(next, shownLine() + " (expected: UNDEF value, a finite number)");
        }
        return Double.parseDouble(words[1]);
    }

    private void options(String[] words) {
        for (int i = 1; i < words.length; i++) {
            String word = words[i];
            options.add(GradsOption.of(word).orElseThrow(() -> fault(next, "OPTIONS " + Quoted.of(word)
                    + " is not supported (expected: " + GradsOption.supported() + ")")));
        }
        long orders = options.stream().filter(o -> o == GradsOption.BIG_ENDIAN || o == GradsOption.LITTLE_ENDIAN
                || o == GradsOption.BYTESWAPPED).count();
        if (orders > 1) {
            throw fault(next, shownLine() + " gives more than one byte order (expected: one of big_endian, "
                    + "little_endian, byteswapped)");
        }
    }

    private GradsAxis axis(String keyword, String[] words) {
        String expected = " (expected: " + keyword + " n LINEAR start step or " + keyword + " n LEVELS v…)";
        String line = shownLine();
        int lineNumber = next;
        if (words.length < 3 || !COUNT.matcher(words[1]).matches() || Integer.parseInt(words[1]) < 1) {
            throw fault(lineNumber, line + expected);
        }
        int size = Integer.parseInt(words[1]);
        String kind = words[2].toUpperCase(Locale.ROOT);
        List<Double> values = numbers(words, 3, lineNumber, line + expected);
        if (kind.equals("LINEAR") && values.size() == 2) {
            return finite(lineNumber, line + expected, () -> GradsAxis.linear(size, values.get(0), values.get(1)));
        }
        if (!kind.equals("LEVELS")) {
            throw fault(lineNumber, line + expected);
        }
        while (values.size() < size) {
            String[] more = nextWords();
            if (more == null || !NUMBER.matcher(more[0]).matches()) {
                throw fault(more == null ? lineNumber : next, keyword + " " + size + " LEVELS lists " + values.size()
                        + " values (expected: " + size + ", continued on the following lines)");
            }
            values.addAll(numbers(more, 0, next, shownLine() + " (expected: numbers continuing " + keyword + ")"));
        }
        if (values.size() > size) {
            throw fault(next, keyword + " " + size + " LEVELS lists " + values.size() + " values (expected: "
                    + size + ")");
        }
        return finite(lineNumber, line + expected, () -> GradsAxis.levels(values));
    }

    /** The axis made, or a fault on its line when a value is not finite (a number past a double's range). */
    private GradsAxis finite(int lineNumber, String message, java.util.function.Supplier<GradsAxis> axis) {
        try {
            return axis.get();
        } catch (IllegalArgumentException e) {
            throw fault(lineNumber, e.getMessage() + ": " + message);
        }
    }

    private List<Double> numbers(String[] words, int from, int lineNumber, String message) {
        List<Double> values = new ArrayList<>();
        for (int i = from; i < words.length; i++) {
            if (!NUMBER.matcher(words[i]).matches()) {
                throw fault(lineNumber, message);
            }
            values.add(Double.parseDouble(words[i]));
        }
        return values;
    }

    private GradsTime time(String[] words) {
        if (words.length != 5 || !COUNT.matcher(words[1]).matches() || Integer.parseInt(words[1]) < 1
                || !words[2].equalsIgnoreCase("LINEAR")) {
            throw fault(next, shownLine() + " (expected: TDEF n LINEAR start increment)");
        }
        if (!START.matcher(words[3]).matches() || !MONTHS.contains(month(words[3]))) {
            throw fault(next, "TDEF start '" + Quoted.of(words[3]) + "' is not a GrADS time (expected: "
                    + "hh:mmZddmmmyyyy, hh:mm, hh and dd optional, for example 00Z01JAN2000 or 02JAN1987)");
        }
        if (!INCREMENT.matcher(words[4]).matches()) {
            throw fault(next, "TDEF increment '" + Quoted.of(words[4]) + "' is not a GrADS time step (expected: a "
                    + "count and mn, hr, dy, mo or yr, for example 6hr or 1dy)");
        }
        return new GradsTime(Integer.parseInt(words[1]), words[3], words[4]);
    }

    private void variables(String[] words) {
        int vars = next;
        if (words.length != 2 || !COUNT.matcher(words[1]).matches() || Integer.parseInt(words[1]) < 1) {
            throw fault(vars, shownLine() + " (expected: VARS n, then n variables and ENDVARS)");
        }
        int count = Integer.parseInt(words[1]);
        for (String[] entry = nextWords(); ; entry = nextWords()) {
            if (entry == null) {
                throw fault(vars, "VARS " + count + " has no ENDVARS (expected: ENDVARS after the " + count
                        + " variables)");
            }
            if (entry[0].equalsIgnoreCase("ENDVARS")) {
                break;
            }
            variables.add(variable(entry));
            variableLines.add(next);
        }
        if (variables.size() != count) {
            throw fault(vars, "VARS " + count + " but " + variables.size() + " variables before ENDVARS at line "
                    + next + " (expected: " + count + ")");
        }
    }

    private GradsVariable variable(String[] entry) {
        String expected = " (expected: name levels units description)";
        if (entry.length < 3 || !COUNT.matcher(entry[1]).matches()) {
            throw fault(next, shownLine() + expected);
        }
        GradsVariable variable;
        try {
            String[] parts = currentLine().split("\\s+", 4);
            String description = parts.length == 4 ? parts[3] : "";
            variable = new GradsVariable(entry[0], Integer.parseInt(entry[1]), entry[2], description);
        } catch (IllegalArgumentException e) {
            throw fault(next, e.getMessage());
        }
        for (int i = 0; i < variables.size(); i++) {
            if (variables.get(i).name().equalsIgnoreCase(variable.name())) {
                throw fault(next, "variable " + Quoted.of(variable.name()) + " again (expected: each name once, "
                        + "case ignored; first at line " + variableLines.get(i) + ")");
            }
        }
        return variable;
    }

    private void checkLevels() {
        int levels = axes.get("ZDEF").size();
        for (int i = 0; i < variables.size(); i++) {
            GradsVariable v = variables.get(i);
            if (v.levels() > levels) {
                throw fault(variableLines.get(i), Quoted.of(v.name()) + " has " + v.levels() + " levels (expected: "
                        + "at most " + levels + ", the ZDEF count)");
            }
        }
    }

    /** The month of a start that matches {@link #START}: the three letters before the year. */
    private static String month(String start) {
        int year = start.length() - (Character.isDigit(start.charAt(start.length() - 3)) ? 4 : 2);
        return start.substring(year - 3, year).toUpperCase(Locale.ROOT);
    }

    private GradsFormatException fault(int line, String message) {
        return new GradsFormatException(ctl, line, message);
    }
}
