package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/** Places for unauthenticated connections are capped in all and per source; an IPv6 /64 network is one source. */
class HandshakeQuotaTest {

    @Test
    void shouldTurnAwayASourceAtItsCapButAdmitOthersUntilTheNodeIsFull() throws UnknownHostException {
        HandshakeQuota quota = new HandshakeQuota(3, 2);
        InetAddress flooder = InetAddress.getByName("10.0.0.2");
        assertNull(quota.tryEnter(flooder));
        assertNull(quota.tryEnter(flooder));
        assertEquals("node busy: too many unauthenticated connections from 10.0.0.2 (2 at most per source; try "
                + "again later)", quota.tryEnter(flooder));
        assertNull(quota.tryEnter(InetAddress.getByName("10.0.0.3")));
        assertEquals("node busy: too many unauthenticated connections (3 at most; try again later)",
                quota.tryEnter(InetAddress.getByName("10.0.0.4")));
        quota.leave(flooder);
        assertEquals(2, quota.waiting());
        assertNull(quota.tryEnter(flooder), "a place given back is free again for its source");
    }

    @Test
    void shouldCountEveryAddressOfOneIpv6Slash64AsOneSource() throws UnknownHostException {
        HandshakeQuota quota = new HandshakeQuota(10, 1);
        assertNull(quota.tryEnter(InetAddress.getByName("2001:db8:0:7::1")));
        assertEquals("node busy: too many unauthenticated connections from 2001:db8:0:7:0:0:0:0 (1 at most per "
                + "source; try again later)", quota.tryEnter(InetAddress.getByName("2001:db8:0:7:ffff::2")));
        assertNull(quota.tryEnter(InetAddress.getByName("2001:db8:0:8::1")), "another /64 is another source");
    }
}
