"""Recorded datasets stored gzip-compressed read as the same rows as their plain text."""

import gzip

import pytest

from perfmodel.bundled import datasets, resolve_dataset
from perfmodel.errors import DataError
from perfmodel.scoring.datasets import load_runs, read_rows


def test_compressed_dataset_is_named_without_its_suffixes():
    names = datasets("h200")
    assert "h200/holdout7" in names and names.count("h200/holdout7") == 1
    assert resolve_dataset("h200/holdout7").name == "holdout7.jsonl.gz"


def test_compressed_and_plain_copies_read_the_same(tmp_path):
    src = resolve_dataset("h200/holdout7")
    plain = tmp_path / "holdout7.jsonl"
    plain.write_bytes(gzip.decompress(src.read_bytes()))
    assert read_rows(src)[1] == read_rows(plain)[1]
    data = load_runs("h200/holdout7")
    assert len(data.shapes) == 72
    assert {(s.dtype, s.layout) for s in data.shapes} == {(d, l) for d in ("fp16", "bf16", "tf32") for l in ("nn", "nt")}


def test_a_broken_compressed_file_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.jsonl.gz"
    bad.write_bytes(b"not gzip at all")
    with pytest.raises(DataError, match="cannot read"):
        read_rows(bad)
