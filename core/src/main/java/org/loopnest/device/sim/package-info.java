/**
 * A simulated accelerator for tests and benchmarks: device memory with a budget (so that data larger than it
 * is chunked), a host link with a set bandwidth and latency in each direction, and kernels run in Java on
 * its own threads over packed chunk buffers — everything a GPU run does, on a machine without one.
 */
package org.loopnest.device.sim;
