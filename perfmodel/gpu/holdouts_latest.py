"""The hold-outs recorded from session 14 on (holdout32 and later), in the form of
perfmodel.gpu.holdouts_late (which holds holdout16-31): each a list of linear layers in every dtype
and layout, with the rule it was chosen by in its comment; perfmodel.gpu.suite.SUITES names them."""

from __future__ import annotations

from perfmodel.gpu.holdouts import in_layouts

# The thirty-second hold-out, recorded at the start of session 14 before its model change was
# judged (on holdout31), for the next changes, never tuned on: layers of families no suite drew
# from (PaliGemma-3B, DeciLM-7B, Bark, Graphormer, Chronos-T5, RT-DETR, Mask2Former, TabNet,
# Informer, SigLIP-So400m), seven aligned, two with N not 16-divisible (load class "k" in nn)
# and three with K not ("n" in nn; in nt those five are "k" and "none"), in fp16 and tf32 x nn
# and nt. Indexed from 5100.
HOLDOUT32_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 257216, 2048),  # PaliGemma-3B (Gemma-2B) LM head over 257,216 tokens, 16 tokens
    ("prefill", 2048, 16384, 2048),  # PaliGemma-3B (Gemma-2B) MLP gate/up, 2048 tokens
    ("decode", 4, 4096, 14336),  # DeciLM-7B MLP down, 4 tokens
    ("audio", 4096, 10048, 1024),  # Bark text-to-semantic head (10,048 outputs), 4096 positions
    ("graph", 65536, 768, 768),  # Graphormer-base FFN, 65536 atoms
    ("timeseries", 32768, 4096, 512),  # Chronos-T5-small LM head over 4,096 bins, 64 series x 512 steps
    ("detector", 102400, 256, 1024),  # RT-DETR C4 input projection 1024 -> 256, 16 images x 80 x 80
    ("segmentation", 16400, 134, 256),  # Mask2Former COCO-panoptic class head (133 + 1), 164 images x 100 queries
    ("tabular", 262144, 64, 54),  # TabNet on Forest CoverType (54 features) to 64, batch 262144
    ("timeseries", 98304, 512, 21),  # Informer ETTh1 token embedding (7 variables x kernel 3), 1024 x 96 steps
    ("patch", 11664, 1152, 588),  # SigLIP-So400m/14 patch embedding, 16 images x 729 patches
    ("timeseries", 98304, 7, 512),  # Informer ETTh1 output projection to 7 variables, 1024 x 96 steps
], dtypes=("fp16", "tf32"))
HOLDOUT32_BASE_INDEX = 5100

# Every hold-out of this module by its suite name: (base index, shapes).
HOLDOUTS: dict[str, tuple[int, list]] = {
    "holdout32": (HOLDOUT32_BASE_INDEX, HOLDOUT32_SHAPES),
}
