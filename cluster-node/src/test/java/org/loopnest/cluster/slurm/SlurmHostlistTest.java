package org.loopnest.cluster.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Slurm's hostlist syntax, as {@code scontrol show hostnames} expands it, and every refusal's message. */
class SlurmHostlistTest {
    private static void assertRefused(String expression, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SlurmHostlist.expand(expression));
        assertEquals(message, e.getMessage());
    }

    @Test
    void shouldExpandASingleHost() {
        assertEquals(List.of("vm"), SlurmHostlist.expand("vm"));
    }

    @Test
    void shouldKeepZeroPaddingAndListOrder() {
        assertEquals(List.of("gpu01", "gpu02", "gpu03", "gpu04", "gpu07"), SlurmHostlist.expand("gpu[01-04,07]"));
    }

    @Test
    void shouldWidenNumbersBeyondAnUnpaddedRange() {
        assertEquals(List.of("n8", "n9", "n10"), SlurmHostlist.expand("n[8-10]"));
    }

    @Test
    void shouldPadToTheWidthOfTheRangesFirstNumber() {
        assertEquals(List.of("n098", "n099", "n100", "n007"), SlurmHostlist.expand("n[098-100,007]"));
    }

    @Test
    void shouldExpandSeveralGroupsLeftmostSlowest() {
        assertEquals(List.of("rack1-n01", "rack1-n02", "rack2-n01", "rack2-n02"),
                SlurmHostlist.expand("rack[1-2]-n[01-02]"));
    }

    @Test
    void shouldSplitItemsOnCommasOutsideBracketsOnly() {
        assertEquals(List.of("node1", "node2", "node3", "node4", "node5", "node12", "login"),
                SlurmHostlist.expand("node1,node[2-5,12],login"));
    }

    @Test
    void shouldSplitItemsOnWhitespaceAsSlurmDoes() {
        assertEquals(List.of("tux0", "tux1", "a", "b"), SlurmHostlist.expand(" tux[0-1]  a, b "));
    }

    @Test
    void shouldKeepTextAfterAGroupAndDuplicates() {
        assertEquals(List.of("n1-ib", "n2-ib", "n1-ib"), SlurmHostlist.expand("n[1-2]-ib,n1-ib"));
    }

    @Test
    void shouldTakeTheWidthFromTheLowNumberAsScontrolDoes() {
        assertEquals(List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10"),
                SlurmHostlist.expand("n[1-010]"));
        assertEquals(List.of("n01", "n02"), SlurmHostlist.expand("n[01-2]"));
    }

    @Test
    void shouldExpandAGroupWithoutPrefix() {
        assertEquals(List.of("1", "2"), SlurmHostlist.expand("[1-2]"));
    }

    @Test
    void shouldExpandTheLargestAllowedList() {
        List<String> hosts = SlurmHostlist.expand("n[1-1000],m[1-999000]");
        assertEquals(SlurmHostlist.MAX_HOSTS, hosts.size());
        assertEquals("m999000", hosts.get(hosts.size() - 1));
    }

    @Test
    void shouldRefuseAnEmptyExpression() {
        assertRefused("  ", "hostlist '  ' is empty (expected: at least one host name)");
    }

    @Test
    void shouldRefuseAnUnclosedBracket() {
        assertRefused("gpu[01-04", "hostlist 'gpu[01-04' at position 3: unclosed '[' (expected: ']' to close it)");
    }

    @Test
    void shouldRefuseABracketClosedWithoutOpening() {
        assertRefused("gpu01]", "hostlist 'gpu01]' at position 5: ']' without '[' (expected: a host name character"
                + " or '[')");
    }

    @Test
    void shouldRefuseAReversedRange() {
        assertRefused("n[1,9-3]", "hostlist 'n[1,9-3]' at position 4: reversed range 9-3 (expected: low <= high)");
    }

    @Test
    void shouldRefuseAnEmptyItemBetweenCommas() {
        assertRefused("a,,b", "hostlist 'a,,b' at position 2: empty item (expected: a host name)");
    }

    @Test
    void shouldRefuseATrailingComma() {
        assertRefused("a,", "hostlist 'a,' at position 2: empty item (expected: a host name)");
    }

    @Test
    void shouldRefuseANonDigitInARange() {
        assertRefused("n[1-a]", "hostlist 'n[1-a]' at position 4: 'a' in a range (expected: a digit)");
    }

    @Test
    void shouldRefuseAnEmptyGroup() {
        assertRefused("n[]", "hostlist 'n[]' at position 2: ']' in a range (expected: a digit)");
    }

    @Test
    void shouldRefuseThePrismForm() {
        assertRefused("bgl[123x456]", "hostlist 'bgl[123x456]' at position 7: 'x' in a range (expected: a digit, '-',"
                + " ',' or ']')");
    }

    @Test
    void shouldRefuseAnOpenBracketAtTheEnd() {
        assertRefused("n[", "hostlist 'n[' at position 2: end of expression in a range (expected: a digit)");
    }

    @Test
    void shouldRefuseANumberTooLongForALong() {
        assertRefused("n[1234567890123456789]", "hostlist 'n[1234567890123456789]' at position 2: number of more than"
                + " 18 digits (expected: at most 18 digits)");
    }

    @Test
    void shouldRefuseTooManyHostsBeforeBuildingThem() {
        assertRefused("n[1-1000],m[1-999001]", "hostlist 'n[1-1000],m[1-999001]' names more than 1000000 hosts"
                + " (expected: at most 1000000)");
        assertRefused("a[1-1000000]-b[1-1000000]", "hostlist 'a[1-1000000]-b[1-1000000]' names more than 1000000"
                + " hosts (expected: at most 1000000)");
    }
}
