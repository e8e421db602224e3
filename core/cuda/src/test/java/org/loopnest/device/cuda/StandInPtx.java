package org.loopnest.device.cuda;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.loopnest.error.KernelCompileException;

/**
 * A PTX "compiler" for the stand-in driver, where no {@code nvcc} may be installed: it writes a PTX module with the
 * generated kernel's entry point and an empty body, marked with the SHA-256 of the CUDA source, so that different
 * kernels give different PTX (the stand-in keys what a PTX computes by its text). A GPU could load it, and would
 * compute nothing. Stateless, thread-safe.
 */
final class StandInPtx implements PtxBackend {
    private static final Pattern KERNEL = Pattern.compile("LN_KERNEL\\s+void\\s+([A-Za-z_]\\w*)\\s*\\(");

    @Override
    public String description() {
        return "stand-in PTX (entry point only)";
    }

    @Override
    public String compile(String device, String source, String arch) {
        Matcher m = KERNEL.matcher(source);
        if (!m.find()) {
            throw new KernelCompileException(device, description(), "the source has no LN_KERNEL function", source);
        }
        return "// stand-in PTX of CUDA source sha-256 " + sha256(source) + "\n"
                + ".version 8.0\n.target " + (arch == null ? "sm_52" : arch.replace("compute_", "sm_")) + "\n"
                + ".address_size 64\n\n"
                + ".visible .entry " + m.group(1) + "(\n"
                + "\t.param .u64 ln_in, .param .u64 ln_out, .param .u64 ln_res,\n"
                + "\t.param .u64 ln_first_outer, .param .u64 ln_count)\n{\n\tret;\n}\n";
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
