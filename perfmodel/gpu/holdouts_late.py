"""The hold-outs recorded from session 9 on (holdout16 and later), in the form of
perfmodel.gpu.holdouts (which holds the earlier ones): each a list of linear layers in every dtype
and layout, with the rule it was chosen by in its comment; perfmodel.gpu.suite.SUITES names them."""

from __future__ import annotations

from perfmodel.gpu.holdouts import in_layouts

# The sixteenth hold-out, recorded at the start of session 9 before any of its changes, to judge
# them (the mixed-alignment main loops; validation/NOTES.md, session 9), never tuned on: layers
# whose N or K is not a multiple of 16 (odd vocabularies, class heads, convolutions as GEMMs, a
# patch embedding) from model families no suite drew from (Whisper-large-v3, NLLB-200, Orca-2,
# DeBERTa-v3, ViT-L ImageNet-21k, MarianMT, ESM-2, Perceiver IO, EfficientNet-B0, ResNet-50,
# CLIP ViT-L/14), in fp16 and bf16 x nn and nt: in nn nine are load class "k" (B element by
# element) and three "n"; in nt the first nine are aligned and the last three "none".
# Indexed from 3500.
HOLDOUT16_SHAPES: list[tuple] = in_layouts([
    ("lmhead", 2048, 51866, 1280),  # Whisper-large-v3 vocabulary projection, 2048 tokens
    ("decode", 16, 256206, 1024),  # NLLB-200 LM head, 16 tokens
    ("decode", 8, 32003, 5120),  # Orca-2-13B LM head, 8 tokens
    ("mlm", 1024, 128100, 768),  # DeBERTa-v3-base MLM head, 2 x 512 tokens
    ("classifier", 512, 21843, 1024),  # ViT-L/16 ImageNet-21k head, batch 512
    ("lmhead", 1024, 58101, 512),  # MarianMT (opus-mt) vocabulary projection, 1024 tokens
    ("protein", 8192, 33, 2560),  # ESM-2 3B LM head, 8192 residues
    ("bytes", 16384, 262, 768),  # Perceiver IO byte decoder, 8 x 2048 bytes
    ("conv", 100352, 40, 240),  # EfficientNet-B0 stage-3 1x1 projection, batch 128 x 28 x 28
    ("conv", 100352, 240, 40),  # EfficientNet-B0 stage-3 1x1 expansion, batch 128 x 28 x 28
    ("conv", 200704, 64, 147),  # ResNet-50 7x7 stem, batch 16 x 112 x 112
    ("patch", 8192, 1024, 588),  # CLIP ViT-L/14 patch embedding, batch 32 x 256 patches
], dtypes=("fp16", "bf16"))
HOLDOUT16_BASE_INDEX = 3500

# The seventeenth hold-out, recorded in session 9 after holdout16 and before any model change, to
# judge the tile factors of load class "none" (neither K nor N 16-divisible; holdout16 has such
# shapes only in nt, too few for a factor), never tuned on: layers of model families no suite drew
# from whose K is not a multiple of 16, nearly all with N not either (Transformer-XL base,
# ShuffleNetV2, MobileNetV3-Large, RegNetY-3.2GF, GraphSAGE on Reddit, DLRM), in fp16 and bf16 x nn
# and nt: every one is load class "none" but DLRM's in nn (class "n"). Indexed from 3600.
HOLDOUT17_SHAPES: list[tuple] = in_layouts([
    ("txl", 4096, 2100, 410),  # Transformer-XL base (WT103) FFN up, 4096 tokens
    ("txl", 4096, 410, 2100),  # Transformer-XL base FFN down
    ("txl", 4096, 1230, 410),  # Transformer-XL base QKV
    ("txl", 4096, 20003, 410),  # Transformer-XL base adaptive-softmax head cluster
    ("shufflenet", 100352, 116, 116),  # ShuffleNetV2 1.0x stage-2 1x1 conv, batch 128 x 28 x 28
    ("shufflenet", 25088, 232, 232),  # ShuffleNetV2 1.0x stage-3 1x1 conv, batch 128 x 14 x 14
    ("mobilenet", 802816, 24, 72),  # MobileNetV3-Large 1x1 projection 72 -> 24, batch 256 x 56 x 56
    ("mobilenet", 802816, 72, 24),  # MobileNetV3-Large 1x1 expansion 24 -> 72, batch 256 x 56 x 56
    ("mobilenet", 200704, 120, 40),  # MobileNetV3-Large 1x1 expansion 40 -> 120, batch 256 x 28 x 28
    ("regnet", 100352, 216, 72),  # RegNetY-3.2GF stage-2 1x1 conv 72 -> 216, batch 32 x 56 x 56
    ("gnn", 232965, 41, 602),  # GraphSAGE on Reddit: 602 features -> 41 classes, every node
    ("dlrm", 65536, 1024, 479),  # DLRM (Criteo) top MLP first layer, 479 interactions, batch 65536
], dtypes=("fp16", "bf16"))
HOLDOUT17_BASE_INDEX = 3600

# The eighteenth hold-out, recorded at the end of session 9 for the next session's element-wise
# and small-N work, never tuned on: decode LM heads over odd vocabularies, detection, CTC and
# classifier heads with small odd N, two first layers with K under 64, from families no suite
# drew from (Whisper-medium, CTRL, XLM-R-XL, mBART-50, Places365 ResNet-50, QuartzNet, YOLOv5,
# Mask R-CNN, NeRF, AlphaFold2, a 513-bin spectrogram head), in fp16 and tf32 x nn and nt: in nn
# ten are load class "k" and two "n"; in nt ten are aligned (small-N shapes with an N x K weight)
# and two "none". Indexed from 3700.
HOLDOUT18_SHAPES: list[tuple] = in_layouts([
    ("decode", 1, 51865, 1024),  # Whisper-medium decoder vocabulary projection, 1 token
    ("decode", 24, 246534, 1280),  # CTRL LM head, 24 tokens
    ("decode", 48, 250002, 2560),  # XLM-R-XL vocabulary projection, 48 tokens
    ("lmhead", 256, 250054, 1024),  # mBART-50 vocabulary projection, 256 tokens
    ("classifier", 4096, 365, 2048),  # Places365 ResNet-50 head, batch 4096
    ("ctc", 65536, 29, 1024),  # QuartzNet CTC head, 29 characters, 65536 frames
    ("detect", 65536, 255, 256),  # YOLOv5 1x1 detection head (3 x 85), batch 16 x 64 x 64
    ("roi", 32768, 81, 1024),  # Mask R-CNN box classifier, 64 images x 512 RoIs
    ("roi", 32768, 324, 1024),  # Mask R-CNN box regressor (81 x 4)
    ("nerf", 262144, 256, 63),  # NeRF first layer (63 encoded inputs), 4096 rays x 64 samples
    ("af2", 196608, 256, 49),  # AlphaFold2 MSA feature embedding (49 features), 512 x 384
    ("spectrogram", 32768, 513, 1024),  # a 513-bin (n_fft 1024) spectrogram output head, 32768 frames
], dtypes=("fp16", "tf32"))
HOLDOUT18_BASE_INDEX = 3700

# The nineteenth hold-out, recorded early in session 10 (after the L1 term, before any later
# change) for this and the next session's changes to be judged on, never tuned on: layers of
# model families no suite drew from, most with N or K not 16-divisible (decode and MLM heads over
# odd vocabularies: BART-large, XGLM-564M, RWKV-4-1.5B, Longformer-base; an ESPnet Conformer CTC
# head over 5000 BPE units; EfficientNet-B3 and MobileNetV3-Small 1x1 convs; GraphSAGE on
# ogbn-products and GCN on ogbn-arxiv class heads; DLRM's 13-feature bottom layer) and two
# aligned ones (Falcon-40B QKV prefill, MPT-30B MLP decode), in bf16 and tf32 x nn and nt: in nn
# six are load class "k", two "n", two "none", two aligned; in nt eight aligned, four "none".
# Indexed from 3800.
HOLDOUT19_SHAPES: list[tuple] = in_layouts([
    ("decode", 8, 50265, 1024),  # BART-large LM head, 8 tokens
    ("decode", 32, 256008, 1024),  # XGLM-564M LM head, 32 tokens
    ("decode", 16, 50277, 2048),  # RWKV-4 1.5B head, 16 tokens
    ("lmhead", 4096, 50265, 768),  # Longformer-base MLM head, 8 x 512 tokens
    ("asr", 8192, 5000, 512),  # ESPnet Conformer CTC head over 5000 BPE units, 8192 frames
    ("conv", 12544, 816, 136),  # EfficientNet-B3 1x1 expansion 136 -> 816, batch 64 x 14 x 14
    ("conv", 200704, 88, 24),  # MobileNetV3-Small 1x1 expansion 24 -> 88, batch 256 x 28 x 28
    ("gnn", 2449029, 47, 100),  # GraphSAGE on ogbn-products: 100 features -> 47 classes, every node
    ("gnn", 169343, 40, 128),  # GCN on ogbn-arxiv: 128 hidden -> 40 classes, every node
    ("prefill", 2048, 9216, 8192),  # Falcon-40B fused QKV, 2048 tokens
    ("decode", 16, 28672, 7168),  # MPT-30B MLP up, 16 tokens
    ("dlrm", 65536, 512, 13),  # DLRM (Criteo) bottom MLP first layer, 13 dense features
], dtypes=("bf16", "tf32"))
HOLDOUT19_BASE_INDEX = 3800

# The twentieth hold-out, recorded in session 10 after holdout14 and holdout19 had judged (and
# been read for) the tile-factor fitting changes, before the variant built from that reading is
# scored, never tuned on: layers of model families no suite drew from, half aligned (Yi-34B MLP
# prefill and decode, DeepSeek-MoE-16B expert, Swin-L stage-1 MLP, T5-XXL MLP, StarCoder-15B MQA
# QKV decode) and half with N or K not 16-divisible (mBERT MLM head over 119547 tokens,
# Transformer-XL's full 267735-token softmax decode, EfficientNet-B4 and ShuffleNetV2-2.0x 1x1
# convs, a GloVe-300d input projection, GraphSAGE on Flickr's 7 classes), in fp16 and tf32 x nn
# and nt: in nn six aligned, two load class "k", two "n", two "none"; in nt eight aligned, four
# "none". Indexed from 3900.
HOLDOUT20_SHAPES: list[tuple] = in_layouts([
    ("prefill", 1024, 20480, 7168),  # Yi-34B MLP up, 1024 tokens
    ("decode", 8, 7168, 20480),  # Yi-34B MLP down, 8 tokens
    ("moe", 512, 1408, 2048),  # DeepSeek-MoE-16B expert up, 512 tokens
    ("swin", 50176, 768, 192),  # Swin-L stage-1 MLP up, batch 16 x 56 x 56
    ("t5", 8192, 10240, 4096),  # T5-XXL MLP up, batch 16 x 512
    ("decode", 64, 6400, 6144),  # StarCoder-15B fused QKV (multi-query), 64 tokens
    ("mlm", 2048, 119547, 768),  # multilingual BERT MLM head, 4 x 512 tokens
    ("decode", 16, 267735, 1024),  # Transformer-XL (WT103) full-softmax head, 16 tokens
    ("conv", 25088, 336, 56),  # EfficientNet-B4 1x1 expansion 56 -> 336, batch 32 x 28 x 28
    ("glove", 8192, 768, 300),  # a GloVe-300d input projection to 768, 8192 tokens
    ("conv", 100352, 244, 244),  # ShuffleNetV2 2.0x stage-2 1x1 conv, batch 128 x 28 x 28
    ("gnn", 89250, 7, 500),  # GraphSAGE on Flickr: 500 features -> 7 classes, every node
], dtypes=("fp16", "tf32"))
HOLDOUT20_BASE_INDEX = 3900

# The twenty-first hold-out, recorded at the end of session 10 for the next session's changes,
# never tuned on: layers of model families no suite drew from, half aligned (Mistral-Nemo-12B MLP
# prefill and decode, Qwen3-30B-A3B expert, SigLIP-so400m MLP, SD-1.5 UNet GEGLU, Gemma-7B MLP
# decode) and half with N or K not 16-divisible (Aquila-7B and PEGASUS-large LM heads in decode, an
# Open Images 9605-class head, a 40-dim filterbank input projection, MobileNetV2 and
# NASNet-A-Mobile 1x1 convs), in bf16 and tf32 x nn and nt. Indexed from 4000.
HOLDOUT21_SHAPES: list[tuple] = in_layouts([
    ("prefill", 2048, 14336, 5120),  # Mistral-Nemo-12B MLP up, 2048 tokens
    ("decode", 32, 5120, 14336),  # Mistral-Nemo-12B MLP down, 32 tokens
    ("moe", 384, 768, 2048),  # Qwen3-30B-A3B expert up, 384 tokens
    ("siglip", 11664, 4304, 1152),  # SigLIP-so400m/14 MLP up, batch 16 x 729 patches
    ("unet", 65536, 2560, 320),  # SD-1.5 UNet GEGLU up at 64 x 64 latents, batch 16
    ("decode", 2, 24576, 3072),  # Gemma-7B MLP up, 2 tokens
    ("decode", 8, 100008, 4096),  # Aquila-7B LM head, 8 tokens
    ("decode", 32, 96103, 1024),  # PEGASUS-large LM head, 32 tokens
    ("classifier", 4096, 9605, 2048),  # an Open Images 9605-class head on ResNet-101 features, batch 4096
    ("asr", 32768, 512, 40),  # a 40-dim filterbank input projection to 512, 32768 frames
    ("conv", 401408, 24, 144),  # MobileNetV2 1x1 projection 144 -> 24, batch 128 x 56 x 56
    ("conv", 200704, 44, 132),  # NASNet-A-Mobile 1x1 conv 132 -> 44, batch 64 x 56 x 56
], dtypes=("bf16", "tf32"))
HOLDOUT21_BASE_INDEX = 4000

# The twenty-second hold-out, recorded at the start of session 11 before any of its changes, to
# judge them beside holdout21 (whose per-shape scores at recording were seen, though not studied,
# at the session's start), never tuned on: layers of model families no suite drew from, half
# aligned (Pythia-12B MLP prefill, Chameleon-34B and Ministral-8B MLP decode, ERNIE-4.5-21B-A3B
# expert, VideoMAE-L MLP, Cerebras-GPT-6.7B MLP down decode) and half with N or K not 16-divisible
# (the fairseq WMT19 en-de output projection in decode, a DNABERT-6 MLM head, a Food-101 head,
# a 39-dim MFCC input projection, a GhostNet ghost-module 1x1 conv, PointNet's first layer with
# K = 3), in fp16 and tf32 x nn and nt. Indexed from 4100.
HOLDOUT22_SHAPES: list[tuple] = in_layouts([
    ("prefill", 2048, 20480, 5120),  # Pythia-12B MLP up, 2048 tokens
    ("decode", 16, 22016, 8192),  # Chameleon-34B MLP up, 16 tokens
    ("decode", 48, 24576, 4096),  # Ministral-8B gate+up, 48 tokens
    ("moe", 192, 3072, 2560),  # ERNIE-4.5-21B-A3B expert gate+up, 192 tokens
    ("video", 12544, 4096, 1024),  # VideoMAE-L MLP up, 8 clips x 1568 tokens
    ("decode", 4, 4096, 16384),  # Cerebras-GPT-6.7B MLP down, 4 tokens
    ("decode", 24, 42024, 1024),  # FSMT (fairseq WMT19 en-de) output projection, 24 tokens
    ("mlm", 8192, 4101, 768),  # DNABERT-6 MLM head over 4101 6-mers, 16 x 512 tokens
    ("classifier", 8192, 101, 2048),  # a Food-101 head on ResNet-50 features, batch 8192
    ("asr", 65536, 256, 39),  # a 39-dim MFCC (13 + deltas) input projection to 256, 65536 frames
    ("conv", 200704, 60, 40),  # GhostNet ghost-module primary 1x1 conv 40 -> 60, batch 256 x 28 x 28
    ("pointnet", 32768, 64, 3),  # PointNet first layer (x, y, z -> 64), 32 clouds x 1024 points
], dtypes=("fp16", "tf32"))
HOLDOUT22_BASE_INDEX = 4100

# The twenty-third hold-out, recorded in session 11 after holdout21 and holdout22 had judged (and
# been read for) the first candidate of the TF32 element-wise change, before the candidate chosen
# after that reading is scored, never tuned on: layers of model families no suite drew from, five
# aligned (Codestral-22B gate+up prefill, Vicuna-7B MLP down decode, GRIN-MoE expert, MAE decoder
# MLP, HuBERT-XLarge MLP) and seven with N or K not 16-divisible (Chinese-LLaMA-2 and ruGPT-3 LM
# heads in decode, a BioBERT MLM head, a Stanford Cars head, HRNet-W18 and MobileNet-V1 1x1 convs,
# a Covertype input layer), in bf16 and tf32 x nn and nt: in nn four load class "k", two "n", one
# "none"; in nt three "none". Indexed from 4200.
HOLDOUT23_SHAPES: list[tuple] = in_layouts([
    ("prefill", 1536, 32768, 6144),  # Codestral-22B gate+up, 1536 tokens
    ("decode", 12, 4096, 11008),  # Vicuna-7B (LLaMA-1) MLP down, 12 tokens
    ("moe", 224, 6400, 4096),  # GRIN-MoE expert up, 224 tokens
    ("mae", 12608, 2048, 512),  # MAE decoder MLP up, batch 64 x 197 tokens
    ("speech", 4000, 5120, 1280),  # HuBERT-XLarge MLP up, 8 x 500 frames
    ("decode", 8, 49953, 4096),  # Chinese-LLaMA-2-7B LM head, 8 tokens
    ("decode", 16, 50264, 2048),  # ruGPT-3-XL LM head, 16 tokens
    ("mlm", 4096, 28996, 768),  # BioBERT MLM head (cased BERT vocabulary), 8 x 512 tokens
    ("classifier", 16384, 196, 2048),  # a Stanford Cars 196-class head on ResNet-50 features, batch 16384
    ("conv", 200704, 36, 18),  # HRNet-W18 1x1 transition 18 -> 36, batch 64 x 56 x 56
    ("conv", 100352, 48, 24),  # MobileNet-V1 0.75 pointwise 24 -> 48, batch 128 x 28 x 28
    ("tabular", 131072, 256, 54),  # a Covertype (54 features) input layer to 256, batch 131072
], dtypes=("bf16", "tf32"))
HOLDOUT23_BASE_INDEX = 4200

# The twenty-fourth hold-out, recorded at the end of session 11 after its last model change, for
# the next session's changes, never tuned on: layers of model families no suite drew from, six
# aligned (TinyLlama-1.1B gate+up prefill, RedPajama-INCITE-7B and ChatGLM2-6B MLP decode,
# Moonlight-16B-A3B expert, MaxViT-B stage-3 MLP, BEATs MLP) and six with N or K not 16-divisible
# (a CodeT5 LM head in decode, an ELECTRA-small MLM head, an Oxford Flowers-102 head, a
# YearPredictionMSD input layer, a DARTS 1x1 conv, a HIGGS input layer), in fp16 and tf32 x nn and
# nt. Indexed from 4300.
HOLDOUT24_SHAPES: list[tuple] = in_layouts([
    ("prefill", 4096, 11264, 2048),  # TinyLlama-1.1B gate+up, 4096 tokens
    ("decode", 24, 16384, 4096),  # RedPajama-INCITE-7B MLP up, 24 tokens
    ("decode", 8, 4096, 13696),  # ChatGLM2-6B MLP down, 8 tokens
    ("moe", 384, 2816, 2048),  # Moonlight-16B-A3B expert gate+up, 384 tokens
    ("vit", 25088, 1536, 384),  # MaxViT-B stage-3 MLP up, batch 32 x 28 x 28
    ("audio", 7488, 3072, 768),  # BEATs MLP up, 16 clips x 468 patches
    ("decode", 16, 32100, 768),  # CodeT5-base LM head, 16 tokens
    ("mlm", 8192, 30522, 256),  # ELECTRA-small generator MLM head, 16 x 512 tokens
    ("classifier", 8192, 102, 1280),  # an Oxford Flowers-102 head on EfficientNet-B1 features, batch 8192
    ("tabular", 131072, 512, 90),  # a YearPredictionMSD (90 features) input layer to 512, batch 131072
    ("conv", 65536, 36, 36),  # DARTS (CIFAR-10, C = 36) preprocessing 1x1 conv, batch 64 x 32 x 32
    ("tabular", 262144, 300, 28),  # a HIGGS (28 features) input layer to 300, batch 262144
], dtypes=("fp16", "tf32"))
HOLDOUT24_BASE_INDEX = 4300

# The twenty-fifth hold-out, recorded at the start of session 12 before any of its changes, to
# judge them beside holdout24 (which holds one class-"n" 16-bit shape in nn, and that one was seen),
# never tuned on: layers of model families no suite drew from, chosen for the weak spots left at
# session 11's end: seven with N 16-divisible and K not (load class "n" in nn, "none" in nt), most
# with K under 128 (a KDD Cup 99 input layer, GAT on PPI, a DGCNN EdgeConv, a Kaldi TDNN input
# layer, Stable Diffusion's VAE conv_in, SRCNN's first layer, an Adult-census input layer), four
# at M <= 64 (Solar-10.7B and Xverse-13B MLP decode, a Blenderbot-400M LM head, a SciBERT MLM head
# over 32 masked tokens) and one aligned prefill (Skywork-13B gate+up), in bf16 and tf32 x nn and
# nt. Indexed from 4400.
HOLDOUT25_SHAPES: list[tuple] = in_layouts([
    ("prefill", 1024, 24576, 4608),  # Skywork-13B gate+up, 1024 tokens
    ("decode", 4, 14336, 4096),  # Solar-10.7B MLP up, 4 tokens
    ("decode", 32, 5120, 13824),  # Xverse-13B MLP down, 32 tokens
    ("decode", 16, 8008, 1280),  # Blenderbot-400M-distill LM head, 16 tokens
    ("mlm", 32, 31090, 768),  # SciBERT (scivocab) MLM head, 32 masked tokens
    ("tabular", 131072, 256, 122),  # a KDD Cup 99 (122 one-hot features) input layer to 256, batch 131072
    ("graph", 56944, 1024, 50),  # GAT on PPI: 50 features -> 4 heads x 256, every node
    ("pointcloud", 163840, 64, 6),  # DGCNN EdgeConv first layer (2 x 3 -> 64), 8 clouds x 1024 points x 20 neighbours
    ("speech", 131072, 512, 200),  # a Kaldi TDNN input layer (40-dim fbank x 5 frames) to 512, 131072 frames
    ("image", 262144, 128, 27),  # Stable Diffusion VAE conv_in 3x3 (3 -> 128), batch 4 x 256 x 256
    ("superres", 524288, 64, 81),  # SRCNN first layer 9x9 (1 -> 64), batch 8 x 256 x 256
    ("tabular", 65536, 512, 108),  # an Adult-census (108 one-hot features) input layer to 512, batch 65536
], dtypes=("bf16", "tf32"))
HOLDOUT25_BASE_INDEX = 4400

# The twenty-sixth hold-out, recorded in session 12 after holdout24 and holdout25 had judged (and
# been read for) its first change, before any later change is shaped, never tuned on: layers of
# model families no suite drew from, three aligned (Nanbeige-16B MLP up and down at decode, a
# CoAtNet-0 MLP), four with N not 16-divisible (Jais-13B's SwiGLU prefill, BTLM-3B-8K MLP and MOSS
# LM head at decode, an MNIST MLP layer: load class "k" in nn) and five with K not (load class "n"
# in nn, "none" in nt: Sentinel-2, 12-lead ECG, Wide & Deep census, ogbg-molhiv GCN and UCI-HAR
# input layers), in fp16 and tf32 x nn and nt. Indexed from 4500.
HOLDOUT26_SHAPES: list[tuple] = in_layouts([
    ("prefill", 2048, 13653, 5120),  # Jais-13B MLP up (SwiGLU width 13653), 2048 tokens
    ("decode", 8, 16384, 5120),  # Nanbeige-16B MLP up, 8 tokens
    ("decode", 48, 5120, 16384),  # Nanbeige-16B MLP down, 48 tokens
    ("decode", 16, 6826, 2560),  # BTLM-3B-8K MLP up (SwiGLU width 6826), 16 tokens
    ("decode", 4, 106072, 6144),  # MOSS-moon-003 LM head, 4 tokens
    ("vit", 100352, 384, 96),  # CoAtNet-0 stage-1 MLP up 96 -> 384, batch 32 x 56 x 56
    ("remote", 262144, 64, 117),  # a Sentinel-2 (13 bands) 3x3 first conv to 64, batch 16 x 128 x 128
    ("ecg", 320000, 64, 180),  # a 12-lead ECG ResNet first conv (kernel 15) to 64, 64 records x 5000 samples
    ("tabular", 65536, 1024, 42),  # a Wide & Deep (census, 42 inputs) deep layer to 1024, batch 65536
    ("molecule", 819200, 256, 9),  # GCN on ogbg-molhiv: 9 atom features -> 256, 32768 molecules x 25 atoms
    ("har", 65536, 512, 561),  # a UCI-HAR (561 features) MLP input layer to 512, batch 65536
    ("mnist", 65536, 500, 784),  # an MNIST MLP 784 -> 500, batch 65536
], dtypes=("fp16", "tf32"))
HOLDOUT26_BASE_INDEX = 4500

# The twenty-seventh hold-out, recorded in session 12 after its second change was judged and reverted, for
# the changes after it, never tuned on: layers of model families no suite drew from, five
# aligned (Aya-23-8B gate+up prefill, OpenELM-3B MLP down and Fuyu-8B LM head at decode, a
# Segformer-B2 MLP, BLIP-2's Q-Former cross-attention projection), four with N not 16-divisible
# (Kosmos-2 and Donut LM heads at decode, a Letter-recognition input layer, a SUN397 head: load class
# "k" in nn) and three with K not (an EnCodec first conv, SchNet's filter network, a Poker-hand
# input layer: class "n" in nn), in bf16 and tf32 x nn and nt. Indexed from 4600.
HOLDOUT27_SHAPES: list[tuple] = in_layouts([
    ("prefill", 2048, 28672, 4096),  # Aya-23-8B gate+up, 2048 tokens
    ("decode", 24, 3072, 12288),  # OpenELM-3B MLP down (its widest layer), 24 tokens
    ("decode", 2, 262144, 4096),  # Fuyu-8B LM head, 2 tokens
    ("decode", 8, 65037, 2048),  # Kosmos-2 LM head, 8 tokens
    ("decode", 32, 57522, 1024),  # Donut (BART decoder) LM head, 32 tokens
    ("vision", 131072, 256, 64),  # Segformer-B2 stage-1 MLP up 64 -> 256, batch 8 x 128 x 128
    ("vlm", 8224, 768, 1408),  # BLIP-2 Q-Former cross-attention K/V from ViT-g features, 32 images x 257 tokens
    ("audio", 384000, 32, 7),  # EnCodec encoder first conv (1 -> 32, kernel 7), 16 clips x 24000 samples
    ("molecule", 262144, 64, 50),  # SchNet filter network (50 RBFs -> 64), 262144 edges
    ("tabular", 131072, 256, 85),  # a Poker-hand (85 one-hot features) input layer to 256, batch 131072
    ("tabular", 262144, 26, 16),  # a Letter-recognition (16 features) layer to 26 classes, batch 262144
    ("classifier", 16384, 397, 2048),  # a SUN397 head on ResNet-50 features, batch 16384
], dtypes=("bf16", "tf32"))
HOLDOUT27_BASE_INDEX = 4600

# The twenty-eighth hold-out, recorded at the end of session 12 after its last change (the model
# of holdout27's recording), for the next session's changes, never tuned on: layers of model
# families no suite drew from, three aligned (Emu3 gate+up prefill, Florence-2-large MLP down at decode, a MobileViT-v2
# MLP), six with N not 16-divisible (LUKE and BigBird LM heads at decode; Caltech-256, CUB-200,
# Speech Commands and PhysioNet ECG heads: load class "k" in nn, class "all" with C stored element
# by element in nt), two with neither (MiniBooNE and Spambase input layers) and one with K not (an
# All-CNN-C first layer), in fp16 and tf32 x nn and nt. Indexed from 4700.
HOLDOUT28_SHAPES: list[tuple] = in_layouts([
    ("prefill", 1024, 28672, 4096),  # Emu3 gate+up, 1024 tokens
    ("decode", 32, 1024, 4096),  # Florence-2-large decoder MLP down, 32 tokens
    ("decode", 16, 50267, 1024),  # LUKE-large LM head, 16 tokens
    ("decode", 8, 50358, 768),  # BigBird-RoBERTa-base LM head, 8 tokens
    ("vit", 65536, 512, 256),  # MobileViT-v2 MLP up 256 -> 512, batch 64 x 32 x 32
    ("classifier", 16384, 257, 768),  # a Caltech-256 head on ViT-B features, batch 16384
    ("classifier", 16384, 200, 2048),  # a CUB-200 head on ResNet-50 features, batch 16384
    ("speech", 65536, 35, 512),  # a Speech Commands (35 words) head, 65536 frames
    ("ecg", 32768, 27, 1024),  # a PhysioNet 2020 ECG (27 classes) head, batch 32768
    ("tabular", 131072, 300, 50),  # a MiniBooNE (50 features) input layer to 300, batch 131072
    ("tabular", 65536, 100, 57),  # a Spambase (57 features) input layer to 100, batch 65536
    ("conv", 262144, 96, 27),  # All-CNN-C first layer 3x3 (3 -> 96), batch 256 x 32 x 32
], dtypes=("fp16", "tf32"))
HOLDOUT28_BASE_INDEX = 4700

# The twenty-ninth hold-out, recorded in session 13 after candidate 4 (the element-wise C store)
# was judged on holdout28 and adopted, for the next changes, never tuned on: layers of model
# families no suite drew from, seven aligned (Falcon2-11B and Flan-T5-XL prefill MLPs, Minitron-4B
# and mT5-base LM heads and a Zamba2-2.7B MLP down at decode, a Hiera-B MLP, a ByT5-small MLP),
# three with N not 16-divisible (FGVC-Aircraft and DTD heads, a DAC quantizer projection), one
# with K not (an Ionosphere input layer) and one with neither (an Isolet head), in bf16 and tf32 x
# nn and nt. Indexed from 4800.
HOLDOUT29_SHAPES: list[tuple] = in_layouts([
    ("prefill", 512, 16384, 4096),  # Falcon2-11B MLP up, 512 tokens
    ("prefill", 1024, 5120, 2048),  # Flan-T5-XL gated MLP wi_0, 1024 tokens
    ("decode", 4, 256000, 3072),  # Minitron-4B LM head, 4 tokens
    ("decode", 16, 250112, 768),  # mT5-base LM head, 16 tokens
    ("decode", 32, 2560, 10240),  # Zamba2-2.7B MLP down, 32 tokens
    ("vision", 100352, 384, 96),  # Hiera-B stage-1 MLP up 96 -> 384, batch 32 x 56 x 56
    ("bytes", 8192, 3584, 1472),  # ByT5-small MLP up, 8192 bytes
    ("classifier", 16384, 100, 768),  # an FGVC-Aircraft (100 variants) head on ViT-B features, batch 16384
    ("classifier", 32768, 47, 768),  # a DTD (47 textures) head on ConvNeXt-T features, batch 32768
    ("audio", 65536, 8, 1024),  # DAC quantizer in-projection 1024 -> 8, 65536 frames
    ("tabular", 262144, 128, 34),  # an Ionosphere (34 features) input layer to 128, batch 262144
    ("tabular", 65536, 26, 617),  # an Isolet (617 features) head to 26 letters, batch 65536
], dtypes=("bf16", "tf32"))
HOLDOUT29_BASE_INDEX = 4800

# The thirtieth hold-out, recorded in session 13 after candidate 5 (TF32 nt store registers) was
# judged on holdout29 and adopted, for the next changes, never tuned on: layers of model families no
# suite drew from, seven aligned (Pixtral-12B's vision MLP, Molmo-7B-D and Moshi decode MLPs, PoolFormer,
# EfficientFormer, GraphCast and Evoformer MLPs), four with N not 16-divisible (an Idefics2 decode
# head, EVA-02-L's SwiGLU up, Parakeet's CTC head, ProtBERT's MLM head) and one with K not
# (EVA-02-L's SwiGLU down), in fp16 and tf32 x nn and nt. Indexed from 4900.
HOLDOUT30_SHAPES: list[tuple] = in_layouts([
    ("vlm", 3072, 4096, 1024),  # Pixtral-12B vision encoder MLP up, 3 images x 1024 patches
    ("decode", 8, 32003, 4096),  # Idefics2-8B LM head (32,003 tokens), 8 tokens
    ("decode", 16, 3584, 18944),  # Molmo-7B-D MLP down, 16 tokens
    ("decode", 1, 22528, 4096),  # Moshi (Helium-7B) gate+up, 1 token
    ("vit", 16448, 2730, 1024),  # EVA-02-L SwiGLU up, 64 images x 257 tokens
    ("vit", 16448, 1024, 2730),  # EVA-02-L SwiGLU down, 64 images x 257 tokens
    ("vision", 200704, 256, 64),  # PoolFormer-S12 stage-1 MLP up, batch 64 x 56 x 56
    ("vision", 12544, 1792, 448),  # EfficientFormer-L1 stage-4 MLP up, batch 256 x 7 x 7
    ("speech", 65536, 1025, 1024),  # Parakeet (FastConformer) CTC head over 1,025 tokens, 65536 frames
    ("graph", 40962, 512, 512),  # GraphCast mesh-node MLP on the 40,962-node mesh
    ("protein", 147456, 512, 128),  # AlphaFold2 Evoformer pair transition 128 -> 512, 384 x 384 pairs
    ("protein", 65536, 30, 1024),  # ProtBERT MLM head over 30 tokens, 64 x 1024 residues
], dtypes=("fp16", "tf32"))
HOLDOUT30_BASE_INDEX = 4900

# The thirty-first hold-out, recorded at the end of session 13 (after candidate 6 was judged on
# holdout30) for the next session, never tuned on: layers of families no suite drew from, eight
# aligned, two with N not 16-divisible, one with K not and one with neither (the comments say
# which), in bf16 and tf32 x nn and nt. Indexed from 5000.
HOLDOUT31_SHAPES: list[tuple] = in_layouts([
    ("prefill", 1024, 5504, 1600),  # Hymba-1.5B MLP up, 1024 tokens
    ("decode", 8, 49280, 576),  # SmolVLM-256M LM head, 8 tokens
    ("decode", 4, 16384, 4096),  # Falcon-Mamba-7B in_proj, 4 tokens
    ("dit", 8192, 5600, 2240),  # Sana-1.6B transformer MLP up, 8 images x 1024 latent tokens
    ("audio", 24000, 1280, 5120),  # Qwen2-Audio encoder MLP down, 16 clips x 1500 frames
    ("audio", 65536, 2048, 512),  # Mimi (Kyutai codec) transformer MLP up, 65536 frames
    ("timeseries", 262144, 128, 16),  # PatchTST patch embedding 16 -> 128, 262144 patches
    ("timeseries", 65536, 1280, 64),  # TimesFM input residual block 64 -> 1280, 65536 patches
    ("genomics", 8192, 4105, 1280),  # Nucleotide-Transformer-500M LM head over 4,105 tokens, 8192 positions
    ("classifier", 32768, 345, 1280),  # a Quick-Draw (345 classes) head on MobileNetV3 features, batch 32768
    ("tabular", 131072, 512, 39),  # a Criteo (39 features) input layer to 512, batch 131072
    ("hsi", 262144, 17, 200),  # an Indian Pines (200 bands, 17 classes) pixel classifier, 512 x 512 pixels
], dtypes=("bf16", "tf32"))
HOLDOUT31_BASE_INDEX = 5000

# Every hold-out of this module by its suite name: (base index, shapes).
HOLDOUTS: dict[str, tuple[int, list]] = {
    "holdout16": (HOLDOUT16_BASE_INDEX, HOLDOUT16_SHAPES),
    "holdout17": (HOLDOUT17_BASE_INDEX, HOLDOUT17_SHAPES),
    "holdout18": (HOLDOUT18_BASE_INDEX, HOLDOUT18_SHAPES),
    "holdout19": (HOLDOUT19_BASE_INDEX, HOLDOUT19_SHAPES),
    "holdout20": (HOLDOUT20_BASE_INDEX, HOLDOUT20_SHAPES),
    "holdout21": (HOLDOUT21_BASE_INDEX, HOLDOUT21_SHAPES),
    "holdout22": (HOLDOUT22_BASE_INDEX, HOLDOUT22_SHAPES),
    "holdout23": (HOLDOUT23_BASE_INDEX, HOLDOUT23_SHAPES),
    "holdout24": (HOLDOUT24_BASE_INDEX, HOLDOUT24_SHAPES),
    "holdout25": (HOLDOUT25_BASE_INDEX, HOLDOUT25_SHAPES),
    "holdout26": (HOLDOUT26_BASE_INDEX, HOLDOUT26_SHAPES),
    "holdout27": (HOLDOUT27_BASE_INDEX, HOLDOUT27_SHAPES),
    "holdout28": (HOLDOUT28_BASE_INDEX, HOLDOUT28_SHAPES),
    "holdout29": (HOLDOUT29_BASE_INDEX, HOLDOUT29_SHAPES),
    "holdout30": (HOLDOUT30_BASE_INDEX, HOLDOUT30_SHAPES),
    "holdout31": (HOLDOUT31_BASE_INDEX, HOLDOUT31_SHAPES),
}
