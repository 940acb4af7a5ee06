#!/usr/bin/env python3
"""exact_segments.py: where Bullet's line_on_line errors come from (consumers/bullet/README.md, "Findings").

Reads the segments Bullet received (bullet_consumer --dump-segments FILE: per test the capsule centres cA, cB, their
axes dA, dB (column 0 of the capsule's world basis, as Bullet holds them), half lengths and Bullet's Qa, Qb) and
computes exactly, in rational arithmetic:
  lines   the closest points of the two lines (cA + s dA, cB + t dB) Bullet received (general directions),
  formula Bullet's segmentsClosestPoints formula evaluated exactly on those inputs (it assumes |dA| = |dB| = 1:
          denom = 1 - (dA.dB)^2, tA = (dA.T - (dB.T)(dA.dB)) / denom, tB = tA (dA.dB) - dB.T, T = cB - cA),
and prints, per test, the error of Bullet's points and of these two in tolerances of the expected value
(TIER: double or binary32). A test whose 'lines' error is small but whose Bullet error is large fails by Bullet's
arithmetic, not by the consumer's set-up.
Usage: exact_segments.py VECTORS_DIR DUMP TIER [tcId ...]"""
import json
import sys
from fractions import Fraction as F


def fx(s):
    return F(float.fromhex(s))


def main():
    vdir, dump, tier = sys.argv[1], sys.argv[2], sys.argv[3]
    only = set(int(a) for a in sys.argv[4:])
    col = {"double": 3, "binary32": 4}[tier]
    d = json.load(open(vdir + "/line_on_line.json"))
    exp = {}
    for g in d["testGroups"]:
        names = g["outputs"]
        for t in g["tests"]:
            e = t["expected"]
            if "values" not in e:
                continue
            exp[t["tcId"]] = {n: v for n, v in zip(names, e["values"])}
    for line in open(dump):
        f = line.split()
        if f[0] == "S":
            continue
        tc = int(f[0])
        if only and tc not in only:
            continue
        x = [fx(a) for a in f[1:]]
        cA, dA, hA = x[0:3], x[3:6], x[6]
        cB, dB, hB = x[7:10], x[10:13], x[13]
        qa, qb = x[14:17], x[17:20]
        dot = lambda a, b: sum(i * j for i, j in zip(a, b))
        T = [b - a for a, b in zip(cA, cB)]
        # exact lines: minimise |cA + s dA - cB - t dB|: [aa -ab; ab -bb] [s t] = [dA.T, dB.T]
        aa, bb, ab = dot(dA, dA), dot(dB, dB), dot(dA, dB)
        det = aa * bb - ab * ab
        if det == 0:
            continue
        s = (bb * dot(dA, T) - ab * dot(dB, T)) / det
        t = (ab * dot(dA, T) - aa * dot(dB, T)) / det
        la = [c + s * u for c, u in zip(cA, dA)]
        lb = [c + t * u for c, u in zip(cB, dB)]
        # Bullet's formula, exact (no clamping needed when inside)
        c = ab
        den = 1 - c * c
        if den != 0:
            tA = (dot(dA, T) - dot(dB, T) * c) / den
            tA = max(-hA, min(hA, tA))
            tB = tA * c - dot(dB, T)
            if tB < -hB or tB > hB:
                tB = max(-hB, min(hB, tB))
                tA = max(-hA, min(hA, tB * c + dot(dA, T)))
        else:
            tA = F(0)
            tB = -dot(dB, T)
        fa = [c0 + tA * u for c0, u in zip(cA, dA)]
        fb = [c0 + tB * u for c0, u in zip(cB, dB)]
        e = exp.get(tc)
        if e is None:
            continue
        worst = {"bullet": 0, "lines": 0, "formula": 0}
        for k, axis in enumerate("xyz"):
            for name, pts in (("closest_point1." + axis, (qa, la, fa)), ("closest_point2." + axis, (qb, lb, fb))):
                v = e[name]
                if v[col] is None:
                    continue
                o, tol = fx(v[0]), fx(v[col])
                for lab, p in zip(("bullet", "lines", "formula"), pts):
                    r = abs(p[k] - o) / tol if tol > 0 else F(0)
                    worst[lab] = max(worst[lab], r)
        print("%4d  |dfxdb|^2 = %.3g  bullet %.3g tol  exact lines on Bullet's input %.3g tol  "
              "Bullet's formula exact %.3g tol" % (tc, float(det), float(worst["bullet"]), float(worst["lines"]),
                                                   float(worst["formula"])))


main()
