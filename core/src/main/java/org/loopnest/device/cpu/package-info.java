/**
 * The default device: the Java body on all cores of this machine, reading and writing the user's arrays in
 * place (no serialization, no copies). Needs nothing but a JDK.
 */
package org.loopnest.device.cpu;
