#!/usr/bin/env python3
# lol_normal_emul.py: MuJoCo 2.2.2's line_on_line normal (mjc_CapsuleCapsule + _SphereSphere at radius 0, then
# mju_makeFrame) emulated in doubles and with parts exact, against the certified normal row; the evidence of README.md,
# "Outputs it cannot report", line_on_line's normal row. Inputs (from the repository's root, a build in BUILD):
#   BUILD/mujoco_consumer --lol-normal-row --dump DUMP --out RESULTS vectors
#   BUILD/ccref check --tier double --answers ANSWERS vectors RESULTS
# Usage:
#   lol_normal_emul.py DUMP ANSWERS [TCID...]          per test: the emulated normal against MuJoCo's and the certified
#                                                     row, and the same with MuJoCo's steps made exact one by one
#   lol_normal_emul.py DUMP ANSWERS cmp TCID...        the emulated normal and distance beside MuJoCo's, in hex
#   lol_normal_emul.py DUMP ANSWERS attrib TCID...     the along-edge error of MuJoCo's closest points, and the normal
#                                                     with the Gram system's coefficients rounded once, solved exactly
# Emulates MuJoCo 2.2.2's mjc_CapsuleCapsule + _SphereSphere (radius 0) on the geoms MuJoCo received (consumer --dump),
# in double (Python floats: IEEE binary64, correctly rounded, no FMA) and in variants with parts exact, and compares
# the normal with the certified row of ccref check --answers (the double tier's tolerances).
import json, sys, re, math
from fractions import Fraction as F
import mpmath
mpmath.mp.prec = 400
MINVAL = 1e-15
H = float.fromhex

def dump_tests(path):
    T = {}
    lines = open(path).read().split('\n')
    for i, l in enumerate(lines):
        m = re.match(r'line_on_line/(\d+) ncon (\d+) dist (\S+) exact_on_inputs (\S+) expected (\S+) tol (\S+) det (\S+) \((\w+).*h (\S+) (\S+)$', l)
        if not m: continue
        tc = int(m.group(1))
        g = []
        for k in (1, 2):
            f = lines[i + k].split()
            g.append(([H(x) for x in f[1:4]], [H(x) for x in f[5:8]]))
        T[tc] = dict(dist=H(m.group(3)), h=(H(m.group(9)), H(m.group(10))), geoms=g)
        mm = re.match(r'  contact geom1 \d+ frame (\S+) (\S+) (\S+) pos (\S+) (\S+) (\S+)', lines[i + 3])
        if mm: T[tc]['n_mj'] = [H(x) for x in mm.groups()[:3]]; T[tc]['pos_mj'] = [H(x) for x in mm.groups()[3:]]
    return T

def dot(a, b): return (a[0]*b[0] + a[1]*b[1]) + a[2]*b[2]

def mujoco(pos1, z1, h1, pos2, z2, h2, exact_x=False, exact_vec=False, exact_all=False, exact_det=False, exact_coef=False):
    """returns (x1, x2, vec1, vec2, d = vec2 - vec1 as computed, n as MuJoCo computes it or None)"""
    if exact_all:
        P1 = [F(x) for x in pos1]; P2 = [F(x) for x in pos2]
        a1 = [F(x)*F(h1) for x in z1]; a2 = [F(x)*F(h2) for x in z2]
    else:
        P1, P2 = pos1, pos2
        a1 = [x*h1 for x in z1]; a2 = [x*h2 for x in z2]
    dif = [P1[i] - P2[i] for i in range(3)]
    ma = dot(a1, a1); mb = -dot(a1, a2); mc = dot(a2, a2); u = -dot(a1, dif); v = dot(a2, dif)
    det = ma*mc - mb*mb
    if exact_det or exact_coef:
        A1 = [F(x) for x in a1]; A2 = [F(x) for x in a2]; D = [F(x) for x in dif]
        Ma = dot(A1, A1); Mb = -dot(A1, A2); Mc = dot(A2, A2); U = -dot(A1, D); V = dot(A2, D)
        det = float(Ma*Mc - Mb*Mb)
        if exact_coef:
            ma, mb, mc, u, v = float(Ma), float(Mb), float(Mc), float(U), float(V)
            det = ma*mc - mb*mb
    if exact_x and not exact_all:
        A1 = [F(x) for x in a1]; A2 = [F(x) for x in a2]; D = [F(x) for x in dif]
        Ma = dot(A1, A1); Mb = -dot(A1, A2); Mc = dot(A2, A2); U = -dot(A1, D); V = dot(A2, D)
        Det = Ma*Mc - Mb*Mb
        x1 = float((Mc*U - Mb*V)/Det); x2 = float((Ma*V - Mb*U)/Det)
        branch = 'general' if abs(det) >= MINVAL else 'parallel'
    else:
        if abs(det) < MINVAL: return None
        x1 = (mc*u - mb*v)/det; x2 = (ma*v - mb*u)/det
        branch = 'general'
    clipped = abs(x1) > 1 or abs(x2) > 1
    if exact_vec or exact_all:
        X1, X2 = F(x1) if not exact_all else x1, F(x2) if not exact_all else x2
        A1 = [F(x) for x in a1]; A2 = [F(x) for x in a2]
        v1 = [A1[i]*X1 + F(P1[i]) for i in range(3)]; v2 = [A2[i]*X2 + F(P2[i]) for i in range(3)]
    else:
        v1 = [a1[i]*x1 for i in range(3)]; v1 = [v1[i] + pos1[i] for i in range(3)]
        v2 = [a2[i]*x2 for i in range(3)]; v2 = [v2[i] + pos2[i] for i in range(3)]
    d = [v2[i] - v1[i] for i in range(3)]
    n = None
    if not (exact_vec or exact_all):
        nrm = math.sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
        if nrm < MINVAL:
            c = [z1[1]*z2[2] - z1[2]*z2[1], z1[2]*z2[0] - z1[0]*z2[2], z1[0]*z2[1] - z1[1]*z2[0]]
            cn = math.sqrt(c[0]*c[0] + c[1]*c[1] + c[2]*c[2])
            n = [1.0, 0.0, 0.0] if cn < MINVAL else [x*(1/cn) for x in c]
            n = ('fallback', n)
        else:
            n = ('direction', [x*(1/nrm) for x in d])
        m2 = math.sqrt(n[1][0]*n[1][0] + n[1][1]*n[1][1] + n[1][2]*n[1][2])   # mju_makeFrame normalises again
        n = (n[0], [x*(1/m2) for x in n[1]])
    return dict(x1=x1, x2=x2, v1=v1, v2=v2, d=d, n=n, clipped=clipped, det=det)

def unit(d):
    d = [mpmath.mpf(x.numerator)/x.denominator if isinstance(x, F) else mpmath.mpf(x) for x in d]
    r = mpmath.sqrt(sum(x*x for x in d))
    if r == 0: return [mpmath.nan]*3, r
    return [x/r for x in d], r

def expected_values(path):
    """The certified answers of line_on_line's tests (ccref check --answers): tcId -> {output: value entry}."""
    A = {}
    for l in open(path):
        a = json.loads(l)
        if not a['id'].startswith('line_on_line/'): continue
        outs = a['outputs']; vals = a['test']['expected']['values']
        A[a['test']['tcId']] = {outs[i]: vals[i] for i in range(len(outs))}
    return A

def normal_row(a):
    """The normal row's body-2 linear columns P[0][9..11] (the normal itself) and their double-tier tolerances."""
    return [H(a['P[0][%d]' % j][0]) for j in (9, 10, 11)], [H(a['P[0][%d]' % j][3]) for j in (9, 10, 11)]

def main():
    T = dump_tests(sys.argv[1])
    A = expected_values(sys.argv[2])
    ids = [int(x) for x in sys.argv[3:]] or sorted(T)
    for tc in ids:
        t = T[tc]; (p1, z1), (p2, z2) = t['geoms']; h1, h2 = t['h']
        a = A[tc]
        nexp, ntol = normal_row(a)
        sep = H(a['perr[0]'][0]); stol = H(a['perr[0]'][3])
        z1f = [F(x) for x in z1]; z2f = [F(x) for x in z2]
        w = [z1f[1]*z2f[2] - z1f[2]*z2f[1], z1f[2]*z2f[0] - z1f[0]*z2f[2], z1f[0]*z2f[1] - z1f[1]*z2f[0]]
        wu, s = unit(w)
        L = max(abs(x) for x in p1 + p2)
        r = mujoco(p1, z1, h1, p2, z2, h2)
        out = ['%d sep %.3g tol(perr) %.3g sep/tol %.3g s %.3g L %.3g sep/L %.3g' % (tc, sep, stol, sep/stol if stol else float('inf'), s, L, sep/L if L else 0)]
        if r is None:
            print(out[0], 'MuJoCo parallel branch'); continue
        kind, n = r['n']
        same = n == t.get('n_mj')
        err = lambda nn: float('nan') if any(mpmath.isnan(x) for x in nn) else max(abs(float(nn[i]) - nexp[i])/ntol[i] if ntol[i] else (0 if float(nn[i]) == nexp[i] else float('inf')) for i in range(3))
        out.append('emulated n == MuJoCo n: %s (%s); |x1 a1| %.3g |x2 a2| %.3g clipped %s' % (same, kind, abs(r['x1'])*h1, abs(r['x2'])*h2, r['clipped']))
        out.append('  MuJoCo n: %.3g tol' % err(n))
        # exact direction of the exact closest points (MuJoCo's algorithm in exact arithmetic)
        e = mujoco(p1, z1, h1, p2, z2, h2, exact_all=True)
        ne, dn = unit(e['d'])
        out.append('  exact algorithm: %.3g tol (|Qb - Qf| %.3g)' % (err(ne), float(dn)))
        # MuJoCo's x1, x2 (double Gram solve), exact point formation and direction
        g = mujoco(p1, z1, h1, p2, z2, h2, exact_vec=True)
        ng, _ = unit(g['d'])
        out.append('  double x, exact points: %.3g tol' % err(ng))
        # exact x rounded to double, then MuJoCo's rounded point formation
        q = mujoco(p1, z1, h1, p2, z2, h2, exact_x=True)
        out.append('  exact x, double points: %.3g tol (%s)' % (err(q['n'][1]), q['n'][0]))
        for lab, kw in (('exact det (rounded once), rest double', dict(exact_det=True)), ('ma mb mc u v exact then rounded, rest double', dict(exact_coef=True))):
            q = mujoco(p1, z1, h1, p2, z2, h2, **kw)
            out.append('  %s: %.3g tol (%s)' % (lab, err(q['n'][1]), q['n'][0]))
        print('\n'.join(out))

def cmp(tc):
    T = dump_tests(sys.argv[1]); t = T[tc]; (p1, z1), (p2, z2) = t['geoms']; h1, h2 = t['h']
    r = mujoco(p1, z1, h1, p2, z2, h2)
    print(tc, [x.hex() for x in r['n'][1]], [x.hex() for x in t['n_mj']], 'dist', math.sqrt(sum(x*x for x in r['d'])).hex(), t['dist'].hex())

def attrib():
    T = dump_tests(sys.argv[1])
    A = expected_values(sys.argv[2])
    for tc in [int(x) for x in sys.argv[3:]]:
        t = T[tc]; (p1, z1), (p2, z2) = t['geoms']; h1, h2 = t['h']; a = A[tc]
        nexp, ntol = normal_row(a)
        qtol = H(a['closest_point1.x'][3])
        a1 = [x*h1 for x in z1]; a2 = [x*h2 for x in z2]; dif = [p1[i] - p2[i] for i in range(3)]
        A1 = [F(x) for x in a1]; A2 = [F(x) for x in a2]; D = [F(x) for x in dif]
        Ma = dot(A1, A1); Mb = -dot(A1, A2); Mc = dot(A2, A2); U = -dot(A1, D); V = dot(A2, D)
        # (1) coefficients each rounded once, solve exact
        ma, mb, mc, u, v = [F(float(x)) for x in (Ma, Mb, Mc, U, V)]
        det = ma*mc - mb*mb
        x1r = (mc*u - mb*v)/det; x2r = (ma*v - mb*u)/det
        # exact
        Det = Ma*Mc - Mb*Mb; x1e = (Mc*U - Mb*V)/Det; x2e = (Ma*V - Mb*U)/Det
        # MuJoCo's (double)
        r = mujoco(p1, z1, h1, p2, z2, h2)
        def n_of(x1, x2):
            v1 = [A1[i]*x1 + F(p1[i]) for i in range(3)]; v2 = [A2[i]*x2 + F(p2[i]) for i in range(3)]
            d = [v2[i] - v1[i] for i in range(3)]; nn, _ = unit(d); return nn
        err = lambda nn: max(abs(float(nn[i]) - nexp[i])/ntol[i] for i in range(3))
        hh1 = math.sqrt(float(Ma)); hh2 = math.sqrt(float(Mc))
        print('%d: along-edge error of MuJoCo\'s points |dx1| |a1| = %.3g, |dx2| |a2| = %.3g (ccref closest_point tol %.3g; sep %.3g)' % (
            tc, abs(float(F(r['x1']) - x1e))*hh1, abs(float(F(r['x2']) - x2e))*hh2, qtol, H(a['perr[0]'][0])))
        print('   coefficients rounded once, exact solve: n %.3g tol; along-edge %.3g' % (err(n_of(x1r, x2r)), abs(float(x1r - x1e))*hh1))
        print('   MuJoCo x, exact points: n %.3g tol' % err(n_of(F(r['x1']), F(r['x2']))))

if len(sys.argv) > 3 and sys.argv[3] == "cmp":
    [cmp(int(x)) for x in sys.argv[4:]]
elif len(sys.argv) > 3 and sys.argv[3] == "attrib":
    del sys.argv[3]
    attrib()
else:
    main()
