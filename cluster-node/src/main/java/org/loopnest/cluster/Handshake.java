package org.loopnest.cluster;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The mutual HMAC-SHA256 challenge–response of {@link Wire}'s handshake. Thread-safe. */
final class Handshake {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {
    }

    /** A fresh random nonce. */
    static byte[] nonce() {
        byte[] n = new byte[Wire.NONCE_BYTES];
        RANDOM.nextBytes(n);
        return n;
    }

    /** The node's proof: {@code HMAC(secret, "node" ‖ clientNonce ‖ serverNonce)}. */
    static byte[] nodeProof(byte[] secret, byte[] clientNonce, byte[] serverNonce) {
        return hmac(secret, "node", clientNonce, serverNonce);
    }

    /** The coordinator's proof: {@code HMAC(secret, "coordinator" ‖ serverNonce ‖ clientNonce)}. */
    static byte[] coordinatorProof(byte[] secret, byte[] serverNonce, byte[] clientNonce) {
        return hmac(secret, "coordinator", serverNonce, clientNonce);
    }

    /** Compares in constant time. */
    static boolean matches(byte[] expected, byte[] actual) {
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] hmac(byte[] secret, String label, byte[] first, byte[] second) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.US_ASCII));
            mac.update(first);
            mac.update(second);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }
}
