"""The hardware database: every file loads, every number is sourced, derived values follow
their formulas, and malformed files fail with one line naming the file and the field."""

import copy

import pytest
import yaml

import perfmodel
from perfmodel.errors import SpecError
from perfmodel.hardware import Confidence, Quantity, iter_facts, iter_quantities, known_devices, load_hardware, registry_dir

EXPECTED_IDS = {"h200", "h100", "a100", "gfx926", "gfx936", "gfx906", "gfx908", "gfx90a", "gfx942"}


def test_registry_has_every_device():
    assert {d.id for d in known_devices()} == EXPECTED_IDS


@pytest.mark.parametrize("name", sorted(EXPECTED_IDS))
def test_every_quantity_is_sourced(name):
    spec = load_hardware(name)
    quantities = list(iter_quantities(spec))
    assert len(quantities) >= 25, f"{name}: only {len(quantities)} sourced numbers"
    for path, q in quantities:
        assert isinstance(q, Quantity)
        assert q.confidence in Confidence and q.confidence is not Confidence.derived, path
        assert len(q.source) >= 10, f"{name}.{path}: source too short: {q.source!r}"
        if q.confidence is Confidence.estimated:
            assert "estimat" in q.source.lower() or "from" in q.source.lower(), (
                f"{name}.{path}: an estimated number must say what it was estimated from")


@pytest.mark.parametrize("alias,expected", [
    ("k100", "gfx926"), ("BW", "gfx936"), ("mi300x", "gfx942"), ("gfx942", "gfx942"),
    ("h200", "h200"), ("sm_80", "a100"), ("mi100", "gfx908"), ("z100", "gfx906"),
])
def test_aliases(alias, expected):
    assert load_hardware(alias).id == expected


def test_shared_target_is_not_an_alias():
    with pytest.raises(SpecError, match="'sm_90' is the target of h100 and h200; name one of them"):
        load_hardware("sm_90")  # both h100 and h200 are sm_90


def test_spec_passes_through_and_path_works():
    spec = load_hardware("h200")
    assert load_hardware(spec) is spec
    assert load_hardware(registry_dir() / "h200.yaml") == spec


# Vendor datasheet figures (dense, TFLOPS) the derived peaks must reproduce within 10%.
DATASHEET_TFLOPS = [
    ("h100", "peak_fp16_matrix_ops_per_s", 989.4), ("h100", "peak_tf32_matrix_ops_per_s", 494.7),
    ("h100", "peak_fp8_matrix_ops_per_s", 1978.9), ("h100", "peak_fp32_vector_ops_per_s", 67.0),
    ("h200", "peak_bf16_matrix_ops_per_s", 989.4), ("a100", "peak_fp16_matrix_ops_per_s", 312.0),
    ("a100", "peak_tf32_matrix_ops_per_s", 156.0), ("a100", "peak_fp64_matrix_ops_per_s", 19.5),
    ("gfx942", "peak_fp16_matrix_ops_per_s", 1307.4), ("gfx90a", "peak_fp16_matrix_ops_per_s", 181.0),
    ("gfx908", "peak_fp16_matrix_ops_per_s", 184.6), ("gfx906", "peak_fp32_vector_ops_per_s", 13.3),
    ("gfx936", "peak_fp16_matrix_ops_per_s", 480.0), ("gfx936", "peak_tf32_matrix_ops_per_s", 240.0),
    ("gfx926", "peak_fp32_matrix_ops_per_s", 24.5),
]


@pytest.mark.parametrize("dev,key,tflops", DATASHEET_TFLOPS)
def test_derived_peaks_match_datasheets(dev, key, tflops):
    d = load_hardware(dev).derived()[key]
    assert d.confidence == "derived"
    assert abs(d.value / 1e12 - tflops) / tflops < 0.10, (d.value / 1e12, tflops)


@pytest.mark.parametrize("name", sorted(EXPECTED_IDS))
def test_derived_peaks_equal_their_formula(name):
    spec = load_hardware(name)
    c = spec.compute
    for key, d in spec.derived().items():
        if key.startswith("peak_"):
            _, dt, path, *_ = key.split("_")
            rate = getattr(getattr(spec.throughput, dt), path).ops_per_clock_per_sm.value
            assert d.value == rate * c.sm_count.value * c.clock_peak_hz.value
            assert "sm_count" in d.formula and "clock_peak_hz" in d.formula


def test_gfx926_has_no_fp16_matrix_instruction():
    k100 = load_hardware("gfx926")
    assert k100.throughput.fp16.matrix is None and k100.throughput.fp16.vector is not None
    bw = load_hardware("gfx936")
    assert (bw.throughput.fp16.matrix.m, bw.throughput.fp16.matrix.n, bw.throughput.fp16.matrix.k) == (16, 16, 16)
    assert (bw.throughput.int8.matrix.k, bw.throughput.tf32.matrix.k) == (32, 8)


def test_hygon_register_files():
    assert load_hardware("gfx926").residency.vgprs_per_simd_lane.value == 256
    assert load_hardware("gfx936").residency.vgprs_per_simd_lane.value == 768
    for dev in ("gfx926", "gfx936"):
        r = load_hardware(dev).residency
        assert r.max_waves_per_simd.value == 10
        assert load_hardware(dev).warp_size == 64


# ---- malformed files: one line naming the file and the field ------------------------

def _good() -> dict:
    return yaml.safe_load((registry_dir() / "gfx936.yaml").read_text())


def _mutations():
    def missing(d):
        del d["compute"]["sm_count"]

    def unknown(d):
        d["compute"]["sm_cnt"] = copy.deepcopy(d["compute"]["sm_count"])

    def negative(d):
        d["compute"]["sm_count"]["value"] = -80

    def zero(d):
        d["residency"]["max_waves_per_simd"]["value"] = 0

    def bad_confidence(d):
        d["memory"]["l2_bytes"]["confidence"] = "guessed"

    def unit_mismatch(d):
        d["memory"]["l2_bytes"]["unit"] = "MB"

    def claims_derived(d):
        d["memory"]["l2_bytes"]["confidence"] = "derived"

    def string_value(d):
        d["compute"]["sm_count"]["value"] = "eighty"

    def no_source(d):
        del d["shared_memory"]["per_sm_bytes"]["source"]

    def bad_rules(d):
        d["residency"]["rules"] = "intel"

    def huge(d):
        d["memory"]["l2_bytes"]["value"] = 1e300

    return [
        ("missing", missing, "compute.sm_count", "missing field"),
        ("unknown", unknown, "compute.sm_cnt", "unknown field"),
        ("negative", negative, "compute.sm_count", "> 0"),
        ("zero", zero, "residency.max_waves_per_simd", "> 0"),
        ("confidence", bad_confidence, "memory.l2_bytes.confidence", "guessed"),
        ("unit", unit_mismatch, "memory.l2_bytes", "unit must be 'bytes'"),
        ("derived", claims_derived, "memory.l2_bytes", "reserved"),
        ("string", string_value, "compute.sm_count.value", ""),
        ("nosource", no_source, "shared_memory.per_sm_bytes.source", "missing field"),
        ("rules", bad_rules, "residency", ""),
        ("huge", huge, "memory.l2_bytes", "implausibly large"),
    ]


@pytest.mark.parametrize("case,mutate,field,words", _mutations(), ids=[m[0] for m in _mutations()])
def test_malformed_file_names_file_and_field(tmp_path, case, mutate, field, words):
    d = _good()
    mutate(d)
    path = tmp_path / f"{case}.yaml"
    path.write_text(yaml.safe_dump(d))
    with pytest.raises(SpecError) as exc:
        load_hardware(str(path))
    msg = str(exc.value)
    assert "\n" not in msg
    assert str(path) in msg and f"'{field}" in msg and words in msg, msg


@pytest.mark.parametrize("text,words", [
    ("a: &a [1, 2]\nb: [*a, *a]\n", "aliases are not allowed"),
    ("- just\n- a list\n", "top level must be a mapping"),
    ("id: [unclosed\n", "not valid YAML"),
])
def test_hostile_yaml(tmp_path, text, words):
    path = tmp_path / "x.yaml"
    path.write_text(text)
    with pytest.raises(SpecError, match=words):
        load_hardware(str(path))


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(SpecError, match="no such file"):
        load_hardware(str(tmp_path / "nope.yaml"))
    d = tmp_path / "dir.yaml"
    d.mkdir()
    with pytest.raises(SpecError, match="is a directory"):
        load_hardware(str(d))


def test_top_level_api():
    assert perfmodel.load_hardware("h200").sm_count == 132


# ---- toolchain facts and calibration transfer ----------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED_IDS))
def test_every_fact_is_sourced_and_consistent(name):
    spec = load_hardware(name)
    facts = dict(iter_facts(spec))
    assert "toolchain.triton_backend" in facts and "toolchain.warpgroup_mma" in facts
    for path, f in facts.items():
        assert len(f.source) >= 10, path
        if f.confidence is Confidence.estimated:
            assert "estimat" in f.source.lower(), path
    assert spec.backend == ("cuda" if spec.vendor == "nvidia" else "hip")
    if spec.compile_target is not None:
        assert spec.compile_target == spec.target  # public Triton compiles for the device itself
    if spec.has("warpgroup_mma") or spec.has("tensor_memory_accelerator"):
        assert spec.target == "sm_90"


def test_transfer_references_are_calibrated_bundled_devices():
    from perfmodel.hardware.transfer import RULES, reference_of

    for spec in known_devices():
        ref = reference_of(spec)
        if ref is None:
            assert all(getattr(spec.calibration, name) is not None for name in RULES), spec.id
        else:
            assert ref.transfer is None and all(getattr(ref.calibration, name) is not None for name in RULES), spec.id


def test_transfer_rules_hand_worked():
    """gfx936 borrows the H200's constants: the same clock cycles (1.98 GHz -> 1.5 GHz), the same
    L2 bytes per clock per SM, the same share of its L2, ratios as they are."""
    from perfmodel.hardware.transfer import constant

    h200, bw = load_hardware("h200"), load_hardware("gfx936")
    cal = h200.calibration
    lat = constant(bw, "pipeline_latency_s")
    assert not lat.measured and "h200" in lat.how
    assert lat.value == pytest.approx(cal.pipeline_latency_s.value * 1.98 / 1.5)
    assert constant(bw, "overlap_leak").value == cal.overlap_leak.value
    assert constant(bw, "l2_bw_achieved_bytes_per_s").value == pytest.approx(
        cal.l2_bw_achieved_bytes_per_s.value / (132 * 1.98e9) * 80 * 1.5e9)
    assert constant(bw, "l2_effective_bytes").value == pytest.approx(cal.l2_effective_bytes.value / 62914560 * 8388608)
    assert constant(h200, "pipeline_latency_s").measured
    assert constant(bw, "vector_efficiency").value == 0.8  # nobody has measured it: the stated default


def test_a_device_without_calibration_or_reference_says_what_is_missing(tmp_path):
    d = yaml.safe_load((registry_dir() / "gfx936.yaml").read_text())
    del d["transfer"]
    path = tmp_path / "orphan.yaml"
    path.write_text(yaml.safe_dump(d))
    with pytest.raises(SpecError, match="no calibration for .* and its file names no transfer.reference"):
        perfmodel.rank(str(path), perfmodel.GemmProblem(M=256, N=256, K=256))


def test_with_calibration_sets_values_and_keeps_their_provenance():
    """HardwareSpec.with_calibration: the named constants take the new values, keep unit, confidence
    and source, the rest and the original spec are untouched; a constant the spec lacks is an error."""
    h200 = perfmodel.load_hardware("h200")
    was = h200.calibration.fma_smem_norm_nn
    spec = h200.with_calibration(fma_smem_norm_nn=0.0, fma_smem_leak=0.5)
    got = spec.calibration.fma_smem_norm_nn
    assert got.value == 0.0 and spec.calibration.fma_smem_leak.value == 0.5
    assert (got.unit, got.confidence, got.source) == (was.unit, was.confidence, was.source)
    assert h200.calibration.fma_smem_norm_nn.value == was.value
    assert spec.calibration.fma_hide_warps == h200.calibration.fma_hide_warps
    with pytest.raises(SpecError, match="no calibration constant not_a_constant"):
        h200.with_calibration(not_a_constant=1.0)
