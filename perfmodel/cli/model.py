"""`perfmodel rank | predict | compare | occupancy`: the model's answers for one problem."""

from __future__ import annotations

import json
import sys

from perfmodel.cli.errors import UserError
from perfmodel.cli.inputs import read_json
from perfmodel.cli.render import fmt_pct, fmt_rate, print_table
from perfmodel.dtypes import DTYPES
from perfmodel.errors import PerfmodelError
from perfmodel.hardware.registry import load_hardware
from perfmodel.hardware.schema import iter_quantities
from perfmodel.kernels.fma import hide_factor, hides_reads
from perfmodel.kernels.operands import ELEMENTWISE_OPERANDS, b_kmajor_in_shared
from perfmodel.kernels.params import timing_params
from perfmodel.layouts import LAYOUTS
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import ALIGNMENTS, TileConfig, make_problem


def problem_from(args):
    for name in ("m", "n", "k"):
        if getattr(args, name) is None:
            raise UserError(f"--{name} is required (a positive whole number)")
    return make_problem(M=args.m, N=args.n, K=args.k, dtype=args.dtype, layout=args.layout)


def read_configs(path: str) -> list[TileConfig]:
    from perfmodel.ranking import validate_configs

    data = read_json(path, "--configs")
    configs = validate_configs(data)
    unique = list(dict.fromkeys(configs))
    if len(unique) < len(configs):
        n = len(configs) - len(unique)
        print(f"note: --configs {path}: {n} duplicate config{'s' if n > 1 else ''} left out", file=sys.stderr)
    return unique


def occupancy_cmd(args) -> int:
    from perfmodel.arch.occupancy import occupancy
    from perfmodel.prediction import resources_of

    spec = load_hardware(args.hw)
    source = None
    if args.config:
        if any(v is not None for v in (args.threads, args.regs, args.sgprs, args.agprs, args.shared)):
            raise UserError("--config predicts threads, registers and shared memory itself; "
                            "give either --config or --threads/--regs/--shared, not both")
        cfg = TileConfig.parse(args.config)
        source = resources_of(spec, make_problem(M=args.m, N=args.n, K=args.k, dtype=args.dtype, layout=args.layout),
                              cfg)
        occ = occupancy(spec, source.threads_per_block, source.regs_per_thread, source.smem_bytes)
    else:
        missing = [f for f, v in (("--threads", args.threads), ("--regs", args.regs)) if v is None]
        if missing:
            raise UserError(f"{' and '.join(missing)} required (or --config)")
        occ = occupancy(spec, args.threads, args.regs, args.shared or 0, sgprs=args.sgprs, agprs=args.agprs)
    if args.json:
        out = occ.model_dump()
        if source is not None:
            out["resources"] = source.model_dump()
        print(json.dumps(out, indent=2))
        return 0
    unit = "workgroups per CU" if spec.is_amd_like else "blocks per SM"
    if source is not None:
        print(f"{args.config} on {spec.id} ({args.dtype}, M={args.m} N={args.n} K={args.k}): kernel {source.kernel}, "
              f"predicted {source.threads_per_block} threads, {source.regs_per_thread} registers/thread, "
              f"{source.smem_bytes} B shared ({source.rule}; registers: {source.registers_from})")
    print(f"{spec.name}: {unit} {occ.blocks_per_sm}, "
          f"{'waves per CU' if spec.is_amd_like else 'warps per SM'} {occ.warps_per_sm}"
          + (f" (waves per SIMD {occ.waves_per_simd:g})" if occ.waves_per_simd is not None else "")
          + f", occupancy {occ.occupancy:.0%}, limited by {occ.limiter}")
    print_table([("limit", unit)] + [(k, str(v)) for k, v in occ.limits.items()])
    return 0


def _kernels(args):
    return getattr(args, "kernels", None) or None


def rank_cmd(args) -> int:
    from perfmodel.arch.roofline import roofline
    from perfmodel.ranking import alike, rank

    spec = load_hardware(args.hw)
    problem = problem_from(args)
    if args.top is not None and args.top < 1:
        raise UserError(f"--top must be at least 1, got {args.top}")
    if args.configs and args.kernels:
        raise UserError("--configs names each config's kernel itself; give --configs or --kernels, not both")
    configs = read_configs(args.configs) if args.configs else None
    ranking = rank(spec, problem, configs, kernels=_kernels(args))
    if len(ranking) == 0:
        raise UserError(f"none of the {ranking.n_considered} configs fits on {spec.id} for {problem}")
    top = ranking.top(args.top or (len(ranking) if args.json and args.configs else 10))
    sens = None
    if args.sensitivity:
        from perfmodel.sensitivity import sensitivity

        sens = sensitivity(spec, problem, configs, kernels=_kernels(args))
    if args.json:
        out = [{**r.as_json(), "dtype": problem.dtype, "layout": problem.layout} for r in top]
        print(json.dumps(out if sens is None else {"ranking": out, "sensitivity": _sens_json(sens)}, indent=2))
        return 0
    rl = roofline(spec, problem)
    ops = DTYPES[problem.dtype].ops
    print(f"{spec.name}, {problem}: {len(ranking)} of {ranking.n_considered} configs fit{ranking.folded_note} "
          f"(kernels: {', '.join(ranking.kernels)}); compute path {rl.compute_path} ({rl.instruction}), "
          f"peak {rl.peak_ops_per_s / 1e12:.0f} T{ops}/s, floor {rl.floor_s * 1e3:.4f} ms")
    rows = [("#", "config", "predicted ms", f"T{ops}/s", "% peak", "GB/s", "bound", "limiter", "blocks/SM")]
    shown = alike(ranking, args.top or 10)
    for i, (r, name) in enumerate(shown, 1):
        t = r.predicted_ms * 1e-3
        rows.append((str(i), name, f"{r.predicted_ms:.4f}", fmt_rate(r.tflops),
                     fmt_pct(problem.flops / t / rl.peak_ops_per_s), fmt_rate(problem.min_bytes / t / 1e9), r.bound,
                     r.limiter, str(r.blocks_per_sm)))
    print_table(rows)
    print(f"GB/s: A, B and C once over the predicted time (the least any kernel moves); "
          f"% peak: of the {rl.compute_path} peak")
    if any(name != r.config.name for r, name in shown):
        print("a row naming several num_stages or GROUP_M (s2-5, g1,4,8,16) stands for configs predicted alike: the same "
              "time, bound and residency (--json lists each)")
    if problem.alignment != "all":
        _print_padding_note(spec, problem, configs, top[0], _kernels(args))
    if ranking.estimated:
        print(f"estimated inputs (no measurement on this device): {', '.join(ranking.estimated)}")
    spec_est = [p for p, q in iter_quantities(spec) if q.confidence.value == "estimated"]
    if spec_est:
        print(f"estimated spec numbers: {len(spec_est)} (see 'perfmodel hardware show {args.hw}'); "
              f"'--sensitivity' shows how much the pick depends on them")
    if sens is not None:
        _print_sensitivity(sens)
    return 0


def _print_padding_note(spec, problem, configs, best, kernels) -> None:
    """K or N not a multiple of 16: say what zero-padding them would buy, by the same model.
    Measured: on the six shapes with only K or only N aligned (validation/data/h200/padded.jsonl
    against mixed.jsonl) padding ran 1.8-3.8x faster where the model predicted 1.4-1.7x, so the
    note understates the gain there; on 1000^3 and 4095x4097x4093 (neither aligned, against
    1024^3 and 4096^3 of runs.jsonl, scaled by FLOPs) measured 3.5x and 6.9x, predicted 4.0x and 6.6x."""
    from perfmodel.ranking import rank

    try:
        padded = problem.padded_to_16()
        ranked = rank(spec, padded, configs, kernels=kernels)
    except PerfmodelError:  # the padded problem is past the limits (a size, the device memory)
        return
    if len(ranked) == 0:
        return
    padded_ms = ranked.best.predicted_ms
    what = " and ".join(f"{d} to {new}" for d, new, old in (("K", padded.K, problem.K), ("N", padded.N, problem.N))
                        if new != old)
    why = ALIGNMENTS[problem.alignment].note
    if best.config.kernel == "tma":
        why += ", which the TMA kernel does not mind"
    caveat = "; on the H200 the measured gains for such shapes were larger, see README" \
        if problem.alignment in ("k", "n") else ""
    print(f"note: {why}. Zero-padding {what} is predicted at {padded_ms:.4f} ms "
          f"with {ranked.best.config.name} ({best.predicted_ms / padded_ms:.1f}x the speed{caveat}).")


def _sens_json(sens):
    base, base_ms, items = sens
    return {"top1": base, "predicted_ms": base_ms,
            "perturbations": [{"input": p.name, "factor": p.factor, "top1": p.top1, "predicted_ms": p.predicted_ms,
                               "top1_changed": p.changed, "time_change_pct": p.delta_pct} for p in items]}


def _print_sensitivity(sens):
    base, base_ms, items = sens
    print(f"\nsensitivity: every estimated input x0.8 and x1.2 (one at a time, then all together); "
          f"baseline top-1 {base} at {base_ms:.4f} ms")
    if not items:
        print("  nothing is estimated for this device and dtype")
        return
    rows = [("input", "x", "top-1", "changed", "predicted ms", "change")]
    for p in items:
        rows.append((p.name, f"{p.factor:.1f}", p.top1, "yes" if p.changed else "no", f"{p.predicted_ms:.4f}",
                     f"{p.delta_pct:+.1f}%"))
    print_table(rows)
    n = sum(p.changed for p in items)
    print(f"top-1 changed in {n} of {len(items)} perturbations; "
          f"predicted time moved by at most {max(abs(p.delta_pct) for p in items):.1f}%")


def _mma_note(spec, problem, p, cfg) -> str:
    """What the term holds beside the math where the dot is FMAs (perfmodel.kernels.fma)."""
    if p.compute_path != "vector":
        return ""
    b_k_major, tp = b_kmajor_in_shared(problem, p.alignment), timing_params(spec, problem.dtype)
    reads = " and B's K-major reads per thread and k" if b_k_major else ""
    warps, simds = p.blocks_per_sm * cfg.num_warps, int(spec.compute.simds_per_sm.value)
    idle = f"; {warps} warps on {simds} schedulers" if warps < simds else ""
    factor = float(hide_factor(tp, warps / simds)) if hides_reads(b_k_major, p.alignment) else 1.0
    hide = f"; under {tp.fma_hide_warps:g} warps a scheduler to hide its shared reads: rate x {factor:.2f}"
    return f"FMAs{reads}{idle}{hide if factor < 1 else ''}"


def _l2_note(problem, p) -> str:
    """What the L2 term stands for when the layout or the load class makes it more than the tiles' bytes."""
    if p.elementwise_pipelined:
        which = " and ".join(ELEMENTWISE_OPERANDS[p.alignment])
        other = " and ".join(x for x in ("A", "B") if x not in ELEMENTWISE_OPERANDS[p.alignment])
        vectors = (f" (and {other}'s 16-byte copies beside them: {p.vector_copy_s * 1e6:.3f} us)"
                   if p.vector_copy_s and other else "")
        return f"{which} copied one element at a time, at the gather rate{vectors}" + _l1_note(p)
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
    load_note = ALIGNMENTS[p.alignment].note if pointer else "tensor-descriptor loads: bulk copies, pipelined"
    if p.elementwise_pipelined:
        load_note += f" ({problem.in_bytes}-byte elements: copied one by one, pipelined all the same)"
    if pointer and p.alignment == "all" and not problem.c_aligned:
        load_note = "loads in vectors, pipelined (both operands K-major: K decides); N not 16-divisible: C stored element by element"
    rows = [("term", "value", "note"),
            ("kernel", p.kernel, ""),
            ("instruction", p.instruction, f"compute path {p.compute_path}"),
            ("alignment", p.alignment, load_note),
            ("registers/thread", str(p.regs_per_thread),
             (f"{p.spilled_regs_per_thread} spilled" if p.spilled_regs_per_thread else "no spills") + f"; {p.registers_from}"),
            ("shared bytes/block", str(p.smem_bytes), ""),
            ("blocks per SM", str(p.blocks_per_sm), f"limited by {p.limiter}"),
            ("programs", str(p.programs), f"{p.waves:.2f} waves"),
            ("k-steps per program", str(p.k_steps), ""),
            ("k-step", f"{p.kstep_s * us:.3f} us", _kstep_note(p, pipelined)),
            ("  mma (incl. shared mem)", f"{p.mma_s_per_kstep * us:.3f} us", _mma_note(spec, problem, p, cfg)),
            ("  L2 -> SM", f"{p.l2_s_per_kstep * us:.3f} us", _l2_note(problem, p)),
            ("  latency / depth" if pipelined else "  element-wise loads", f"{p.latency_s_per_kstep * us:.3f} us",
             f"num_stages {cfg.num_stages}" if pipelined else _elementwise_note(p)),
            ("  spills", f"{p.spill_s_per_kstep * us:.3f} us", "local-memory traffic of spilled registers"),
            *([("  tile factor", f"x{p.tile_factor:.3f}", _factor_note(spec, problem, p, cfg))]
              if p.tile_factor != 1.0 else []),
            *_wave_rows(p, us),
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


def _wave_rows(p, us: float) -> list[tuple[str, str, str]]:
    """The rows from the tiles to the main kernel's time: waves, DRAM, memory, their max."""
    rows = []
    if p.full_waves:
        past = f" + {p.past_copies_s * us:.2f} us of copies past the loop's end" if p.past_copies_s else ""
        past += f" + {p.store_s * us:.2f} us storing C element by element" if p.store_s else ""
        past += f" + {p.tile_spill_s * us:.2f} us of spills outside the loop" if p.tile_spill_s else ""
        steps = f"(k-steps + {p.overhead_ksteps:.3g} for the tile's start and end)" if p.overhead_ksteps else "k-steps"
        rows.append(("tile (full wave)", f"{p.tile_s * us:.2f} us",
                     f"{steps} + prologue + epilogue{past}{_first_step(p.first_step_s, us)}, {p.blocks_per_sm} blocks/SM"))
    if p.tail_tile_s:
        rows.append(("tile (last wave)", f"{p.tail_tile_s * us:.2f} us",
                     f"{p.tail_blocks_per_sm} blocks/SM on {p.tail_sms} SMs{_first_step(p.tail_first_step_s, us)}"))
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


def compare_cmd(args) -> int:
    from perfmodel.arch.roofline import roofline
    from perfmodel.ranking import rank

    names = [h.strip() for h in args.hw.split(",") if h.strip()]
    if not names:
        raise UserError("--hw needs at least one device, e.g. --hw h100,gfx936,gfx926")
    problem = problem_from(args)
    results = []
    for name in names:
        spec = load_hardware(name)
        r = rank(spec, problem, kernels=_kernels(args))
        if len(r) == 0:
            raise UserError(f"no config fits on {spec.id} for {problem}")
        results.append((spec, r.best, roofline(spec, problem), r.estimated))
    if args.json:
        print(json.dumps([{"device": s.id, **b.as_json(), "layout": problem.layout, "compute_path": rl.compute_path,
                           "peak_tflops": rl.peak_ops_per_s / 1e12, "estimated": est} for s, b, rl, est in results],
                         indent=2))
        return 0
    ops = DTYPES[problem.dtype].ops
    rows = [("device", "best config", "ms", f"T{ops}/s", "% peak", "path", "bound", "limiter", "blocks/SM",
             "waves/SIMD")]
    for spec, b, rl, est in results:
        waves = (f"{b.blocks_per_sm * b.config.num_warps / spec.compute.simds_per_sm.value:g}"
                 if spec.is_amd_like else "-")
        rows.append((spec.id, b.config.name, f"{b.predicted_ms:.4f}", fmt_rate(b.tflops),
                     fmt_pct(b.tflops * 1e12 / rl.peak_ops_per_s), rl.compute_path, b.bound, b.limiter,
                     str(b.blocks_per_sm), waves))
    print(f"{problem}: the best config per device")
    print_table(rows)
    if len(results) > 1:
        base = results[0]
        print()
        for spec, b, rl, est in results[1:]:
            c0, c1 = base[1].config, b.config
            diffs = [f"{k} {getattr(c0, k)} -> {getattr(c1, k)}" for k in ("kernel", *CONFIG_KEYS)
                     if getattr(c0, k) != getattr(c1, k)]
            why = f"{spec.id} is {b.bound}-bound on its {rl.compute_path} path, residency limited by {b.limiter}"
            print(f"{base[0].id} -> {spec.id}: {', '.join(diffs) if diffs else 'same config'} ({why})")
    for spec, b, rl, est in results:
        if est:
            print(f"{spec.id}: estimated inputs: {', '.join(est)}")
    return 0


def table_cmd(args) -> int:
    from perfmodel.cli.outputs import output_file, write_atomically
    from perfmodel.integrations.vllm import DEFAULT_MS, config_table, parse_ms

    out = output_file(args.output, "-o", (".json",)) if args.output else None
    ms = parse_ms(args.m) if args.m else list(DEFAULT_MS)
    for name in ("n", "k"):
        if getattr(args, name) is None:
            raise UserError(f"--{name} is required (a positive whole number)")
    table = config_table(args.hw, args.n, args.k, args.dtype, ms, kernel=args.kernel, top_k=args.top_k,
                         layout=args.layout)
    text = json.dumps(table, indent=2) + "\n"
    if out is None:
        print(text, end="")
    else:
        write_atomically(out, lambda tmp: tmp.write_text(text))
        print(f"wrote {out}: {len(table)} entries (M = {', '.join(table)})", file=sys.stderr)
    return 0
