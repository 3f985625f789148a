"""A corpus of user mistakes run through the CLI as subprocesses. Each must end with exit code
2, exactly one line on stderr that names what was wrong (and, where it helps, what is allowed),
no traceback, and nothing written to an output path that was asked for."""

import json
import tempfile
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
GOOD = yaml.safe_load((REPO / "hardware" / "h100.yaml").read_text())


def _yaml_file(tmp: Path, name: str, mutate=None, text: str | None = None, raw: bytes | None = None) -> Path:
    p = tmp / name
    if raw is not None:
        p.write_bytes(raw)
    elif text is not None:
        p.write_text(text)
    else:
        d = json.loads(json.dumps(GOOD))
        mutate(d)
        p.write_text(yaml.safe_dump(d))
    return p


def _set(path, value):
    def f(d):
        node = d
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    return f


def _del(path):
    def f(d):
        node = d
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[k]
        del node[keys[-1]]
    return f


RANK = ["rank", "--hw", "h200"]
COMMANDS = {"hardware", "rank", "predict", "compare", "occupancy", "validate", "plot", "resources-check"}
MNK = ["--m", "512", "--n", "512", "--k", "512"]


def cases(tmp: Path):
    """(id, argv, words that must appear in the error line, output path that must not appear)."""
    cfg = tmp / "cfg.json"
    c = []
    add = lambda i, argv, words, out=None: c.append((i, argv, words, out))  # noqa: E731
    # devices and device files
    add("unknown-device", ["hardware", "show", "nosuch"], ["unknown device 'nosuch'", "known ids", "h200"])
    add("unknown-device-rank", ["rank", "--hw", "rtx9090", *MNK], ["unknown device 'rtx9090'"])
    add("yaml-missing-field", ["hardware", "show", _yaml_file(tmp, "a.yaml", _del("compute.sm_count"))], ["a.yaml", "compute.sm_count", "missing"])
    add("yaml-unknown-field", ["hardware", "show", _yaml_file(tmp, "b.yaml", _set("compute.sm_cnt", {"value": 1, "unit": "count", "source": "xxx", "confidence": "official"}))], ["compute.sm_cnt", "unknown field"])
    add("yaml-negative-count", ["hardware", "show", _yaml_file(tmp, "c.yaml", _set("compute.sm_count.value", -4))], ["compute.sm_count", "> 0"])
    add("yaml-wrong-type", ["hardware", "show", _yaml_file(tmp, "d.yaml", _set("compute.sm_count.value", "many"))], ["compute.sm_count.value"])
    add("yaml-bad-confidence", ["hardware", "show", _yaml_file(tmp, "e.yaml", _set("memory.l2_bytes.confidence", "hearsay"))], ["memory.l2_bytes.confidence", "hearsay"])
    add("yaml-unit-mismatch", ["hardware", "show", _yaml_file(tmp, "f.yaml", _set("memory.l2_bytes.unit", "MB"))], ["memory.l2_bytes", "unit must be 'bytes'"])
    add("yaml-huge-number", ["hardware", "show", _yaml_file(tmp, "g.yaml", _set("memory.l2_bytes.value", 1e300))], ["memory.l2_bytes", "implausibly large"])
    add("yaml-bomb", ["hardware", "show", _yaml_file(tmp, "h.yaml", text="a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n")], ["aliases are not allowed"])
    add("yaml-not-a-mapping", ["hardware", "show", _yaml_file(tmp, "i.yaml", text="- 1\n- 2\n")], ["top level must be a mapping"])
    add("yaml-syntax", ["hardware", "show", _yaml_file(tmp, "j.yaml", text="id: [unclosed\n")], ["not valid YAML"])
    add("yaml-binary", ["hardware", "show", _yaml_file(tmp, "k.yaml", raw=b"\xff\xfe\x00garbage\x81")], ["not UTF-8"])
    add("yaml-missing-path", ["hardware", "show", str(tmp / "nowhere.yaml")], ["no such file"])
    d = tmp / "dir.yaml"
    d.mkdir(exist_ok=True)
    add("yaml-directory", ["hardware", "show", d], ["is a directory"])
    add("yaml-in-rank", ["rank", "--hw", _yaml_file(tmp, "l.yaml", _set("residency.rules", "intel")), *MNK], ["l.yaml", "residency"])
    # problem sizes and dtypes
    add("m-zero", [*RANK, "--m", "0", "--n", "8", "--k", "8"], ["'M'", "from 1 to 2147483647", "got 0"])
    add("n-negative", [*RANK, "--m", "8", "--n", "-8", "--k", "8"], ["'N'", "got -8"])
    add("k-huge", [*RANK, "--m", "8", "--n", "8", "--k", "99999999999"], ["'K'", "got 99999999999"])
    add("m-not-a-number", [*RANK, "--m", "lots", "--n", "8", "--k", "8"], ["--m", "invalid int value"])
    add("k-missing", [*RANK, "--m", "8", "--n", "8"], ["required", "--k"])
    add("unknown-dtype", [*RANK, *MNK, "--dtype", "fp17"], ["'dtype'", "fp17", "allowed", "bf16"])
    add("dtype-not-on-device", ["rank", "--hw", "gfx926", *MNK, "--dtype", "tf32"], ["gfx926 has no tf32", "dtypes it has"])
    # configs
    add("config-too-big", ["predict", "--hw", "h200", *MNK, "--config", "256x256x128_w4_s6"], ["cannot run on h200", "232448"])
    add("config-not-pow2", ["predict", "--hw", "h200", *MNK, "--config", "96x128x64_w4_s3"], ["BLOCK_M", "power of two", "96"])
    add("config-bad-warps", ["predict", "--hw", "h200", *MNK, "--config", "128x128x64_w3_s3"], ["num_warps", "power of two"])
    add("config-garbled", ["predict", "--hw", "h200", *MNK, "--config", "big-and-fast"], ["not of the form", "128x128x64_w4_s3_g8_k1"])
    cfg.write_text("{\"BLOCK_M\": 128}")
    add("configs-not-a-list", [*RANK, *MNK, "--configs", cfg], ["JSON list"])
    (tmp / "c2.json").write_text(json.dumps([{"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 4}]))
    add("configs-missing-keys", [*RANK, *MNK, "--configs", tmp / "c2.json"], ["item 0", "missing key", "num_stages"])
    (tmp / "c3.json").write_text(json.dumps([{"BLOCK_M": "128", "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3, "GROUP_M": 8}]))
    add("configs-string-numbers", [*RANK, *MNK, "--configs", tmp / "c3.json"], ["item 0", "BLOCK_M", "whole number"])
    (tmp / "c4.json").write_text("[{\"BLOCK_M\": 128,")
    add("configs-bad-json", [*RANK, *MNK, "--configs", tmp / "c4.json"], ["not valid JSON"])
    (tmp / "c5.json").write_text(json.dumps([{"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "num_warps": 4, "num_stages": 3, "GROUP_M": 8, "TILE": 3}]))
    add("configs-unknown-key", [*RANK, *MNK, "--configs", tmp / "c5.json"], ["unknown key", "TILE"])
    add("configs-missing-file", [*RANK, *MNK, "--configs", tmp / "none.json"], ["no such file"])
    (tmp / "c6.json").write_text("[]")
    add("configs-empty", [*RANK, *MNK, "--configs", tmp / "c6.json"], ["empty list"])
    # occupancy
    add("occupancy-missing", ["occupancy", "--hw", "h200"], ["--threads and --regs required"])
    add("occupancy-conflict", ["occupancy", "--hw", "h200", "--config", "128x128x64_w4_s3", "--threads", "128"], ["either --config or --threads"])
    add("occupancy-too-many-regs", ["occupancy", "--hw", "h200", "--threads", "128", "--regs", "300"], ["regs_per_thread 300 exceeds", "255"])
    add("occupancy-partial-warp", ["occupancy", "--hw", "gfx936", "--threads", "100", "--regs", "32"], ["not a multiple", "wave size 64", "use 128"])
    add("occupancy-too-much-lds", ["occupancy", "--hw", "gfx936", "--threads", "256", "--regs", "32", "--shared", "70000"], ["70000 exceeds", "65536"])
    add("occupancy-sgprs-on-nvidia", ["occupancy", "--hw", "h200", "--threads", "128", "--regs", "32", "--sgprs", "40"], ["AMD/Hygon devices only"])
    # flags and outputs
    add("top-zero", [*RANK, *MNK, "--top", "0"], ["--top must be at least 1"])
    add("unknown-command", ["bogus"], ["invalid choice", "bogus"])
    add("no-command", [], ["a command is required"])
    add("unknown-ranker", ["validate", "--ranker", "oracle"], ["unknown ranker 'oracle'", "allowed"])
    add("blank-ranker", ["validate", "--ranker", " ,"], ["--ranker is empty", "allowed"])
    add("validate-missing-data", ["validate", "--data", tmp / "runs.jsonl"], ["no such file"])
    (tmp / "bad.jsonl").write_text("{not json\n")
    add("validate-bad-data", ["validate", "--data", tmp / "bad.jsonl"], ["not a JSON line"])
    add("plot-bad-suffix", ["plot", "roofline", "--hw", "h200", *MNK, "-o", tmp / "fig.txt"], ["must end in .png"], tmp / "fig.txt")
    add("plot-bad-problem", ["plot", "roofline", "--hw", "h200", "--m", "0", "--n", "8", "--k", "8", "-o", tmp / "r.png"], ["'M'"], tmp / "r.png")
    add("plot-unknown-device", ["plot", "occupancy", "--hw", "h200,nosuch", "-o", tmp / "o.png"], ["unknown device 'nosuch'"], tmp / "o.png")
    add("plot-missing-folder", ["plot", "roofline", "--hw", "h200", *MNK, "-o", tmp / "no" / "dir" / "r.png"], ["does not exist"])
    add("compare-empty", ["compare", "--hw", ",", *MNK], ["at least one device"])
    # kernels
    add("tma-stride-not-16-bytes", ["predict", "--hw", "h200", "--m", "512", "--n", "512", "--k", "4001", "--config",
                                    "tma:128x128x64_w4_s3_g8"], ["kernel tma cannot run", "16 bytes", "K = 4001"])
    (tmp / "c7.json").write_text(json.dumps([{"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "num_warps": 4,
                                              "num_stages": 3, "GROUP_M": 8, "kernel": "tma"}]))
    add("configs-tma-on-odd-n", [*RANK, "--m", "512", "--n", "4001", "--k", "512", "--configs", tmp / "c7.json"],
        ["kernel tma cannot run", "N = 4001"])
    add("configs-tma-on-amd", ["rank", "--hw", "gfx936", *MNK, "--configs", tmp / "c7.json"],
        ["kernel tma cannot run", "Tensor Memory Accelerator"])
    (tmp / "c8.json").write_text(json.dumps([{"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "num_warps": 4,
                                              "num_stages": 3, "GROUP_M": 8, "kernel": "warp9"}]))
    add("configs-unknown-kernel", [*RANK, *MNK, "--configs", tmp / "c8.json"], ["unknown kernel 'warp9'", "grouped, splitk, tma"])
    (tmp / "c9.json").write_text(json.dumps([{"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "num_warps": 4,
                                              "num_stages": 3, "GROUP_M": 8, "SPLIT_K": 4, "kernel": "grouped"}]))
    add("configs-grouped-with-split", [*RANK, *MNK, "--configs", tmp / "c9.json"], ["item 0", "kernel splitk"])
    add("kernels-unknown", [*RANK, *MNK, "--kernels", "grouped,nosuch"], ["unknown kernel 'nosuch'"])
    add("kernels-tma-on-amd", ["rank", "--hw", "gfx942", *MNK, "--kernels", "tma"], ["kernel tma cannot run", "gfx942"])
    add("kernels-with-configs", [*RANK, *MNK, "--kernels", "tma", "--configs", tmp / "c7.json"], ["--configs or --kernels"])
    add("config-unknown-kernel-prefix", ["predict", "--hw", "h200", *MNK, "--config", "warp9:64x64x64_w4_s3"],
        ["unknown kernel 'warp9'"])
    add("validate-unknown-dataset", ["validate", "--data", "h200/nosuch"], ["no such file or bundled dataset", "h200/runs"])
    # robustness round 2 (issue 14): each item a case
    add("plot-config-too-big", ["plot", "occupancy", "--hw", "h200", "--config", "512x512x512_w4_s8", "-o", tmp / "o1.png"],
        ["shared_bytes 8388608 exceeds h200's maximum of 232448"], tmp / "o1.png")
    add("plot-no-kernel", ["plot", "occupancy", "--hw", "h200", "-o", tmp / "o2.png"], ["kernel to mark is required"],
        tmp / "o2.png")
    add("plot-config-and-threads", ["plot", "occupancy", "--hw", "h200", "--config", "64x64x32_w4_s3", "--threads", "1024",
                                    "-o", tmp / "o3.png"], ["either --config or --threads"], tmp / "o3.png")
    add("yaml-clock-in-mhz", ["rank", "--hw", _yaml_file(tmp, "m.yaml", _set("compute.clock_max_hz.value", 1500)), *MNK],
        ["compute.clock_max_hz", "1500", "implausibly small", "1e+08"])
    add("yaml-bandwidth-in-gbs", ["rank", "--hw", _yaml_file(tmp, "n.yaml", _set("memory.dram_bw_bytes_per_s.value", 1339)),
                                  *MNK], ["memory.dram_bw_bytes_per_s", "1339", "implausibly small"])
    add("yaml-fractional-count", ["hardware", "show", _yaml_file(tmp, "o.yaml", _set("compute.sm_count.value", 80.7))],
        ["compute.sm_count", "whole number", "80.7"])
    dup = (REPO / "hardware" / "h100.yaml").read_text().replace(
        "  sm_count:", "  sm_count: {value: 99, unit: count, confidence: official, source: a second one}\n  sm_count:", 1)
    add("yaml-duplicate-key", ["hardware", "show", _yaml_file(tmp, "p.yaml", text=dup)], ["key 'sm_count' appears twice"])
    add("yaml-estimate-without-basis", ["hardware", "show", _yaml_file(tmp, "q.yaml", _set("memory.l2_bytes.confidence",
                                                                                           "estimated"))],
        ["memory.l2_bytes", "what it was estimated from"])
    add("validate-markdown-missing-folder", ["validate", "--ranker", "default", "--markdown", tmp / "nodir" / "r.md"],
        ["--markdown", "does not exist"])
    add("validate-markdown-is-folder", ["validate", "--ranker", "default", "--markdown", tmp], ["is a directory"])
    (tmp / "afile").write_text("x")
    add("validate-markdown-and-plots-same-path", ["validate", "--ranker", "default", "--markdown", tmp / "same",
                                                  "--plots", tmp / "same"], ["both name"], tmp / "same")
    add("validate-plots-is-file", ["validate", "--ranker", "default", "--plots", tmp / "afile"], ["is a file, expected a folder"])
    add("problem-too-big-for-memory", [*RANK, "--m", "2147483647", "--n", "2147483647", "--k", "2147483647"],
        ["needs", "GB for A, B and C", "141 GB"])
    add("split-k-above-k-steps", ["predict", "--hw", "h200", "--m", "4096", "--n", "4096", "--k", "64", "--config",
                                  "128x128x64_w4_s3_g8_k64"], ["SPLIT_K 64 leaves splits without work", "at most 1"])
    add("shared-target-name", ["hardware", "show", "sm_90"], ["'sm_90' is the target of h100 and h200"])
    add("mi250x-is-not-mi210", ["hardware", "show", "mi250x"], ["unknown device 'mi250x'"])
    add("unknown-argument-names-command", [*RANK, *MNK, "--tile", "3"], ["unrecognized arguments: --tile"])
    return c


#: every case of the corpus by id (built once in a scratch folder, to name the parametrisation)
CASE_IDS = [c[0] for c in cases(Path(tempfile.mkdtemp(prefix="perfmodel-corpus-")))]


def test_corpus_is_large_enough_and_ids_unique():
    assert len(CASE_IDS) >= 60
    assert len(set(CASE_IDS)) == len(CASE_IDS)


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bad_input(cli, tmp_path, case_id):
    name, argv, words, out = next(c for c in cases(tmp_path) if c[0] == case_id)
    r = cli(*argv)
    err = r.stderr.strip()
    assert r.returncode == 2, (name, r.returncode, err, r.stdout[:200])
    assert r.stdout == "", (name, "printed before failing", r.stdout[:200])
    command = next((a for a in argv if not str(a).startswith("-")), None)
    prefix = f"perfmodel {command}: error: " if command in COMMANDS else "perfmodel: error: "
    assert err.startswith(prefix) or err.startswith(f"perfmodel {command} "), (name, err)
    assert "Traceback" not in r.stderr, (name, r.stderr)
    assert len(err.splitlines()) == 1, (name, err)
    for w in words:
        assert w in err, (name, w, err)
    if out is not None:
        assert not Path(out).exists(), (name, "wrote", out)
