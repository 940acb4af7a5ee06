#!/usr/bin/env python3
"""check.py: machine-checked rounding-error bounds of kernel outputs with Gappa (proofs/gappa/README.md).

For every formula of proofs/gappa/formulas.py:
  1. the claim: B, the a-priori bound of spec/accuracy.md (src/bounds.c, written by `ccref eval`) on the box's
     corner case: every input at the box's largest magnitude, body 1's position at -MAG and the rest at +MAG (so
     that the lever arms are the longest), rotations the identity, unit vectors e_x;
  2. Gappa proves |fl(y) - y| <= B for every input of the whole box (fl(y) the kernel's operation order, y the
     formula in real arithmetic on the same doubles); where formulas.py states the claim instead (a box wider than
     the spec assumes), that number. Gappa is asked for its tightest bound U (`|fl(y) - y| in ?`), an exact dyadic
     rational, and the claim holds if U <= B (compared exactly); if not, the script stating the claim is run (Gappa
     may then split intervals to reach it), and the claim fails if that run fails;
  3. the transcription is the kernel: the Python evaluation of the same steps equals `ccref eval`'s output bit for
     bit on SAMPLES random valid cases in the box (proper rotations, unit vectors).
Formulas of one kind (and mode) with the same inputs, steps, hypotheses and hints (the components of one vector,
the rows of one relative acceleration) differ only in their result: they form one group, proved by one Gappa run
whose goal is the conjunction of theirs (Gappa then shares the enclosures of the common steps), and checked on the
same random cases. Gappa names a failed goal, so each output keeps its own verdict.
Usage: check.py [--only REGEX] CCREF OUTDIR [SAMPLES]. Writes the Gappa scripts to OUTDIR (per group, NAME.g with
the claims and NAME_bound.g asking for the bounds), prints one row per output as it goes (the claim, Gappa's bound,
for the table of proofs/gappa/README.md), exits 1 if a claim is not proved or a transcription differs. --only keeps
the outputs whose "kind (mode) output" (e.g. "point_on_plane aerr[1]") matches REGEX (re.search), for iterating on a
few (the environment variable GAPPA_ONLY is its default, e.g. for `make verify-gappa`). --tightest, which asked for
the bound in a second run, is accepted and has no effect: the bound is always asked for."""
import json
from fractions import Fraction
import math
import os
import random
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in proofs/gappa/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import formulas  # noqa: E402

MAG = float(formulas.MAG)
RMIN = float(formulas.RMIN)
IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def exact(expr, steps):
    """The expression over the exact values of earlier steps (M-prefixed); inputs stay as they are."""
    return IDENT.sub(lambda m: "M" + m.group(0) if m.group(0) in steps else m.group(0), expr)


def gappa_script(group, goals):
    """One script for a group of formulas with the same inputs and steps; goals: (result, goal text) pairs."""
    f = group[0]
    names = set()
    lines = ["@rnd = float<ieee_64, ne>;"]
    for x in sorted(f["inputs"]):
        lines.append(f"{x} = rnd({x}_);")
    for name, expr in f["steps"]:
        lines.append(f"{name} rnd= {expr};")
    for name, expr in f["steps"]:
        lines.append(f"M{name} = {exact(expr, names)};")
        names.add(name)
    hyps = " /\\ ".join([f"{x} in [{formulas.BOX[k][0]}, {formulas.BOX[k][1]}]"
                         for x, k in sorted(f["inputs"].items())] + list(f["hyps"]))
    concl = " /\\ ".join(f"|{r} - M{r}| {goal}" for r, goal in goals)
    lines.append(f"{{ {hyps} -> {concl} }}")
    lines.extend(f["hints"])
    return "\n".join(lines) + "\n"


def groups_of(every):
    """The formulas grouped by (kind and mode, inputs, steps, hypotheses, hints), in order of first appearance."""
    groups = {}
    for f in every:
        key = (f["label"], tuple(sorted(f["inputs"].items())), tuple(f["steps"]), f["hyps"], f["hints"])
        groups.setdefault(key, []).append(f)
    return list(groups.values())


BOUND = r"in \[[^,\]]*, (\d+)(?:b(-?\d+))?[ \]]"


def gappa_bounds(out, results):
    """The upper ends of Gappa's enclosures of |r - Mr|, r in results, in its output: exact rationals (Gappa writes
    m b e for m 2^e), None where there is none. A goal Gappa printed under other names (it renames a definition
    equal to another, e.g. a copy of an input) is read by its position among the results."""
    lines = re.findall(r"^  (\|.*\| " + BOUND + ")", out, re.M)
    bounds = []
    for i, r in enumerate(results):
        m = re.search(rf"\|{re.escape(r)} - M{re.escape(r)}\| " + BOUND, out)
        if not m and len(lines) == len(results):
            m = re.match(r"\|.*\| " + BOUND, lines[i][0])
        bounds.append(Fraction(int(m.group(1))) * Fraction(2) ** int(m.group(2) or 0) if m else None)
    return bounds


def run_gappa(path):
    p = subprocess.run(["gappa", path], capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def corner(f):
    x = {}
    for name, k in f["inputs"].items():
        if k == "unit":
            x[name] = 0.0
        elif k == "positive":
            x[name] = MAG
        else:
            x[name] = -MAG if name.startswith("b1p") else MAG
    for name in x:
        if re.fullmatch(r".*R([0-2])\1", name):  # the diagonal of a rotation
            x[name] = 1.0
    if "nx" in x:
        x["nx"] = 1.0
    return x


def rotation(rng):
    q = [rng.gauss(0.0, 1.0) for _ in range(4)]
    n = math.sqrt(sum(c * c for c in q))
    w, a, b, c = (c / n for c in q)
    return [[1 - 2 * (b * b + c * c), 2 * (a * b - w * c), 2 * (a * c + w * b)],
            [2 * (a * b + w * c), 1 - 2 * (a * a + c * c), 2 * (b * c - w * a)],
            [2 * (a * c - w * b), 2 * (b * c + w * a), 1 - 2 * (a * a + b * b)]]


def random_inputs(f, rng):
    x = {}
    for b in sorted(n[:-2] for n in f["inputs"] if re.fullmatch(r".*R00", n)):
        R = rotation(rng)
        x.update({f"{b}{i}{j}": R[i][j] for i in range(3) for j in range(3)})
    if "nx" in f["inputs"]:
        v = [rng.gauss(0.0, 1.0) for _ in range(3)]
        n = math.sqrt(sum(c * c for c in v))
        x.update({"nx": v[0] / n, "ny": v[1] / n, "nz": v[2] / n})
    for name, k in f["inputs"].items():
        if name in x:
            continue
        x[name] = rng.uniform(-MAG, MAG) if k == "mag" else rng.uniform(RMIN, MAG)
    return f["sample"](x) if f["sample"] else x


def evaluate(f, x):
    env = dict(x)
    env["sqrt"] = math.sqrt
    for name, expr in f["steps"]:
        env[name] = eval(expr, {"__builtins__": {}}, env)  # doubles: one rounding per operation, as in C
    return env[f["result"]]


def hexify(o):
    if isinstance(o, float):
        return o.hex()
    if isinstance(o, list):
        return [hexify(v) for v in o]
    if isinstance(o, dict):
        return {k: hexify(v) for k, v in o.items()}
    return o


def ccref_eval(ccref, cases):
    text = "".join(json.dumps(hexify(c)) + "\n" for c in cases)
    p = subprocess.run([ccref, "eval"], input=text, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in p.stdout.splitlines()]


def main():
    usage = "usage: check.py [--only REGEX] CCREF OUTDIR [SAMPLES]"
    args, only = [], os.environ.get("GAPPA_ONLY") or None
    argv = iter(sys.argv[1:])
    for a in argv:
        if a == "--tightest":
            pass  # the tightest bound is always asked for now (kept for old command lines)
        elif a == "--only":
            only = next(argv, None)
            if only is None:
                sys.exit(usage)
        elif a.startswith("--only="):
            only = a[len("--only="):]
        else:
            args.append(a)
    if len(args) < 2:
        sys.exit(usage)
    ccref, outdir = args[0], args[1]
    samples = int(args[2]) if len(args) > 2 else 200
    os.makedirs(outdir, exist_ok=True)
    rng = random.Random(20261127)
    failures = 0
    print(f"{'kind':<32} {'output':<26} {'spec B corner':>14} {'claim':>12} {'Gappa best':>12} {'proved':>7} "
          f"{'transcription':>14}")
    every = formulas.all_formulas()
    if only is not None:
        every = [f for f in every if re.search(only, f"{f['label']} {f['output']}")]
    for group in groups_of(every):
        f = group[0]
        (res,) = ccref_eval(ccref, [f["case"](corner(f))])
        if res["status"] != "OK":
            print(f"{f['label']} {f['output']}: corner case rejected: {res['status']}", file=sys.stderr)
            failures += len(group)
            continue
        spec_bound = [res["outputs"][g["output"]]["bound"] for g in group]
        claims = [repr(b) if g["claim"] is None else g["claim"] for g, b in zip(group, spec_bound)]
        # named after the group's first output, and the number of the others
        base = os.path.join(outdir, re.sub(r"\W+", "_", f["label"]).strip("_") + "_" +
                            f["output"].replace("[", "").replace("]", "") + (f"+{len(group) - 1}" if group[1:] else ""))
        # base.g states the claims; base_bound.g asks Gappa for its bound of each output, which check.py compares
        # exactly with the claim. Only if a bound is missing or above its claim is base.g run (Gappa may then split
        # intervals to reach the claim): a claim fails only if that run fails.
        with open(base + ".g", "w") as fh:
            fh.write(gappa_script(group, [(g["result"], f"<= {c}") for g, c in zip(group, claims)]))
        with open(base + "_bound.g", "w") as fh:
            fh.write(gappa_script(group, [(g["result"], "in ?") for g in group]))
        _, out = run_gappa(base + "_bound.g")
        bounds = gappa_bounds(out, [g["result"] for g in group])
        tight = ["?" if u is None else "0" if u == 0 else f"{float(u):.6g}" for u in bounds]
        failed = {g["result"] for g, u, c in zip(group, bounds, claims) if u is None or u > Fraction(c)}
        results = {g["result"] for g in group}
        if failed:
            rc, out = run_gappa(base + ".g")
            named = set(re.findall(r"BND\(\|([A-Za-z_0-9]+) - M\1\|\)", out))
            # the goals Gappa names as not satisfied; every goal of the group if it names none or another term
            failed = set() if rc == 0 and "Error" not in out else named if named and named <= results else results
        if "assumed to be nonzero" in out:
            # Gappa applied a rewriting hint without checking that its denominators are nonzero (the rule is then
            # an unchecked assumption): every hint must state them as constraints, which Gappa proves
            print(f"{base}: a rewriting hint lacks its nonzero denominators as constraints", file=sys.stderr)
            failed = results
        xs = [random_inputs(f, rng) for _ in range(samples)]
        got = ccref_eval(ccref, [f["case"](x) for x in xs])
        diff = [0] * len(group)
        for x, r in zip(xs, got):
            for i, g in enumerate(group):
                want = evaluate(g, x)
                if r["status"] != "OK" or float.fromhex(r["outputs"][g["output"]]["hex"]) != want:
                    diff[i] += 1
        for g, b, c, t, d in zip(group, spec_bound, claims, tight, diff):
            proved = g["result"] not in failed
            ok = proved and d == 0
            failures += not ok
            print(f"{g['label']:<32} {g['output']:<26} {b:>14.6e} {float(c):>12.4e} {t:>12} "
                  f"{'yes' if proved else 'NO':>7} {samples - d:>6}/{samples:<7}"
                  + ("" if g["claim"] is None else "  (wide box)"), flush=True)
        if failed:
            print("\n".join(line for line in out.strip().splitlines() if not line.startswith("Warning")),
                  file=sys.stderr)
    n = len(every)
    print(f"gappa: {n - failures}/{n} outputs: bound proved on the whole box and transcription identical to the "
          f"kernel")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
