"""The device registry: read a device file, resolve names and aliases, list the bundled devices.

`load_hardware("h200")`, `load_hardware("k100")` (an alias), `load_hardware("gfx942")` (a
target that only one bundled device has) or `load_hardware("path/to/my_gpu.yaml")`. Errors are
`SpecError` with one line naming the file and the field; the CLI prints that line and exits 2.
Device files are safe YAML without anchors or aliases, at most 1 MB.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
from pathlib import Path

import yaml
from pydantic import ValidationError

from perfmodel.bundled import device_dir
from perfmodel.errors import SpecError, UnknownDeviceError
from perfmodel.hardware.schema import HardwareSpec

__all__ = ["load_hardware", "known_devices", "registry_dir", "load_spec_file"]

MAX_SPEC_FILE_BYTES = 1_000_000


def registry_dir() -> Path:
    """The folder of the bundled device files (perfmodel.bundled.device_dir)."""
    return device_dir()


class _NoAliasLoader(yaml.SafeLoader):
    """Safe YAML without anchors/aliases (rules out 'billion laughs' bombs outright) and without
    duplicate keys (YAML would silently keep the last of two `sm_count:` lines)."""

    def compose_node(self, parent, index):  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.YAMLError(f"YAML aliases are not allowed (line {event.start_mark.line + 1})")
        return super().compose_node(parent, index)

    def construct_mapping(self, node, deep=False):  # type: ignore[override]
        seen: dict = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.YAMLError(f"key '{key}' appears twice (lines {seen[key]} and {key_node.start_mark.line + 1})")
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


# YAML 1.1 reads `1.98e9` (no sign after e) as a string; device files are easier to write
# with YAML 1.2's floats, so accept them too.
_NoAliasLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"),
    list("-+0123456789"),
)


def _read_yaml(path: Path) -> dict:
    if not os.path.exists(path):
        raise SpecError(f"{path}: no such file")
    if os.path.isdir(path):
        raise SpecError(f"{path}: is a directory, expected a .yaml device file")
    try:
        size = path.stat().st_size
        if size > MAX_SPEC_FILE_BYTES:
            raise SpecError(f"{path}: file is {size} bytes, larger than the {MAX_SPEC_FILE_BYTES}-byte limit for a device file")
        text = path.read_text(encoding="utf-8")
    except PermissionError:
        raise SpecError(f"{path}: cannot read the file (permission denied)") from None
    except UnicodeDecodeError:
        raise SpecError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise SpecError(f"{path}: cannot read the file ({e.strerror})") from None
    try:
        data = yaml.load(text, Loader=_NoAliasLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.YAMLError as e:
        msg = " ".join(str(e).split())
        raise SpecError(f"{path}: not valid YAML: {msg}") from None
    if not isinstance(data, dict):
        raise SpecError(f"{path}: top level must be a mapping of fields, got {type(data).__name__}")
    return data


def _first_error_line(path: Path, err: ValidationError) -> str:
    e = err.errors()[0]
    loc = ".".join(str(p) for p in e["loc"] if not (isinstance(p, str) and p in ("nvidia", "amdgpu")))
    typ = e["type"]
    if typ == "missing":
        what = "missing field"
    elif typ == "extra_forbidden":
        what = "unknown field"
    else:
        what = e["msg"].removeprefix("Value error, ")
        if typ == "enum":
            what = f"{what} (got {e.get('input')!r})"
    more = f" (+{len(err.errors()) - 1} more)" if len(err.errors()) > 1 else ""
    return f"{path}: field '{loc}': {what}{more}"


@functools.lru_cache(maxsize=64)
def _load_path(path_str: str, mtime_ns: int) -> HardwareSpec:
    path = Path(path_str)
    data = _read_yaml(path)
    try:
        return HardwareSpec.model_validate(data)
    except ValidationError as err:
        raise SpecError(_first_error_line(path, err)) from None


def load_spec_file(path: str | os.PathLike) -> HardwareSpec:
    p = Path(path)
    try:
        mtime = p.stat().st_mtime_ns
    except OSError:
        mtime = 0
    return _load_path(str(p), mtime)


def _bundled() -> dict[str, Path]:
    return {p.stem: p for p in sorted(registry_dir().glob("*.yaml"))}


def known_devices() -> list[HardwareSpec]:
    """All bundled devices, loaded (ordered by id)."""
    return [load_spec_file(p) for p in _bundled().values()]


def _alias_table() -> dict[str, str]:
    table: dict[str, str] = {}
    specs = known_devices()
    targets = [s.target.lower() for s in specs]
    for spec in specs:
        table[spec.id] = spec.id
        if targets.count(spec.target.lower()) == 1:  # a target shared by two devices names neither
            table[spec.target.lower()] = spec.id
        for a in spec.aliases:
            table[a.lower()] = spec.id
    return table


def load_hardware(name_or_path: "str | os.PathLike | HardwareSpec") -> HardwareSpec:
    """A device by id (`h200`), alias (`k100`, `mi300x`), target (`gfx942`) or YAML path."""
    if isinstance(name_or_path, HardwareSpec):
        return name_or_path
    s = str(name_or_path)
    looks_like_path = s.endswith((".yaml", ".yml")) or os.sep in s or "/" in s
    if looks_like_path:
        return load_spec_file(s)
    bundled = _bundled()
    key = s.strip().lower()
    if key in bundled:
        return load_spec_file(bundled[key])
    table = _alias_table()
    if key in table:
        return load_spec_file(bundled[table[key]])
    if os.path.isfile(Path(s)):
        return load_spec_file(s)
    sharing = [spec.id for spec in known_devices() if spec.target.lower() == key]
    if len(sharing) > 1:
        raise UnknownDeviceError(f"'{s}' is the target of {' and '.join(sharing)}; name one of them")
    close = difflib.get_close_matches(key, list(table), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    ids = ", ".join(sorted(bundled))
    aliases = ", ".join(sorted(k for k in table if k not in bundled))
    raise UnknownDeviceError(
        f"unknown device '{s}'{hint}; known ids: {ids}; aliases: {aliases}; or give a path to a .yaml file"
    )


