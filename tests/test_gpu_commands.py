"""`perfmodel table`, `calibrate` and `sweep` where no GPU is: the config tables, the shapes
files, the device file a calibration writes, what the sweep would time, the AMD code path
compiled offline, and one-line refusals where the GPU is missing."""

import json
from pathlib import Path

import pytest

import perfmodel
from perfmodel.hardware import load_hardware
from perfmodel.hardware.schema import HardwareSpec

DATA = Path(__file__).resolve().parent.parent / "validation" / "data" / "h200"
VLLM_KEYS = {"BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K", "GROUP_SIZE_M", "num_warps", "num_stages"}


def test_table_loads_the_way_vllm_loads_it(cli, tmp_path):
    out = tmp_path / "t.json"
    r = cli("table", "--hw", "gfx936", "--n", 4096, "--k", 4096, "--dtype", "bf16", "--m", "1,16,256,4096", "-o", out)
    assert r.returncode == 0, r.stderr
    with open(out) as f:
        table = {int(k): v for k, v in json.load(f).items()}  # vLLM's loader
    assert sorted(table) == [1, 16, 256, 4096]
    for m, entry in table.items():
        assert set(entry) == VLLM_KEYS and all(type(v) is int for v in entry.values())
        cfg = perfmodel.TileConfig(BLOCK_M=entry["BLOCK_SIZE_M"], BLOCK_N=entry["BLOCK_SIZE_N"],
                                   BLOCK_K=entry["BLOCK_SIZE_K"], GROUP_M=entry["GROUP_SIZE_M"],
                                   num_warps=entry["num_warps"], num_stages=entry["num_stages"])
        problem = perfmodel.GemmProblem(M=m, N=4096, K=4096, dtype="bf16")
        ranked = perfmodel.rank("gfx936", problem, [cfg])
        assert len(ranked) == 1  # a config the model ranks: it fits and runs
        assert ranked.best.config.name == perfmodel.rank("gfx936", problem, kernels="grouped").best.config.name


def test_table_defaults_and_top_k(cli):
    r = cli("table", "--hw", "h200", "--n", 4096, "--k", 4096, "--top-k", 3)
    assert r.returncode == 0, r.stderr
    table = json.loads(r.stdout)
    assert list(table) == [str(2**i) for i in range(13)]
    assert all(isinstance(v, list) and len(v) == 3 for v in table.values())


def test_shapes_file(tmp_path):
    from perfmodel.gpu.sweep import ShapesError, read_shapes

    good = tmp_path / "s.csv"
    good.write_text("family,M,N,K,dtype,layout\nllm,16,4096,4096,fp16,nt\n,512,11008,4096,BF16,\n")
    assert read_shapes(str(good)) == [(1000, ("llm", 16, 4096, 4096, "fp16", "nt")),
                                      (1001, ("user", 512, 11008, 4096, "bf16", "nn"))]
    again = tmp_path / "again.csv"  # a recorded set's shapes timed again keep their indices
    again.write_text("index,M,N,K,dtype\n3712,16,4096,4096,fp16\n12,64,64,64,bf16\n")
    assert [i for i, _ in read_shapes(str(again))] == [3712, 12]
    for name, text, words in (("a.csv", "M,N,K,dtype\n16,x,4096,fp16\n", "a.csv:2"),
                              ("b.csv", "M,N,K,dtype\n16,4096,4096,int8\n", "dtype one of fp16, bf16, tf32, fp32, fp8"),
                              ("e.csv", "M,N,K,dtype,layout\n16,4096,4096,fp16,kn\n", "layout one of nn, nt"),
                              ("f.csv", "index,M,N,K,dtype\n7,1,2,3,fp16\n7,4,5,6,fp16\n", "repeats a shape index"),
                              ("g.csv", "index,M,N,K,dtype\nx,1,2,3,fp16\n", "g.csv:2"),
                              ("c.csv", "", "no shapes"), ("d.csv", "M,N\n1,2\n", "columns M, N, K")):
        p = tmp_path / name
        p.write_text(text)
        with pytest.raises(ShapesError, match=words):
            read_shapes(str(p))


def test_what_a_sweep_times_follows_the_device():
    from perfmodel.gpu.sweep import entries_for_shape

    h200 = entries_for_shape(64, 4096, 4096, "fp16", "nn", {}, (132, 232448), tma=True)
    bw = entries_for_shape(64, 4096, 4096, "fp16", "nn", {}, (80, 65536), tma=False)
    assert {e["kernel"] for e in h200} == {"grouped", "splitk", "tma", "persistent", "persistent_ws"}
    assert {e["kernel"] for e in bw} == {"grouped", "splitk"}
    assert len(bw) < len(h200)  # 64 KiB of LDS rules out the deep pipelines
    assert all(e["config"]["num_stages"] * (e["config"]["BLOCK_M"] + e["config"]["BLOCK_N"]) * e["config"]["BLOCK_K"]
               * 2 <= 65536 for e in bw if e["tags"] == ["grid"] and e["kernel"] == "grouped")  # the tutorial
    # list and the default are timed on every device, to compare with: where they do not fit, the
    # sweep records them as out of resources


def test_the_calibrated_device_file_is_complete_and_loads(tmp_path):
    """What `perfmodel calibrate` writes, from the committed H200 measurements: the base file
    with every derived constant measured, loadable and usable; the transfer reference stays only
    for what calibrate does not measure (the TF32 gather rate, fitted on timed GEMMs)."""
    import yaml

    from perfmodel.calibration import derive, device_file
    from validation.calibrate import l2_sm_read_rows

    cal, mb = (json.loads((DATA / f).read_text()) for f in ("calibration.json", "microbench.json"))
    memory = json.loads((DATA / "microbench_memory.json").read_text())
    copies = json.loads((DATA / "microbench_tf32_none_spills.json").read_text())["kstep_tf32_none_spills"]
    mb = {**mb, "stream": memory["stream"], "partial": memory["partial"], "kcopies": copies}  # a full calibration's
    cal = {**cal, "l2_sm_read": l2_sm_read_rows(DATA)}
    base = load_hardware("h100")
    values = derive(base, cal, mb)
    # TF32 `nt` copies measured (kcopies), not borrowed: the lab's rows give the H200 file's value
    assert values["kmajor_copy_weight"] == load_hardware("h200").calibration.kmajor_copy_weight.value
    header = {"gpu_name": "NVIDIA H200", "driver": "580.159.04", "torch": "2.11.0", "triton": "3.6.0",
              "date_utc": "2026-11-30T00:00:00+00:00"}
    data = device_file(base, values, cal, header, "my-gpu")
    path = tmp_path / "my-gpu.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    spec = load_hardware(str(path))
    assert isinstance(spec, HardwareSpec) and spec.id == "my-gpu" and spec.transfer.reference.value == "h200"
    q = spec.calibration.pipeline_latency_s
    assert q.confidence.value == "measured" and "perfmodel calibrate --hw h100" in q.source
    assert q.value == pytest.approx(values["pipeline_latency_s"], rel=1e-5)
    problem = perfmodel.GemmProblem(M=4096, N=4096, K=4096)
    assert set(perfmodel.rank(spec, problem).estimated) <= {"vector_efficiency", "gather_elems_per_s_per_sm",
                                                        "descriptor_launch_s", "shared_kmajor_b_factor",
                                                        "mixed_k_load_factor", "wgmma_n_exponent", "tile_overhead_ksteps",
                                                        "vector_copy_weight", "gather_blocks_exponent", "past_copy_weight", "lone_copy_share", "lone_block_dot_rate",
                                                        "l1_thrash_ratio", "l1_thrash_exponent",
                                                        "elementwise_store_elems_per_s_per_sm", "compute_dram_exponent",
                                                        "fma_kmajor_b_read_s", "fma_hide_warps", "fma_hide_exponent", "fma_smem_leak", "fma_smem_norm_nn",
                                                            "fma_kmajor_spill_factor",
                                                        "dram_run_overhead_bytes", "dram_run_reference_bytes",
                                                        "reduction_fixed_s", "splitk_partial_slowdown"}


def test_no_gpu_is_one_line(cli, tmp_path):
    for args in (["calibrate", "--hw", "h200", "-o", tmp_path / "x.yaml"],
                 ["sweep", "--hw", "h200", "--suite", "holdout2", "--out", tmp_path / "r.jsonl"]):
        r = cli(*args)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
        assert "GPU" in r.stderr or "torch" in r.stderr
        assert not list(tmp_path.iterdir())


def test_a_foreign_gpu_is_refused():
    from perfmodel.errors import PerfmodelError
    from perfmodel.gpu.env import check_matches

    check_matches(load_hardware("h200"), {"name": "NVIDIA H200", "sm_count": 132})
    with pytest.raises(PerfmodelError, match="has 132 CUs; gfx936's file says 80: pass the device file"):
        check_matches(load_hardware("gfx936"), {"name": "NVIDIA H200", "sm_count": 132})


def test_clock_readings_of_both_vendors():
    from perfmodel.gpu.env import _parse_clock

    assert _parse_clock("1425, 690.52") == "1425, 690.52"
    assert _parse_clock("device,sclk clock level,sclk clock speed:,Average Graphics Package Power (W)\n"
                        "card0,1,(1700Mhz),212.0").split(",")[0] == "1700"


@pytest.mark.parametrize("target", ["gfx942", "gfx90a"])
def test_the_calibration_kernels_compile_for_amd(target):
    """The AMD code path of `perfmodel calibrate`, compiled offline with Triton 3.6.0: the
    microbenchmark kernels (the L2 curve without a cache modifier, as on HIP) and the GEMM."""
    triton = pytest.importorskip("triton")
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from perfmodel.gpu import microbench

    target_ = GPUTarget("hip", target, 64)
    cases = [
        (microbench.l2_read_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32", "chunk": "i32", "R": "i32",
                                     "BLOCK": "constexpr", "CACHE": "constexpr"}, {"BLOCK": 1024, "CACHE": ""}),
        (microbench.chase_kernel, {"p_ptr": "*i32", "out_ptr": "*i32", "steps": "i32"}, {}),
        (microbench.mma_loop_kernel, {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp32", "ITERS": "i32",
                                      "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"},
         {"BM": 64, "BN": 64, "BK": 64}),
    ]
    for fn, sig, const in cases:
        names = fn.arg_names
        src = ASTSource(fn=fn, signature=sig, constexprs={(names.index(k),): v for k, v in const.items()})
        k = triton.compile(src, target=target_, options={"num_warps": 4})
        assert "amdgcn" in k.asm


def test_validate_says_when_the_runs_are_from_another_gpu(capsys):
    from perfmodel.cli import main

    assert main(["validate", "--hw", "gfx926", "--ranker", "default"]) == 0
    err = capsys.readouterr().err
    assert "recorded on NVIDIA H200 (132 SMs/CUs)" in err and "gfx926's file says 120" in err
    assert main(["validate", "--hw", "h200", "--ranker", "default"]) == 0
    assert "recorded on" not in capsys.readouterr().err


def test_compile_ahead_dedups_marks_shapes_in_order_and_counts_failures(tmp_path):
    """`tuple` stands in for the compile worker: the job ("b", "no") is a compile that failed."""
    from perfmodel.gpu.compile_ahead import CompileAhead, wait_for_marker

    marker = tmp_path / "m"
    per_shape = [(7, [("a", "ok"), ("b", "no")]), (3, [("b", "no"), ("c", "ok")]), (5, [])]
    ahead = CompileAhead(per_shape, tuple, processes=2, reserved_cpus=0, marker=marker).start()
    ahead.wait(3)
    ahead.join()
    assert marker.read_text().split() == ["7", "3", "5"]
    assert ahead.submitted == 3 and ahead.failed == 1
    wait_for_marker(marker, 5)  # returns at once: the line is there


def test_wait_for_marker_matches_whole_lines(tmp_path, monkeypatch):
    from perfmodel.gpu import compile_ahead

    marker = tmp_path / "m"
    marker.write_text("10\n")
    monkeypatch.setattr(compile_ahead, "GIVE_UP_S", 0.5)
    t0 = __import__("time").time()
    compile_ahead.wait_for_marker(marker, 1)  # "1" is not "10": waits until it gives up
    assert __import__("time").time() - t0 >= 0.5


def test_bad_input_to_the_gpu_commands_is_one_line_and_writes_nothing(cli, tmp_path):
    """Issue 13's bad input, each refused before any GPU is needed, with nothing written."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "bad.csv").write_text("M,N,K,dtype\n16,4096,4096,fp16\n0,1,1,fp16\n")
    (inputs / "broken.yaml").write_text("id: x\nname: broken\nsm_count: {value: 0}\n")
    (inputs / "notes.json").write_text("{not json")
    (inputs / "other.json").write_text('{"a": 1}')
    out = tmp_path / "out"
    out.mkdir()
    cases = [
        (["sweep", "--hw", "h200", "--shapes", inputs / "bad.csv", "--out", out / "r.jsonl"], "bad.csv:3"),
        (["sweep", "--hw", "h200", "--suite", "holdout2", "--out", out / "no" / "r.jsonl"], "does not exist"),
        (["sweep", "--hw", inputs / "broken.yaml", "--suite", "holdout2", "--out", out / "r.jsonl"], "broken.yaml"),
        (["sweep", "--hw", inputs / "missing.yaml", "--suite", "holdout2", "--out", out / "r.jsonl"], "missing.yaml"),
        (["calibrate", "--hw", "h200", "-o", out / "no" / "x.yaml"], "does not exist"),
        (["calibrate", "--hw", "h200", "-o", out / "x.yaml", "--from-measurements", inputs / "notes.json"],
         "not valid JSON"),
        (["calibrate", "--hw", "h200", "-o", out / "x.yaml", "--from-measurements", inputs / "other.json"],
         "not a measurements file"),
    ]
    for args, words in cases:
        r = cli(*args)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)
        assert words in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
        assert not list(out.iterdir()), args


def test_calibrate_times_the_tf32_copies_only_where_tf32_lowers_to_wgmma():
    """`perfmodel calibrate` times the kcopies rows (TF32 `nt`, K odd: one-by-one copies) where the TF32 dot is
    wgmma (Hopper), whose shared operands are K-major only; elsewhere kmajor_copy_weight has no copies to weigh
    and stays borrowed. The jobs are the lab's tiles (one list), one wave at 2-3 stages, M and N 16-divisible."""
    from perfmodel.gpu.microbench import tf32_copies_apply
    from perfmodel.gpu.streams import KCOPY_K, KCOPY_TILES, kcopy_jobs

    assert tf32_copies_apply(load_hardware("h200")) and tf32_copies_apply(load_hardware("h100"))
    assert not any(tf32_copies_apply(load_hardware(hw)) for hw in ("a100", "gfx942", "gfx936", "gfx926"))
    jobs = kcopy_jobs((12, 11), quick=False)
    assert len(jobs) == len(KCOPY_TILES) * 2 * 2 and {j[3][4] for j in jobs} == {2, 3}
    assert all(M % 16 == 0 and N % 16 == 0 and K == KCOPY_K and K % 16 for M, N, K, _, _ in jobs)
    assert len(kcopy_jobs((12, 11), quick=True)) == len(KCOPY_TILES[::2]) * 2
