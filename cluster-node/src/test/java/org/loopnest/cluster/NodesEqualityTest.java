package org.loopnest.cluster;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * The equality suite on two in-process nodes on loopback, one serving a cpu device and one a sim device, used
 * together: each node receives the body as its text, compiles it for the JVM itself (on the vector path; the scalar
 * one: {@link NodesScalarEqualityTest}), and the outputs are bit-identical to a sequential Java loop.
 */
class NodesEqualityTest extends CompiledDeviceEqualityContract {
    private final List<AutoCloseable> backing = new ArrayList<>();

    @Override
    protected Device[] openDevices() {
        CpuDevice cpu = new CpuDevice(1);
        SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(1).build());
        NodeServer one = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
        NodeServer two = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET));
        backing.addAll(List.of(two, one, sim, cpu));
        return Cluster.connect(List.of(Cluster.address("127.0.0.1:" + one.address().getPort()),
                Cluster.address("127.0.0.1:" + two.address().getPort())), NodeRoundTripTest.SECRET)
                .toArray(Device[]::new);
    }

    @Override
    protected void closeDevices(Device[] opened) {
        super.closeDevices(opened);
        for (AutoCloseable c : backing) {
            try {
                c.close();
            } catch (Exception e) {
                throw new AssertionError("closing " + c, e);
            }
        }
    }
}
