package org.loopnest.examples.cli;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses sizes and rates typed at the command line, the only place where text becomes bytes.
 *
 * <p>A SIZE is a number and an optional unit: {@code 1048576}, {@code 512k}, {@code 512m}, {@code 1g} (a single
 * letter counts in powers of 1024, as the JVM's {@code -Xmx} does), {@code 64KiB}, {@code 64MiB}, {@code 2GiB}
 * (binary), {@code 500KB}, {@code 500MB}, {@code 2GB} (decimal), {@code 100B}. A RATE is a SIZE per second, with
 * or without the {@code /s}: {@code 2GB/s}, {@code 500MB/s}, {@code 12GiB/s}.
 */
public final class Units {
    private static final Pattern SIZE = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Z]*)\\s*");
    private static final Map<String, Long> FACTORS = Map.ofEntries(
            Map.entry("", 1L), Map.entry("b", 1L),
            Map.entry("k", 1L << 10), Map.entry("kib", 1L << 10), Map.entry("kb", 1_000L),
            Map.entry("m", 1L << 20), Map.entry("mib", 1L << 20), Map.entry("mb", 1_000_000L),
            Map.entry("g", 1L << 30), Map.entry("gib", 1L << 30), Map.entry("gb", 1_000_000_000L),
            Map.entry("t", 1L << 40), Map.entry("tib", 1L << 40), Map.entry("tb", 1_000_000_000_000L));

    private Units() {
    }

    /**
     * Bytes of a SIZE such as {@code 512m} or {@code 64MiB}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text);
        Long factor = m.matches() ? FACTORS.get(m.group(2).toLowerCase(Locale.ROOT)) : null;
        if (factor == null) {
            throw new IllegalArgumentException("'" + text + "' is not a size (expected: a number with an optional "
                    + "unit, e.g. 16777216, 512k, 512m, 1g, 64MiB, 500MB)");
        }
        BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(factor));
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is too large (expected: at most " + Long.MAX_VALUE
                    + " bytes)");
        }
        return bytes.longValue();
    }

    /**
     * Bytes per second of a RATE such as {@code 2GB/s} or {@code 500MB/s}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static long parseRate(String text) {
        String size = text == null ? "" : text.strip();
        if (size.toLowerCase(Locale.ROOT).endsWith("/s")) {
            size = size.substring(0, size.length() - 2);
        }
        try {
            return parseSize(size);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a rate (expected: a size per second, e.g. "
                    + "2GB/s, 500MB/s, 12GiB/s)", e);
        }
    }

    /** Converts a SIZE option value; see {@link Units#parseSize}. */
    public static final class SizeConverter implements ITypeConverter<Long> {
        /** Converts {@code value}. */
        @Override
        public Long convert(String value) {
            try {
                return parseSize(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Converts a RATE option value; see {@link Units#parseRate}. */
    public static final class RateConverter implements ITypeConverter<Long> {
        /** Converts {@code value}. */
        @Override
        public Long convert(String value) {
            try {
                return parseRate(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
