#!/usr/bin/env python3
"""ccref_judge.py: the reference judge of ccref's golden vectors in Python, standard library only.

The executable form of spec/vectors.md section 10 ("The verdict of one test, step by step"), written from the
specification, not from cli/verdict.c: it reads the vector files and an engine's results file and gives each test
its verdict (pass, alternative:FLAG, fail, error, missing) with the worst ratio |value - expected| / tolerance and
its output, as `ccref check --tests` writes them. A Python engine can import it:

    import ccref_judge
    vectors = ccref_judge.load_vectors(["vectors"])
    results, header_tier, _ = ccref_judge.load_results("results.jsonl", vectors)
    for suite, tc, family, result, verdict, worst_ratio, worst_output, other_inputs in \
            ccref_judge.judge(vectors, results, "double"):
        ...

Usage:
    ccref_judge.py --tier TIER [--tests OUT.tsv] [--compare CHECK_TESTS.tsv] [--compare-json CHECK.json]
                   [--answers REMADE.jsonl] VECTORS... RESULTS

--compare-json reads `ccref check --json` on the same run and compares every output's count of values compared,
worst ratio and its tcId: value for value, in aggregate.
--compare reads the --tests file of `ccref check` on the same results and tier and exits 1 on any test whose
verdict, worst ratio or worst output differs (the output where the worst ratio is not 0: ties at 0 are resolved by
the slot order, which is ccref's layout). A test whose result reports `inputs_used` other than its case is judged
by ccref at those inputs, its answers made again with the certified oracle, which Python has not: --answers reads
them from `ccref check --answers FILE`, and those tests are judged like the others; without it they are counted
("judged at other inputs") and left out of the comparison.
Exit status: 0 (and with --compare, agreement), 1 a disagreement, 2 a usage or format error.
"""
import argparse
import json
import math
import os
import re
import sys

TIERS = {"ccref": 2, "double": 3, "binary32": 4}  # index in [hex, dec, ccref, double, binary32, cert]
DISCRETE = ["mp", "mv", "sign", "has_friction", "sense", "lines_are_parallel", "cor_branch", "cof_branch",
            "condition", "valid", "proximal", "deviations"]
# The members of a result line (spec/vectors.md section 9); those of `ccref eval`'s own output beyond the verdict's
# (bounds, the oracle's view) are accepted and not read.
RESULT_KEYS = {"id", "kind", "status", "ok", "outputs", "inputs_used", "error", "used", "line", "bound_exceeds_value",
               "decision_bands", "oracle_status", "oracle_discrete", "decided", "max_bits"} | set(DISCRETE)


class FormatError(Exception):
    pass


def number(x):
    """A value of the files: a JSON number, a numeric string (C99 hex float, decimal, nan, inf, -inf)."""
    if isinstance(x, bool):
        raise FormatError("a boolean where a number is expected")
    if isinstance(x, (int, float)):
        return float(x)
    if isinstance(x, str):
        s = x.strip()
        if re.fullmatch(r"[+-]?0[xX][0-9a-fA-F]*\.?[0-9a-fA-F]*[pP][+-]?\d+", s):
            return float.fromhex(s)
        return float(s)  # decimal, "nan", "inf", "-inf"
    raise FormatError("not a number: %r" % (x,))


# ---------------------------------------------------------------- the vectors

def row_index(name):
    """(kind of row, index) of perr[i] / verr[i] / aerr[i] (also under "constraint."), else None."""
    m = re.fullmatch(r"(?:constraint\.)?(perr|verr|aerr)\[(\d)\]", name)
    return (m.group(1), int(m.group(2))) if m else None


def in_use(name, mp, mv):
    """Rows past mp (perr) or mp + mv (verr, aerr) are not in use; every other output is."""
    r = row_index(name)
    if r is None:
        return True
    return r[1] < (mp if r[0] == "perr" else mp + mv)


class Answer:
    def __init__(self, status, discrete, values, unconstrained, dev_undecided, undecided, flag="", branch=""):
        self.status, self.discrete, self.values = status, discrete, values
        self.unconstrained = unconstrained  # output names any finite value of which is accepted
        self.dev_undecided, self.undecided = dev_undecided, undecided
        self.flag, self.branch = flag, branch


def read_answer(obj):
    discrete, free = {}, set()
    for k in DISCRETE:
        if k in obj:
            if obj[k] is None:
                free.add(k)
            else:
                discrete[k] = obj[k]
    return obj["status"], discrete, free, set(obj.get("deviationsUndecided", [])), set(obj.get("undecided", []))


def read_test(t, outputs, family):
    """A test of a vector file (its group's output names and family): result, expected answer, alternatives."""
    e = t["expected"]
    status, disc, free, dev_u, und = read_answer(e)
    values = dict(zip(outputs, e["values"])) if "values" in e else {}
    exp = Answer(status, disc, values, set(), dev_u, und)
    exp.free = set()
    alts = []
    for a in t.get("alternatives", []):
        st, d2, free2, dev_u2, und2 = read_answer(a)
        disc2 = dict(disc)
        for k in free2:
            disc2.pop(k, None)
        disc2.update(d2)
        vals2, unc2 = dict(values), set()
        if not status.startswith("OK") and st.startswith("OK"):
            unc2 = set(values)  # values of an accepted-instead input: not given
        for name, x in a.get("values", {}).items():
            if x is None:
                unc2.add(name)
            else:
                vals2[name] = x
                unc2.discard(name)
        alt = Answer(st, disc2, vals2, unc2, dev_u2, und2, a["flag"], a["branch"])
        alt.free = free2
        alts.append(alt)
    return {"result": t["result"], "family": family, "case": t["case"], "expected": exp, "alternatives": alts,
            "remade": False}


def load_answers(path, suites):
    """ccref check --answers: the tests ccref judged at an engine's inputs_used, made again there; they replace the
    published tests of the same ids, so that those tests are judged here too."""
    n = 0
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            x = json.loads(line)
            suite, tc = x["id"].split("/")
            old = suites[suite]["tests"][int(tc)]
            t = read_test(x["test"], x["outputs"], old["family"])
            t["remade"] = True
            suites[suite]["tests"][int(tc)] = t
            n += 1
    return n


def load_vectors(paths):
    """{suite: {"tests": {tcId: test}, "version": ...}}; a test: result, family, outputs, expected, alternatives."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".json"))
        else:
            files.append(p)
    suites = {}
    for path in files:
        with open(path) as f:
            v = json.load(f)
        suite = v["suite"]
        if suite in suites:
            raise FormatError("%s: suite %s given twice" % (path, suite))
        tests = {}
        for g in v["testGroups"]:
            for t in g["tests"]:
                tests[t["tcId"]] = read_test(t, g["outputs"], g["family"])
        suites[suite] = {"tests": tests, "version": v["generatorVersion"]}
    return suites


# ---------------------------------------------------------------- the results

def load_results(path, suites):
    """{(suite, tcId): result dict}, the header's tier (or None), and the results of suites not given."""
    versions = {s["version"] for s in suites.values()}
    results, tier, outside = {}, None, 0
    with (sys.stdin if path == "-" else open(path)) as f:
        header = None
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            if header is None:
                header = json.loads(line)
                if header.get("schema") != "ccref_results_v1":
                    raise FormatError("%s:%d: field schema: expected \"ccref_results_v1\"" % (path, lineno))
                if header.get("generatorVersion") not in versions:
                    raise FormatError("%s:%d: results for generatorVersion %s, the vectors are %s" % (
                        path, lineno, header.get("generatorVersion"), ", ".join(sorted(versions))))
                tier = header.get("tier")
                continue
            m = re.search(r'"id"\s*:\s*"([^"]*)"', line)
            try:
                r = json.loads(line, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
            except ValueError as ex:
                if m is None:
                    raise FormatError("%s:%d: not JSON (%s)" % (path, lineno, ex))
                r = {"id": m.group(1), "error": {"message": "not JSON"}}
            rid = r.get("id")
            if not isinstance(rid, str) or not re.fullmatch(r"[a-z_]+/[1-9]\d*", rid):
                raise FormatError("%s:%d: field id: expected a string \"<suite>/<tcId>\"" % (path, lineno))
            suite, tc = rid.split("/")
            if suite not in suites:
                outside += 1
                continue
            if int(tc) not in suites[suite]["tests"]:
                raise FormatError("%s:%d: a result for an unknown test \"%s\"" % (path, lineno, rid))
            if (suite, int(tc)) in results:
                raise FormatError("%s:%d: a second result for %s" % (path, lineno, rid))
            unknown = set(r) - RESULT_KEYS
            if unknown:
                raise FormatError("%s:%d (%s): field %s: unknown key" % (path, lineno, rid, sorted(unknown)[0]))
            results[(suite, int(tc))] = r
    if header is None:
        raise FormatError("%s: empty (no results header)" % path)
    return results, tier, outside


# ---------------------------------------------------------------- the verdict

def status_matches(expected, got):
    if got == "ERROR":
        return not expected.startswith("OK")
    if got == "OK" and expected.startswith("OK"):
        return True  # an engine without the OK_* variants
    return expected == got


def engine_value(x):
    if isinstance(x, dict):
        return number(x["hex"]) if "hex" in x else number(x["dec"])
    return number(x)


def match(answer, result, tier_index, suite_test):
    """(passes, worst ratio, worst output or None, [(output, ratio) of every value compared, in order]) of the
    engine's result against one answer."""
    got_status = result.get("status")
    if not status_matches(answer.status, got_status):
        return False, 0.0, None, []
    ok = True
    if answer.status.startswith("OK"):
        for k in DISCRETE:  # step 3.2
            if k not in result or k in answer.free or k not in answer.discrete or k in answer.undecided:
                continue
            want, have = answer.discrete[k], result[k]
            if k == "deviations":
                want, have = set(want) - answer.dev_undecided, set(have) - answer.dev_undecided
            if want != have:
                ok = False
    if not (answer.status.startswith("OK") and got_status != "ERROR" and str(got_status).startswith("OK")):
        return ok, 0.0, None, []
    outputs = result.get("outputs", {})
    mp, mv = answer.discrete.get("mp", suite_test["expected"].discrete.get("mp", 1)), \
        answer.discrete.get("mv", suite_test["expected"].discrete.get("mv", 0))
    worst, worst_name, compared = 0.0, None, []
    for name, value in answer.values.items():  # step 3.3, in the group's (slot) order
        if not in_use(name, mp, mv) or name not in outputs:
            continue
        v = engine_value(outputs[name])
        if name in answer.unconstrained:
            ok = ok and math.isfinite(v)
            continue
        if not (isinstance(value[5], int) and not isinstance(value[5], bool) and value[5] > 0):
            ok = ok and math.isfinite(v)  # not certified (the oracle's reason, a string): any finite value
            continue
        tol = value[tier_index]
        if tol is None:
            ok = ok and math.isfinite(v)  # no bound in this tier: any finite value
            continue
        tol, e = number(tol), number(value[0])
        d = abs(v - e)
        ratio = 0.0 if d == 0 else (math.inf if math.isnan(d) else d / tol)
        compared.append((name, ratio))
        if worst_name is None or ratio > worst:
            worst, worst_name = ratio, name
        if not d <= tol:
            ok = False
    return ok, worst, worst_name, compared


def judge(suites, results, tier):
    """Every test's (suite, tcId, family, result, verdict, worst ratio, worst output, judged at other inputs,
    [(output, ratio) of the values compared])."""
    ti = TIERS[tier]
    out = []
    for suite in sorted(suites):
        for tc in sorted(suites[suite]["tests"]):
            t = suites[suite]["tests"][tc]
            r = results.get((suite, tc))
            row = [suite, tc, t["family"], t["result"]]
            if r is None:
                out.append(row + ["missing", None, None, False, []])
                continue
            if "error" in r:
                out.append(row + ["error", None, None, False, []])
                continue
            other_inputs = "inputs_used" in r and not t["remade"] and not same_inputs(t["case"], r["inputs_used"])
            ok, worst, name, values = match(t["expected"], r, ti, t)
            verdict = "pass" if ok else "fail"
            if not ok and t["result"] == "acceptable":
                for a in t["alternatives"]:
                    ok2, w2, n2, v2 = match(a, r, ti, t)
                    if ok2:
                        verdict, worst, name, values = "alternative:" + a.flag, w2, n2, v2
                        break
                if verdict == "fail" and not status_matches(t["expected"].status, r.get("status")):
                    for a in t["alternatives"]:  # step 5: measured against the first answer of its status
                        if status_matches(a.status, r.get("status")):
                            _, worst, name, values = match(a, r, ti, t)
                            break
            out.append(row + [verdict, worst, name, other_inputs, values])
    return out


GROUND = {"R": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "p": [0, 0, 0], "w": [0, 0, 0], "v": [0, 0, 0], "b": [0, 0, 0],
          "a": [0, 0, 0]}


def same_inputs(case, used):
    """Whether inputs_used (a partial case) gives every scalar the case's own value ("ground" is the identity pose
    at rest; -0 equals +0)."""
    def walk(a, b):
        a, b = (GROUND if a == "ground" else a), (GROUND if b == "ground" else b)
        if isinstance(b, dict):
            return isinstance(a, dict) and all(k in a and walk(a[k], b[k]) for k in b)
        if isinstance(b, list):
            return isinstance(a, list) and len(a) == len(b) and all(walk(x, y) for x, y in zip(a, b))
        if isinstance(b, (int, float, str)) and not isinstance(b, bool):
            try:
                x, y = number(a) if a != "ground" else a, number(b) if b != "ground" else b
            except (FormatError, ValueError):
                return a == b
            return x == y or (isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y))
        return a == b
    return walk(case, used)


# ---------------------------------------------------------------- the command

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tier", choices=sorted(TIERS))
    ap.add_argument("--tests", help="write one line per test (TSV)")
    ap.add_argument("--compare", help="ccref check's --tests file on the same results and tier")
    ap.add_argument("--answers", help="ccref check's --answers file: the tests at an engine's inputs_used, remade")
    ap.add_argument("--compare-json", help="ccref check's --json summary: every output's values compared, worst "
                    "ratio and its tcId, against ours")
    ap.add_argument("paths", nargs="+", metavar="VECTORS... RESULTS")
    a = ap.parse_args()
    if len(a.paths) < 2:
        ap.error("VECTORS... and RESULTS are needed")
    try:
        suites = load_vectors(a.paths[:-1])
        results, header_tier, outside = load_results(a.paths[-1], suites)
        if a.answers:
            load_answers(a.answers, suites)
    except (FormatError, OSError, ValueError, KeyError) as ex:
        print("ccref_judge: %s" % ex, file=sys.stderr)
        return 2
    tier = a.tier or header_tier
    if tier is None or (a.tier and header_tier and a.tier != header_tier):
        print("ccref_judge: state the tier (--tier or the results header's; they must agree)", file=sys.stderr)
        return 2
    rows = judge(suites, results, tier)
    if a.tests:
        with open(a.tests, "w") as f:
            f.write("suite\ttcId\tfamily\tresult\tverdict\tworst_ratio\tworst_output\tother_inputs\n")
            for s, tc, fam, res, verdict, w, n, other, _ in rows:
                f.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%d\n" % (s, tc, fam, res, verdict, "" if w is None else repr(w),
                                                             n or "", other))
    counts = {}
    for row in rows:  # pass, alternative, fail, error, missing
        counts[row[4].split(":")[0]] = counts.get(row[4].split(":")[0], 0) + 1
    other = sum(1 for row in rows if row[7])
    print("ccref_judge: %d tests, tier %s: %s; %d judged at other inputs (inputs_used); %d results for suites not "
          "given" % (len(rows), tier, ", ".join("%s %d" % kv for kv in sorted(counts.items())), other, outside))
    rc = compare(rows, a.compare) if a.compare else 0
    if a.compare_json:
        rc = max(rc, compare_outputs(rows, a.compare_json))
    return rc


def compare(rows, path):
    """Test for test against ccref check's --tests file: 0 when every test not judged at other inputs agrees."""
    with open(path) as f:
        lines = f.read().splitlines()
    head = lines[0].split("\t")
    theirs = {}
    for line in lines[1:]:
        c = dict(zip(head, line.split("\t")))
        theirs[(c["suite"], int(c["tcId"]))] = c
    differ, compared, skipped = 0, 0, 0
    for s, tc, fam, res, verdict, w, n, other, _ in rows:
        c = theirs.get((s, tc))
        if c is None:
            continue  # not judged by ccref check (a selection)
        if other:
            skipped += 1
            continue
        compared += 1
        why = []
        if c["verdict"] != verdict:
            why.append("verdict %s, ccref check %s" % (verdict, c["verdict"]))
        elif w is not None:
            cw = float(c["worst_ratio"]) if c["worst_ratio"] else 0.0
            if not (cw == w or (math.isinf(cw) and math.isinf(w))):
                why.append("worst ratio %r, ccref check %r" % (w, cw))
            elif w > 0 and (n or "") != c["worst_output"]:
                why.append("worst output %s, ccref check %s" % (n, c["worst_output"]))
        if why:
            differ += 1
            if differ <= 20:
                print("  DIFFER %s/%d: %s" % (s, tc, "; ".join(why)))
    print("ccref_judge: compared with %s: %d tests agree, %d differ; %d judged at other inputs not compared" % (
        path, compared - differ, differ, skipped))
    return 1 if differ else 0


def output_stats(rows):
    """Per (suite, output): values compared, the worst ratio and the tcId where it first occurs, over every value
    compared in the tests (failed ones included), in test order (spec/vectors.md section 10, the statistics)."""
    stats = {}
    for s, tc, fam, res, verdict, w, n, other, values in rows:
        for name, ratio in values:
            st = stats.setdefault((s, name), [0, 0.0, 0])
            st[0] += 1
            if st[0] == 1 or not ratio <= st[1]:
                st[1], st[2] = ratio, tc
    return stats


def compare_outputs(rows, path):
    """Value for value, in aggregate: every output's count of values compared, worst ratio and its tcId against
    ccref check's --json "outputs"."""
    with open(path) as f:
        theirs = {(o["suite"], o["output"]): o for o in json.load(f)["outputs"]}
    ours = output_stats(rows)
    differ = 0
    for key in sorted(set(ours) | set(theirs)):
        a, b = ours.get(key), theirs.get(key)
        bw = None if b is None else (math.inf if b["worstRatio"] is None else b["worstRatio"])
        if a is None or b is None or a[0] != b["compared"] or not (a[1] == bw) or a[2] != b["worstRatioTcId"]:
            differ += 1
            if differ <= 20:
                print("  DIFFER %s %s: ours %s, ccref check %s" % (key[0], key[1], a, None if b is None else
                                                                   (b["compared"], bw, b["worstRatioTcId"])))
    print("ccref_judge: compared with %s: %d outputs agree (%d values compared), %d differ" % (
        path, len(set(ours) | set(theirs)) - differ, sum(v[0] for v in ours.values()), differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
