#!/usr/bin/env python3
"""exact_rows.py: the ball's handle rows P of the DART consumer, re-evaluated exactly (rational arithmetic).

Reads `dart_consumer --dump-rows` (per ball test: R1, R2 and DART's rows B1 = -mJacobian1, B2 = mJacobian2 as DART
holds them), the results the consumer wrote and the answers `ccref check --answers` made at the inputs DART used
(a test without inputs_used: the vector file's). Per block of ccref's columns (w1, v1, w2, v2), over the values the
results report that have a bound, the largest error in the tier's tolerances, with its output and test:
  consumer    |reported - R1 B R_K^T|, the product exact: the rounding of the consumer's conversion (v1, reported
              as DART's -I, is compared with R1 B R1^-1 = B)
  DART        |R1 B R_K^T - expected|, the conversion exact: DART's own error (v1: |B - expected|)
  R12 exact   v2 only: |R1 (R1^T R2) R2^T - expected|, DART's rounded R12 = T12.linear() replaced by the exact
              product of its rotations: what remains is the rotations' departure from orthonormality
and the largest |R R^T - I| entry of DART's rotations and of the cases' (vector file; the family rotation_tolerance,
off by up to 1e-12 on purpose, left out).
Usage: exact_rows.py [--tier double] VECTORS_DIR ROWS_DUMP RESULTS ANSWERS"""
import argparse
import json
import os
from fractions import Fraction as F

TIER_INDEX = {"ccref": 2, "double": 3, "binary32": 4}
BLOCKS = ("w1", "v1", "w2", "v2")
KINDS = ("consumer", "DART", "R12 exact")


def fx(s):
    return F(float.fromhex(s))


def matmul(A, B):
    return [[sum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def transpose(A):
    return [list(r) for r in zip(*A)]


def departure(R):
    """The largest entry of |R R^T - I|."""
    RRt = matmul(R, transpose(R))
    return max(abs(RRt[i][j] - (1 if i == j else 0)) for i in range(3) for j in range(3))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tier", default="double")
    ap.add_argument("vectors")
    ap.add_argument("rows")
    ap.add_argument("results")
    ap.add_argument("answers")
    a = ap.parse_args()
    tol_index = TIER_INDEX[a.tier]

    expected, case_rotations = {}, {}
    for g in json.load(open(os.path.join(a.vectors, "ball.json")))["testGroups"]:
        for t in g["tests"]:
            if "values" in t.get("expected", {}):
                expected[t["tcId"]] = dict(zip(g["outputs"], t["expected"]["values"]))
            c = t["case"]
            if g["family"] != "rotation_tolerance":     # whose rotations are off by up to 1e-12 on purpose
                case_rotations[t["tcId"]] = [b["R"] for b in (c["body1"], c["body2"])
                                             if isinstance(b, dict) and "R" in b]
    for line in open(a.answers):
        r = json.loads(line)
        if r["id"].startswith("ball/"):
            expected[int(r["id"].split("/")[1])] = dict(zip(r["outputs"], r["test"]["expected"]["values"]))
    reported = {}
    for line in open(a.results):
        r = json.loads(line)
        if r.get("id", "").startswith("ball/"):
            reported[int(r["id"].split("/")[1])] = r.get("outputs", {})

    worst = {(k, b): (0.0, None) for k in KINDS for b in BLOCKS}
    counts = {b: 0 for b in BLOCKS}
    dart_departure = case_departure = (F(0), None)
    for line in open(a.rows):
        f = line.split()
        tc = int(f[0])
        v = [fx(x) for x in f[1:]]
        R = [[v[9 * k + 3 * i: 9 * k + 3 * i + 3] for i in range(3)] for k in range(2)]
        rows = [[v[18 + 18 * k + 6 * i: 18 + 18 * k + 6 * i + 6] for i in range(3)] for k in range(2)]
        for k in range(2):
            d = departure(R[k])
            if d > dart_departure[0]:
                dart_departure = (d, "ball/%d R%d" % (tc, k + 1))
        for k, Rc in enumerate(case_rotations.get(tc, [])):
            d = departure([[fx(x) for x in row] for row in Rc])
            if d > case_departure[0]:
                case_departure = (d, "ball/%d R%d" % (tc, k + 1))
        R12 = matmul(transpose(R[0]), R[1])
        for q, b in enumerate(BLOCKS):
            K = q // 2
            B = [row[3 * (q % 2): 3 * (q % 2) + 3] for row in rows[K]]
            W = B if b == "v1" else matmul(matmul(R[0], B), transpose(R[K]))
            W_R12 = matmul(matmul(R[0], R12), transpose(R[1])) if b == "v2" else None
            for i in range(3):
                for j in range(3):
                    name = "P[%d][%d]" % (i, 3 * q + j)
                    e = expected[tc].get(name)
                    if name not in reported.get(tc, {}) or not isinstance(e[tol_index], str):
                        continue        # not reported, or no bound claimed (NoErrorBound): check compares neither
                    counts[b] += 1
                    value, tol, rep = fx(e[0]), fx(e[tol_index]), fx(reported[tc][name])
                    pairs = [("consumer", rep, W[i][j]), ("DART", W[i][j], value)]
                    if W_R12 is not None:
                        pairs.append(("R12 exact", W_R12[i][j], value))
                    for kind, x, y in pairs:
                        ratio = float(abs(x - y) / tol)
                        if ratio > worst[(kind, b)][0] or worst[(kind, b)][1] is None:
                            worst[(kind, b)] = (ratio, "%s ball/%d" % (name, tc))
    print("tolerances of the %s tier; worst (output, test)" % a.tier)
    print("%-6s %7s  %-28s %-28s %-28s" % ("block", "values", *KINDS))
    for b in BLOCKS:
        cells = ["%.3g (%s)" % worst[(k, b)] if worst[(k, b)][1] else "-" for k in KINDS]
        print("%-6s %7d  %-28s %-28s %-28s" % (b, counts[b], *cells))
    print("largest |R R^T - I| entry: DART's rotations %.3g (%s), the cases' (rotation_tolerance left out) %.3g (%s)"
          % (float(dart_departure[0]), dart_departure[1], float(case_departure[0]), case_departure[1]))


main()
