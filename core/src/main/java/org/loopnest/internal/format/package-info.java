/**
 * What the file readers share: {@link org.loopnest.internal.format.Quoted} makes text read from a file safe to put in
 * a message (escaped, capped).
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use the readers of
 * {@code org.loopnest.format.netcdf} and {@code org.loopnest.format.grads}.
 */
package org.loopnest.internal.format;
