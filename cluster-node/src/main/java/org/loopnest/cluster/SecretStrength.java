package org.loopnest.cluster;

/**
 * How many random bits a secret holds, judged from how it is written: a line of hex digits (what
 * {@code loopnest secret} and {@code openssl rand -hex} write) carries 4 bits a character, a line of base64 (what
 * {@code head -c 32 /dev/urandom | base64} writes) 6, raw bytes with any non-printable byte 8. Printable text of
 * another kind is taken for a passphrase and carries none that count: the handshake lets a listening peer test
 * guesses offline, so a guessable text is no secret. Stateless.
 */
final class SecretStrength {
    /** The fewest random bits a secret must hold. */
    static final int MIN_BITS = 128;

    private SecretStrength() {
    }

    /** {@return the random bits {@code secret} holds by the rule above; 0 for a passphrase} */
    static int bits(byte[] secret) {
        boolean hex = true;
        boolean base64 = true;
        boolean printable = true;
        int padding = 0;
        for (byte b : secret) {
            char c = (char) (b & 0xff);
            hex &= Character.digit(c, 16) >= 0 && c < 128;
            boolean letterOrDigit = c < 128 && Character.isLetterOrDigit(c);
            base64 &= letterOrDigit || c == '+' || c == '/' || c == '-' || c == '_' || c == '=';
            padding += c == '=' ? 1 : 0;
            printable &= c >= 0x20 && c < 0x7f;
        }
        if (hex) {
            return 4 * secret.length;
        }
        if (base64) {
            return 6 * (secret.length - padding);
        }
        return printable ? 0 : 8 * secret.length;
    }
}
