package org.loopnest.format.grads;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code OPTIONS} keywords a descriptor may use. Any other option (for example {@code zrev},
 * {@code 365_day_calendar}) is refused with a {@link GradsFormatException} listing these, since it changes where the
 * data lie or what they mean. Stateless constants; thread-safe.
 */
public enum GradsOption {
    /** The data file is big-endian. */
    BIG_ENDIAN,
    /** The data file is little-endian. */
    LITTLE_ENDIAN,
    /** The data file is in the byte order opposite to this machine's ({@link java.nio.ByteOrder#nativeOrder()}). */
    BYTESWAPPED,
    /** Rows are stored north to south: the first row of each grid is the last {@code YDEF} value. */
    YREV,
    /** Each x·y record is wrapped in 4-byte Fortran record markers (before and after). */
    SEQUENTIAL,
    /**
     * {@code DSET} is a template ({@code ^model_%y4%m2%d2.dat}) naming one data file per run of consecutive times
     * ({@link GradsDescriptor#dataFiles()}).
     */
    TEMPLATE;

    /**
     * The keyword as a descriptor writes it.
     *
     * @return the lower-case keyword, for example {@code little_endian}
     */
    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The option a keyword names, in any case.
     *
     * @param keyword the word after {@code OPTIONS}; not null
     * @return the option, or empty when the keyword is not supported
     */
    public static Optional<GradsOption> of(String keyword) {
        return Arrays.stream(values()).filter(o -> o.keyword().equalsIgnoreCase(keyword)).findFirst();
    }

    /**
     * The supported keywords, for error messages.
     *
     * @return for example {@code big_endian, little_endian, byteswapped, yrev, sequential, template}
     */
    static String supported() {
        return Arrays.stream(values()).map(GradsOption::keyword).collect(Collectors.joining(", "));
    }
}
