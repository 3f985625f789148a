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

# The thirty-third hold-out, recorded at the end of session 14 (after candidate 7 was judged on
# holdout31; holdout32 still unread) for the session after it, never tuned on: layers of families no
# suite drew from (Qwen2-VL, CogVideoX, Depth-Anything-V2, DimeNet++, Vocos, HyenaDNA, scGPT,
# Moirai, Lag-Llama, Geneformer, the HIGGS benchmark MLP), seven aligned (four with K <= 256,
# where 16-bit big tiles are the model's most frequent wrong pick), two with N not 16-divisible, one
# with K not and one with neither, in bf16 and tf32 x nn and nt. Indexed from 5200.
HOLDOUT33_SHAPES: list[tuple] = in_layouts([
    ("decode", 8, 152064, 3584),  # Qwen2-VL-7B LM head over 152,064 tokens, 8 tokens
    ("video", 17550, 12288, 3072),  # CogVideoX-5B MLP up, 13 latent frames x 1350 patches
    ("video", 17550, 3072, 12288),  # CogVideoX-5B MLP down
    ("depth", 21920, 4096, 1024),  # Depth-Anything-V2-L (ViT-L/14) MLP up, 16 images x 1370 tokens
    ("graph", 524288, 128, 16),  # a DimeNet++-style edge embedding of 16 radial features to 128, 524288 edges
    ("vocoder", 65536, 1536, 512),  # Vocos ConvNeXt block MLP up, 64 clips x 1024 frames
    ("genomics", 131072, 1024, 256),  # HyenaDNA (d_model 256) MLP up, 128 x 1024 nucleotides
    ("timeseries", 131072, 384, 32),  # Moirai-small patch embedding (patch 32) to 384, 131072 patches
    ("singlecell", 8192, 60697, 512),  # scGPT gene-token head over 60,697 genes, 8192 cells
    ("singlecell", 16384, 25426, 256),  # Geneformer (6 layers) MLM head over 25,426 tokens, 16384 positions
    ("timeseries", 65536, 144, 92),  # Lag-Llama input projection of 92 lag features to 144, 64 series x 1024 steps
    ("tabular", 262144, 300, 28),  # a HIGGS (28 features) MLP input layer to 300, batch 262144
], dtypes=("bf16", "tf32"))
HOLDOUT33_BASE_INDEX = 5200

# The thirty-fourth hold-out, recorded at the start of session 15 (holdout33 still unread, the judge
# of this session's first change), never tuned on: layers of families no suite drew from (Qwen2.5-0.5B,
# Granite-3.0-2B, Yi-1.5-9B, ModernBERT-large, Whisper-tiny, SmolLM2-135M, Wan2.1-1.3B, a RepViT-style
# pointwise conv, a DCN-v2 cross layer on Criteo, an ogbn-products GNN input layer), eight aligned
# (two with K <= 576), one with N not 16-divisible, two with K not, one with neither, in fp16 and
# tf32 x nn and nt. Indexed from 5300.
HOLDOUT34_SHAPES: list[tuple] = in_layouts([
    ("decode", 32, 151936, 896),  # Qwen2.5-0.5B LM head over 151,936 tokens, 32 tokens
    ("prefill", 4096, 8192, 2048),  # Granite-3.0-2B MLP up, 4096 tokens
    ("decode", 24, 4096, 11008),  # Yi-1.5-9B MLP down, 24 tokens
    ("encoder", 16384, 5248, 1024),  # ModernBERT-large MLP in (GLU, 2 x 2624), 32 x 512 tokens
    ("speech", 3584, 51865, 384),  # Whisper-tiny decoder head over 51,865 tokens, 8 x 448 positions
    ("prefill", 8192, 1536, 576),  # SmolLM2-135M MLP up, 8192 tokens
    ("conv", 200704, 48, 24),  # a RepViT-style pointwise conv 24 -> 48 channels, 64 images x 56 x 56
    ("recsys", 65536, 429, 429),  # a DCN-v2 cross layer on Criteo (13 dense + 26 x 16 embedded), batch 65536
    ("video", 6240, 1536, 8960),  # Wan2.1-1.3B MLP down, 4 latent frames x 1560 patches
    ("prefill", 2048, 896, 4864),  # Qwen2.5-0.5B MLP down, 2048 tokens
    ("speech", 24000, 1536, 384),  # Whisper-tiny encoder MLP up, 16 clips x 1500 frames
    ("graph", 196608, 256, 100),  # an ogbn-products (100 features) GNN input layer to 256, 196608 nodes
], dtypes=("fp16", "tf32"))
HOLDOUT34_BASE_INDEX = 5300

# The thirty-fifth hold-out, recorded in session 15 after candidate 9 was judged on holdout33 and
# before candidate 10 is judged on holdout34, for the session after it, never tuned on: layers of
# families no suite drew from (Mistral-7B-v0.3, StableLM-2-1.6B, Swin-V2-B, XLM-R-base, the Adult
# census table, a particle-physics edge network, Mamba-130M, Granite-3.0-1B-A400M, Gemma-3-1B,
# Falcon3-1B, Stable Audio Open), nine aligned, one with N not 16-divisible, one with K not and one
# with neither, in bf16 and tf32 x nn and nt. Indexed from 5400.
HOLDOUT35_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 32768, 4096),  # Mistral-7B-v0.3 LM head over 32,768 tokens, 16 tokens
    ("prefill", 4096, 5632, 2048),  # StableLM-2-1.6B MLP up, 4096 tokens
    ("decode", 48, 2048, 5632),  # StableLM-2-1.6B MLP down, 48 tokens
    ("vision", 12544, 2048, 512),  # Swin-V2-B stage-3 MLP up, 64 images x 14 x 14
    ("mlm", 1024, 250002, 768),  # XLM-R-base MLM head over 250,002 tokens, 1024 positions
    ("tabular", 131072, 256, 108),  # the Adult census table (108 one-hot features) to 256, batch 131072
    ("physics", 262144, 100, 18),  # a particle-physics graph network's edge MLP 18 -> 100, 262144 edges
    ("ssm", 16384, 3072, 768),  # Mamba-130M in_proj (768 -> 2 x 1536), 16 x 1024 tokens
    ("moe", 1024, 512, 1024),  # Granite-3.0-1B-A400M expert up (1024 -> 512), 1024 tokens routed
    ("decode", 8, 262144, 1152),  # Gemma-3-1B LM head over 262,144 tokens, 8 tokens
    ("prefill", 2048, 2048, 8192),  # Falcon3-1B MLP down, 2048 tokens
    ("audio", 8192, 6144, 1536),  # Stable Audio Open DiT MLP up, 8 x 1024 latents
], dtypes=("bf16", "tf32"))
HOLDOUT35_BASE_INDEX = 5400

# The thirty-sixth hold-out, recorded at the end of session 15 (after candidate 10 was judged on
# holdout34; holdout35 still unread) for the sessions after it, never tuned on: layers of families no
# suite drew from (MobileLLM-350M, Nemotron-H-8B, ConvNeXt-V2-Tiny, mBART-50, an ERA5 weather patch
# embedding, an MFCC-to-spectrum head, MiniCPM-MoE-8x2B, AuraFlow, Qwen2.5-3B, H2O-Danube-1.8B), eight
# aligned (one with K = 384, one with K = 96 short), one with N not 16-divisible, one with K not and
# one with neither, in fp16 and bf16 x nn and nt. Indexed from 5500.
HOLDOUT36_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 32000, 960),  # MobileLLM-350M LM head over 32,000 tokens, 16 tokens
    ("prefill", 8192, 2560, 960),  # MobileLLM-350M MLP up, 8192 tokens
    ("decode", 2, 4096, 21504),  # Nemotron-H-8B MLP down, 2 tokens
    ("vision", 50176, 384, 1536),  # ConvNeXt-V2-Tiny stage-2 pointwise conv 1536 -> 384, 64 images x 28 x 28
    ("translation", 512, 250054, 1024),  # mBART-50 output head over 250,054 tokens, 512 positions
    ("weather", 65536, 512, 69),  # an ERA5 patch embedding of 69 variables to 512, 65536 patches
    ("speech", 131072, 257, 40),  # a 40-MFCC to 257-bin spectrum head, 131072 frames
    ("moe", 2048, 5760, 2304),  # MiniCPM-MoE-8x2B expert up (2304 -> 5760), 2048 tokens routed
    ("vision", 200704, 96, 384),  # ConvNeXt-V2-Tiny stage-1 pointwise conv 384 -> 96, 64 images x 56 x 56
    ("diffusion", 4096, 3072, 8192),  # AuraFlow MLP down, 4096 latent tokens
    ("prefill", 3072, 11008, 2048),  # Qwen2.5-3B MLP up, 3072 tokens
    ("decode", 64, 2560, 6912),  # H2O-Danube-1.8B MLP down, 64 tokens
], dtypes=("fp16", "bf16"))
HOLDOUT36_BASE_INDEX = 5500

# The thirty-seventh hold-out, recorded in session 16 after candidate 11 was judged on holdout35 (not
# adopted) and before any later change, for the changes after it, never tuned on: layers no suite
# holds (the suites are running out of families no suite drew from, so the rule is the layer, not the
# family: Baichuan2-7B, Mistral-NeMo-12B, Qwen2.5-14B, SegFormer-B2, HuBERT-large, Phi-3.5-MoE,
# PixArt-alpha, Gemma-2-2B, a ViT-L ImageNet-21k head, the Santander transaction table, Chemprop, a
# CSP-style detector conv), nine aligned (one with K = 32), one with N not 16-divisible, one with K
# not and one with neither, in fp16 and tf32 x nn and nt. Indexed from 5600.
HOLDOUT37_SHAPES: list[tuple] = in_layouts([
    ("decode", 8, 125696, 4096),  # Baichuan2-7B LM head over 125,696 tokens, 8 tokens
    ("prefill", 1536, 28672, 5120),  # Mistral-NeMo-12B MLP gate/up (2 x 14336), 1536 tokens
    ("decode", 56, 5120, 13824),  # Qwen2.5-14B MLP down, 56 tokens
    ("vision", 25088, 1280, 320),  # SegFormer-B2 stage-2 Mix-FFN up 320 -> 1280, 8 images x 56 x 56
    ("speech", 23984, 1024, 4096),  # HuBERT-large MLP down, 16 clips x 1499 frames
    ("moe", 384, 6400, 4096),  # Phi-3.5-MoE expert up (4096 -> 6400), 384 tokens routed
    ("diffusion", 4096, 1152, 4608),  # PixArt-alpha MLP down, 4096 latent tokens
    ("prefill", 3072, 2304, 9216),  # Gemma-2-2B MLP down, 3072 tokens
    ("vision", 2048, 21843, 1024),  # ViT-L ImageNet-21k head over 21,843 classes, 2048 images
    ("tabular", 131072, 256, 200),  # the Santander transaction table (200 features) to 256, batch 131072
    ("chem", 131072, 300, 133),  # Chemprop: 133 atom features to a 300-wide message, 131072 atoms
    ("detector", 204800, 64, 32),  # a CSP-style 1x1 conv 32 -> 64 channels, 8 images x 160 x 160
], dtypes=("fp16", "tf32"))
HOLDOUT37_BASE_INDEX = 5600

# The thirty-eighth hold-out, recorded in session 16 after candidate 11's second judgement (on
# holdout36 and holdout37: not adopted) and before any later change, for the changes after it, never
# tuned on: layers no suite holds (Mistral-NeMo-12B, Qwen2.5-14B, Qwen2-7B, Swin-T, Whisper-base,
# DeepSeek-V3, FLUX.1, BERT-large, GPT-2, AutoRec on MovieLens-1M, an ECG beat classifier,
# EfficientNet-B0), nine aligned (one with K = 16), one with N not 16-divisible, one with K not and
# one with neither, in bf16 and tf32 x nn and nt. Indexed from 5700.
HOLDOUT38_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 131072, 5120),  # Mistral-NeMo-12B LM head over 131,072 tokens, 16 tokens
    ("prefill", 2048, 27648, 5120),  # Qwen2.5-14B MLP gate/up (2 x 13824), 2048 tokens
    ("decode", 12, 3584, 18944),  # Qwen2-7B MLP down, 12 tokens
    ("vision", 25088, 768, 192),  # Swin-T stage-2 MLP up 192 -> 768, 32 images x 28 x 28
    ("speech", 48000, 512, 2048),  # Whisper-base encoder MLP down, 32 clips x 1500 frames
    ("moe", 256, 7168, 2048),  # a DeepSeek-V3 routed expert down (2048 -> 7168), 256 tokens routed
    ("diffusion", 4096, 12288, 3072),  # FLUX.1 double-stream block MLP up 3072 -> 12288, 4096 latent tokens
    ("encoder", 4096, 1024, 4096),  # BERT-large MLP down, 8 x 512 tokens
    ("prefill", 1024, 50257, 768),  # GPT-2 (small) LM head over 50,257 tokens, 1024 positions
    ("recsys", 6040, 512, 3883),  # AutoRec on MovieLens-1M: 3,883 movies to 512, 6,040 users
    ("ecg", 65536, 250, 187),  # an MIT-BIH ECG beat (187 samples) MLP to 250, batch 65536
    ("vision", 401408, 96, 16),  # EfficientNet-B0 MBConv expansion 16 -> 96, 32 images x 112 x 112
], dtypes=("bf16", "tf32"))
HOLDOUT38_BASE_INDEX = 5700

# The thirty-ninth hold-out, recorded at the end of session 16 after candidate 12 was judged on
# holdout38 (not adopted), for the sessions after it, never tuned on: layers no suite holds, five of
# the nine aligned ones with K >= 4096 (16-bit long-K shapes are where candidates 11 and 12 moved picks
# the wrong way in nt), one with N not 16-divisible, one with K not and one with neither, in fp16 and
# bf16 x nn and nt. Indexed from 5800.
HOLDOUT39_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 102400, 2048),  # DeepSeek-V2-Lite LM head over 102,400 tokens, 16 tokens
    ("prefill", 1024, 7168, 20480),  # Yi-34B MLP down, 1024 tokens
    ("decode", 40, 8192, 29568),  # Qwen2-72B MLP down, 40 tokens
    ("prefill", 4096, 5120, 13824),  # Qwen2.5-14B MLP down, 4096 tokens
    ("moe", 768, 5120, 1536),  # a DeepSeek-V2 routed expert down (1536 -> 5120), 768 tokens routed
    ("vision", 8200, 1024, 4096),  # EVA-02-L MLP down, 8 images x 1025 tokens
    ("speech", 6000, 5120, 1280),  # Whisper-large-v3 encoder MLP up, 4 clips x 1500 frames
    ("diffusion", 4096, 3072, 12288),  # FLUX.1 MLP down 12288 -> 3072, 4096 latent tokens
    ("vision", 100352, 128, 32),  # a MobileViT-S 1x1 expansion 32 -> 128, 32 images x 56 x 56
    ("prefill", 1024, 50280, 2560),  # Mamba-2.8B LM head over 50,280 tokens, 1024 positions
    ("tabular", 65536, 512, 968),  # the Bosch production-line table (968 features) to 512, batch 65536
    ("speech", 98304, 201, 513),  # a 513-bin STFT frame to 201 bins, 98304 frames
], dtypes=("fp16", "bf16"))
HOLDOUT39_BASE_INDEX = 5800

# The fortieth hold-out, recorded at the start of session 17 before its first model change (stage-keyed
# tile factors) is judged, never tuned on: layers no suite holds, six of the eight aligned ones with
# K >= 4096 (the long-K one-block choice the stage keys are about), two with N not 16-divisible
# (1000 and 255), one with K not and one with neither, in fp16 and tf32 x nn and nt. Indexed from
# 5900.
HOLDOUT40_SHAPES: list[tuple] = in_layouts([
    ("decode", 24, 4608, 36864),  # Gemma-2-27B MLP down, 24 tokens
    ("prefill", 2048, 5120, 14336),  # Mistral-Nemo-12B MLP down, 2048 tokens
    ("prefill", 1024, 28672, 3584),  # Gemma-2-9B MLP gate/up (2 x 14336), 1024 tokens
    ("prefill", 1536, 6144, 16384),  # InternLM2-20B MLP down, 1536 tokens
    ("prefill", 512, 18176, 4544),  # Falcon-7B MLP up, 512 tokens
    ("decode", 32, 8192, 22528),  # Command-R MLP down, 32 tokens
    ("moe", 384, 6144, 10752),  # a DBRX routed expert down (10752 -> 6144), 384 tokens routed
    ("vision", 4112, 5120, 1280),  # ViT-H/14 MLP up, 16 images x 257 tokens
    ("recsys", 131072, 512, 13),  # DLRM on Criteo: 13 dense features to 512, batch 131072
    ("detector", 102400, 255, 256),  # YOLOv5 detect head 256 -> 3 x 85, 16 images x 80 x 80
    ("genomics", 65536, 919, 925),  # DeepSEA output layer 925 -> 919 chromatin features, batch 65536
    ("vision", 4096, 1000, 1280),  # EfficientNet-B0 ImageNet classifier 1280 -> 1000, batch 4096
], dtypes=("fp16", "tf32"))
HOLDOUT40_BASE_INDEX = 5900

# The forty-first hold-out, recorded in session 17 after candidate 14 was judged on holdout40
# (adopted), before the next change is shaped, never tuned on: layers no suite holds, seven aligned
# (two decode, one K >= 8192), two with N not 16-divisible (vocabularies of 250,002 and 51,865), two
# with K not (27 and 41) and one with neither (300 -> 100), in bf16 and tf32 x nn and nt: TF32 on
# element-wise loads is where the model is weakest. Indexed from 6000.
HOLDOUT41_SHAPES: list[tuple] = in_layouts([
    ("decode", 16, 16384, 6144),  # a Mixtral-8x22B expert MLP up, 16 tokens
    ("prefill", 2048, 24576, 3072),  # Gemma-7B MLP gate, 2048 tokens
    ("prefill", 1024, 5120, 13696),  # Baichuan2-13B MLP down, 1024 tokens
    ("moe", 512, 3584, 2560),  # a Qwen2-57B-A14B routed expert down (2560 -> 3584), 512 tokens routed
    ("vision", 12544, 3072, 768),  # ConvNeXt-L stage-3 MLP up, 64 images x 14 x 14
    ("decode", 16, 250002, 1024),  # XLM-R-large LM head over 250,002 tokens, 16 tokens
    ("speech", 1500, 51865, 384),  # Whisper-tiny LM head over 51,865 tokens, 1500 positions
    ("vision", 401408, 32, 27),  # MobileNetV2 stem 3x3x3 -> 32 as a GEMM, 32 images x 112 x 112
    ("tabular", 262144, 128, 41),  # KDD-Cup-99 (41 features) to 128, batch 262144
    ("mlp", 131072, 100, 300),  # LeNet-300-100's second layer, batch 131072
    ("vision", 32768, 256, 768),  # SAM ViT-B neck 1x1 conv 768 -> 256, 8 images x 64 x 64
    ("decode", 48, 10240, 8192),  # Llama-2-70B QKV, 48 tokens
], dtypes=("bf16", "tf32"))
HOLDOUT41_BASE_INDEX = 6000

# The forty-second hold-out, recorded at the end of session 17 after candidate 15 was judged on
# holdout41 (not adopted), for the sessions after it, never tuned on: layers no suite holds, eight
# aligned (five with several tile rows and K >= 5120, where the tile order's DRAM traffic shows), two
# with N not 16-divisible (BERT's 30,522-token MLM head, a 1000-class head), one with K not (180) and
# one with neither (54 -> 300), in fp16 and tf32 x nn and nt. Indexed from 6100.
HOLDOUT42_SHAPES: list[tuple] = in_layouts([
    ("decode", 32, 13824, 5120),  # Qwen2.5-14B MLP up, 32 tokens
    ("prefill", 2048, 27392, 5120),  # Qwen1.5-32B MLP gate/up (2 x 13696), 2048 tokens
    ("prefill", 3072, 4096, 14336),  # Mistral-7B MLP down, 3072 tokens
    ("prefill", 1024, 8192, 28672),  # Llama-3-70B MLP down, 1024 tokens
    ("moe", 1024, 1408, 2048),  # a DeepSeek-V2-Lite routed expert up (2048 -> 1408), 1024 tokens routed
    ("vision", 50176, 1024, 256),  # ConvNeXt-B stage-2 MLP up, 64 images x 28 x 28
    ("speech", 6000, 2048, 512),  # Whisper-base encoder MLP up, 4 clips x 1500 frames
    ("vision", 50176, 384, 96),  # ConvNeXt-T stage-1 MLP up, 16 images x 56 x 56
    ("encoder", 4096, 30522, 768),  # BERT-base MLM head over 30,522 tokens, 8 x 512 tokens
    ("vision", 8192, 1000, 2048),  # ResNet-50 ImageNet classifier 2048 -> 1000, batch 8192
    ("ecg", 65536, 256, 180),  # a 12-lead ECG window (12 x 15 samples) to 256, batch 65536
    ("tabular", 262144, 300, 54),  # Covertype's 54 features to 300, batch 262144
], dtypes=("fp16", "tf32"))
HOLDOUT42_BASE_INDEX = 6100

# The forty-third hold-out, recorded in session 18 after candidate 16 was judged on holdout42
# (adopted), before the next change is shaped, never tuned on: layers no suite holds, eight aligned
# (two decode, three with K >= 6144 and several tile rows), two with N not 16-divisible (T5's 32,100
# tokens, a 100-class head), one with K not (40) and one with neither (108 -> 200), in bf16 and tf32
# x nn and nt. Indexed from 6200.
HOLDOUT43_SHAPES: list[tuple] = in_layouts([
    ("decode", 24, 14336, 3584),  # Gemma-2-9B MLP gate, 24 tokens
    ("prefill", 4096, 16384, 3072),  # Phi-3-mini MLP gate/up (2 x 8192), 4096 tokens
    ("prefill", 1536, 3584, 18944),  # Qwen2-7B MLP down, 1536 tokens
    ("prefill", 512, 32768, 8192),  # Falcon-40B MLP up, 512 tokens
    ("moe", 256, 10752, 6144),  # a DBRX expert up (6144 -> 10752), 256 tokens routed
    ("vision", 12544, 1280, 320),  # PVT-v2-b2 stage-3 MLP up, 64 images x 14 x 14
    ("diffusion", 8192, 5120, 640),  # SDXL UNet GEGLU projection (640 -> 2 x 2560), 2 latents x 64 x 64
    ("decode", 64, 5120, 13824),  # Llama-2-13B MLP down, 64 tokens
    ("encoder", 2048, 32100, 768),  # T5-base LM head over 32,100 tokens, 4 x 512 tokens
    ("vision", 16384, 100, 512),  # ResNet-18 CIFAR-100 classifier 512 -> 100, batch 16384
    ("speech", 131072, 256, 40),  # 40 MFCC features to 256, 128 clips x 1024 frames
    ("tabular", 131072, 200, 108),  # Adult census (108 one-hot features) to 200, batch 131072
], dtypes=("bf16", "tf32"))
HOLDOUT43_BASE_INDEX = 6200

# The forty-fourth hold-out, recorded in session 18 with holdout43, kept back for the change after
# the one holdout43 judges, never tuned on: layers no suite holds, eight aligned (two decode, two
# with K >= 8192), two with N not 16-divisible (BERT-large-cased's 28,996 tokens, a 397-class head),
# one with K not (90) and one with neither (30 -> 150), in fp16 and tf32 x nn and nt. Indexed from 6300.
HOLDOUT44_SHAPES: list[tuple] = in_layouts([
    ("decode", 8, 18944, 3584),  # Qwen2-7B MLP gate, 8 tokens
    ("prefill", 2048, 9216, 3072),  # Phi-3-mini QKV (3072 -> 9216), 2048 tokens
    ("prefill", 4096, 2560, 10240),  # Phi-2 MLP down, 4096 tokens
    ("prefill", 768, 28672, 8192),  # Llama-3-70B MLP gate, 768 tokens
    ("moe", 384, 1536, 5120),  # a DeepSeek-V2 routed expert up (5120 -> 1536), 384 tokens routed
    ("video", 6272, 4096, 1024),  # VideoMAE-L MLP up, 4 clips x 1568 tokens
    ("decode", 2, 6144, 16384),  # a Mixtral-8x22B expert MLP down, 2 tokens
    ("vision", 3136, 2304, 768),  # Swin-T stage-3 QKV (768 -> 3 x 768), 16 images x 14 x 14
    ("encoder", 4096, 28996, 1024),  # BERT-large-cased MLM head over 28,996 tokens, 8 x 512 tokens
    ("vision", 8192, 397, 2048),  # ResNet-50 SUN397 classifier 2048 -> 397, batch 8192
    ("tabular", 262144, 256, 90),  # YearPredictionMSD (90 features) to 256, batch 262144
    ("tabular", 262144, 150, 30),  # credit-card fraud (30 features) to 150, batch 262144
], dtypes=("fp16", "tf32"))
HOLDOUT44_BASE_INDEX = 6300

# The forty-fifth hold-out, recorded in session 18 after candidate 17 was judged on holdout44
# (adopted), kept back with holdout43 for the next changes, never tuned on: layers no suite holds,
# eight aligned (two decode, one with K >= 16384), two with N not 16-divisible (DeBERTa-v3's
# 128,100 tokens, a 200-class head), one with K not (39) and one with neither (28 -> 100), in fp16
# and tf32 x nn and nt. Indexed from 6400.
HOLDOUT45_SHAPES: list[tuple] = in_layouts([
    ("decode", 4, 27648, 5120),  # Qwen2.5-32B MLP gate, 4 tokens
    ("prefill", 1536, 7168, 20480),  # Yi-34B MLP down, 1536 tokens
    ("prefill", 2048, 5120, 5120),  # Qwen1.5-14B attention output, 2048 tokens
    ("moe", 192, 2048, 7168),  # a DeepSeek-V3 routed expert up (7168 -> 2048), 192 tokens routed
    ("vision", 16384, 4096, 1024),  # ViT-L/14 MLP up, 64 images x 256 patches
    ("speech", 3000, 5120, 1280),  # Whisper-large encoder MLP up, 2 clips x 1500 frames
    ("decode", 16, 3072, 8192),  # Llama-3.2-3B MLP down, 16 tokens
    ("diffusion", 4096, 4608, 1152),  # DiT-XL/2 MLP up, 16 latents x 256 tokens
    ("encoder", 512, 128100, 1024),  # DeBERTa-v3-large MLM head over 128,100 tokens, 512 tokens
    ("vision", 8192, 200, 768),  # ViT-B CUB-200 classifier 768 -> 200, batch 8192
    ("speech", 65536, 512, 39),  # 13 MFCC + deltas (39 features) to 512, 64 clips x 1024 frames
    ("tabular", 262144, 100, 28),  # HIGGS (28 features) to 100, batch 262144
], dtypes=("fp16", "tf32"))
HOLDOUT45_BASE_INDEX = 6400

# Every hold-out of this module by its suite name: (base index, shapes).
HOLDOUTS: dict[str, tuple[int, list]] = {
    "holdout32": (HOLDOUT32_BASE_INDEX, HOLDOUT32_SHAPES),
    "holdout33": (HOLDOUT33_BASE_INDEX, HOLDOUT33_SHAPES),
    "holdout34": (HOLDOUT34_BASE_INDEX, HOLDOUT34_SHAPES),
    "holdout35": (HOLDOUT35_BASE_INDEX, HOLDOUT35_SHAPES),
    "holdout36": (HOLDOUT36_BASE_INDEX, HOLDOUT36_SHAPES),
    "holdout37": (HOLDOUT37_BASE_INDEX, HOLDOUT37_SHAPES),
    "holdout38": (HOLDOUT38_BASE_INDEX, HOLDOUT38_SHAPES),
    "holdout39": (HOLDOUT39_BASE_INDEX, HOLDOUT39_SHAPES),
    "holdout40": (HOLDOUT40_BASE_INDEX, HOLDOUT40_SHAPES),
    "holdout41": (HOLDOUT41_BASE_INDEX, HOLDOUT41_SHAPES),
    "holdout42": (HOLDOUT42_BASE_INDEX, HOLDOUT42_SHAPES),
    "holdout43": (HOLDOUT43_BASE_INDEX, HOLDOUT43_SHAPES),
    "holdout44": (HOLDOUT44_BASE_INDEX, HOLDOUT44_SHAPES),
    "holdout45": (HOLDOUT45_BASE_INDEX, HOLDOUT45_SHAPES),
}
