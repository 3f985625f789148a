"""The hold-outs recorded from session 47 on (holdout100 and later), in the form of
perfmodel.gpu.holdouts_next (which holds holdout82-99, and is full): each a list of linear layers in every
dtype and layout, with the rule it was chosen by in its comment; perfmodel.gpu.suite.SUITES names them. The
rule: ten layers no earlier suite holds ((M, N, K) checked against every recorded set), seven aligned (two or
three decode, M <= 64), one with N not 16-divisible, one with K not, one with neither."""

from __future__ import annotations

from perfmodel.gpu.holdouts import in_layouts

# The hundredth hold-out, defined in session 47 after holdout97 (the last unread 16-bit one) judged candidate 63 and
# was read, to be recorded before the next change to the 16-bit path is judged, never tuned on. Ten layers no set
# holds: three decode (M 16, 3 and 28), an MoE expert, three more aligned, a head with N not 16-divisible
# (EfficientNet-B3's 1000 classes), one with K not (45 features) and one with neither (19 features -> 3), in fp16
# and bf16 x nn and nt. Indexed from 12000.
HOLDOUT100_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 6144, 2048),  # Qwen3-1.7B MLP up (2048 -> 6144), 16 tokens
    ("decode", 3, 2048, 8192),  # Llama-3.2-1B MLP down (8192 -> 2048), 3 tokens
    ("moe", 176, 1024, 2048),  # an OLMoE expert up (2048 -> 1024), 176 tokens routed
    ("prefill", 640, 4096, 4096),  # Mistral-7B attention output projection, 640 tokens
    ("vision", 4728, 1536, 384),  # DeiT-S MLP up (384 -> 1536), 24 images x 197 tokens
    ("speech", 1200, 3072, 768),  # Whisper-small encoder MLP up (768 -> 3072), 1200 frames
    ("nlp", 28, 151936, 896),  # Qwen2-0.5B LM head over 151,936 tokens, 28 tokens
    ("vision", 256, 1000, 1536),  # EfficientNet-B3 classifier 1536 -> 1000, batch 256
    ("tabular", 24576, 128, 45),  # 45 features to 128, batch 24576
    ("tabular", 49152, 3, 19),  # 19 features to 3 classes, batch 49152
], dtypes=("fp16", "bf16"))
HOLDOUT100_BASE_INDEX = 12000

# The hundred-and-first hold-out, defined in session 47 after holdout94 (the last unread IEEE fp32 one) was read as
# that dtype's check, to be recorded before the next change to the IEEE fp32 (FMA) path is judged, never tuned on.
# Ten layers no set holds: two decode (M 10 and 32), an MoE expert, four more aligned, an LM head with N not
# 16-divisible (BART-large's 50,265 tokens), one with K not (14 features) and one with neither (23 features -> 5),
# in fp32 x nn and nt. Indexed from 12100.
HOLDOUT101_SHAPES: list[tuple] = in_layouts([
    ("decode", 10, 5632, 2048),  # TinyLlama-1.1B MLP up (2048 -> 5632), 10 tokens
    ("decode", 32, 2560, 6912),  # StableLM-3B MLP down (6912 -> 2560), 32 tokens
    ("prefill", 640, 4096, 1024),  # BERT-large feed-forward up (1024 -> 4096), 640 tokens
    ("vision", 9408, 384, 96),  # ConvNeXt-T stage-1 MLP up (96 -> 384), 3 images x 56 x 56
    ("speech", 800, 1024, 256),  # a Conformer-M feed-forward up (256 -> 1024), 800 frames
    ("moe", 144, 1408, 2048),  # a Qwen1.5-MoE-A2.7B expert up (2048 -> 1408), 144 tokens routed
    ("vision", 512, 768, 3072),  # ViT-B MLP down (3072 -> 768), 512 tokens
    ("nlp", 48, 50265, 1024),  # BART-large LM head over 50,265 tokens, 48 tokens
    ("tabular", 8192, 512, 14),  # 14 features to 512, batch 8192
    ("tabular", 131072, 5, 23),  # 23 features to 5 classes, batch 131072
], dtypes=("fp32",))
HOLDOUT101_BASE_INDEX = 12100

# Every hold-out of this module by its suite name: (base index, shapes).
HOLDOUTS: dict[str, tuple[int, list]] = {
    "holdout100": (HOLDOUT100_BASE_INDEX, HOLDOUT100_SHAPES),
    "holdout101": (HOLDOUT101_BASE_INDEX, HOLDOUT101_SHAPES),
}
