#!/usr/bin/env python3
"""plane_formula.py: Bullet's sphere-plane distance (btConvexPlaneCollisionAlgorithm::collideSingleContact) evaluated
exactly (rational arithmetic, the square root of the support direction's normalisation in 60-digit decimal) on a
sphere_on_plane test's double inputs, beside the certified perr. Bullet inverts the transforms by transposing their
bases (btTransform::inverse), which is exact only for an orthonormal basis.
Usage: plane_formula.py VECTORS_DIR tcId..."""
import decimal
import json
import sys
from fractions import Fraction as F

decimal.getcontext().prec = 60


def fx(s):
    return F(float.fromhex(s))


def M(R):
    return [[fx(v) for v in row] for row in R]


def V(p):
    return [fx(v) for v in p]


def mul(A, B):
    return [[sum(A[i][k] * B[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def mv(A, v):
    return [sum(A[i][k] * v[k] for k in range(3)) for i in range(3)]


def T(A):
    return [[A[j][i] for j in range(3)] for i in range(3)]


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


d = json.load(open(sys.argv[1] + "/sphere_on_plane.json"))
want = set(int(a) for a in sys.argv[2:])
for g in d["testGroups"]:
    for t in g["tests"]:
        if t["tcId"] not in want:
            continue
        c = t["case"]
        p = c["params"]
        R1, p1, R2, p2 = M(c["body1"]["R"]), V(c["body1"]["p"]), M(c["body2"]["R"]), V(c["body2"]["p"])
        Rp = mul(R1, M(p["plane_frame_in_b1"]["R"]))
        pp = add(p1, mv(R1, V(p["plane_frame_in_b1"]["p"])))
        Rs = R2
        ps = add(p2, mv(R2, V(p["center_in_b2"])))
        r = fx(p["radius"])
        dirv = [-x for x in mv(mul(T(Rs), Rp), [0, 0, 1])]
        n2 = sum(x * x for x in dirv)
        nrm = F(decimal.Decimal(n2.numerator) / decimal.Decimal(n2.denominator)).limit_denominator(10**50)
        nrm = F(decimal.Decimal(nrm.numerator).sqrt() / decimal.Decimal(nrm.denominator).sqrt())
        vtx = [r * x / nrm for x in dirv]
        vin = add(mv(mul(T(Rp), Rs), vtx), mv(T(Rp), sub(ps, pp)))
        dist = vin[2]
        e = t["expected"]
        if "values" not in e or e["values"][0][3] is None:
            continue
        perr, tol = fx(e["values"][0][0]), fx(e["values"][0][3])
        print("%4d  Bullet's formula exact: %.17g  certified perr %.17g  difference %.3g tol (double)"
              % (t["tcId"], float(dist), float(perr), float((dist - perr) / tol)))
