"""Text for people: aligned tables, markdown tables, quantities with prefixes."""

from __future__ import annotations


def fmt_value(v: float, unit: str) -> str:
    """A quantity for people: binary prefixes for bytes, SI prefixes for rates and clocks."""
    if unit == "bytes" and v >= 1024:
        for div, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
            if v >= div:
                return f"{v / div:.4g} {name}"
    names = {"hz": "Hz", "bytes_per_s": "B/s", "ops_per_s": "OP/s", "elems_per_s": "elem/s"}
    if unit in names and v >= 1e6:
        for div, pre in ((1e12, "T"), (1e9, "G"), (1e6, "M")):
            if v >= div:
                return f"{v / div:.4g} {pre}{names[unit]}"
    if float(v).is_integer() and abs(v) < 1e15:
        return f"{int(v)} {unit}"
    return f"{v:.4g} {unit}"


def text_table(rows, wrap_last: bool = False) -> str:
    """Rows (the first is the header) as aligned columns with a rule under the header;
    `wrap_last` leaves the last column unpadded (long free text)."""
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    if wrap_last:
        widths[-1] = 0
    lines = []
    for j, r in enumerate(rows):
        cells = [str(c).ljust(widths[i]) if widths[i] else str(c) for i, c in enumerate(r)]
        lines.append("  ".join(cells).rstrip())
        if j == 0:
            lines.append("  ".join("-" * max(w, len(str(r[i]))) for i, w in enumerate(widths)))
    return "\n".join(lines)


def print_table(rows, wrap_last: bool = False) -> None:
    print(text_table(rows, wrap_last))


def markdown(rows) -> str:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(out)


def fmt_rate(x: float) -> str:
    """A rate (TFLOP/s, GB/s) with three significant figures, small values included."""
    return f"{x:.3g}" if x < 100 else f"{x:.0f}"


def fmt_pct(fraction: float) -> str:
    pct = fraction * 100
    if pct >= 10:
        return f"{pct:.0f}%"
    return f"{pct:.1f}%" if pct >= 0.1 else "<0.1%"
