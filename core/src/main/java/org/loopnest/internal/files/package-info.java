/**
 * The files LoopNest leaves beside a user's files while it writes them, and what a killed process leaves of them.
 * {@link org.loopnest.internal.files.OwnedNames} is the one naming scheme of every hidden temporary, backup and commit
 * journal ({@code .NAME.loopnest-HOST-PID-START-N.tmp}); {@link org.loopnest.internal.files.FileOwner} is the process
 * such a name carries and whether it is gone; {@link org.loopnest.internal.files.CommitJournal} puts a set of
 * temporaries in place all together or not at all, even across {@code kill -9}; and
 * {@link org.loopnest.internal.files.Leftovers}, run when a run starts writing into a directory, completes the commits
 * and removes the temporaries whose owner is gone, and nothing else.
 *
 * <p><b>Internal: not API; may change without notice.</b>
 */
package org.loopnest.internal.files;
