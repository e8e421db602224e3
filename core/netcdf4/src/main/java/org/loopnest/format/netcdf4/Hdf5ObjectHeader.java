package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.util.ArrayList;
import java.util.List;

/**
 * Assembles one version 2 object header: its messages in one chunk (no continuation), then an attribute info message
 * and the attributes, numbered in the order added (attribute creation order is tracked, as netCDF asks), and the
 * lookup3 checksum. Not thread-safe; one instance per header.
 */
final class Hdf5ObjectHeader {
    private record Message(int type, int flags, int order, byte[] body) {
    }

    private final List<Message> messages = new ArrayList<>();
    private int attributes;

    Hdf5ObjectHeader add(int type, int flags, byte[] body) {
        if (body.length > MAX_MESSAGE_SIZE) {
            throw new IllegalArgumentException("an HDF5 message of type " + type + " needs " + body.length
                    + " bytes (expected: at most " + MAX_MESSAGE_SIZE + ")");
        }
        messages.add(new Message(type, flags, type == ATTRIBUTE ? attributes++ : 0, body));
        return this;
    }

    byte[] encode() {
        Hdf5Bytes b = new Hdf5Bytes().bytes(OBJECT_HEADER).u8(OBJECT_HEADER_VERSION).u8(OBJECT_HEADER_FLAGS);
        int sizeAt = b.size();
        b.u32(0);
        for (Message m : messages) {
            if (m.type() != ATTRIBUTE) {
                b.u8(m.type()).u16(m.body().length).u8(m.flags()).u16(m.order()).bytes(m.body());
            }
        }
        byte[] info = Hdf5Messages.attributeInfo(attributes);
        b.u8(ATTRIBUTE_INFO).u16(info.length).u8(0).u16(0).bytes(info);
        for (Message m : messages) {
            if (m.type() == ATTRIBUTE) {
                b.u8(m.type()).u16(m.body().length).u8(m.flags()).u16(m.order()).bytes(m.body());
            }
        }
        b.u32At(sizeAt, b.size() - sizeAt - 4);
        byte[] withoutChecksum = b.toArray();
        return b.u32(Hdf5Checksum.of(withoutChecksum, withoutChecksum.length)).toArray();
    }
}
