#!/usr/bin/env python3
"""centre_distance.py: |Sb - Sf| of sphere_on_sphere tests, exact from the case (rational arithmetic), for the
double inputs and for the inputs rounded to binary32, beside Bullet's thresholds SIMD_EPSILON (DBL_EPSILON =
2^-52 in the double build, FLT_EPSILON = 2^-23 in the single build) and ccref's 2^-65 (Simbody's TinyReal rule).
Usage: centre_distance.py VECTORS_DIR tcId..."""
import json
import math
import struct
import sys
from fractions import Fraction as F


def fx(s):
    return F(float.fromhex(s))


def f32(x):
    return F(struct.unpack("f", struct.pack("f", float(x)))[0])


def centre(b, c, rnd):
    R = [[rnd(fx(v)) for v in row] for row in b["R"]]
    p = [rnd(fx(v)) for v in b["p"]]
    cc = [rnd(fx(v)) for v in c]
    return [p[i] + sum(R[i][j] * cc[j] for j in range(3)) for i in range(3)]


d = json.load(open(sys.argv[1] + "/sphere_on_sphere.json"))
want = set(int(a) for a in sys.argv[2:])
for g in d["testGroups"]:
    for t in g["tests"]:
        if t["tcId"] not in want:
            continue
        c = t["case"]
        out = []
        for lab, rnd in (("double", lambda x: x), ("float", f32)):
            a = centre(c["body1"], c["params"]["center1_in_b1"], rnd)
            b = centre(c["body2"], c["params"]["center2_in_b2"], rnd)
            n2 = sum((b[i] - a[i]) ** 2 for i in range(3))
            out.append("%s |p| = 2^%.2f" % (lab, (math.log2(n2.numerator) - math.log2(n2.denominator)) / 2 if n2 else float("-inf")))
        print("%4d %-18s %s" % (t["tcId"], g["family"], "; ".join(out)))
