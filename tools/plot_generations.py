#!/usr/bin/env python3
"""Draw docs/generations.svg from docs/generations.csv: each learned
generation's Elo over the hand-written evaluation (generation 0), with its
95% interval, one line per rule set; and below it, where a generation was
played against the outside engine (the CSV's darkhorse_* columns), its Elo
against DarkHorse. Standard library only.

    python3 tools/plot_generations.py [CSV] [SVG]
"""
import csv
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
src = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "docs/generations.csv"
out = Path(sys.argv[2]) if len(sys.argv) > 2 else root / "docs/generations.svg"

rows = list(csv.DictReader(src.open()))
series = {}
for r in rows:
    series.setdefault(r["rules"], []).append(
        (int(r["generation"]), float(r["elo"]), float(r["elo_interval"] or 0))
    )

W, H, L, R, T, B = 560, 320, 60, 20, 30, 50
gens = [g for s in series.values() for g, _, _ in s]
lo = min(min(e - i for _, e, i in s) for s in series.values())
hi = max(max(e + i for _, e, i in s) for s in series.values())
lo, hi = min(lo, 0) - 10, hi + 10
gmax = max(max(gens), 1)


def x(g):
    return L + (W - L - R) * g / gmax


def y(e):
    return T + (H - T - B) * (hi - e) / (hi - lo)


colours = ["#1f5fa8", "#b8461b", "#3a8a3a", "#7a3a9a"]
parts = [
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
    f'font-family="sans-serif" font-size="12">',
    f'<rect width="{W}" height="{H}" fill="white"/>',
    f'<text x="{W / 2}" y="18" text-anchor="middle">Elo over the hand-written '
    f"evaluation, by generation (95% interval)</text>",
]


def gridlines(lo, hi, step, y, zero="#ddd"):
    """A labelled horizontal line every `step` from lo to hi; the 0 line
    in the colour `zero`."""
    tick = int(lo // step) * step
    while tick <= hi:
        if tick >= lo:
            colour = zero if tick == 0 else "#ddd"
            parts.append(
                f'<line x1="{L}" x2="{W - R}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                f'stroke="{colour}"/><text x="{L - 6}" y="{y(tick) + 4:.1f}" '
                f'text-anchor="end">{tick}</text>'
            )
        tick += step


gridlines(lo, hi, 50, y)
for g in range(gmax + 1):
    parts.append(
        f'<text x="{x(g):.1f}" y="{H - B + 18}" text-anchor="middle">{g}</text>'
    )
parts.append(
    f'<text x="{(L + W - R) / 2}" y="{H - 12}" text-anchor="middle">generation</text>'
)
for k, (rules, points) in enumerate(sorted(series.items())):
    c = colours[k % len(colours)]
    points.sort()
    path = " ".join(f"{x(g):.1f},{y(e):.1f}" for g, e, _ in points)
    parts.append(f'<polyline points="{path}" fill="none" stroke="{c}" stroke-width="2"/>')
    for g, e, i in points:
        parts.append(
            f'<line x1="{x(g):.1f}" x2="{x(g):.1f}" y1="{y(e - i):.1f}" '
            f'y2="{y(e + i):.1f}" stroke="{c}"/>'
            f'<circle cx="{x(g):.1f}" cy="{y(e):.1f}" r="4" fill="{c}"/>'
        )
    parts.append(
        f'<text x="{L + 10}" y="{T + 16 + 16 * k}" fill="{c}">{rules}</text>'
    )
# The second panel: Elo against the outside engine, where measured.
outside = sorted(
    (int(r["generation"]), float(r["darkhorse_elo"]), float(r["darkhorse_interval"]),
     r["rules"], int(r["darkhorse_games"]))
    for r in rows
    if r.get("darkhorse_elo")
)
H2 = 0
if outside:
    H2, T2 = 200, H + 30
    olo = min(min(e - i for _, e, i, _, _ in outside), 0) - 10
    ohi = max(max(e + i for _, e, i, _, _ in outside), 0) + 10

    def y2(e):
        return T2 + (H2 - 70) * (ohi - e) / (ohi - olo)

    parts.append(
        f'<text x="{W / 2}" y="{H + 16}" text-anchor="middle">Elo against DarkHorse, '
        f"100 ms a move (95% interval)</text>"
    )
    gridlines(olo, ohi, 25, y2, zero="#999")
    for g, e, i, rules, games in outside:
        parts.append(
            f'<line x1="{x(g):.1f}" x2="{x(g):.1f}" y1="{y2(e - i):.1f}" '
            f'y2="{y2(e + i):.1f}" stroke="{colours[0]}"/>'
            f'<circle cx="{x(g):.1f}" cy="{y2(e):.1f}" r="4" fill="{colours[0]}"/>'
            f'<text x="{x(g) - 8:.1f}" y="{y2(e) + 4:.1f}" text-anchor="end">'
            f"{rules}, generation {g}, {games} games</text>"
        )
    for g in range(gmax + 1):
        parts.append(
            f'<text x="{x(g):.1f}" y="{T2 + H2 - 52}" text-anchor="middle">{g}</text>'
        )
parts.append("</svg>")
if H2:
    parts[0] = parts[0].replace(f'height="{H}"', f'height="{H + H2}"')
    parts[1] = parts[1].replace(f'height="{H}"', f'height="{H + H2}"')
out.write_text("\n".join(parts) + "\n")
print(f"wrote {out}")
