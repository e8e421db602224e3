/**
 * The OpenCL backend's plumbing: {@link org.loopnest.internal.opencl.OpenCl} finds the platforms and devices (an
 * absent loader or no platform is an empty list with a reason), {@link org.loopnest.internal.opencl.OpenClDeviceId}
 * is one device as found, {@link org.loopnest.internal.opencl.ClCalls} turns error codes into exceptions that name
 * the device, the call and the code, and {@link org.loopnest.internal.opencl.SignalChaining} says whether the JVM
 * runs with {@code libjsig}. JOCL is used only here and in {@code org.loopnest.device.opencl}.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.device.opencl.OpenClDevice} and the API packages README lists.
 */
package org.loopnest.internal.opencl;
