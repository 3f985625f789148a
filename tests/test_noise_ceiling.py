"""Read shapes timed a second time (validation/noise_retime.sh): the README's figures are what
validation/noise_ceiling.py computes from the recorded files, and the files say where they ran."""

import gzip
import json
import re
from pathlib import Path

import pytest

from validation.noise_ceiling import GROUPS, shape_rows, summary

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def figures():
    return {g: summary(shape_rows(g)) for g in GROUPS}


def test_the_second_timings_carry_their_device_and_versions():
    for group in GROUPS:
        with gzip.open(ROOT / "validation" / "data" / "h200" / f"noise_retime_{group}.jsonl.gz", "rt") as f:
            header = json.loads(f.readline())
        assert header["gpu_name"] == "NVIDIA H200" and header["triton"] == "3.6.0" and header["driver"]
        assert f"noise_retime_{group}_shapes.csv" in header["command"]


def test_every_chosen_shape_was_timed_again(figures):
    assert figures["worst"]["shapes"] == 48 and figures["random"]["shapes"] == 40
    assert figures["worst"]["under_085_first"] == 48 and figures["random"]["under_085_first"] == 0


def test_the_readme_table_is_what_the_comparison_computes(figures):
    text = (ROOT / "README.md").read_text()
    for label, g in (("40 at random", "random"), ("the 48 under 0.85", "worst")):
        s = figures[g]
        row = (f"| {label} | {s['top1_first']:.3f} (worst {s['worst_first']:.3f}) | {s['top1_again']:.3f} "
               f"(worst {s['worst_again']:.3f}) | {s['ceiling']:.3f} (worst {s['ceiling_worst']:.3f}) | "
               f"{s['under_085_first']} / {s['under_085_again']} / {s['under_085_both']} |")
        assert row in text, row


def test_the_readme_counts_of_misses_are_what_the_comparison_computes(figures):
    s = figures["worst"]
    para = re.sub(r"\s+", " ", (ROOT / "README.md").read_text())
    words = {4: "Four", 25: "25", 27: "27", 11: "eleven", 6: "six"}
    assert s["stay_drifted"] == 4 and s["stay_steady_same_best"] == 25 and s["recovered_new_best"] == 11
    assert (f"{s['under_085_again']} stay under 0.85 when timed again. {words[s['stay_drifted']]} of those" in para)
    assert f"In {s['stay_steady_same_best']} of the other {s['under_085_again'] - s['stay_drifted']} the same" in para
    recovered = s["under_085_first"] - s["under_085_again"]
    assert (f"Of the {recovered} that recovered, {words[s['recovered_new_best']]} had a different best config the "
            f"second time (near-ties), and in the other {words[recovered - s['recovered_new_best']]} the model's pick"
            in para)
