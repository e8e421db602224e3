package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Role;
import org.loopnest.device.RunSpec;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;

/**
 * The payload of {@link Wire#OPEN_RUN}: the nest (extents, names), the split (depth, group), the arrays (name,
 * role, element type, loop numbers), the Java body's class name (empty for none), the device code (a flag, then
 * name, body and helpers) and the kernel path (a byte: the {@link KernelPath}'s ordinal, 0 vector, 1 scalar), by
 * which a node that runs Java compiles the device code. Kernels travel as source or as a class name, never as code.
 * Stateless.
 */
final class RunSpecCodec {
    /** The deepest nest a node accepts. */
    static final int MAX_DEPTH = 64;
    /** The most arrays a node accepts in one run. */
    static final int MAX_ARRAYS = 1024;

    private RunSpecCodec() {
    }

    /**
     * Writes {@code run}.
     *
     * <p>A kernel-language body travels as its text, which the node parses and compiles itself; a Java body as its
     * class name, and only to a node whose device runs Java, and only when the kernel has no kernel-language body
     * that device could run instead.
     *
     * @throws IllegalArgumentException if a Java device must run a Java body that has no class a node can load by
     *     name (a lambda)
     */
    static void write(ByteBuf b, RunSpec run, boolean nodeCompiles) {
        Split split = run.split();
        IndexSpace space = split.space();
        b.writeInt(space.depth());
        for (int j = 0; j < space.depth(); j++) {
            b.writeLong(space.extent(j));
            Frames.writeString(b, space.name(j));
        }
        b.writeInt(split.depth());
        b.writeLong(split.group());
        b.writeInt(run.bindings().size());
        for (ArrayBinding a : run.bindings()) {
            Frames.writeString(b, a.name());
            b.writeByte(a.role().ordinal());
            b.writeByte(a.type().ordinal());
            int[] dims = a.dims();
            b.writeInt(dims.length);
            for (int d : dims) {
                b.writeInt(d);
            }
            ArrayBinding.ColumnLevel level = a.column();
            b.writeBoolean(level != null);
            if (level != null) {
                Frames.writeString(b, level.array());
                Frames.writeString(b, level.axis());
                b.writeInt(level.level());
                b.writeInt(level.levels());
            }
        }
        Frames.writeString(b, nodeCompiles ? "" : javaClassName(run.kernel()));
        DeviceCode code = run.kernel().deviceCode().orElse(null);
        b.writeBoolean(code != null);
        if (code != null) {
            Frames.writeString(b, code.name());
            Frames.writeString(b, code.body());
            Frames.writeString(b, code.helpers());
        }
        b.writeByte(run.kernel().path().ordinal());
    }

    /**
     * The class name a Java device on the node loads, or the empty string when the kernel has only a
     * kernel-language body (the node compiles that for its Java device).
     */
    private static String javaClassName(Kernel kernel) {
        if (kernel.javaBody().isEmpty() && kernel.program().isPresent()) {
            return "";
        }
        Object body = kernel.javaBody().orElseThrow(() -> new IllegalArgumentException("the kernel has no body "
                + "for a node whose device runs Java (expected: deviceCode(...), or kernel(...) with a named class)"));
        Class<?> type = body.getClass();
        if (type.isSynthetic() || type.isHidden() || type.isAnonymousClass() || type.isLocalClass()) {
            throw new IllegalArgumentException("the Java body is a " + (type.isHidden() ? "lambda" : "local or "
                    + "anonymous class") + " (" + type.getName() + "), which a remote node cannot load (expected: "
                    + "a public named class with a public no-argument constructor, on the node's class path too)");
        }
        return type.getName();
    }

    /**
     * A run description as read from the wire, its kernel not loaded yet.
     *
     * @param javaClass the Java body's class name, empty for none
     * @param code      the device code, or {@code null}
     * @param path      how a Java device runs the device code: the coordinator's choice; this node's JVM decides
     *                  whether it can take the vector path
     */
    record Decoded(Split split, List<ArrayBinding> bindings, String javaClass, DeviceCode code, KernelPath path) {
        /**
         * Loads the kernel: by class name on a node that runs Java bodies (which may run the class's static
         * initializer, so not on an event loop), from the device code on one that compiles.
         *
         * @throws IllegalArgumentException if the class cannot be loaded or made, or the run gives no body the
         *     node's device can run, saying which
         */
        RunSpec load(boolean nodeCompiles) {
            Program program = code == null ? null
                    : KernelLanguage.check(code, KernelContext.of(split.space(), bindings));
            Kernel kernel;
            if (nodeCompiles) {
                if (code == null) {
                    throw new IllegalArgumentException("this node runs compiled kernels and the run has no device "
                            + "code");
                }
                kernel = Kernel.ofProgram(program, path);
            } else {
                if (!javaClass.isEmpty()) {
                    kernel = Kernel.fromClassName(javaClass, program);
                } else if (program != null) {
                    kernel = Kernel.ofProgram(program, path); // compiled for this node's Java device from the text
                } else {
                    throw new IllegalArgumentException("this node runs Java bodies and the run gives neither a "
                            + "kernel-language body nor a kernel class");
                }
            }
            return new RunSpec(split, bindings, kernel, null);
        }
    }

    /**
     * Reads a run description; loads nothing ({@link Decoded#load} does).
     *
     * @throws IllegalArgumentException or {@link IndexOutOfBoundsException} if it is malformed
     */
    static Decoded read(ByteBuf b) {
        int depth = b.readInt();
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("nest depth " + depth + " (expected: 1 to " + MAX_DEPTH + ")");
        }
        long[] extents = new long[depth];
        String[] names = new String[depth];
        for (int j = 0; j < depth; j++) {
            extents[j] = b.readLong();
            names[j] = Frames.readString(b);
        }
        IndexSpace space = IndexSpace.of(extents).withNames(names);
        Split split = space.split(b.readInt(), b.readLong());
        int count = b.readInt();
        if (count < 0 || count > MAX_ARRAYS) {
            throw new IllegalArgumentException(count + " arrays (expected: 0 to " + MAX_ARRAYS + ")");
        }
        List<ArrayBinding> bindings = new ArrayList<>();
        for (int a = 0; a < count; a++) {
            String name = Frames.readString(b);
            Role role = Role.values()[index(b.readByte(), Role.values().length, "role")];
            ElementType type = ElementType.values()[index(b.readByte(), ElementType.values().length, "type")];
            int[] dims = new int[index(b.readInt(), depth + 1, "dims")];
            for (int m = 0; m < dims.length; m++) {
                dims[m] = b.readInt();
            }
            ArrayBinding.ColumnLevel level = b.readBoolean() ? new ArrayBinding.ColumnLevel(Frames.readString(b),
                    Frames.readString(b), b.readInt(), b.readInt()) : null;
            bindings.add(ArrayBinding.descriptor(name, role, type, space, dims, level));
        }
        String javaClass = Frames.readString(b);
        DeviceCode code = b.readBoolean()
                ? new DeviceCode(Frames.readString(b), Frames.readString(b), Frames.readString(b)) : null;
        // a settled path only: VECTOR (0) or SCALAR (1); AUTO is settled when the coordinator plans the run
        KernelPath path = KernelPath.values()[index(b.readByte(), KernelPath.AUTO.ordinal(), "kernel path")];
        return new Decoded(split, List.copyOf(bindings), javaClass, code, path);
    }

    private static int index(int value, int limit, String what) {
        if (value < 0 || value >= limit) {
            throw new IllegalArgumentException(what + " " + value + " (expected: 0 to " + (limit - 1) + ")");
        }
        return value;
    }
}
