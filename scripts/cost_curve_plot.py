#!/usr/bin/env python3
"""The weak solver's cost curve (scripts/cost-curve.sh): reads the rows of
docs/data/cost-curve.tsv (start, game, ply, to_end, outcome, nodes, cpu_s), fits log10(nodes)
against the plies to the end by least squares for each start, prints the table of
docs/solutions.md (growth per ply, the extrapolated cost of each start) and draws the curve as a
small hand-written SVG (no plotting library needed).
Usage: cost_curve_plot.py DATA.tsv OUT.svg"""

import math
import sys

# Settled positions below this many nodes are left out of the fit: near the end a search is a
# handful of nodes, its cost dominated by noise (one lucky first move), not yet exponential.
FIT_FLOOR = 100_000
COLOURS = {"lattice-7": "#1f6fb4", "dense-7": "#d9541e"}


def read(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            if not line.strip():
                continue
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            for key in ("game", "ply", "to_end", "nodes"):
                row[key] = int(row[key])
            row["cpu_s"] = float(row["cpu_s"])
            rows.append(row)
    return rows


def fit(points):
    """Least squares y = a + b x; returns (a, b)."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    b = sxy / sxx
    return my - b * mx, b


def summarise(rows):
    """Per start: the pooled fit, the rate, and each line's frontier and extrapolations."""
    out = {}
    for start in sorted({r["start"] for r in rows}, key=lambda s: list(COLOURS).index(s) if s in COLOURS else 9):
        mine = [r for r in rows if r["start"] == start]
        settled = [r for r in mine if r["outcome"] != "unknown"]
        points = [(r["to_end"], math.log10(r["nodes"])) for r in settled if r["nodes"] >= FIT_FLOOR]
        if len({x for x, _ in points}) < 2:
            sys.exit(f"cost_curve_plot: {start} has settled positions of >= {FIT_FLOOR} nodes at fewer than "
                     "two distances from the end: nothing to fit")
        a, b = fit(points)
        growth = 10 ** b
        heavy = [r for r in settled if r["nodes"] >= 1_000_000]
        rate = sum(r["nodes"] for r in heavy) / max(1e-9, sum(r["cpu_s"] for r in heavy))
        lines = []
        for game in sorted({r["game"] for r in mine}):
            line = [r for r in mine if r["game"] == game]
            done = [r for r in line if r["outcome"] != "unknown"]
            last = min(done, key=lambda r: r["ply"])
            unknown = [r for r in line if r["outcome"] == "unknown"]
            # The step the cap did not make: the next position back costs more than cap / last.
            step = unknown[0]["nodes"] / last["nodes"] if unknown else None
            lines.append({"game": game, "length": last["ply"] + last["to_end"], "last": last,
                          "unknown": unknown[0] if unknown else None, "step": step,
                          "start_fit": last["nodes"] * growth ** last["ply"],
                          "start_step": last["nodes"] * step ** last["ply"] if step else None})
        out[start] = {"a": a, "b": b, "growth": growth, "rate": rate, "lines": lines, "rows": mine,
                      "fitted": len(points)}
    return out


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if len(values) % 2 else math.sqrt(values[len(values) // 2 - 1] * values[len(values) // 2])


def table(summary):
    print("| start | game (plies) | deepest settled: ply (plies to the end), nodes, CPU | next ply back | "
          "step not made | the start at the fitted growth | the start if every ply back cost the step not made |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for start, s in summary.items():
        for line in s["lines"]:
            last, unknown = line["last"], line["unknown"]
            nxt = f"unknown in {unknown['nodes'] / 1e6:.0f} M nodes ({unknown['cpu_s']:.0f} s)" if unknown else "-"
            step = f"> x{line['step']:.1f}" if line["step"] else "-"
            at_step = f"{line['start_step']:.0e} nodes" if line["start_step"] else "-"
            print(f"| {start} | {line['game']} ({line['length']}) | {last['ply']} ({last['to_end']}), "
                  f"{last['nodes']:,}, {last['cpu_s']:.1f} s | {nxt} | {step} | "
                  f"{line['start_fit']:.0e} nodes, {human(line['start_fit'] / s['rate'])} | {at_step} |")
    print()
    print("| start | growth per ply (fit) | positions fitted | nodes per CPU second | the start at the fitted growth "
          "(median of the lines) | if every ply back cost the step not made |")
    print("| --- | --- | --- | --- | --- | --- |")
    for start, s in summary.items():
        fitted = median([line["start_fit"] for line in s["lines"]])
        steps = [line["start_step"] for line in s["lines"] if line["start_step"]]
        at_step = f"{median(steps):.0e} nodes, {human(median(steps) / s['rate'])}" if steps else "-"
        print(f"| {start} | x{s['growth']:.2f} | {s['fitted']} | {s['rate'] / 1e6:.2f} M | "
              f"{fitted:.0e} nodes, {human(fitted / s['rate'])} | {at_step} |")


def human(seconds):
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("min", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}" if value < 1e4 else f"{value:.1e} {unit}"
    return f"{seconds:.0f} s"


def svg(summary, path):
    width, height, left, right, top, bottom = 720, 440, 70, 170, 30, 50
    max_x = max(r["to_end"] for s in summary.values() for r in s["rows"]) + 1
    max_y = 9
    px = lambda x: left + (width - left - right) * x / max_x
    py = lambda y: top + (height - top - bottom) * (1 - y / max_y)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for y in range(0, max_y + 1):
        out.append(f'<line x1="{px(0):.1f}" y1="{py(y):.1f}" x2="{px(max_x):.1f}" y2="{py(y):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{py(y) + 4:.1f}" text-anchor="end">1e{y}</text>')
    for x in range(0, max_x + 1, 5):
        out.append(f'<line x1="{px(x):.1f}" y1="{py(0):.1f}" x2="{px(x):.1f}" y2="{py(0) + 4:.1f}" stroke="black"/>')
        out.append(f'<text x="{px(x):.1f}" y="{py(0) + 18:.1f}" text-anchor="middle">{x}</text>')
    out.append(f'<line x1="{px(0):.1f}" y1="{py(0):.1f}" x2="{px(max_x):.1f}" y2="{py(0):.1f}" stroke="black"/>')
    out.append(f'<line x1="{px(0):.1f}" y1="{py(0):.1f}" x2="{px(0):.1f}" y2="{py(max_y):.1f}" stroke="black"/>')
    out.append(f'<text x="{(px(0) + px(max_x)) / 2:.1f}" y="{height - 10}" text-anchor="middle">'
               'plies from the end of the line</text>')
    out.append(f'<text transform="translate(16 {(py(0) + py(max_y)) / 2:.1f}) rotate(-90)" '
               'text-anchor="middle">df-pn nodes to settle the value</text>')
    legend_y = top + 10
    for start, s in summary.items():
        colour = COLOURS.get(start, "black")
        xs = [r["to_end"] for r in s["rows"] if r["nodes"] >= FIT_FLOOR]
        x0, x1 = min(xs), max_x - 1
        y0, y1 = s["a"] + s["b"] * x0, min(max_y, s["a"] + s["b"] * x1)
        x1 = (y1 - s["a"]) / s["b"]
        out.append(f'<line x1="{px(x0):.1f}" y1="{py(y0):.1f}" x2="{px(x1):.1f}" y2="{py(y1):.1f}" '
                   f'stroke="{colour}" stroke-dasharray="5 4"/>')
        for r in s["rows"]:
            x, y = px(r["to_end"]), py(math.log10(max(1, r["nodes"])))
            fill = "none" if r["outcome"] == "unknown" else colour
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.2" fill="{fill}" stroke="{colour}"/>')
        out.append(f'<circle cx="{width - right + 18}" cy="{legend_y - 4}" r="4" fill="{colour}"/>')
        out.append(f'<text x="{width - right + 28}" y="{legend_y}">{start}</text>')
        out.append(f'<text x="{width - right + 28}" y="{legend_y + 15}">x{s["growth"]:.2f} per ply</text>')
        legend_y += 40
    out.append(f'<circle cx="{width - right + 18}" cy="{legend_y - 4}" r="4" fill="none" stroke="black"/>')
    out.append(f'<text x="{width - right + 28}" y="{legend_y}">not settled</text>')
    out.append(f'<text x="{width - right + 28}" y="{legend_y + 15}">(the cap)</text>')
    out.append(f'<line x1="{width - right + 10}" y1="{legend_y + 36}" x2="{width - right + 26}" '
               f'y2="{legend_y + 36}" stroke="black" stroke-dasharray="5 4"/>')
    out.append(f'<text x="{width - right + 28}" y="{legend_y + 40}">log-linear fit</text>')
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    summary = summarise(read(sys.argv[1]))
    table(summary)
    svg(summary, sys.argv[2])


if __name__ == "__main__":
    main()
