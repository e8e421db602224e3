package org.loopnest.device;

/** A language that compiled kernels are generated in. */
public enum KernelTarget {
    /** OpenCL C 1.2, compiled by the OpenCL platform at run time. */
    OPENCL(".cl"),
    /** CUDA C++, compiled to PTX by {@code nvcc} or NVRTC. */
    CUDA(".cu");

    private final String extension;

    KernelTarget(String extension) {
        this.extension = extension;
    }

    /** {@return the file extension of a source in this language, with its dot} */
    public String extension() {
        return extension;
    }
}
