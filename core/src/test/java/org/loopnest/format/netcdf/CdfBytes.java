package org.loopnest.format.netcdf;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Hand-built classic NetCDF bytes for tests: each call appends one field, big-endian, names padded to 4. */
final class CdfBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static CdfBytes magic(int version) {
        CdfBytes b = new CdfBytes();
        b.out.writeBytes(new byte[] {'C', 'D', 'F', (byte) version});
        return b;
    }

    CdfBytes i32(int... values) {
        for (int v : values) {
            out.writeBytes(ByteBuffer.allocate(4).putInt(v).array());
        }
        return this;
    }

    CdfBytes i64(long v) {
        out.writeBytes(ByteBuffer.allocate(8).putLong(v).array());
        return this;
    }

    CdfBytes raw(byte... bytes) {
        out.writeBytes(bytes);
        return this;
    }

    CdfBytes name(String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        i32(b.length);
        out.writeBytes(b);
        return pad();
    }

    CdfBytes pad() {
        while (out.size() % 4 != 0) {
            out.write(0);
        }
        return this;
    }

    /** A list header: tag and count, or ABSENT for 0. */
    CdfBytes list(int tag, int count) {
        return i32(count == 0 ? 0 : tag, count);
    }

    int size() {
        return out.size();
    }

    byte[] bytes() {
        return out.toByteArray();
    }
}
