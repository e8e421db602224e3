/**
 * The user's arrays and how a kernel reaches them.
 *
 * <p>A {@link org.loopnest.data.Holder} wraps what the user owns: a flat primitive array (row-major or with
 * explicit strides), a jagged Java array ({@code float[][]…}), a {@link java.nio.ByteBuffer} or a file of any size
 * ({@link org.loopnest.data.FileHolder}: read and written chunk by chunk, new output files moved into place only when
 * the run succeeds), or an input over several files joined along time ({@link org.loopnest.data.FilePart},
 * {@code Holder.files}).
 * An {@link org.loopnest.data.ArrayBinding} ties a holder to a name, a direction and the loop indices it is
 * indexed by (all of them or a subset, in nest order), and validates its shape.
 *
 * <p>Kernels read and write through typed views ({@link org.loopnest.data.FloatView},
 * {@link org.loopnest.data.DoubleView}, {@link org.loopnest.data.IntView}, {@link org.loopnest.data.LongView})
 * that turn the current {@link org.loopnest.index.Iteration} into an element position with an
 * addressing: either straight into the user's holder (host-addressable devices, no copy) or into a packed chunk
 * buffer. How views are made and elements copied is the runtime's ({@code org.loopnest.internal.data}, not API).
 *
 * <p><b>Primitive code written once.</b> What differs between element types lives on {@link
 * org.loopnest.data.ElementType}: size, primitive and buffer classes, C name; the runtime's {@code ElementOps}
 * ({@code org.loopnest.internal.data}) wraps, copies, clears and makes views for each. The {@code float} version of
 * each specialised family is written by hand and is the template: {@code FloatView} here, {@code FloatViews} (the
 * view classes) and {@code FloatOps} in {@code org.loopnest.internal.data}, each marked with a {@code // TEMPLATE}
 * line. At {@code generate-sources}, {@code core/pom.xml} copies them to the {@code double},
 * {@code int} and {@code long} versions in {@code target/generated-sources/primitives} (not committed), replacing
 * {@code Float}, {@code float} and {@code FLOAT} and dropping the {@code TEMPLATE} lines, and adds that folder as a
 * source root, so javac, javadoc and IDEs see the generated classes. Edit the float file; never the generated ones.
 * The generated code has the template's exact shape (same classes, same per-element and run-access methods), so the
 * JIT sees the same code for every type. Adding a type (say {@code short}) is one {@code ElementType} constant, one
 * {@code ElementOps} case and one {@code <specialise>} line in the pom (plus the kernel-facing accessor). Keep the
 * templates free of other words containing {@code float} (such as literals {@code 0f} or {@code Float.BYTES}): the substitution is textual. A
 * template newer than its generated files is copied again on the next build; after changing the rules in the pom,
 * run {@code mvn clean} once.
 *
 * <p>Why Ant's {@code <copy>} with a filter chain (maven-antrun-plugin) plus build-helper's {@code add-source}: both
 * are plain, long-kept Maven plugins with no script engine to download; textual replacement is all a type
 * substitution needs when the template is real, compiled Java (as in Agrona, whose {@code int} collections generate
 * the {@code long} ones), and it keeps the template an ordinary source file that the IDE checks. Filtered resource
 * copying cannot rename classes, and a Java generator would need a build-tools source set compiled first.
 *
 * <p><b>Input views are read-only by type:</b> each view class reads and refuses writes; only its {@code …Out}
 * subclass, made for an output, writes. No element access tests the role.
 *
 * <p><b>Pitfalls:</b> the library never copies the holder object itself; changing an array while a run uses
 * it gives undefined results. Views are bound to one block on one thread.
 */
package org.loopnest.data;
