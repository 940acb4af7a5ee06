#!/usr/bin/env python3
"""wrong_results.py: deliberately wrong results files, made from correct ones, for `make judge-agree`.

Usage: wrong_results.py VECTORS_DIR RESULTS.jsonl OUT_DIR

Writes OUT_DIR/<name>.jsonl, each the given results with one kind of fault (standard library only):
  sign          force_on_body1.moment.x (or the first output) negated in every result
  edge          in every result, the first value with a tolerance in the double tier moved to exactly one
                tolerance away (upward on odd tcIds, downward on even ones): every such test still passes
  beyond        the same value moved one double beyond that: every such test fails
  nan           that value written as "nan", the next one as "inf"
  status        every OK-class status answered E_NONFINITE_INPUT, every error status OK
  generic_error every status "ERROR" (passes the invalid tests, fails the others)
  alternative   every acceptable test answered with its first value-carrying alternative's values
  dropped       the outputs of every third result removed (status and discrete outputs kept)
Each file keeps the header; the judge then runs on every one of them (ccref check and tools/ccref_judge.py).
"""
import json
import math
import os
import sys


def number(x):
    if isinstance(x, (int, float)):
        return float(x)
    s = x.strip()
    return float.fromhex(s) if "0x" in s.lower() and "p" in s.lower() else float(s)


def first_tolerated(test, outputs_of_group):
    """(name, expected value, double tolerance) of the first output with a double tolerance, or None."""
    for name, v in zip(outputs_of_group, test["expected"].get("values", [])):
        if v[3] is not None and isinstance(v[5], int) and v[5] > 0:
            return name, number(v[0]), number(v[3])
    return None


def main():
    vdir, rpath, out = sys.argv[1:4]
    tests = {}
    for f in sorted(os.listdir(vdir)):
        if f.endswith(".json"):
            v = json.load(open(os.path.join(vdir, f)))
            for g in v["testGroups"]:
                for t in g["tests"]:
                    tests["%s/%d" % (v["suite"], t["tcId"])] = (t, g["outputs"])
    lines = open(rpath).read().splitlines()
    header, results = lines[0], [json.loads(l) for l in lines[1:] if l.strip()]
    os.makedirs(out, exist_ok=True)

    def write(name, rows):
        with open(os.path.join(out, name + ".jsonl"), "w") as f:
            f.write(header + "\n")
            for r in rows:
                f.write(json.dumps(r) + "\n")

    def copy():
        return [json.loads(json.dumps(r)) for r in results]

    rows = copy()
    for r in rows:
        outs = r.get("outputs", {})
        key = "force_on_body1.moment.x" if "force_on_body1.moment.x" in outs else next(iter(outs), None)
        if key is not None:
            x = -number(outs[key]["hex"] if isinstance(outs[key], dict) else outs[key])
            outs[key] = x.hex()
    write("sign", rows)

    for mode in ("edge", "beyond", "nan"):
        rows = copy()
        for r in rows:
            t, outputs = tests[r["id"]]
            ft = first_tolerated(t, outputs) if "outputs" in r else None
            if ft is None or ft[0] not in r["outputs"]:
                continue
            name, e, tol = ft
            up = int(r["id"].split("/")[1]) % 2 == 1
            if mode == "nan":
                r["outputs"][name] = "nan"
                later = [k for k in r["outputs"] if k != name]
                if later:
                    r["outputs"][later[0]] = "inf"
                continue
            v = e + tol if up else e - tol
            while abs(v - e) > tol:  # the farthest double within the tolerance
                v = math.nextafter(v, e)
            if mode == "beyond":
                v = math.nextafter(v, math.inf if up else -math.inf)
            r["outputs"][name] = v.hex()
        write(mode, rows)

    rows = copy()
    for r in rows:
        if "status" in r:
            r["status"] = "E_NONFINITE_INPUT" if r["status"].startswith("OK") else "OK"
    write("status", rows)

    rows = copy()
    for r in rows:
        if "status" in r:
            r["status"] = "ERROR"
    write("generic_error", rows)

    rows = copy()
    for r in rows:
        t, outputs = tests[r["id"]]
        for a in t.get("alternatives", []):
            vals = {k: v for k, v in a.get("values", {}).items() if v is not None}
            if vals and a["status"].startswith("OK") and "outputs" in r:
                for k, v in vals.items():
                    if k in r["outputs"]:
                        r["outputs"][k] = v[0]
                break
    write("alternative", rows)

    rows = copy()
    for i, r in enumerate(rows):
        if i % 3 == 0:
            r.pop("outputs", None)
    write("dropped", rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
