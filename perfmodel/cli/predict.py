"""`perfmodel predict`: one config's predicted time, term by term, each with the note that says
what it stands for (the model's terms as perfmodel.prediction.Prediction holds them)."""

from __future__ import annotations

import json

from perfmodel.cli.errors import UserError
from perfmodel.cli.model import copied_one_by_one, problem_from
from perfmodel.cli.render import fmt_pct, fmt_rate, print_table
from perfmodel.dtypes import DTYPES
from perfmodel.hardware.registry import load_hardware
from perfmodel.kernels.fma import hide_factor, hides_reads
from perfmodel.kernels.lowering import INSTRUCTION_NAMES
from perfmodel.kernels.operands import ELEMENTWISE_OPERANDS, b_kmajor_in_shared
from perfmodel.kernels.params import timing_params
from perfmodel.kernels.pipeline import LONE_COPY_CLASSES
from perfmodel.layouts import LAYOUTS
from perfmodel.problem import TileConfig

def _lone_dot(spec, problem, marked: bool, lead: str = "") -> str:
    """Where a wave's blocks run their mma.sync dot alone on their SMs (perfmodel.kernels.tiled.lone_step): the rate."""
    eta = timing_params(spec, problem.dtype).lone_block_dot_rate
    return f"{lead}a lone block's mma.sync dot at 1 / {eta:g} of its terms (measured)" if marked else ""


def _mma_note(spec, problem, p, cfg) -> str:
    """What the term holds beside the math: a lone block's rate, or where the dot is FMAs (perfmodel.kernels.fma)."""
    if p.compute_path != "vector":
        return _lone_dot(spec, problem, p.lone_dot)
    b_k_major, tp = b_kmajor_in_shared(problem, p.alignment), timing_params(spec, problem.dtype)
    reads = " and B's K-major reads per thread and k" if b_k_major else ""
    warps, simds = p.blocks_per_sm * cfg.num_warps, int(spec.compute.simds_per_sm.value)
    idle = f"; {warps} warps on {simds} schedulers" if warps < simds else ""
    factor = float(hide_factor(tp, warps / simds)) if hides_reads(b_k_major, p.alignment) else 1.0
    hide = f"; under {tp.fma_hide_warps:g} warps a scheduler to hide its shared reads: rate x {factor:.2f}"
    return f"FMAs{reads}{idle}{hide if factor < 1 else ''}"


def _lone_copies(spec, problem, p, blocks: int) -> str:
    """Where `blocks` is one and A is copied one by one: the lone block's share of the copy rate
    (perfmodel.kernels.pipeline.gather_rate), else nothing."""
    share = timing_params(spec, problem.dtype).lone_copy_share
    if blocks != 1 or not p.elementwise_pipelined or p.alignment not in LONE_COPY_CLASSES or share <= 0:
        return ""
    return f"; a lone block copies at {share:g} of two blocks' rate"


def _l2_note(spec, problem, p) -> str:
    """What the L2 term stands for when the layout or the load class makes it more than the tiles' bytes."""
    if p.elementwise_pipelined:
        which = " and ".join(ELEMENTWISE_OPERANDS[p.alignment])
        other = " and ".join(x for x in ("A", "B") if x not in ELEMENTWISE_OPERANDS[p.alignment])
        vectors = (f" (and {other}'s 16-byte copies beside them: {p.vector_copy_s * 1e6:.3f} us)"
                   if p.vector_copy_s and other else "")
        return (f"{which} copied one element at a time, at the gather rate{vectors}"
                + _lone_copies(spec, problem, p, p.blocks_per_sm) + _l1_note(p))
    lay = LAYOUTS[problem.layout]
    mn_major = [x for x, k_major in (("A", lay.a_k_major), ("B", lay.b_k_major)) if not k_major]
    if DTYPES[problem.dtype].k_major_only and mn_major and p.instruction.startswith("wgmma"):
        return (f"{' and '.join(mn_major)} stored MN-major: transposed into shared memory element by element "
                f"({problem.dtype} wgmma reads K-major only)")
    return ""


def _kstep_note(p, pipelined: bool) -> str:
    if pipelined:
        terms = "max(mma, L2, latency) + leak + spills + overhead"
    elif p.alignment == "none":
        terms = "max(mma, element-wise loads) + spills + overhead"
    else:
        terms = "max(mma, L2, element-wise loads) + spills + overhead"
    return f"({terms}) x tile factor" if p.tile_factor != 1.0 else terms


def predict_cmd(args) -> int:
    from perfmodel.kernels.registry import get as kernel_model
    from perfmodel.prediction import predict

    spec = load_hardware(args.hw)
    problem = problem_from(args)
    cfg = TileConfig.parse(args.config)
    p = predict(spec, problem, cfg)
    if not p.time_s < float("inf"):
        raise UserError(f"{cfg.name} cannot run on {spec.id}: {p.smem_bytes} B of shared memory per block "
                        f"(the limit is {int(spec.shared_memory.max_per_block_bytes.value)}) or no block fits")
    ops = DTYPES[problem.dtype].ops
    if args.json:  # times in seconds per term, the total as rank --json names it
        terms = {k: v for k, v in p.model_dump().items() if k != "time_s"}
        print(json.dumps({**cfg.as_dict(), "dtype": problem.dtype, "layout": problem.layout,
                          "predicted_ms": p.predicted_ms, **terms}, indent=2))
        return 0
    print(f"{cfg.name} on {spec.name}, {problem}: {p.predicted_ms:.4f} ms, {fmt_rate(p.tflops)} T{ops}/s "
          f"({fmt_pct(p.pct_of_peak / 100)} of the {p.compute_path} peak), "
          f"{fmt_rate(problem.min_bytes / p.time_s / 1e9)} GB/s, {p.bound}-bound")
    us = 1e6
    pipelined = p.alignment == "all" or p.elementwise_pipelined
    pointer = kernel_model(p.kernel).pointer_kernel  # the descriptor kernels load and store in bulk
    load_note = problem.alignment_note if pointer else "tensor-descriptor loads: bulk copies, pipelined"
    if p.elementwise_pipelined:
        load_note = copied_one_by_one(load_note, problem.in_bytes, "pipelined all the same")
    if pointer and p.alignment == "all" and not problem.c_aligned:
        load_note = "loads in vectors, pipelined (both operands K-major: K decides); N not 16-divisible: C stored element by element"
    rows = [("term", "value", "note"),
            ("kernel", p.kernel, ""),
            ("instruction", p.instruction, f"compute path {p.compute_path}; this config: {INSTRUCTION_NAMES[p.lowers_to]}"),
            ("alignment", p.alignment, load_note),
            ("registers/thread", str(p.regs_per_thread),
             (f"{p.spilled_regs_per_thread} spilled" if p.spilled_regs_per_thread else "no spills") + f"; {p.registers_from}"),
            ("shared bytes/block", str(p.smem_bytes), ""),
            ("blocks per SM", str(p.blocks_per_sm), f"limited by {p.limiter}"),
            ("programs", str(p.programs), f"{p.waves:.2f} waves"),
            ("k-steps per program", str(p.k_steps), ""),
            ("k-step", f"{p.kstep_s * us:.3f} us", _kstep_note(p, pipelined)),
            ("  mma (incl. shared mem)", f"{p.mma_s_per_kstep * us:.3f} us", _mma_note(spec, problem, p, cfg)),
            ("  L2 -> SM", f"{p.l2_s_per_kstep * us:.3f} us", _l2_note(spec, problem, p)),
            ("  latency / depth" if pipelined else "  element-wise loads", f"{p.latency_s_per_kstep * us:.3f} us",
             f"num_stages {cfg.num_stages}" if pipelined else _elementwise_note(p)),
            ("  spills", f"{p.spill_s_per_kstep * us:.3f} us", "local-memory traffic of spilled registers"),
            *([("  tile factor", f"x{p.tile_factor:.3f}", _factor_note(spec, problem, p, cfg))]
              if p.tile_factor != 1.0 else []),
            *_wave_rows(spec, problem, p, us),
            ("split-K reduction", f"{p.reduce_s * us:.2f} us", "the second kernel" if p.reduce_s else ""),
            ("launch", f"{p.launch_s * us:.2f} us", ""),
            ("roofline floor", f"{p.floor_s * us:.2f} us", "no config is faster"),
            *([("host floor", f"{p.host_floor_s * us:.2f} us", "one eager launch with host tensor descriptors")]
              if p.host_floor_s else []),
            ("total", f"{p.time_s * us:.2f} us", _total_note(p))]
    print_table(rows)
    if p.estimated:
        print(f"estimated inputs: {', '.join(p.estimated)}")
    return 0


def _elementwise_note(p) -> str:
    """The element-wise load row: its rates, and what re-reading lines through L1 costs."""
    return "one element per load, per thread or SM rate" + _l1_note(p)


def _l1_note(p) -> str:
    """"; N blocks' re-read lines X KiB, Y KiB of L1[: xF]" where element-wise loads re-read lines, else ""."""
    if p.reused_bytes_per_block <= 0 or p.l1_bytes <= 0:
        return ""
    lines = p.blocks_per_sm * p.reused_bytes_per_block / 1024
    where = f"{p.blocks_per_sm} blocks' re-read lines {lines:.0f} KiB, {p.l1_bytes / 1024:.0f} KiB of L1"
    return f"; {where}" + (f": x{p.l1_factor:.2f}" if p.l1_factor > 1 else "")


def _factor_note(spec, problem, p, cfg) -> str:
    """Where the tile factor comes from: the device's table, its class and key."""
    from perfmodel.kernels.tile_factors import factor_key

    key = factor_key(spec, p.kernel, problem, cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K, cfg.num_warps,
                     cfg.num_stages)
    return f"measured on this device: calibration tile_factors, {key}"


def _first_step(seconds: float, us: float) -> str:
    """The note on a lone block's first k-step (perfmodel.kernels.pipeline.first_step_time), if any."""
    return f" + {seconds * us:.2f} us for the first k-step's loads (a lone block: nothing hides them)" if seconds else ""


def _wave_rows(spec, problem, p, us: float) -> list[tuple[str, str, str]]:
    """The rows from the tiles to the main kernel's time: waves, DRAM, memory, their max."""
    rows = []
    if p.full_waves:
        past = f" + {p.past_copies_s * us:.2f} us of copies past the loop's end" if p.past_copies_s else ""
        past += f" + {p.prologue_copies_s * us:.2f} us of the prologue's copies" if p.prologue_copies_s else ""
        past += f" + {p.store_s * us:.2f} us storing C element by element" if p.store_s else ""
        past += f" + {p.tile_spill_s * us:.2f} us of spills outside the loop" if p.tile_spill_s else ""
        steps = f"(k-steps + {p.overhead_ksteps:.3g} for the tile's start and end)" if p.overhead_ksteps else "k-steps"
        rows.append(("tile (full wave)", f"{p.tile_s * us:.2f} us",
                     f"{steps} + prologue + epilogue{past}{_first_step(p.first_step_s, us)}, {p.blocks_per_sm} blocks/SM"))
    if p.tail_tile_s:
        rows.append(("tile (last wave)", f"{p.tail_tile_s * us:.2f} us",
                     f"{p.tail_blocks_per_sm} blocks/SM on {p.tail_sms} SMs{_first_step(p.tail_first_step_s, us)}"
                     + _lone_copies(spec, problem, p, p.tail_blocks_per_sm) + _lone_dot(spec, problem, p.tail_lone_dot, "; ")))
    how = " + ".join(([f"{p.full_waves} x {p.tile_s * us:.2f}"] if p.full_waves else []) +
                     ([f"{p.tail_tile_s * us:.2f}"] if p.tail_tile_s else []))
    how = how if p.full_waves else "one partial wave"
    if p.prologues_saved_s:
        how += f" - {p.prologues_saved_s * us:.2f} (a program fills its pipeline once, not per tile)"
    rows += [("waves", f"{p.waves_s * us:.2f} us", how),
             ("DRAM traffic", f"{p.dram_bytes / 1e6:.1f} MB", f"{p.dram_s * us:.2f} us at the DRAM read rate"),
             ("memory", f"{p.memory_s * us:.2f} us",
              f"DRAM time with the waves' waiting on loads ({p.memory_share:.0%} of a tile waits), "
              "plus the leak of the rest"),
             ("waves with DRAM", f"{p.waves_dram_s * us:.2f} us",
              f"(waves^r + DRAM^r)^(1/r), r = {p.compute_dram_exponent:g}: DRAM traffic slows the waves"
              if p.compute_dram_exponent is not None else "max(waves, DRAM)"),
             ("main kernel", f"{p.main_s * us:.2f} us", "max(waves with DRAM, memory)" + (
                 f" x {p.main_factor:.3f}: split-K with fewer tiles than SMs (calibration splitk_partial_slowdown)"
                 if p.main_factor != 1.0 else ""))]
    return rows


def _total_note(p) -> str:
    parts = p.main_s + p.reduce_s + p.launch_s
    if p.time_s > parts * (1 + 1e-9):
        if p.host_floor_s and p.time_s > max(parts, p.floor_s) * (1 + 1e-9):
            return "(main kernel + launch) and the host floor, ((a)^4 + (b)^4)^(1/4)"
        return "the roofline floor"
    return "main kernel + reduction + launch"
