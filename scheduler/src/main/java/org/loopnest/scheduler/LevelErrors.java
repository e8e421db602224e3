package org.loopnest.scheduler;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * The level errors of a compiled kernel that subscripts column arrays: before each launch the words at the start of
 * the chunk's output buffer are zeroed ({@link #ZEROS}); a work item whose level is outside its column records the
 * first one there (see {@code Dialect.levelCheck}); after the copy-out, {@link #check} fails the chunk with the
 * message the JVM body gives for the same level. Stateless.
 */
final class LevelErrors {
    /** Zeros for the error words; read-only, shared: each copy reads a duplicate. */
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(ChunkLayout.LEVEL_ERROR_BYTES).asReadOnlyBuffer();

    private LevelErrors() {
    }

    /** {@return zeros for the error words, positioned at 0, for one copy} */
    static ByteBuffer zeros() {
        return ZEROS.duplicate();
    }

    /**
     * Fails if the kernel recorded a level outside its column.
     *
     * @param output the chunk's output buffer on the host, as copied out (native byte order on the device)
     * @param program the body the kernel was generated from, which names the array at the recorded line and column
     * @throws IndexOutOfBoundsException naming the body's line and column, the array, the level and the extent
     */
    static void check(ByteBuffer output, Program program) {
        ByteBuffer words = output.duplicate().order(ByteOrder.nativeOrder());
        if (words.getInt(0) == 0) {
            return;
        }
        int line = words.getInt(4);
        int column = words.getInt(8);
        long level = (words.getInt(12) & 0xffffffffL) | ((long) words.getInt(16) << 32);
        Expr.Element at = java.util.stream.Stream.concat(Children.expressionsUnder(program.body()),
                        Children.statementsUnder(program.body()).filter(s -> s instanceof Stmt.Assign)
                                .map(s -> ((Stmt.Assign) s).target())) // a level written
                .filter(e -> e instanceof Expr.Element el && el.at().line() == line && el.at().column() == column)
                .map(Expr.Element.class::cast).findFirst().orElse(null);
        String array = at == null ? "?" : at.name();
        String axis = at == null ? "?" : at.axis();
        int levels = at == null ? 0 : at.levels();
        throw new IndexOutOfBoundsException("body line " + line + ":" + column + ": level " + level
                + " of column array '" + array + "' is outside 0 to " + (levels - 1) + " (len(" + axis + ") = "
                + levels + ")");
    }
}
