"""Kernel models: one per bundled Triton kernel, behind one interface (perfmodel.kernels.base).

    base       the KernelModel interface, ConfigArrays, Resources
    lowering   Triton's instruction and pipeline-buffer rules on a device
    registers  compiled register tables and the register fit
    pipeline   k-step and tile time (TimingParams, KStep)
    traffic    DRAM/L2 bytes under the grouped tile order
    tiled      the pipelined-tile kernels' time, term by term
    evaluate   resources -> residency -> time for one kernel model
    grouped, splitk, tma    the bundled kernels
    registry   the kernels by name
"""
