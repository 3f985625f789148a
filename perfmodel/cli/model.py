"""`perfmodel rank | compare | occupancy | table`: the model's answers for one problem (`predict`: perfmodel.cli.predict)."""

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
from perfmodel.kernels.lowering import pipelines_elementwise
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import TileConfig, make_problem


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
    why = problem.alignment_note
    if pipelines_elementwise(problem.dtype):  # 4-byte elements are copied one by one through the pipeline
        why = copied_one_by_one(why, problem.in_bytes, "pipelined at num_stages >= 2")
    if best.config.kernel == "tma":
        why += ", which the TMA kernel does not mind"
    caveat = "; on the H200 the measured gains for such shapes were larger, see README" \
        if problem.alignment in ("k", "n") else ""
    print(f"note: {why}. Zero-padding {what} is predicted at {padded_ms:.4f} ms "
          f"with {ranked.best.config.name} ({best.predicted_ms / padded_ms:.1f}x the speed{caveat}).")


def copied_one_by_one(note: str, in_bytes: int, when: str) -> str:
    """A load class's note where its element-wise operands are copied one by one through the pipeline
    (4-byte elements: perfmodel.kernels.lowering.pipelines_elementwise), `when` saying at which stages."""
    return note.replace(", no pipelining", "") + f" ({in_bytes}-byte elements: copied one by one, {when})"


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
