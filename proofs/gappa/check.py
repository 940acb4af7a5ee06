#!/usr/bin/env python3
"""check.py: machine-checked rounding-error bounds of kernel outputs with Gappa (proofs/gappa/README.md).

For every formula of proofs/gappa/formulas.py:
  1. the claim: B, the a-priori bound of spec/accuracy.md (src/bounds.c, written by `ccref eval`) on the box's
     corner case: every input at the box's largest magnitude, body 1's position at -MAG and the rest at +MAG (so
     that the lever arms are the longest), rotations the identity, unit vectors e_x;
  2. Gappa proves |fl(y) - y| <= B for every input of the whole box (fl(y) the kernel's operation order, y the
     formula in real arithmetic on the same doubles); where formulas.py states the claim instead (a box wider than
     the spec assumes), that number;
  3. the transcription is the kernel: the Python evaluation of the same steps equals `ccref eval`'s output bit for
     bit on SAMPLES random valid cases in the box (proper rotations, unit vectors).
Usage: check.py [--tightest] CCREF OUTDIR [SAMPLES]. Writes the Gappa scripts to OUTDIR, prints one row per output
as it goes, exits 1 if a claim is not proved or a transcription differs. --tightest also asks Gappa for the tightest
bound it can prove (a second run per output, for the table of proofs/gappa/README.md)."""
import json
import math
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import formulas  # noqa: E402

MAG = float(formulas.MAG)
RMIN = float(formulas.RMIN)
IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def exact(expr, steps):
    """The expression over the exact values of earlier steps (M-prefixed); inputs stay as they are."""
    return IDENT.sub(lambda m: "M" + m.group(0) if m.group(0) in steps else m.group(0), expr)


def gappa_script(f, goal):
    names = set()
    lines = ["@rnd = float<ieee_64, ne>;"]
    for x in sorted(f["inputs"]):
        lines.append(f"{x} = rnd({x}_);")
    for name, expr in f["steps"]:
        lines.append(f"{name} rnd= {expr};")
    for name, expr in f["steps"]:
        lines.append(f"M{name} = {exact(expr, names)};")
        names.add(name)
    hyps = " /\\ ".join(f"{x} in [{formulas.BOX[k][0]}, {formulas.BOX[k][1]}]" for x, k in sorted(f["inputs"].items()))
    r = f["result"]
    lines.append(f"{{ {hyps} -> |{r} - M{r}| {goal} }}")
    return "\n".join(lines) + "\n"


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
    return x


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
    args = [a for a in sys.argv[1:] if a != "--tightest"]
    tightest = len(args) < len(sys.argv) - 1
    if len(args) < 2:
        sys.exit("usage: check.py [--tightest] CCREF OUTDIR [SAMPLES]")
    ccref, outdir = args[0], args[1]
    samples = int(args[2]) if len(args) > 2 else 200
    os.makedirs(outdir, exist_ok=True)
    rng = random.Random(20261127)
    failures = 0
    print(f"{'kind':<22} {'output':<26} {'spec B corner':>14} {'claim':>12} {'Gappa best':>12} {'proved':>7} "
          f"{'transcription':>14}")
    every = formulas.all_formulas()
    for f in every:
        (res,) = ccref_eval(ccref, [f["case"](corner(f))])
        if res["status"] != "OK":
            print(f"{f['kind']} {f['output']}: corner case rejected: {res['status']}", file=sys.stderr)
            failures += 1
            continue
        spec_bound = res["outputs"][f["output"]]["bound"]
        claim = repr(spec_bound) if f["claim"] is None else f["claim"]
        base = os.path.join(outdir, f"{f['kind']}_{f['output'].replace('[', '').replace(']', '')}")
        with open(base + ".g", "w") as fh:
            fh.write(gappa_script(f, f"<= {claim}"))
        rc, out = run_gappa(base + ".g")
        proved = rc == 0 and "Error" not in out
        tight_dec = "-"
        if tightest:
            with open(base + "_tightest.g", "w") as fh:
                fh.write(gappa_script(f, "in ?"))
            _, out2 = run_gappa(base + "_tightest.g")
            m = re.search(r"\{([0-9.e+-]+),", out2)
            tight_dec = m.group(1) if m else "0" if re.search(r"in \[0, 0\]", out2) else "?"
        xs = [random_inputs(f, rng) for _ in range(samples)]
        got = ccref_eval(ccref, [f["case"](x) for x in xs])
        diff = 0
        for x, r in zip(xs, got):
            want = evaluate(f, x)
            if r["status"] != "OK" or float.fromhex(r["outputs"][f["output"]]["hex"]) != want:
                diff += 1
        ok = proved and diff == 0
        failures += not ok
        print(f"{f['kind']:<22} {f['output']:<26} {spec_bound:>14.6e} {float(claim):>12.4e} {tight_dec:>12} "
              f"{'yes' if proved else 'NO':>7} {samples - diff:>6}/{samples:<7}"
              + ("" if f["claim"] is None else "  (wide box)"), flush=True)
        if not proved:
            print(out.strip(), file=sys.stderr)
    n = len(every)
    print(f"gappa: {n - failures}/{n} outputs: bound proved on the whole box and transcription identical to the "
          f"kernel")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
