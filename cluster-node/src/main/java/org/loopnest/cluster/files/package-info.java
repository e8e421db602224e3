/**
 * A node's own I/O on shared storage (data-local runs): which files a node may open, and how a node and its
 * coordinator tell that they see the same file. {@link org.loopnest.cluster.files.DataDirs} holds the directories a
 * node was started with ({@code loopnest node --data-dir DIR}, repeated) and turns a path the coordinator's run names
 * into the real path the node may open, refusing one that leads out of them ({@code ..}, a symbolic link).
 * {@link org.loopnest.cluster.files.FileIdentity} is what both sides read of a file (size, modification time,
 * CRC32C of its first and last 64 KiB) and compare at run start; a node that does not see the same file falls back to
 * chunks shipped over its connection.
 *
 * <p><b>Threading:</b> both types are immutable and safe from any thread; their file reads block, so a node calls
 * them off its event loop. <b>Failure:</b> a path refused is an {@link java.lang.IllegalArgumentException} naming it
 * and what was expected; a file that cannot be read is an {@link java.io.IOException} naming it.
 */
package org.loopnest.cluster.files;
