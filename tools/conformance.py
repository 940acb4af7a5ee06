#!/usr/bin/env python3
"""conformance.py: the conformance page (spec/conformance.md) from `ccref check` summaries.

Usage: tools/conformance.py --out spec/conformance.md --plot-data DIR
           --engine LABEL CHECK.json TESTS.tsv [--engine LABEL CHECK.json TESTS.tsv]...

Each --engine names an engine's results as judged by `ccref check --json CHECK.json --tests TESTS.tsv`. The page
gets, per engine, the totals, the passes as an alternative by flag (the documented deviations), the table per suite
and family, and, for the first engine against each other one, the worst error per output side by side. The plot
data (error / tolerance against the governing condition, spec/accuracy.md section 6) is written for gnuplot
(tools/conformance.gp). Standard library only; the numbers are copied from the summaries, never recomputed.
"""
import argparse
import csv
import json
import os
import sys


def fmt(x, digits=3):
    if x is None:
        return "-"
    if x == 0:
        return "0"
    return "%.*g" % (digits, x)


def load(label, check_path, tests_path):
    with open(check_path) as f:
        summary = json.load(f)
    with open(tests_path, newline="") as f:
        tests = list(csv.DictReader(f, delimiter="\t"))
    return {"label": label, "summary": summary, "tests": tests}


def totals_table(engines):
    out = ["| engine | valid passed | acceptable (as expected / as an alternative) | invalid rejected | failed | "
           "not reported (tests) |", "|---|---|---|---|---|---|"]
    for e in engines:
        s = e["summary"]
        out.append("| %s | %d / %d | %d (%d / %d) | %d / %d | %d | %d |" % (
            e["label"], s["valid"]["passed"], s["valid"]["tests"], s["acceptable"]["tests"],
            s["acceptable"]["asExpected"], s["acceptable"]["asAlternative"], s["invalid"]["rejected"],
            s["invalid"]["tests"], s["failed"], s["notReported"]))
    return out


def alternatives(engines):
    out = []
    for e in engines:
        alts = e["summary"].get("alternativesByFlag", {})
        if alts:
            out.append("* %s: %s" % (e["label"], ", ".join("%s %d" % (k, v) for k, v in alts.items())))
        else:
            out.append("* %s: none" % e["label"])
    return out


def family_table(e):
    out = ["| suite | family | tests | pass | fail | as alternative | not reported | worst ulps | worst ratio | "
           "where |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in e["summary"]["rows"]:
        if r["tests"] == r["missing"]:
            continue
        out.append("| %s | %s | %d | %d | %d | %d | %d | %s | %s | %s%s |" % (
            r["suite"], r["family"], r["tests"], r["passed"], r["failed"], r["alternative"], r["missing"],
            fmt(r["worstUlps"]), fmt(r["worstRatio"]), r["worstWhere"],
            ("; failing " + r["failing"]) if r["failed"] else ""))
    return out


def output_table(a, b):
    """Worst ratio to the tolerance and worst ulps per output, engine a beside engine b, on the outputs both report."""
    ka = {(o["suite"], o["output"]): o for o in a["summary"]["outputs"]}
    kb = {(o["suite"], o["output"]): o for o in b["summary"]["outputs"]}
    out = ["| suite | output | %s worst ratio | %s worst ratio | %s worst ulps | %s worst ulps |" % (
        a["label"], b["label"], a["label"], b["label"]), "|---|---|---|---|---|---|"]
    for key in ka:
        if key not in kb:
            continue
        oa, ob = ka[key], kb[key]
        out.append("| %s | %s | %s | %s | %s | %s |" % (key[0], key[1], fmt(oa["worstRatio"]), fmt(ob["worstRatio"]),
                                                       fmt(oa["worstUlps"]), fmt(ob["worstUlps"])))
    return out


# The plots: error / tolerance against the governing condition, for the suites where the condition is a geometric
# degeneracy (the edge angle |df x db|; the distance to contact |perr| of the contact classes; the distance |p|
# between the centres of sphere_on_sphere, whose direction degenerates as it goes to 0).
PLOTS = [
    ("edge_angle", "|df x db| (sine of the edge angle)", {"line_on_line"}),
    ("contact_distance", "|perr| (distance to contact)",
     {"rope", "point_plane_frictionless", "point_plane", "sphere_plane", "sphere_sphere", "edge_edge"}),
    ("centre_distance", "|p| (distance between the centres)", {"sphere_on_sphere"}),
]
# Families whose axis is the magnitude of the coordinates, not the geometric condition: left out of the plots.
MAGNITUDE_FAMILIES = {"tiny_magnitude", "huge_magnitude", "large_offset"}


def plot_data(engines, outdir):
    os.makedirs(outdir, exist_ok=True)
    names = []
    for i, e in enumerate(engines):
        for plot, _, suites in PLOTS:
            path = os.path.join(outdir, "%s.%d.dat" % (plot, i))
            n = 0
            with open(path, "w") as f:
                for t in e["tests"]:
                    if (t["suite"] not in suites or t["verdict"] in ("missing", "error") or not t["condition"] or
                            t["family"] in MAGNITUDE_FAMILIES):
                        continue
                    cond, ratio = float(t["condition"]), float(t["worst_ratio"] or 0)
                    if cond > 0 and ratio > 0:
                        f.write("%s %s\n" % (t["condition"], t["worst_ratio"]))
                        n += 1
            names.append((plot, i, e["label"], n))
    with open(os.path.join(outdir, "series.txt"), "w") as f:
        for plot, i, label, n in names:
            f.write("%s\t%d\t%s\t%d\n" % (plot, i, label, n))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--plot-data", required=True)
    ap.add_argument("--engine", nargs=3, action="append", metavar=("LABEL", "CHECK_JSON", "TESTS_TSV"), required=True)
    ap.add_argument("--pair", nargs=4, action="append", default=[],
                    metavar=("LABEL_A", "CHECK_JSON_A", "LABEL_B", "CHECK_JSON_B"),
                    help="a per-output comparison of two summaries made on the same tests")
    a = ap.parse_args()
    engines = [load(*e) for e in a.engine]
    pairs = []
    for la, ja, lb, jb in a.pair:
        with open(ja) as f:
            sa = json.load(f)
        with open(jb) as f:
            sb = json.load(f)
        pairs.append(({"label": la, "summary": sa}, {"label": lb, "summary": sb}))
    lines = [
        "# Conformance: engines checked against the golden vectors",
        "",
        "Regenerated by `make crosscheck` (tools/conformance.py) from `ccref check --json --tests` of each engine's",
        "results on the published suite (vectors/, spec/vectors.md). A test passes as expected, passes as an",
        "alternative (an acceptable test whose documented alternative the engine matched: the flag says which, e.g. a",
        "Simbody deviation or the other side of a decision band), fails, or is not reported (the engine does not",
        "compute it: the consumer's README says why). `make crosscheck` fails on any failed test, that is, on any",
        "disagreement that is not a documented deviation or a decision band; a second engine's documented findings",
        "are listed in its README and accepted there.",
        "",
        "Worst ulps are over outputs whose tolerance is under 2^20 ulps (not near zero); worst ratio is |value -",
        "expected| / tolerance, at most 1 for a pass.",
        "",
        "## Totals",
        "",
    ]
    lines += totals_table(engines)
    lines += ["", "Passed as an alternative, by flag:", ""]
    lines += alternatives(engines)
    for pa, pb in pairs:
        lines += ["", "## Per output: %s beside %s" % (pa["label"], pb["label"]), "",
                  "On the same tests (those %s reports), each engine's worst error against the certified oracle, as a"
                  % pb["label"], "ratio to the tolerance and in ulps.", ""]
        lines += output_table(pa, pb)
    for e in engines:
        lines += ["", "## %s, per suite and family" % e["label"], ""]
        lines += family_table(e)
    lines += ["", "## Error against conditioning", "",
              "![error / tolerance against the edge angle, the distance to contact and the distance between the centres](conformance.png)", "",
              "Each point is one test: the largest |value - expected| / tolerance over its outputs, against the",
              "governing condition of the case (spec/accuracy.md section 6): the sine of the edge angle for",
              "line_on_line, the distance to contact |perr| for the contact classes, the distance between the",
              "centres for sphere_on_sphere (the families that scale the",
              "coordinates, tiny_magnitude, huge_magnitude and large_offset, are left out: their axis is the",
              "magnitude). A test whose outputs all match exactly has no point on a log axis.", ""]
    with open(a.out, "w") as f:
        f.write("\n".join(lines))
    plot_data(engines, a.plot_data)
    print("conformance: wrote %s and the plot data in %s" % (a.out, a.plot_data))


if __name__ == "__main__":
    sys.exit(main())
