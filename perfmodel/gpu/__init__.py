"""What runs on the machine with the GPU (torch and Triton there, CUDA or ROCm/HIP): the bundled
kernels, device properties and clocks, timing, microbenchmarks and sweeps. Nothing else in
perfmodel imports it; `perfmodel calibrate` and `perfmodel sweep` do, when asked."""
