#!/usr/bin/env python3
"""Cross-check the model's Hygon predictions against published measurements.

    python validation/hygon_crosscheck.py

For each published figure: the model's best predicted config for an 8192^3 GEMM of that dtype
on that device (built-in space), its predicted TFLOP/s, the device's derived peak on the path
the model uses, and the ratio of prediction to publication. The prediction must never beat the
peak (tests/test_hygon.py). Published figures (hardware-facts.md): BW large-square FP16 GEMM
through rocBLAS ~456 TFLOP/s and BF16 through PyTorch ~263; K100_LC vector-path FP32 ~17.9
and packed FP16 ~34 (microbenchmarks of the vector units, not GEMMs).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PUBLISHED = [
    ("gfx936", "fp16", 456.0, "rocBLAS FP16 GEMM, large square (hardware-facts.md)"),
    ("gfx936", "bf16", 263.0, "PyTorch BF16 matmul (hardware-facts.md)"),
    ("gfx926", "fp32", 17.9, "K100_LC vector-unit FP32 microbenchmark (Hong-agent/K100LC-kernels)"),
    ("gfx926", "fp16", 34.0, "K100_LC packed FP16 microbenchmark (Hong-agent/K100LC-kernels)"),
]


def rows(size: int = 8192):
    import perfmodel
    from perfmodel.arch.roofline import roofline
    from perfmodel.ranking import rank

    out = []
    for dev, dtype, pub, src in PUBLISHED:
        problem = perfmodel.GemmProblem(M=size, N=size, K=size, dtype=dtype)
        r = rank(dev, problem)
        rl = roofline(dev, problem)
        best = r.best
        out.append({"device": dev, "dtype": dtype, "published_tflops": pub, "source": src,
                    "best_config": best.config.name, "predicted_tflops": best.tflops,
                    "path": rl.compute_path, "peak_tflops": rl.peak_ops_per_s / 1e12,
                    "ratio_to_published": best.tflops / pub, "below_peak": best.tflops * 1e12 <= rl.peak_ops_per_s})
    return out


def main() -> int:
    rs = rows()
    hdr = ("device", "dtype", "path", "best config (8192^3)", "predicted TFLOP/s", "peak", "published", "ratio")
    table = [hdr] + [(r["device"], r["dtype"], r["path"], r["best_config"], f"{r['predicted_tflops']:.1f}",
                      f"{r['peak_tflops']:.1f}", f"{r['published_tflops']:.1f}", f"{r['ratio_to_published']:.2f}")
                     for r in rs]
    w = [max(len(t[i]) for t in table) for i in range(len(hdr))]
    for j, t in enumerate(table):
        print("  ".join(c.ljust(w[i]) for i, c in enumerate(t)))
        if j == 0:
            print("  ".join("-" * x for x in w))
    return 0


if __name__ == "__main__":
    sys.exit(main())
