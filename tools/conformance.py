#!/usr/bin/env python3
"""conformance.py: the conformance page (spec/conformance.md) from `ccref check` summaries.

Usage: tools/conformance.py --out spec/conformance.md --plot-data DIR [--vectors DIR]
           --engine LABEL CHECK.json TESTS.tsv [--engine LABEL CHECK.json TESTS.tsv]... [--backs NAME LABEL]...

Each --engine names an engine's results as judged by `ccref check --json CHECK.json --tests TESTS.tsv`. The page
gets, per engine, the totals, the passes as an alternative by flag (the documented deviations), the table per suite
and family with the flags of its alternative passes, and, for the first engine against each other one, the worst
error per output side by side. With --backs, the alternatives whose branch names an engine ("simbody",
"simbody+<band branch>") are counted per flag beside the engine's passes as them; a flag the engine never passed as
makes the script exit 1 (the alternative would not be shown to be what that engine computes). The plot data
(error / tolerance against the governing condition, spec/accuracy.md
section 6) is written for gnuplot (tools/conformance.gp): text, deterministic, committed beside the page. Standard
library only; the numbers are copied from the summaries and the vectors, never recomputed.
"""
import argparse
import collections
import csv
import glob
import json
import math
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
    out = ["| engine | tier | valid passed | acceptable (as expected / as an alternative) | invalid rejected | failed | "
           "not reported (tests) |", "|---|---|---|---|---|---|---|"]
    for e in engines:
        s = e["summary"]
        out.append("| %s | %s | %d / %d | %d (%d / %d) | %d / %d | %d | %d |" % (
            e["label"], s["tier"], s["valid"]["passed"], s["valid"]["tests"], s["acceptable"]["tests"],
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


def alternatives_by_family(e):
    """Per (suite, family), the flags of the passes as an alternative and their counts (from the per-test verdicts
    "alternative:FLAG"), in order of first appearance."""
    by = collections.defaultdict(collections.OrderedDict)
    for t in e["tests"]:
        if t["verdict"].startswith("alternative:"):
            flag = t["verdict"][len("alternative:"):]
            d = by[(t["suite"], t["family"])]
            d[flag] = d.get(flag, 0) + 1
    return by


def engine_alternatives(vectors_dir, name):
    """Per flag, the tests whose alternatives name the engine (a branch "name" or "name+<band branch>")."""
    count = collections.OrderedDict()
    for path in sorted(glob.glob(os.path.join(vectors_dir, "*.json"))):
        with open(path) as f:
            v = json.load(f)
        for g in v["testGroups"]:
            for t in g["tests"]:
                flags = {a["flag"] for a in t.get("alternatives", [])
                         if a["branch"] == name or a["branch"].startswith(name + "+")}
                for flag in sorted(flags):
                    count[flag] = count.get(flag, 0) + 1
    return count


def backed_table(vectors_dir, engines, backs):
    """Every alternative that names an engine must be what that engine computes: per flag, the tests that carry
    one and the tests the engine passed as it. Returns the table and the flags no test of the engine backs."""
    by_label = {e["label"]: e for e in engines}
    out = ["| engine | flag | tests with an alternative naming the engine | tests the engine passed as it |",
           "|---|---|---|---|"]
    unbacked = []
    for name, label in backs:
        passed = collections.Counter(t["verdict"][len("alternative:"):] for t in by_label[label]["tests"]
                                     if t["verdict"].startswith("alternative:"))
        for flag, n in engine_alternatives(vectors_dir, name).items():
            out.append("| %s | %s | %d | %d |" % (label, flag, n, passed[flag]))
            if passed[flag] == 0:
                unbacked.append("%s: %s" % (label, flag))
    return out, unbacked


def family_table(e):
    alts = alternatives_by_family(e)
    out = ["| suite | family | tests | pass | fail | as alternative | alternatives by flag | not reported | worst ulps | "
           "worst ratio | where |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in e["summary"]["rows"]:
        if r["tests"] == r["missing"]:
            continue
        flags = alts.get((r["suite"], r["family"]), {})
        if sum(flags.values()) != r["alternative"]:
            sys.exit("conformance: %s %s %s: %d alternative passes in the summary, %d in the per-test verdicts" % (
                e["label"], r["suite"], r["family"], r["alternative"], sum(flags.values())))
        out.append("| %s | %s | %d | %d | %d | %d | %s | %d | %s | %s | %s%s |" % (
            r["suite"], r["family"], r["tests"], r["passed"], r["failed"], r["alternative"],
            ", ".join("%s %d" % kv for kv in flags.items()), r["missing"],
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
# degeneracy (the edge angle |df x db|; the distance to contact |perr|; the distance |p| between the centres of
# sphere_on_sphere, whose direction degenerates as it goes to 0). A suite's condition is check's "condition" column
# (spec/accuracy.md section 6), except where the panel names another source: for sphere_on_plane and
# sphere_on_sphere in the distance-to-contact panel, |perr| is the vector's expected perr[0] (check's condition for
# them is the coordinate scale and |p|), so that the engines that answer those suites are in that panel.
CONTACT_CLASSES = ("rope", "point_plane_frictionless", "point_plane", "sphere_plane", "sphere_sphere", "edge_edge")
PLOTS = [
    ("edge_angle", "|df x db| (sine of the edge angle)", {"line_on_line": "condition"}),
    ("contact_distance", "|perr| (distance to contact)",
     dict([(c, "condition") for c in CONTACT_CLASSES] + [("sphere_on_plane", "perr"), ("sphere_on_sphere", "perr")])),
    ("centre_distance", "|p| (distance between the centres)", {"sphere_on_sphere": "condition"}),
]
# Families whose axis is the magnitude of the coordinates, not the geometric condition: left out of the plots.
MAGNITUDE_FAMILIES = {"tiny_magnitude", "huge_magnitude", "large_offset"}


def expected_perr(vectors_dir, suites):
    """|expected perr[0]| per (suite, tcId) of the vector files of the given suites (hex strings, exact)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(vectors_dir, "*.json"))):
        with open(path) as f:
            v = json.load(f)
        if v["suite"] not in suites:
            continue
        for g in v["testGroups"]:
            if "perr[0]" not in g["outputs"]:
                continue
            k = g["outputs"].index("perr[0]")
            for t in g["tests"]:
                vals = t.get("expected", {}).get("values")
                if vals and vals[k] is not None and vals[k][0] is not None:
                    out[(v["suite"], t["tcId"])] = abs(float.fromhex(vals[k][0]))
    return out


def pow10_below(x):
    return 10.0 ** (math.floor(math.log10(x)) - 1)


def pow10_above(x):
    return 10.0 ** (math.ceil(math.log10(x)) + 1)


def plot_data(engines, outdir, vectors_dir):
    """Per plot and engine, DIR/PLOT.I.dat with one line per test reported: x y failed floor, where x is the
    condition and y the largest error / tolerance of the test; failed is 1 for a failed test; floor is 1 when x or y
    is drawn on an axis floor (an exact 0 on a log axis), 2 when y is drawn on the ceiling (a non-finite error, or a
    test that failed with no value compared). The floors and the ceiling of each plot (powers of ten a decade
    beyond the data, the same for every engine) are in DIR/axes.txt, the series in DIR/series.txt."""
    os.makedirs(outdir, exist_ok=True)
    perr = expected_perr(vectors_dir, {s for _, _, src in PLOTS for s, how in src.items() if how == "perr"})
    points = {}  # (plot, engine index) -> [(x, y, failed)] with x, y floats (0, inf or nan where so)
    for i, e in enumerate(engines):
        for plot, _, sources in PLOTS:
            pts = points[(plot, i)] = []
            for t in e["tests"]:
                how = sources.get(t["suite"])
                if how is None or t["verdict"] == "missing" or t["family"] in MAGNITUDE_FAMILIES:
                    continue
                if how == "perr":
                    x = perr.get((t["suite"], int(t["tcId"])))
                else:
                    x = float(t["condition"]) if t["condition"] else None
                if x is None or math.isnan(x):
                    continue  # no condition to place the test at (none in the published suite)
                failed = not (t["verdict"] == "pass" or t["verdict"].startswith("alternative:"))
                y = float(t["worst_ratio"]) if t["worst_ratio"] else 0.0
                if failed and y == 0:
                    y = math.inf  # failed on its status or rows, no value compared: drawn on the ceiling
                pts.append((x, y, failed))
    axes = []
    for plot, _, _ in PLOTS:
        xs = [x for (p, _), pts in points.items() if p == plot for x, _, _ in pts if 0 < x < math.inf]
        ys = [y for (p, _), pts in points.items() if p == plot for _, y, _ in pts if 0 < y < math.inf]
        xfloor = pow10_below(min(xs)) if xs else 1e-300
        yfloor = pow10_below(min(ys)) if ys else 1e-20
        yceil = pow10_above(max(ys + [1.0]))
        axes.append((plot, xfloor, yfloor, yceil))
        for i, e in enumerate(engines):
            with open(os.path.join(outdir, "%s.%d.dat" % (plot, i)), "w") as f:
                f.write("# %s, %s: condition, error / tolerance, failed (1), on a floor (1) or the ceiling (2)\n"
                        % (plot, e["label"]))
                for x, y, failed in points[(plot, i)]:
                    floor = 0
                    if x == 0:
                        x, floor = xfloor, 1
                    if y == 0:
                        y, floor = yfloor, 1
                    elif not y < math.inf:
                        y, floor = yceil, 2
                    f.write("%r %r %d %d\n" % (x, y, int(failed), floor))
    with open(os.path.join(outdir, "axes.txt"), "w") as f:
        for plot, xfloor, yfloor, yceil in axes:
            # %.6e: gnuplot's string-to-number conversion rejects an exponent without a decimal point ("1e-17")
            f.write("%s\t%.6e\t%.6e\t%.6e\n" % (plot, xfloor, yfloor, yceil))
    with open(os.path.join(outdir, "series.txt"), "w") as f:
        for i, e in enumerate(engines):
            for plot, _, _ in PLOTS:
                pts = points[(plot, i)]
                f.write("%s\t%d\t%s\t%d\t%d\n" % (plot, i, e["label"], len(pts), sum(p[2] for p in pts)))


def series_table(outdir):
    out = ["| panel | engine | tests drawn | of them failed |", "|---|---|---|---|"]
    with open(os.path.join(outdir, "series.txt")) as f:
        for line in f:
            plot, _, label, n, nfail = line.rstrip("\n").split("\t")
            out.append("| %s | %s | %s | %s |" % (plot, label, n, nfail))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--plot-data", required=True)
    ap.add_argument("--vectors", default="vectors", help="the vector files (expected perr of the sphere kinds)")
    ap.add_argument("--engine", nargs=3, action="append", metavar=("LABEL", "CHECK_JSON", "TESTS_TSV"), required=True)
    ap.add_argument("--pair", nargs=4, action="append", default=[],
                    metavar=("LABEL_A", "CHECK_JSON_A", "LABEL_B", "CHECK_JSON_B"),
                    help="a per-output comparison of two summaries made on the same tests")
    ap.add_argument("--backs", nargs=2, action="append", default=[], metavar=("BRANCH_NAME", "LABEL"),
                    help="the engine LABEL must pass as each flag of the alternatives named BRANCH_NAME at least once")
    a = ap.parse_args()
    engines = [load(*e) for e in a.engine]
    plot_data(engines, a.plot_data, a.vectors)
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
        "compute it: the consumer's README says why). `make crosscheck` fails on any failed test of ccref's kernels",
        "or Simbody, that is, on any disagreement that is not a documented deviation, a convention or a decision",
        "band; every failing test of another engine must be one of its findings (consumers/<engine>/findings.txt,",
        "each with a page and a standalone reproducer in consumers/<engine>/findings/). CGAL 5.5 computes in exact",
        "rationals: it cross-checks the oracle itself (consumers/cgal/README.md).",
        "",
        "Each engine is judged in a tier (spec/vectors.md section 4): ccref's kernels in ccref's own order's",
        "tolerances, the double-precision engines in the double tier, which holds for every evaluation order in",
        "binary64, and Bullet's single-precision build in the binary32 tier.",
        "Worst ulps are over outputs whose tolerance is under 2^20 ulps (not near zero); worst ratio is |value -",
        "expected| / tolerance, at most 1 for a pass.",
        "",
        "## Totals",
        "",
    ]
    lines += totals_table(engines)
    lines += ["", "Passed as an alternative, by flag:", ""]
    lines += alternatives(engines)
    backed, unbacked = backed_table(a.vectors, engines, a.backs)
    if a.backs:
        lines += ["", "Alternatives that name an engine are what that engine computes: per flag, the tests whose",
                  "alternatives name it, and the tests its own results passed as one of them (`make crosscheck`",
                  "fails on a flag that none backs).", ""]
        lines += backed
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
              "line_on_line; the distance to contact |perr| for the contact classes (check's condition) and for",
              "sphere_on_plane and sphere_on_sphere (|perr[0]| expected by the vector: the kinds the other engines",
              "answers); the distance between the centres for sphere_on_sphere. The families that scale the",
              "coordinates, tiny_magnitude, huge_magnitude and large_offset, are left out: their axis is the",
              "magnitude. A failed test is a cross; a test whose outputs all match exactly (error 0), or whose",
              "condition is exactly 0, is an open circle on the dashed axis floor; a non-finite error, or a test",
              "that failed with no value compared, is drawn on the dotted ceiling. Per panel and engine, the points",
              "and failures drawn:", ""]
    lines += series_table(a.plot_data)
    rel = os.path.relpath(a.plot_data, os.path.dirname(a.out) or ".")
    lines += ["", "The plot data, one file per panel and engine, is text committed beside this page in [%s/](%s/);" %
              (rel, rel), "tools/conformance.gp draws it. CI checks that `make crosscheck` regenerates this page, the",
              "data and the figure byte for byte.", ""]
    with open(a.out, "w") as f:
        f.write("\n".join(lines))
    print("conformance: wrote %s and the plot data in %s" % (a.out, a.plot_data))
    if unbacked:
        print("conformance: alternatives naming an engine that its results never matched: %s" % "; ".join(unbacked),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
