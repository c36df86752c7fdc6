#!/usr/bin/env python3
"""The weak solver's cost curve (scripts/cost-curve.sh): reads the rows of
docs/data/cost-curve.tsv (start, game, ply, to_end, outcome, nodes, cpu_s), fits log10(nodes)
against the plies to the end by least squares for each start (one slope for the start's lines, an
intercept per line, over the settled positions of at least FIT_FLOOR nodes), extrapolates each
line to its start (the fit at the line's length), prints the tables of docs/solutions.md and
draws the curve as a small hand-written SVG (no plotting library needed).
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


def fit(lines):
    """Least squares with one slope shared by the lines and an intercept per line (lines: lists of
    (x, y)): the growth is common, each line's difficulty its own. Returns (slope, standard error
    of the slope, [(line's mean x, line's mean y)])."""
    centres, sxx, sxy = [], 0.0, 0.0
    for points in lines:
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)
        centres.append((mx, my))
        sxx += sum((x - mx) ** 2 for x, _ in points)
        sxy += sum((x - mx) * (y - my) for x, y in points)
    slope = sxy / sxx
    residuals = sum((y - (my + slope * (x - mx))) ** 2 for points, (mx, my) in zip(lines, centres) for x, y in points)
    freedom = sum(len(points) for points in lines) - len(lines) - 1
    error = math.sqrt(residuals / freedom / sxx) if freedom > 0 else float("nan")
    return slope, error, centres


def summarise(rows):
    """Per start: the fit, the rate, and each line's frontier and extrapolations to its start."""
    out = {}
    for start in sorted({r["start"] for r in rows}, key=lambda s: list(COLOURS).index(s) if s in COLOURS else 9):
        mine = [r for r in rows if r["start"] == start]
        games = sorted({r["game"] for r in mine})
        fitted = {}
        for game in games:
            points = [(r["to_end"], math.log10(r["nodes"])) for r in mine
                      if r["game"] == game and r["outcome"] != "unknown" and r["nodes"] >= FIT_FLOOR]
            if len({x for x, _ in points}) >= 2:
                fitted[game] = points
        if not fitted:
            sys.exit(f"cost_curve_plot: no line of {start} has settled positions of >= {FIT_FLOOR} nodes at two "
                     "distances from the end: nothing to fit")
        slope, error, centres = fit(list(fitted.values()))
        centre = dict(zip(fitted, centres))
        heavy = [r for r in mine if r["outcome"] != "unknown" and r["nodes"] >= 1_000_000]
        rate = sum(r["nodes"] for r in heavy) / max(1e-9, sum(r["cpu_s"] for r in heavy))
        lines = []
        for game in games:
            line = [r for r in mine if r["game"] == game]
            done = [r for r in line if r["outcome"] != "unknown"]
            last = min(done, key=lambda r: r["ply"])
            unknown = [r for r in line if r["outcome"] == "unknown"]
            length = last["ply"] + last["to_end"]
            entry = {"game": game, "length": length, "last": last, "unknown": unknown[0] if unknown else None,
                     "fitted": game in centre}
            if game in centre:
                mx, my = centre[game]
                entry["centre"] = (mx, my)
                entry["start"] = 10 ** (my + slope * (length - mx))
                entry["start_high"] = 10 ** (my + (slope + 2 * error) * (length - mx))
            lines.append(entry)
        out[start] = {"slope": slope, "error": error, "growth": 10 ** slope,
                      "growth_high": 10 ** (slope + 2 * error), "rate": rate, "lines": lines, "rows": mine,
                      "fitted": sum(len(p) for p in fitted.values())}
    return out


def median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else math.sqrt(values[middle - 1] * values[middle])


def table(summary):
    print("| start | game (plies) | deepest settled: ply (plies to the end), nodes, CPU | next ply back | "
          "the start at the fitted growth | at the growth + 2 standard errors |")
    print("| --- | --- | --- | --- | --- | --- |")
    for start, s in summary.items():
        for line in s["lines"]:
            last, unknown = line["last"], line["unknown"]
            nxt = f"unknown in {unknown['nodes'] / 1e6:.0f} M nodes ({unknown['cpu_s']:.0f} s)" if unknown else "-"
            at = (f"{line['start']:.0e} nodes | {line['start_high']:.0e} nodes" if line["fitted"]
                  else "(too few positions to fit) | -")
            print(f"| {start} | {line['game']} ({line['length']}) | {last['ply']} ({last['to_end']}), "
                  f"{last['nodes']:,}, {last['cpu_s']:.1f} s | {nxt} | {at} |")
    print()
    print("| start | growth per ply (fit, +- 2 standard errors) | positions fitted | df-pn nodes per CPU second | "
          "the start at the fitted growth (median of the lines) | at the growth + 2 standard errors |")
    print("| --- | --- | --- | --- | --- | --- |")
    for start, s in summary.items():
        starts = [line["start"] for line in s["lines"] if line["fitted"]]
        highs = [line["start_high"] for line in s["lines"] if line["fitted"]]
        low = 10 ** (s["slope"] - 2 * s["error"])
        print(f"| {start} | x{s['growth']:.2f} (x{low:.2f} to x{s['growth_high']:.2f}) | {s['fitted']} | "
              f"{s['rate'] / 1e6:.2f} M | {median(starts):.0e} nodes, {human(median(starts) / s['rate'])} | "
              f"{median(highs):.0e} nodes, {human(median(highs) / s['rate'])} |")


def human(seconds):
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("min", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}" if value < 1e4 else f"{value:.1e} {unit}"
    return f"{seconds:.0f} s"


def svg(summary, path):
    width, height, left, right, top, bottom = 720, 440, 70, 170, 30, 50
    max_x = max(r["to_end"] for s in summary.values() for r in s["rows"]) + 3
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
        for line in s["lines"]:
            if not line["fitted"]:
                continue
            mx, my = line["centre"]
            x0 = min(r["to_end"] for r in s["rows"] if r["game"] == line["game"] and r["nodes"] >= FIT_FLOOR)
            x1 = max(r["to_end"] for r in s["rows"] if r["game"] == line["game"]) + 2
            y0, y1 = my + s["slope"] * (x0 - mx), my + s["slope"] * (x1 - mx)
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
