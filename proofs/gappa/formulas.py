"""The kernels' formulas, transcribed operation by operation in the order src/ evaluates them, for the Gappa error
bounds of proofs/gappa/check.py (proofs/gappa/README.md).

Each formula is a list of steps (name, expression). An expression uses + - * / and sqrt() with the precedence and left
associativity of C, Python and Gappa alike, so one text serves three readings:
  - Gappa, rounded: `name rnd= expression;` (every operation rounded to nearest double, as the kernel does);
  - Gappa, exact: the same expression over the exact values of the earlier steps (the formula in real arithmetic on
    the same input doubles);
  - Python: evaluated in doubles, which round every operation once as C does under -ffp-contract=off; check.py
    compares that evaluation bit for bit with `ccref eval` on random cases, which is what ties a transcription to
    the kernel's actual operation order.
The input box is spec/conventions.md section "Input boxes": MAG for positions, stations, velocities, accelerations,
multipliers, heights and coordinates; [-1, 1] for the entries of rotations and unit vectors; [RMIN, MAG] for radii
and lengths."""

import math
import re

MAG = "1e6"
RMIN = "1e-6"
MAG_F = float(MAG)

# Input kinds and their intervals (Gappa syntax). A rotation accepted by ccref_is_rotation has every entry of R^T R - I
# within 1e-12, so every entry within sqrt(1 + 1e-12) < 1 + 1e-12 (and a unit vector accepted by ccref_check_unit
# likewise): the unit box includes that margin, so the bounds cover every accepted input.
BOX = {"mag": ("-" + MAG, MAG), "unit": ("-1.000000000001", "1.000000000001"), "positive": (RMIN, MAG),
       "fraction": ("0", "1"), "nonneg": ("0", MAG)}

AXES = "xyz"


def mat(name):
    """The nine entries of a rotation, rows first: name00 .. name22."""
    return [f"{name}{i}{j}" for i in range(3) for j in range(3)]


def vec(name):
    return [name + a for a in AXES]


def apply(m, v, out):
    """m3_apply: out_i = m_i0 v_x + m_i1 v_y + m_i2 v_z, left to right."""
    return [(out + AXES[i], f"{m}{i}0 * {v}x + {m}{i}1 * {v}y + {m}{i}2 * {v}z") for i in range(3)]


def apply_t(m, v, out):
    """m3_apply_transpose: out_i = m_0i v_x + m_1i v_y + m_2i v_z."""
    return [(out + AXES[i], f"{m}0{i} * {v}x + {m}1{i} * {v}y + {m}2{i} * {v}z") for i in range(3)]


def add(a, b, out):
    return [(out + c, f"{a}{c} + {b}{c}") for c in AXES]


def sub(a, b, out):
    return [(out + c, f"{a}{c} - {b}{c}") for c in AXES]


def cross(a, b, out):
    """v3_cross: (a.y b.z - a.z b.y, a.z b.x - a.x b.z, a.x b.y - a.y b.x)."""
    return [(out + "x", f"{a}y * {b}z - {a}z * {b}y"), (out + "y", f"{a}z * {b}x - {a}x * {b}z"),
            (out + "z", f"{a}x * {b}y - {a}y * {b}x")]


def dot(a, b, out):
    return [(out, f"{a}x * {b}x + {a}y * {b}y + {a}z * {b}z")]


def arm_velocity(body, arm, out):
    """ccref_arm_velocity: v + w x arm."""
    return cross(body + "w", arm, out + "_wxr") + add(body + "v", out + "_wxr", out)


def arm_acceleration(body, arm, out):
    """ccref_arm_acceleration: (a + b x arm) + w x (w x arm)."""
    return (cross(body + "b", arm, out + "_bxr") + add(body + "a", out + "_bxr", out + "_lin") +
            cross(body + "w", arm, out + "_wxr") + cross(body + "w", out + "_wxr", out + "_wwr") +
            add(out + "_lin", out + "_wwr", out))


def follow_acceleration(body, arm, arm_rate, out):
    """The rate of the velocity of the body's material point at a moving point (arm `arm`, its rate `arm_rate`),
    following that point: (a + b x arm) + w x arm_rate (line_on_line.c dv_FCo, sphere_on_sphere.c vd_FCo)."""
    return (cross(body + "b", arm, out + "_b") + cross(body + "w", arm_rate, out + "_w") +
            [(out + c, f"{body}a{c} + {out}_b{c} + {out}_w{c}") for c in AXES])


def contact_arms():
    """The arms pFCo, pBCo of the contact point Co on both bodies."""
    return sub("Co", "b1p", "pFCo") + sub("Co", "b2p", "pBCo")


def slip_velocity():
    """vF, the relative velocity of the bodies' material points at Co (after contact_arms)."""
    return arm_velocity("b2", "pBCo", "u2") + arm_velocity("b1", "pFCo", "u1") + sub("u2", "u1", "vF")


def rolling_force_steps(lam, normal, arm2, arm1, cx, cy):
    """A contact's forces: the normal force f = lam normal at the arms arm2, arm1 (body 1's with nf = -f), with
    rolling ft = l1 cx + l2 cy at Co (pBCo, pFCo; body 1's with -ft) added (F2, M2, M1), and the applied force
    nap = -((f + l1 cx) + l2 cy)."""
    return ([("f" + c, f"{lam} * {normal}{c}") for c in AXES] + cross(arm2, "f", "m2") +
            [("nf" + c, "-f" + c) for c in AXES] + cross(arm1, "nf", "m1") +
            [("ft" + c, f"l1 * {cx}{c} + l2 * {cy}{c}") for c in AXES] + cross("pBCo", "ft", "mt2") +
            add("m2", "mt2", "M2") + add("f", "ft", "F2") + [("nft" + c, "-ft" + c) for c in AXES] +
            cross("pFCo", "nft", "mt1") + add("m1", "mt1", "M1") +
            [("ap" + c, f"f{c} + l1 * {cx}{c} + l2 * {cy}{c}") for c in AXES] + [("nap" + c, "-ap" + c) for c in AXES])


def slip_acceleration_rows(x_axis, y_axis):
    """The slip rows' accelerations dvF . C + vF . dC, per tangent axis given as (C, dC, result): dvF the rate of
    the slip velocity vF following the contact point Co (its arms' rates dpFCo, dpBCo computed before), dC the axis'
    rate."""
    steps = (follow_acceleration("b1", "pFCo", "dpFCo", "dvFCo") + follow_acceleration("b2", "pBCo", "dpBCo", "dvBCo") +
             sub("dvBCo", "dvFCo", "dvF"))
    for axis, (c, dc, result) in zip(("Cx", "Cy"), (x_axis, y_axis)):
        steps += dot("dvF", c, "dvF_" + axis) + dot("vF", dc, "vF_d" + axis) + [(result, f"dvF_{axis} + vF_d{axis}")]
    return steps


def motion_inputs(inputs, fields):
    """inputs and both bodies' vectors named in fields (w, v, b, a) in the MAG box."""
    return {**inputs, **{n: "mag" for b in ("b1", "b2") for f in fields for n in vec(b + f)}}


def body_inputs(body, fields):
    """Inputs of a body: R (unit box), and the vectors named in fields (p, w, v, b, a) in the MAG box."""
    names = {n: "unit" for n in mat(body + "R")}
    for f in fields:
        names.update({n: "mag" for n in vec(body + f)})
    return names


def body_json(x, b):
    """A body of a ccref case from the inputs named b + R.., p, w, v, b, a (those a formula does not use are 0)."""
    return {"R": [[x[f"{b}R{i}{j}"] for j in range(3)] for i in range(3)],
            **{f: [x.get(n, 0.0) for n in vec(b + f)] for f in "pwvba"}}


def run_steps(steps, x):
    """The steps evaluated in doubles on the inputs x (one rounding per operation, as C under -ffp-contract=off):
    every step's value by name."""
    env = dict(x, sqrt=math.sqrt)
    for name, expr in steps:
        env[name] = eval(expr, {"__builtins__": {}}, env)
    return env


def formula(kind, output, inputs, steps, result, case, claim=None, why=None, mode="", sample=None, hyps=(),
            hints=(), norm=None, corner=None, unit=None):
    """claim None: Gappa must prove spec/accuracy.md's bound at the box's corner case (check.py). A number: Gappa
    must prove that bound instead, for the reason `why` (a box wider than the inputs the spec's bound assumes).
    mode names a variant (parameters that case() sets, e.g. rolling, or a branch of the kernel): label is
    "kind (mode)". sample(x) restricts the random inputs to that branch; hyps are extra Gappa hypotheses, facts about
    every accepted input of the branch (stated with the formulas that use them); hints are Gappa rewriting hints
    (identities Gappa checks: they guide the proof and assume nothing)."""
    return {"kind": kind, "output": output, "inputs": inputs, "steps": steps, "result": result, "case": case,
            "claim": claim, "why": why, "mode": mode, "label": f"{kind} ({mode})" if mode else kind,
            "sample": sample, "hyps": tuple(hyps), "hints": tuple(hints), "norm": norm, "corner": corner,
            "unit": unit}


# Gappa's hypotheses are intervals per input: a rotation is any matrix with entries in [-1, 1] and a unit vector any
# vector in [-1, 1]^3, up to 3 and sqrt(3) times longer than the real ones. Where a product of such factors reaches
# an output, the bound Gappa can prove exceeds the spec's (which uses |R a| <= rho |a|), and the claim is a bound
# Gappa proves on that wider box, stated here (it changes only if the operation order does).
WIDE_BOX = "rotation entries and unit-vector components as independent intervals in [-1, 1]"


# ---------------------------------------------------------------- ball (src/ball.c, ball_outputs)

def ball_case(x):
    return {"kind": "ball", "params": {"station1_in_b1": [x[n] for n in vec("s1")],
                                       "station2_in_b2": [x[n] for n in vec("s2")]},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [x.get(n, 0.0) for n in vec("f")]}


def ball_geometry():
    """Ball's points: body 2's station S = p2 + R2 s2 (arm2 = R2 s2), body 1's P = p1 + R1 s1, arm1 = S - p1."""
    return (apply("b2R", "s2", "arm2") + add("b2p", "arm2", "S") + apply("b1R", "s1", "P_arm") +
            add("b1p", "P_arm", "P") + sub("S", "b1p", "arm1"))


def ball_formulas():
    out = []
    geometry = ball_geometry()
    stations = {n: "mag" for n in vec("s1") + vec("s2")}
    for i, c in enumerate(AXES):
        inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **stations}
        out.append(formula("ball", f"perr[{i}]", inputs, geometry + sub("S", "P", "perr"), "perr" + c, ball_case))
    for i, c in enumerate(AXES):
        inputs = {**body_inputs("b1", "pwv"), **body_inputs("b2", "pwv"), **stations}
        steps = (geometry + arm_velocity("b2", "arm2", "v2") + arm_velocity("b1", "arm1", "v1") +
                 sub("v2", "v1", "verr"))
        out.append(formula("ball", f"verr[{i}]", inputs, steps, "verr" + c, ball_case))
    for i, c in enumerate(AXES):
        inputs = {**body_inputs("b1", "pwba"), **body_inputs("b2", "pwba"), **stations}
        steps = (geometry + arm_acceleration("b2", "arm2", "a2") + arm_acceleration("b1", "arm1", "a1") +
                 sub("a2", "a1", "aerr"))
        out.append(formula("ball", f"aerr[{i}]", inputs, steps, "aerr" + c, ball_case))
    # forces: (arm2 x f, f) on body 2 and (arm1 x -f, -f) on body 1, f = lambda (ccref_force_at_arm)
    negate = [("nf" + c, "-f" + c) for c in AXES]
    for i, c in enumerate(AXES):
        inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **stations, **{n: "mag" for n in vec("f")}}
        out.append(formula("ball", f"force_on_body2.moment.{c}", inputs, geometry + cross("arm2", "f", "m2"),
                           "m2" + c, ball_case))
        out.append(formula("ball", f"force_on_body1.moment.{c}", inputs,
                           geometry + negate + cross("arm1", "nf", "m1"), "m1" + c, ball_case))
    return out


# ---------------------------------------------------------------- constant_coordinate (src/constant_coordinate.c)

def cc_case(x):
    return {"kind": "constant_coordinate", "params": {"position": x["position"]},
            "coordinate": {"q": x["q"], "qdot": x.get("qdot", 0.0), "qdotdot": x.get("qdotdot", 0.0)},
            "lambda": [0]}


def cc_formulas():
    return [
        formula("constant_coordinate", "perr[0]", {"q": "mag", "position": "mag"}, [("perr", "q - position")],
                "perr", cc_case),
        formula("constant_coordinate", "verr[0]", {"q": "mag", "position": "mag", "qdot": "mag"},
                [("verr", "qdot")], "verr", cc_case),
        formula("constant_coordinate", "aerr[0]", {"q": "mag", "position": "mag", "qdotdot": "mag"},
                [("aerr", "qdotdot")], "aerr", cc_case),
    ]


# ---------------------------------------------------------------- point_in_plane (src/point_in_plane.c, pip_outputs)

def pip_case(x):
    return {"kind": "point_in_plane", "params": {"normal_in_b1": [x[n] for n in vec("n")], "height": x["h"],
                                                 "follower_in_b2": [x[n] for n in vec("f")]},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [x.get("lam", 0.0)]}


def pip_formulas():
    geometry = apply("b2R", "f", "arm2") + add("b2p", "arm2", "S") + sub("S", "b1p", "arm1")
    base = {**{n: "unit" for n in vec("n")}, **{n: "mag" for n in vec("f")}}
    perr = formula("point_in_plane", "perr[0]", {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **base,
                                                  "h": "mag"},
                   geometry + apply_t("b1R", "arm1", "arm1_b1") + dot("arm1_b1", "n", "d") + [("perr", "d - h")],
                   "perr", pip_case, claim="3.3e-8", why=WIDE_BOX)
    verr = formula("point_in_plane", "verr[0]", {**body_inputs("b1", "pwv"), **body_inputs("b2", "pwv"), **base,
                                                  "h": "mag"},
                   geometry + apply("b1R", "n", "nG") + arm_velocity("b2", "arm2", "v2") +
                   arm_velocity("b1", "arm1", "v1") + sub("v2", "v1", "u") + dot("u", "nG", "verr"),
                   "verr", pip_case, claim="0.16", why=WIDE_BOX)
    ainputs = {**body_inputs("b1", "pwvba"), **body_inputs("b2", "pwvba"), **base, "h": "mag"}
    asteps = (geometry + apply("b1R", "n", "nG") + arm_velocity("b2", "arm2", "v2") +
              arm_velocity("b1", "arm1", "v1") + sub("v2", "v1", "u") +
              arm_acceleration("b2", "arm2", "a2") + arm_acceleration("b1", "arm1", "a1") + sub("a2", "a1", "arel") +
              cross("b1w", "u", "wxu") + [("cor" + c, "2.0 * wxu" + c) for c in AXES] + sub("arel", "cor", "ad") +
              dot("ad", "nG", "aerr"))
    aerr = formula("point_in_plane", "aerr[0]", ainputs, asteps, "aerr", pip_case, claim="1.1e6", why=WIDE_BOX)
    forces = []
    finputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **base, "h": "mag", "lam": "mag"}
    fsteps = geometry + apply("b1R", "n", "nG") + [("fo" + c, "lam * nG" + c) for c in AXES]
    negate = [("nfo" + c, "-fo" + c) for c in AXES]
    for c in AXES:
        forces.append(formula("point_in_plane", f"force_on_body2.force.{c}", finputs, fsteps, "fo" + c, pip_case,
                              claim="1.2e-9", why=WIDE_BOX))
    for c in AXES:
        forces.append(formula("point_in_plane", f"force_on_body2.moment.{c}", finputs,
                              fsteps + cross("arm2", "fo", "m2"), "m2" + c, pip_case, claim="0.014", why=WIDE_BOX))
        forces.append(formula("point_in_plane", f"force_on_body1.moment.{c}", finputs,
                              fsteps + negate + cross("arm1", "nfo", "m1"), "m1" + c, pip_case, claim="0.022",
                              why=WIDE_BOX))
    return [perr, verr, aerr] + forces


# ---------------------------------------------------------------- point_on_plane (src/point_on_plane.c, pop_outputs)

def pop_case(x):
    frame = {"R": [[x[f"XR{i}{j}"] for j in range(3)] for i in range(3)], "p": [x[n] for n in vec("Xp")]}
    return {"kind": "point_on_plane", "params": {"plane_frame_in_b1": frame,
                                                 "follower_in_b2": [x[n] for n in vec("f")]},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"),
            "lambda": [x.get("l0", 0.0), x.get("l1", 0.0), x.get("l2", 0.0)]}


def plane_axis(col, name):
    """Column col of R_GP = m3_mul(R1, XR), R1 applied to column col of the plane frame's rotation XR, as the
    vector `name` (the plane kinds' axes Px, Py, Pz)."""
    return [(name + AXES[i], f"b1R{i}0 * XR0{col} + b1R{i}1 * XR1{col} + b1R{i}2 * XR2{col}") for i in range(3)]


def pop_axis(col):
    """point_on_plane names the axes by column: P0, P1, P2 (Px, Py, Pz)."""
    return plane_axis(col, f"P{col}")


def pop_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in mat("XR")},
              **{n: "mag" for n in vec("f") + vec("Xp")}}
    steps = (apply("b2R", "f", "arm2") + add("b2p", "arm2", "F") + sub("F", "b1p", "arm1") +
             apply_t("b1R", "arm1", "F_in_S") + sub("F_in_S", "Xp", "d") +
             [("perr", "dx * XR02 + dy * XR12 + dz * XR22")])
    out = [formula("point_on_plane", "perr[0]", inputs, steps, "perr", pop_case, claim="3.2e-8", why=WIDE_BOX)]
    # (6)-(7): the relative velocity on the plane axes Pz, Px, Py (columns 2, 0, 1 of R_GP), one group of three rows
    vinputs = {**inputs, **body_inputs("b1", "wv"), **body_inputs("b2", "wv")}
    vsteps = (steps[:9] + arm_velocity("b2", "arm2", "v2") + arm_velocity("b1", "arm1", "v1") +
              sub("v2", "v1", "vrel"))
    axes = pop_axis(2) + pop_axis(0) + pop_axis(1)
    rows = ((0, 2), (1, 0), (2, 1))
    vrows = vsteps + axes + [s for row, col in rows for s in dot("vrel", f"P{col}", f"verr{row}")]
    for row, col in rows:
        out.append(formula("point_on_plane", f"verr[{row}]", vinputs, vrows, f"verr{row}", pop_case, claim="0.16",
                           why=WIDE_BOX))
    # (5), (7): a_rel = (a(B/F) - a(S/F)) - (2 w1) x v_rel, on the same axes
    ainputs = {**vinputs, **body_inputs("b1", "ba"), **body_inputs("b2", "ba")}
    asteps = (vsteps + arm_acceleration("b2", "arm2", "a2") + arm_acceleration("b1", "arm1", "a1") +
              sub("a2", "a1", "adiff") + [("w2" + c, "2.0 * b1w" + c) for c in AXES] + cross("w2", "vrel", "cor") +
              sub("adiff", "cor", "arel") + axes +
              [s for row, col in rows for s in dot("arel", f"P{col}", f"aerr{row}")])
    for row, col in rows:
        out.append(formula("point_on_plane", f"aerr[{row}]", ainputs, asteps, f"aerr{row}", pop_case, claim="1.1e6",
                           why=WIDE_BOX))
    # (8): f = (l0 Pz + l1 Px) + l2 Py; (arm2 x f, f) on body 2, (arm1 x -f, -f) on body 1 (body 1's force is body
    # 2's negated, exact: the same error)
    finputs = {**inputs, "l0": "mag", "l1": "mag", "l2": "mag"}
    fsteps = (steps[:9] + axes + [("fo" + c, f"l0 * P2{c} + l1 * P0{c} + l2 * P1{c}") for c in AXES] +
              cross("arm2", "fo", "m2") + [("nfo" + c, "-fo" + c) for c in AXES] + cross("arm1", "nfo", "m1"))
    for c in AXES:
        out.append(formula("point_on_plane", f"force_on_body2.force.{c}", finputs, fsteps, "fo" + c, pop_case,
                           claim="4.5e-9", why=WIDE_BOX))
    for c in AXES:
        out.append(formula("point_on_plane", f"force_on_body2.moment.{c}", finputs, fsteps, "m2" + c, pop_case,
                           claim="0.044", why=WIDE_BOX))
    for c in AXES:
        out.append(formula("point_on_plane", f"force_on_body1.moment.{c}", finputs, fsteps, "m1" + c, pop_case,
                           claim="0.082", why=WIDE_BOX))
    return out


# ---------------------------------------------------------------- sphere_on_plane (src/sphere_on_plane.c, sop_outputs)

def sop_case(x, rolling=False):
    frame = {"R": [[x[f"XR{i}{j}"] for j in range(3)] for i in range(3)], "p": [x[n] for n in vec("Xp")]}
    lam = [x.get("l0", 0.0)] + ([x.get("l1", 0.0), x.get("l2", 0.0)] if rolling else [])
    return {"kind": "sphere_on_plane", "params": {"plane_frame_in_b1": frame, "center_in_b2": [x[n] for n in vec("c")],
                                                  "radius": x["r"], "rolling": rolling},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": lam}


def sop_rolling_case(x):
    return sop_case(x, rolling=True)


def sop_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in mat("XR")},
              **{n: "mag" for n in vec("c") + vec("Xp")}, "r": "positive"}
    steps = ([("h", "Xpx * XR02 + Xpy * XR12 + Xpz * XR22")] +              # (1)-(2) h = Xp . Pz_F
             plane_axis(2, "Pz") +
             apply("b2R", "c", "armO2") + add("b2p", "armO2", "O") + sub("O", "b1p", "armO1") +
             dot("armO1", "Pz", "d") + [("perr", "d - (h + r)")])
    out = [formula("sphere_on_plane", "perr[0]", inputs, steps, "perr", sop_case, claim="3.6e-8", why=WIDE_BOX)]
    geometry = steps[:-2]
    vinputs = {**inputs, **body_inputs("b1", "wv"), **body_inputs("b2", "wv")}
    vsteps = (geometry + arm_velocity("b2", "armO2", "v2") + arm_velocity("b1", "armO1", "v1") +
              sub("v2", "v1", "vO"))
    out.append(formula("sphere_on_plane", "verr[0]", vinputs, vsteps + dot("vO", "Pz", "verr"), "verr", sop_case,
                       claim="0.16", why=WIDE_BOX))
    ainputs = {**vinputs, **body_inputs("b1", "ba"), **body_inputs("b2", "ba")}
    asteps = (vsteps + arm_acceleration("b2", "armO2", "a2") + arm_acceleration("b1", "armO1", "a1") +
              sub("a2", "a1", "arel") + [("w2" + c, "2.0 * b1w" + c) for c in AXES] + cross("w2", "vO", "cor") +
              sub("arel", "cor", "aO") + dot("aO", "Pz", "aerr"))
    out.append(formula("sphere_on_plane", "aerr[0]", ainputs, asteps, "aerr", sop_case, claim="1.1e6", why=WIDE_BOX))
    # (3)-(4): the contact point C = O - r Pz and its lever arms; Px, Py (columns 0, 1 of R_GP)
    contact = (sop_axis(0) + sop_axis(1) + [("rPz" + c, "r * Pz" + c) for c in AXES] + sub("armO2", "rPz", "armC2") +
               add("b2p", "armC2", "C") + sub("C", "b1p", "armC1"))
    # (9)-(10), rolling: v_F(B/C) = v(B/C) - v(F/C) on Px, Py; a_FC = a_F(O) - b_FB x (r Pz) on Px, Py
    rinputs = {**ainputs, **{n: "mag" for n in vec("b1b") + vec("b2b")}}
    rsteps = (asteps[:-1] + contact + arm_velocity("b2", "armC2", "vC2") + arm_velocity("b1", "armC1", "vC1") +
              sub("vC2", "vC1", "vC") + sub("b2b", "b1b", "db") + cross("b1w", "b2w", "w1xw2") +
              sub("db", "w1xw2", "bFB") + cross("bFB", "rPz", "bxr") + sub("aO", "bxr", "aC") +
              dot("vC", "Px", "verr1") + dot("vC", "Py", "verr2") + dot("aC", "Px", "aerr1") + dot("aC", "Py", "aerr2"))
    for name, res, claim in (("verr[1]", "verr1", "0.28"), ("verr[2]", "verr2", "0.28"),
                             ("aerr[1]", "aerr1", "1.4e6"), ("aerr[2]", "aerr2", "1.4e6")):
        out.append(formula("sphere_on_plane", name, rinputs, rsteps, res, sop_rolling_case, claim=claim, why=WIDE_BOX,
                           mode="rolling"))
    # (8), (11): f = l0 Pz, rolling ((l0 Pz + l1 Px) + l2 Py); (armC2 x f, f) on body 2, (armC1 x -f, -f) on body 1
    # (body 1's force is body 2's negated, exact: the same error). Claims: force, moment on body 2, on body 1.
    finputs = {**inputs, "l0": "mag"}
    for mode, lam, force, case, claims in (
            ("", {}, "l0 * Pz{c}", sop_case, ("1.1e-9", "0.032", "0.042")),
            ("rolling", {"l1": "mag", "l2": "mag"}, "l0 * Pz{c} + l1 * Px{c} + l2 * Py{c}", sop_rolling_case,
             ("4.5e-9", "0.11", "0.16"))):
        fsteps = (geometry + contact + [("fo" + c, force.format(c=c)) for c in AXES] + cross("armC2", "fo", "m2") +
                  [("nfo" + c, "-fo" + c) for c in AXES] + cross("armC1", "nfo", "m1"))
        for part, res, claim in zip(("force_on_body2.force", "force_on_body2.moment", "force_on_body1.moment"),
                                    ("fo", "m2", "m1"), claims):
            for c in AXES:
                out.append(formula("sphere_on_plane", f"{part}.{c}", {**finputs, **lam}, fsteps, res + c, case,
                                   claim=claim, why=WIDE_BOX, mode=mode))
    return out


def sop_axis(col):
    """sphere_on_plane names the axes by letter: Px, Py, Pz."""
    return plane_axis(col, "P" + "xyz"[col])


# ---------------------------------------------------------------- ball_rolling_on_plane (brop_outputs)

def brop_case(x):
    return {"kind": "ball_rolling_on_plane",
            "params": {"normal_in_b1": [x[n] for n in vec("n")], "height": x["h"],
                       "center_in_b2": [x[n] for n in vec("c")], "radius": x["r"]},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"),
            "lambda": [x.get("l0", 0.0), x.get("l1", 0.0), x.get("l2", 0.0)]}


def rotation_from_z(k):
    """ccref_rotation_from_z(n) (src/common.c) when perp() picks axis e_k (k the index of the smallest |n_i|, ties to
    the lower index): x = unit(n x e_k), y = unit(n x x), as the kernel computes them (ccref_unit: c / sqrt(c.c))."""
    e = [("1.0" if i == k else "0.0") for i in range(3)]
    ev = {"ex": e[0], "ey": e[1], "ez": e[2]}
    cx = [("ekx", "ny * {ez} - nz * {ey}".format(**ev)), ("eky", "nz * {ex} - nx * {ez}".format(**ev)),
          ("ekz", "nx * {ey} - ny * {ex}".format(**ev))]
    return (cx + dot("ek", "ek", "ek2") + [("ekn", "sqrt(ek2)")] + [("ax" + c, f"ek{c} / ekn") for c in AXES] +
            cross("n", "ax", "nxa") + dot("nxa", "nxa", "nxa2") + [("nxan", "sqrt(nxa2)")] +
            [("ay" + c, f"nxa{c} / nxan") for c in AXES])


def smallest_at(k):
    """Random inputs for branch k of perp(): the normal's components rotated cyclically so that the smallest |n_i| is
    n_k (still a unit vector)."""
    def sample(x):
        n = [x["nx"], x["ny"], x["nz"]]
        j = min(range(3), key=lambda i: (abs(n[i]), i))
        n = [n[(i + j - k) % 3] for i in range(3)]
        assert min(range(3), key=lambda i: (abs(n[i]), i)) == k  # (equal magnitudes: not met on random normals)
        x.update({"nx": n[0], "ny": n[1], "nz": n[2]})
        return x
    return sample


def quotient_hint(q, a, b):
    """Gappa hint for q = a / b (rounded) against its exact value Mq = Ma / Mb: the rounding of the quotient, plus
    the error of a and the relative error of b, through the identity a/b - A/B = (a - A)/b + A (B - b)/(b B), which
    holds for b, B nonzero: stated as the rule's constraint, which Gappa proves wherever it applies the rule."""
    return (f"{q} - M{q} -> ({q} - {a} / {b}) + (({a} - M{a}) / {b} + M{a} * (M{b} - {b}) / ({b} * M{b})) "
            f"{{ {b} <> 0, M{b} <> 0 }};")


# Gappa's rewriting hints for rotation_from_z (Gappa checks each identity; check.py fails on Gappa's warning that it
# assumed a denominator nonzero, so every such condition is a constraint of its rule): the quotients as above, and
# the computed |n x x|^2 as its exact value plus its error (the exact value divides by Mekn), so that the hypothesis
# below on the exact value bounds the square root away from 0.
ROT_HINTS = ([quotient_hint("ax" + c, "ek" + c, "ekn") for c in AXES] +
             ["nxa2 -> Mnxa2 + (nxa2 - Mnxa2) { Mekn <> 0 };"] +
             [quotient_hint("ay" + c, "nxa" + c, "nxan") for c in AXES])


# Hypotheses of the rotation_from_z formulas, on exact values (M-prefixed) of the script, each a fact about every
# accepted input: |n|^2 is within CCREF_UNIT_TOL = 1e-12 of 1 (ccref_check_unit, up to the rounding of its n.n);
# on branch k, n_k is the smallest component, so |n x e_k|^2 = |n|^2 - n_k^2 >= (2/3)|n|^2; and x = (n x e_k)/|n x e_k|
# is a unit vector orthogonal to n, so |n x x|^2 = |n|^2.
ROT_HYPS = ["Mek2 in [0.6666, 1.000001]", "Mnxa2 in [0.999999, 1.000001]"]


def brop_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in vec("n")},
              **{n: "mag" for n in vec("c")}, "h": "mag", "r": "positive"}
    geometry = apply("b2R", "c", "armO2") + add("b2p", "armO2", "O") + sub("O", "b1p", "armO1")
    perr = (geometry + apply_t("b1R", "armO1", "armO1_b1") + dot("armO1_b1", "n", "dd") + [("d", "dd - h")] +
            [("perr", "0.5 * (d - r)")])
    # n in G: column 2 of R1 R_PA, and column 2 of rotation_from_z(n_P) is n_P itself
    nG = apply("b1R", "n", "nG")
    vinputs = {**inputs, **body_inputs("b1", "wv"), **body_inputs("b2", "wv")}
    vsteps = (geometry + nG + arm_velocity("b2", "armO2", "v2") + arm_velocity("b1", "armO1", "v1") +
              sub("v2", "v1", "vO"))
    verr = vsteps + dot("vO", "nG", "vn") + [("verr", "0.5 * vn")]
    out = [formula("ball_rolling_on_plane", "perr[0]", inputs, perr, "perr", brop_case, claim="2.1e-8", why=WIDE_BOX),
           formula("ball_rolling_on_plane", "verr[0]", vinputs, verr, "verr", brop_case, claim="0.085", why=WIDE_BOX)]
    # (7): aerr_n = (1/2) a_P(O) . n, a_P(O) = (a(B/O) - a(P/O)) - (2 w1) x v_P(O)
    ainputs = {**vinputs, **body_inputs("b1", "ba"), **body_inputs("b2", "ba")}
    asteps = (vsteps + arm_acceleration("b2", "armO2", "a2") + arm_acceleration("b1", "armO1", "a1") +
              sub("a2", "a1", "arel") + [("w2" + c, "2.0 * b1w" + c) for c in AXES] + cross("w2", "vO", "cor") +
              sub("arel", "cor", "aO"))
    out.append(formula("ball_rolling_on_plane", "aerr[0]", ainputs, asteps + dot("aO", "nG", "an") +
                       [("aerr", "0.5 * an")], "aerr", brop_case, claim="5.7e5", why=WIDE_BOX))
    # (2)-(4): d, s = (r + d)/2, C = O - s n and its lever arms
    contact = (perr[:-1] + [("s", "0.5 * (r + d)")] + [("sn" + c, "s * nG" + c) for c in AXES] +
               sub("armO2", "sn", "armC2") + add("b2p", "armC2", "C") + sub("C", "b1p", "armC1"))
    # (8)-(10) for each branch of perp(): one group (the rows and the forces share the axes and the contact point)
    inputs8 = {**ainputs, "l0": "mag", "l1": "mag", "l2": "mag"}
    for k in range(3):
        # (1): Px = R1 x, Py = R1 y, with x, y the columns 0, 1 of rotation_from_z(n_P) on branch k
        axes = rotation_from_z(k) + apply("b1R", "ax", "Px") + apply("b1R", "ay", "Py")
        # (8)-(9): u = v(B/C) - v(P/C); a_t = (a_P(O) - b_PB x (s n)) - verr_n ((w2 - w1) x n)
        rows = (arm_velocity("b2", "armC2", "u2") + arm_velocity("b1", "armC1", "u1") + sub("u2", "u1", "u") +
                sub("b2b", "b1b", "db") + cross("b1w", "b2w", "w1xw2") + sub("db", "w1xw2", "bPB") +
                sub("b2w", "b1w", "dw") + cross("dw", "nG", "wxn") + dot("vO", "nG", "vn") + [("verrn", "0.5 * vn")] +
                cross("bPB", "sn", "bxs") + sub("aO", "bxs", "at1") + [("vwxn" + c, "verrn * wxn" + c) for c in AXES] +
                sub("at1", "vwxn", "at") + dot("u", "Px", "verr1") + dot("u", "Py", "verr2") +
                dot("at", "Px", "aerr1") + dot("at", "Py", "aerr2"))
        # (10): f = ((l0/2) n + l1 Px) + l2 Py; (armC2 x f, f) on body 2, (armC1 x -f, -f) on body 1 (body 1's force
        # is body 2's negated, exact: the same error)
        forces = ([("hl0", "0.5 * l0")] + [("fo" + c, f"hl0 * nG{c} + l1 * Px{c} + l2 * Py{c}") for c in AXES] +
                  cross("armC2", "fo", "m2") + [("nfo" + c, "-fo" + c) for c in AXES] + cross("armC1", "nfo", "m1"))
        steps8 = asteps + contact[len(geometry):] + axes + rows + forces
        # one claim per row and per force part, the largest over the three branches
        results = ([("verr[1]", "verr1", "7.2"), ("verr[2]", "verr2", "28"), ("aerr[1]", "aerr1", "3.0e7"),
                    ("aerr[2]", "aerr2", "1.2e8")] +
                   [(f"{part}.{c}", res + c, claim) for part, res, claim in (("force_on_body2.force", "fo", "3.0e-8"),
                                                                            ("force_on_body2.moment", "m2", "5.9"),
                                                                            ("force_on_body1.moment", "m1", "6.2"))
                    for c in AXES])
        for name, res, claim in results:
            out.append(formula("ball_rolling_on_plane", name, inputs8, steps8, res, brop_case, claim=claim,
                               why=WIDE_BOX, mode=f"perp e{k}", sample=smallest_at(k), hyps=ROT_HYPS, hints=ROT_HINTS))
    return out


# ---------------------------------------------------------------- contact classes (src/contacts.c)
# A class evaluates its kernel on its own parameters and copies the kernel's normal row into perr, verr, aerr; the
# impact speed is max(0, -sign verr) (impact_speed_of: sv = sign > 0 ? verr : -verr, then sv >= 0 ? 0.0 : -sv).
# These rows check the copies against `ccref eval` of the contact case, with the kernels' steps.

CONTACT_RULES = {"material": {"min_cor": 0.5}, "speeds": {"capture_speed": 0.1, "min_cor_speed": 1.0}}
# the classes with friction take its coefficients and transition speed too (the rows do not depend on them)
FRICTION_RULES = {"material": {**CONTACT_RULES["material"], "mu_s": 0.5, "mu_d": 0.4, "mu_v": 0.1},
                  "speeds": {**CONTACT_RULES["speeds"], "transition_speed": 0.01}}


def hard_stop_case(kind):
    def case(x):
        return {"kind": kind, "params": {"bound": x["position"], "mobilizer_origin_in_b": [x[n] for n in vec("s")]},
                "body1": body_json(x, "b1"),
                "coordinate": {"q": x["q"], "qdot": x.get("qdot", 0.0), "qdotdot": x.get("qdotdot", 0.0)},
                "lambda": [x.get("l0", 0.0)], **CONTACT_RULES}
    return case


def approaching(sign):
    """Random inputs on the impact branch: sign qdot < 0 (the velocity error made to approach)."""
    def sample(x):
        x["qdot"] = -sign * abs(x["qdot"])
        return x
    return sample


def hard_stop_formulas():
    out = []
    for kind, sign in (("hard_stop_upper", -1), ("hard_stop_lower", 1)):
        case = hard_stop_case(kind)
        inputs = {"q": "mag", "position": "mag", "qdot": "mag", "qdotdot": "mag", **body_inputs("b1", "p"),
                  **{n: "mag" for n in vec("s")}}
        # ConstantCoordinate(bound): perr = q - bound, verr = qdot, aerr = qdotdot; display point = p1 + R1 s
        steps = ([("perr", "q - position"), ("verr", "qdot"), ("aerr", "qdotdot")] + apply("b1R", "s", "arm") +
                 add("b1p", "arm", "disp"))
        for name, res in (("perr", "perr"), ("verr", "verr"), ("aerr", "aerr")) + tuple(
                (f"display_point.{c}", "disp" + c) for c in AXES):
            out.append(formula(kind, name, inputs, steps, res, case))
        # impact speed, approaching (sign qdot < 0): -sv with sv = -qdot (upper) or qdot (lower); otherwise the
        # constant 0.0, in both readings. The branch is decided on the input qdot, the same in both readings.
        isteps = [("verr", "qdot"), ("sv", "verr" if sign > 0 else "-verr"), ("imp", "-sv")]
        out.append(formula(kind, "impact_speed", inputs, isteps, "imp", case, mode="approaching",
                           sample=approaching(sign)))
        # the coordinate force: the kernel's generalized force, the multiplier itself
        out.append(formula(kind, "coordinate_force", {**inputs, "l0": "mag"}, [("cf", "l0")], "cf", case))
    return out


def ppf_case(x):
    c = pip_case(x)
    return {**c, "kind": "point_plane_frictionless", **CONTACT_RULES}


def ppf_formulas():
    """point_plane_frictionless: PointInPlane on the class's normal, height and follower (copied unchanged), so the
    point_in_plane formulas; display point = the follower point S = p2 + R2 f."""
    out = []
    for f in pip_formulas():
        if f["output"] in ("perr[0]", "verr[0]"):
            out.append(dict(f, kind="point_plane_frictionless", label="point_plane_frictionless",
                            output=f["output"][:4], case=ppf_case))
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in vec("n")},
              **{n: "mag" for n in vec("f")}, "h": "mag"}
    steps = apply("b2R", "f", "arm2") + add("b2p", "arm2", "S")
    for c in AXES:
        out.append(formula("point_plane_frictionless", f"display_point.{c}", inputs, steps, "S" + c, ppf_case))
    return out + impact_formulas(out)


# point_plane and sphere_plane: the PointOnPlane and SphereOnPlane (rolling) kernels on the plane frame that
# plane_frame() builds from the class's normal n and height: R = rotation_from_z(n) (columns x, y, n), origin
# v3_scale(height, n). The class copies the kernel's result into `constraint` and its normal row into perr, verr,
# aerr. So each kernel formula serves, with the frame's entries as steps instead of inputs: column 2 of R is n
# itself (a copy), the origin is `hgt * n` rounded. A formula that reads columns 0 or 1 (the tangential rows, the
# forces, and the groups they share with the normal row) takes rotation_from_z's steps, one formula per branch of
# perp() with its hypotheses and hints, as ball_rolling_on_plane's rows.
def plane_frame_steps(steps, k):
    """The frame's entries as steps, before `steps`: XR02..XR22 = n, Xp = hgt n; on branch k (None: the formula
    reads column 2 only) rotation_from_z's steps and XR.0 = x, XR.1 = y."""
    frame = [(f"XR{i}2", "n" + AXES[i]) for i in range(3)] + [("Xp" + c, "hgt * n" + c) for c in AXES]
    if k is not None:
        frame = (rotation_from_z(k) + [(f"XR{i}0", "ax" + AXES[i]) for i in range(3)] +
                 [(f"XR{i}1", "ay" + AXES[i]) for i in range(3)] + frame)
    return frame + steps


def class_inputs(f):
    """A kernel formula's inputs with the plane frame's entries replaced by the class's normal and height."""
    inputs = {n: k for n, k in f["inputs"].items() if not re.fullmatch(r"XR[0-2][0-2]|Xp[xyz]", n)}
    return {**inputs, **{n: "unit" for n in vec("n")}, "hgt": "mag"}


def reads_tangent_axes(f):
    return any(re.search(r"\bXR[0-2][01]\b", expr) for _, expr in f["steps"])


def plane_class_formulas(kind, kernel_formulas, case, claims):
    """The class's rows from its kernel's formulas: `constraint.<output>`, and the class's perr, verr, aerr for the
    kernel's normal row. claims: kernel output -> the bound Gappa proves on the wide box (the frame's computed
    columns take the place of independent unit-box entries, so the kernel's claims do not carry over)."""
    out = []
    # the class's copies of the kernel's rows (contacts.c, eval_plane_class; the slip rows of the friction classes)
    copies = {"perr[0]": "perr", "verr[0]": "verr", "aerr[0]": "aerr", "verr[1]": "slip_velocity[0]",
              "verr[2]": "slip_velocity[1]", "aerr[1]": "slip_acceleration[0]", "aerr[2]": "slip_acceleration[1]"}
    for f in kernel_formulas:
        branches = [(k, f"perp e{k}", smallest_at(k), ROT_HYPS, ROT_HINTS) for k in range(3)] \
            if reads_tangent_axes(f) else [(None, "", None, (), ())]
        for k, mode, sample, hyps, hints in branches:
            mode = " ".join(m for m in (f["mode"], mode) if m)
            names = [f"constraint.{f['output']}"] + ([copies[f["output"]]] if f["output"] in copies else [])
            for name in names:
                out.append(formula(kind, name, class_inputs(f), plane_frame_steps(f["steps"], k), f["result"], case,
                                   claim=claims[f["output"]], why=WIDE_BOX, mode=mode, sample=sample,
                                   hyps=hyps, hints=hints))
    return out


def plane_class_case(kind, point, x, radius=False):
    return {"kind": kind, "params": {"normal_in_b1": [x[n] for n in vec("n")], "height": x["hgt"],
                                     point: [x[n] for n in vec(point[0])], **({"radius": x["r"]} if radius else {})},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"),
            "lambda": [x.get("l0", 0.0), x.get("l1", 0.0), x.get("l2", 0.0)], **FRICTION_RULES}


def point_plane_case(x):
    return plane_class_case("point_plane", "follower_in_b2", x)


def class_claims(perr, verr, aerr, force, moment2, moment1):
    """The claims of a plane class, per kernel output: Gappa's best bound on the wide box, rounded up to two digits
    (the largest over the three branches of perp()); verr and aerr list rows 0, 1, 2."""
    return {"perr[0]": perr, **{f"verr[{i}]": b for i, b in enumerate(verr)},
            **{f"aerr[{i}]": b for i, b in enumerate(aerr)},
            **{f"{part}.{c}": b for part, b in (("force_on_body2.force", force), ("force_on_body2.moment", moment2),
                                                ("force_on_body1.moment", moment1)) for c in AXES}}


POINT_PLANE_CLAIMS = class_claims("3.3e-8", ("0.16", "0.25", "1.4"), ("1.1e6", "1.7e6", "8.1e6"), "3.2e-8", "0.21",
                                  "0.35")


def needed_steps(steps, *results):
    """The steps the results depend on, in their order."""
    need, keep = set(results), []
    for name, expr in reversed(steps):
        if name in need:
            keep.append((name, expr))
            need |= set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", expr))
    return keep[::-1]


def approaching_motion(steps, verr, sign):
    """Random inputs (and the corner case) on the impact branch of a class: sign verr < 0, verr the kernel's normal
    row as `steps` compute it. If not, every velocity input is negated: verr is a sum of products each linear in one
    of them, and rounding to nearest is symmetric, so the kernel's verr is negated exactly."""
    def sample(x):
        if sign * run_steps(steps, x)[verr] >= 0.0:
            x = {n: -v if re.fullmatch(r"b[12][wv][xyz]", n) else v for n, v in x.items()}
        return x
    return sample


def about_steps(texts, steps, inputs):
    """The hypotheses or hints among `texts` that name only inputs, steps and their exact values (a text's
    constraints, after "{", name nothing else): those that apply to a formula with these steps."""
    known = set(inputs) | {n for name, _ in steps for n in (name, "M" + name)}
    def names(text):
        return re.findall(r"\b[A-Za-z_][A-Za-z_0-9]*\b", text.split("{")[0].replace(" in ", " "))
    return tuple(t for t in texts if all(n in known for n in names(t)))


def impact_formulas(class_rows, sign=1, mode="approaching"):
    """The class's impact speed on the impact branch: sv = sign verr, impact = -sv (contacts.c, impact_speed_of),
    from the class's verr row (the steps it depends on: the normal row reads no tangent axis). On the other branch
    it is the constant 0.0 in both readings. mode names the branch (and the variant of the verr row, if any)."""
    f = next(g for g in class_rows if g["output"] == "verr")
    steps = needed_steps(f["steps"], f["result"])
    hyps, hints = about_steps(f["hyps"], steps, f["inputs"]), about_steps(f["hints"], steps, f["inputs"])
    steps += [("sv", f["result"] if sign > 0 else "-" + f["result"]), ("imp", "-sv")]
    approach = approaching_motion(steps, f["result"], sign)
    sample = (lambda x: approach(f["sample"](x))) if f["sample"] else approach  # on the verr row's branch first
    corner = (lambda x: approach(f["corner"](x))) if f["corner"] else approach
    return [formula(f["kind"], "impact_speed", f["inputs"], steps, "imp", f["case"], claim=f["claim"], why=f["why"],
                    mode=mode, sample=sample, corner=corner, unit=f["unit"], hyps=hyps, hints=hints)]


def slip_speed_steps(steps, sx, sy):
    """The steps of the slip speed sqrt(fl(sx sx + sy sy)) after `steps`, pruned to those it needs: the norm row of
    p = (sx, sy, 0) with d = 0 (norm=("sl", "0.0")), which the kernel's order matches exactly (fl(a + 0 0) = a,
    fl(r - 0) = r)."""
    return needed_steps(steps + [("slx", sx), ("sly", sy), ("slz", "0.0")] +
                        norm_perr_steps("sl", "0.0", ("sl2", "sln", "slip")), "slip")


def slip_speed_formulas(class_rows, claim):
    """The slip speed sqrt(fl(sx sx + sy sy)), (sx, sy) the class's slip velocity (its kernel's verr[1], verr[2]),
    per branch of perp(): norm_minus_err on slip_speed_steps."""
    out = []
    for f in class_rows:
        if f["output"] != "constraint.verr[1]":
            continue
        (g,) = [g for g in class_rows if g["output"] == "constraint.verr[2]" and g["mode"] == f["mode"]]
        steps = slip_speed_steps(f["steps"], f["result"], g["result"])
        out.append(formula(f["kind"], "slip_speed", f["inputs"], steps, "slip", f["case"], claim=claim,
                           why=WIDE_BOX, mode=f["mode"], sample=f["sample"], hyps=f["hyps"], hints=f["hints"],
                           norm=("sl", "0.0")))
    return out


POINT_PLANE_SLIP_CLAIM = "1.5"
SPHERE_PLANE_SLIP_CLAIM = "2.6"


def point_plane_formulas():
    kernel = pop_formulas()
    out = plane_class_formulas("point_plane", kernel, point_plane_case, POINT_PLANE_CLAIMS)
    # the display point is the kernel's follower point F = p2 + R2 f (perr[0]'s inputs, as in sphere_plane_formulas)
    steps = apply("b2R", "f", "arm2") + add("b2p", "arm2", "F")
    for c in AXES:
        out.append(formula("point_plane", f"display_point.{c}", class_inputs(kernel[0]), steps, "F" + c,
                           point_plane_case))
    return out + impact_formulas(out) + slip_speed_formulas(out, POINT_PLANE_SLIP_CLAIM)


def sphere_plane_case(x):
    return plane_class_case("sphere_plane", "center_in_b2", x, radius=True)


SPHERE_PLANE_CLAIMS = class_claims("3.6e-8", ("0.16", "0.43", "2.4"), ("1.1e6", "1.9e6", "9.2e6"), "3.2e-8", "0.43",
                                   "0.57")


def sphere_plane_formulas():
    """SphereOnPlane with rolling (the class sets it): the normal rows, and the rolling rows and forces (not the
    kernel's forces without rolling)."""
    kernel = [f for f in sop_formulas() if f["mode"] == "rolling" or "force" not in f["output"]]
    out = plane_class_formulas("sphere_plane", kernel, sphere_plane_case, SPHERE_PLANE_CLAIMS)
    # the display point is the kernel's contact point C = p2 + (armO2 - r Pz)
    # (the steps of perr[0] without its last two, d and perr, as in sop_formulas)
    f = kernel[0]
    steps = plane_frame_steps(f["steps"][:-2] + [("rPz" + c, "r * Pz" + c) for c in AXES] +
                              sub("armO2", "rPz", "armC2") + add("b2p", "armC2", "C"), None)
    for c in AXES:
        out.append(formula("sphere_plane", f"display_point.{c}", class_inputs(f), steps, "C" + c, sphere_plane_case))
    return out + impact_formulas(out) + slip_speed_formulas(out, SPHERE_PLANE_SLIP_CLAIM)


# ---------------------------------------------------------------- the norm kernels (src/rod.c, src/sphere_on_sphere.c)
# perr = fl(fl(sqrt(fl(fl(p.x p.x + p.y p.y) + p.z p.z))) - d^), p the computed vector between the two points (the
# ball's perr steps). Gappa cannot bound it usefully (proofs/gappa/README.md, "The norm rows"): it bounds p's
# components and d^ on the box, and norm_error.mlw's norm_minus_err (proved by make verify-norm-lemmas) turns those
# bounds into perr's (check.py, norm_bound).
NORM_STEPS = 3
WIDE_BOX_NORM = WIDE_BOX + " (p's components up to 8e6 in magnitude, where the spec's corner case has 2e6)"


def norm_perr_steps(p, d, names=("r2", "r", "perr")):
    """v3_norm_sq(p), sqrt, minus d: the kernel's r2, r and perr (or the steps named `names`)."""
    n2, n, res = names
    return [(n2, f"{p}x * {p}x + {p}y * {p}y + {p}z * {p}z"), (n, f"sqrt({n2})"), (res, f"{n} - {d}")]


def two_points(s1, s2):
    """p = (b2p + R2 s2) - (b1p + R1 s1), as rod.c and sphere_on_sphere.c compute it."""
    return (apply("b1R", s1, "arm1") + add("b1p", "arm1", "Sf") + apply("b2R", s2, "arm2") + add("b2p", "arm2", "Sb") +
            sub("Sb", "Sf", "p"))


def rod_case(x):
    return {"kind": "rod", "params": {"station1_in_b1": [x[n] for n in vec("s1")],
                                      "station2_in_b2": [x[n] for n in vec("s2")], "length": x["d"]},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [x.get("lam", 0.0)]}


def sos_case(x):
    return {"kind": "sphere_on_sphere", "params": {"center1_in_b1": [x[n] for n in vec("s1")], "radius1": x["rf"],
                                                   "center2_in_b2": [x[n] for n in vec("s2")], "radius2": x["rb"],
                                                   "rolling": False},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [x.get("lam", 0.0)]}


def rope_case(x):
    """The rope class: the rod kernel on the same stations, length_limit as the length (contacts.c, eval_rope)."""
    c = rod_case(x)
    params = {k: v for k, v in c["params"].items() if k != "length"}
    return {**c, "kind": "rope", "params": {**params, "length_limit": x["d"]}, **CONTACT_RULES}


def sphere_sphere_case(x):
    """The sphere_sphere class: the sphere_on_sphere kernel, rolling (the class sets it), on the same centers and
    radii, with its three multipliers."""
    c = sos_case(x)
    params = {k: v for k, v in c["params"].items() if k != "rolling"}
    return {**c, "kind": "sphere_sphere", "params": params,
            "lambda": [x.get("lam", 0.0), x.get("l1", 0.0), x.get("l2", 0.0)], **FRICTION_RULES}


def norm_formulas():
    """perr of rod and sphere_on_sphere, and of the classes built on them (their constraint.perr[0] and perr)."""
    stations = {n: "mag" for n in vec("s1") + vec("s2")}
    bodies = {**body_inputs("b1", "p"), **body_inputs("b2", "p")}
    rod = ({**bodies, **stations, "d": "positive"}, two_points("s1", "s2") + norm_perr_steps("p", "d"))
    sos = ({**bodies, **stations, "rf": "positive", "rb": "positive"},
           two_points("s1", "s2") + [("d", "rf + rb")] + norm_perr_steps("p", "d"))
    rows = [("rod", "perr[0]", rod, rod_case), ("sphere_on_sphere", "perr[0]", sos, sos_case),
            ("sphere_on_sphere", "separation", sos, sos_case),
            ("rope", "constraint.perr[0]", rod, rope_case), ("rope", "perr", rod, rope_case),
            ("sphere_sphere", "constraint.perr[0]", sos, sphere_sphere_case),
            ("sphere_sphere", "perr", sos, sphere_sphere_case)]
    out = [formula(kind, output, inputs, steps, "perr", case, claim="1e-08", why=WIDE_BOX_NORM, norm=("p", "d"))
           for kind, output, (inputs, steps), case in rows]
    # the points without a norm: rope's display point, the midpoint of the two stations (contacts.c, eval_rope:
    # v3_scale(0.5, v3_add(S1, S2)), S = p + R s as the kernel's Sf, Sb); sphere_on_sphere's contact point
    # Co = Sf + (rf / (rf + rb)) p, which the sphere_sphere class displays
    mid = [("mid" + c, f"0.5 * (Sf{c} + Sb{c})") for c in AXES]
    co = [("kf", "rf / (rf + rb)")] + [("Co" + c, f"Sf{c} + kf * p{c}") for c in AXES]
    for c in AXES:
        out.append(formula("rope", f"display_point.{c}", rod[0], two_points("s1", "s2") + mid, "mid" + c, rope_case))
    for kind, output, case in (("sphere_on_sphere", "contact_frame.p", sos_case),
                               ("sphere_sphere", "display_point", sphere_sphere_case)):
        for c in AXES:
            out.append(formula(kind, f"{output}.{c}", sos[0], two_points("s1", "s2") + co, "Co" + c, case,
                               claim="5.5e-9", why=WIDE_BOX))
    return out


# The outputs that divide by the norm r = fl(sqrt(r2)) (rod.c: Cz = p / r, Czd = t / r) hold on a declared sub-box,
# |p| >= UNIT_MIN on the exact p (points at least one length unit apart; the kernel's singular branch, |p|^2 < 2^-130,
# is outside it). Two stages (check.py): Gappa bounds p's components on the box (as for perr); the norm
# lemma bounds |r - |p|| (norm_minus_err with d = 0: fl(r - 0) = r); a second Gappa script takes p's components and r
# as doubles within those bounds of their exact values, |p| >= UNIT_MIN and |p_i| / |p| <= 1 (facts about the exact
# values), and proves the rest of the formula. The hints write each quotient's error as the rounding of the quotient
# plus the numerator's error and the norm's, over r.
UNIT_MIN = "1"
UNIT_SUB_BOX = "|p| >= 1 (points at least one length unit apart)"


def unit_corner(x, direction=(1.0, 0.0, 0.0)):
    """The corner case of the sub-box: the box's corner (check.py) with station 2 moved so that the two points are
    UNIT_MIN apart, Sf = p1 + s1 = 0 and Sb = p2 + s2 = UNIT_MIN direction, with every velocity, acceleration and arm
    at the box's largest magnitude (rotations the identity)."""
    return {**x, **{"s2" + c: -MAG_F + float(UNIT_MIN) * d for c, d in zip(AXES, direction)}}


# a unit direction with distinct components (exactly 1 long in reals), for the corner cases of the perp() branches
GENERIC_DIRECTION = (0.48, 0.6, 0.64)


def quotient_by_norm_hint(q, num, r="r"):
    """q = num / r: q - Mq = (q - num/r) + ((num - Mnum) + Mq (Mr - r)) / r."""
    return (f"{q} - M{q} -> ({q} - {num} / {r}) + (({num} - M{num}) + M{q} * (M{r} - {r})) / {r} "
            f"{{ {r} <> 0, M{r} <> 0 }};")


def reciprocal_scale_hint(q, num, oor="oor", r="r"):
    """q = oor num, oor = fl(1/r): q - Mq = (q - oor num) + oor (num - Mnum) + Mq (Mr oor - 1)."""
    return (f"{q} - M{q} -> ({q} - {oor} * {num}) + {oor} * ({num} - M{num}) + M{q} * (M{r} * {oor} - 1) "
            f"{{ M{r} <> 0 }};")


# Mr oor - 1 = (Mr - r) oor + (r oor - 1), the second the relative rounding error of 1/r
RECIPROCAL_HINTS = ("M{r} * {oor} - 1 -> (M{r} - {r}) * {oor} + ({oor} - 1.0 / {r}) / (1.0 / {r}) {{ {r} <> 0 }};",)


def unit_formulas(kernel, klass, inputs, steps, hints, rows, claims, hyps=()):
    """The rows of a kernel and of the contact class built on it that divide by the norm, on the sub-box: rows maps a
    name to (kind, output, result) triples, one group per name and kind (the steps its results need); kernel and
    klass are (kind, case) pairs; claims maps a result (without its axis) to its claim."""
    out = []
    for members in rows.values():
        for kind, case in (kernel, klass):
            results = [res for k, _, res in members if k == kind]
            if not results:
                continue
            need = needed_steps(steps + [("all", " + ".join(results))], "all")[:-1]
            hint = about_steps(hints, need, inputs)
            for k, output, res in members:
                if k == kind:
                    out.append(formula(kind, output, inputs, need, res, case,
                                       claim=claims[res if res in claims else res[:-1]],
                                       why=WIDE_BOX + "; sub-box " + UNIT_SUB_BOX, hints=hint, hyps=hyps,
                                       unit=("p", "r", UNIT_MIN), corner=unit_corner))
    return out


def relative_motion():
    """pd and pdd, the relative velocity and acceleration of the two points (arms arm1, arm2 of two_points)."""
    return (arm_velocity("b2", "arm2", "v2") + arm_velocity("b1", "arm1", "v1") + sub("v2", "v1", "pd") +
            arm_acceleration("b2", "arm2", "a2") + arm_acceleration("b1", "arm1", "a1") + sub("a2", "a1", "pdd"))


def normal_row_steps(by_norm):
    """From Cz on: verr = pd . Cz, Czd = (pd - verr Cz) / |p|, aerr = pdd . Cz + pd . Czd, and the forces lam Cz at
    the arms (body 1's with -lam Cz); by_norm(v) is the kernel's expression of v / |p| (rod.c: v / r,
    sphere_on_sphere.c: oor * v)."""
    return (dot("pd", "Cz", "verr") + [("vCz" + c, "verr * Cz" + c) for c in AXES] + sub("pd", "vCz", "t") +
            [("Czd" + c, by_norm("t" + c)) for c in AXES] + dot("pdd", "Cz", "aCz") + dot("pd", "Czd", "vCzd") +
            [("aerr", "aCz + vCzd")] + [("f" + c, "lam * Cz" + c) for c in AXES] + cross("arm2", "f", "m2") +
            [("nf" + c, "-f" + c) for c in AXES] + cross("arm1", "nf", "m1"))


def rod_unit_formulas():
    """rod's orientation, verr, aerr and forces on the sub-box, and the rope class's copies of them (rod.c: Cz = p / r,
    Czd = (pd - verr Cz) / r)."""
    stations = {n: "mag" for n in vec("s1") + vec("s2")}
    inputs = {**body_inputs("b1", "pwvba"), **body_inputs("b2", "pwvba"), **stations, "d": "positive", "lam": "mag"}
    steps = (two_points("s1", "s2") + norm_perr_steps("p", "d")[:2] + relative_motion() +
             [("Cz" + c, f"p{c} / r") for c in AXES] + normal_row_steps(lambda v: f"{v} / r"))
    hints = ([quotient_by_norm_hint("Cz" + c, "p" + c) for c in AXES] +
             [quotient_by_norm_hint("Czd" + c, "t" + c) for c in AXES])
    rows = {"orientation": [("rod", f"orientation.{c}", "Cz" + c) for c in AXES],
            "verr": [("rod", "verr[0]", "verr"), ("rope", "constraint.verr[0]", "verr"), ("rope", "verr", "verr")],
            "aerr": [("rod", "aerr[0]", "aerr"), ("rope", "constraint.aerr[0]", "aerr"), ("rope", "aerr", "aerr")],
            "forces": [(k, f"{pre}force_on_body{b}.{part}.{c}", res + c)
                       for k, pre in (("rod", ""), ("rope", "constraint.")) for b, part, res in
                       ((2, "force", "f"), (2, "moment", "m2"), (1, "moment", "m1")) for c in AXES]}
    out = unit_formulas(("rod", rod_case), ("rope", rope_case), inputs, steps, hints, rows, ROD_UNIT_CLAIMS)
    # the rope's impact speed (sign -1: approaching when verr > 0)
    return out + impact_formulas([f for f in out if f["kind"] == "rope"], sign=-1)


def sos_normal_steps():
    """sphere_on_sphere.c's contact normal: oor = 1/r, Cz = oor p."""
    return (two_points("s1", "s2") + norm_perr_steps("p", "d")[:2] + [("oor", "1.0 / r")] +
            [("Cz" + c, f"oor * p{c}") for c in AXES])


# Cz = oor p is p / |p| in exact arithmetic: each component in [-1, 1] (a fact Gappa cannot see through oor)
SOS_NORMAL_HYPS = tuple(f"MCz{c} in [-1, 1]" for c in AXES)
SOS_NORMAL_HINTS = tuple([reciprocal_scale_hint("Cz" + c, "p" + c) for c in AXES] +
                         [h.format(r="r", oor="oor") for h in RECIPROCAL_HINTS])


def sos_unit_formulas():
    """sphere_on_sphere's contact normal Cz, verr[0], aerr[0] and forces (without rolling) on the sub-box, and the
    sphere_sphere class's normal rows (sphere_on_sphere.c: oor = 1/r, Cz = oor p, Czd = oor (pd - (pd . Cz) Cz))."""
    stations = {n: "mag" for n in vec("s1") + vec("s2")}
    inputs = {**body_inputs("b1", "pwvba"), **body_inputs("b2", "pwvba"), **stations, "rf": "positive",
              "rb": "positive", "lam": "mag"}
    steps = sos_normal_steps() + relative_motion() + normal_row_steps(lambda v: f"oor * {v}")
    hints = (list(SOS_NORMAL_HINTS[:3]) + [reciprocal_scale_hint("Czd" + c, "t" + c) for c in AXES] +
             list(SOS_NORMAL_HINTS[3:]))
    rows = {"normal": [("sphere_on_sphere", f"contact_frame.R[{i}][2]", "Cz" + AXES[i]) for i in range(3)],
            "verr": [("sphere_on_sphere", "verr[0]", "verr"), ("sphere_sphere", "constraint.verr[0]", "verr"),
                     ("sphere_sphere", "verr", "verr")],
            "aerr": [("sphere_on_sphere", "aerr[0]", "aerr"), ("sphere_sphere", "constraint.aerr[0]", "aerr"),
                     ("sphere_sphere", "aerr", "aerr")],
            "forces": [("sphere_on_sphere", f"force_on_body{b}.{part}.{c}", res + c) for b, part, res in
                       ((2, "force", "f"), (2, "moment", "m2"), (1, "moment", "m1")) for c in AXES] +
                      [("sphere_on_sphere", f"force_on_body2_applied.{c}", "nf" + c) for c in AXES]}
    out = unit_formulas(("sphere_on_sphere", sos_case), ("sphere_sphere", sphere_sphere_case), inputs, steps, hints,
                        rows, SOS_UNIT_CLAIMS, hyps=SOS_NORMAL_HYPS)
    return out + impact_formulas([f for f in out if f["kind"] == "sphere_sphere"], sign=1)


def normal_smallest_at(k, steps):
    """Random inputs (and the corner case) for branch k of perp() on the computed normal Cz: the world's axes permuted
    cyclically (rotations' rows and every body vector; stations stay in their bodies) so that Cz's smallest component
    is at k (the kernel's results permute with the axes, up to the order of its sums)."""
    def normal(x):
        env = run_steps(steps, x)
        c = [env["Cz" + a] for a in AXES]
        return min(range(3), key=lambda i: (abs(c[i]), i))

    def sample(x):
        shift = (normal(x) - k) % 3
        y = dict(x)
        for name in x:
            m = re.fullmatch(r"(b[12][pwvba])([xyz])", name)
            if m:
                y[name] = x[m.group(1) + AXES[(AXES.index(m.group(2)) + shift) % 3]]
            m = re.fullmatch(r"(b[12]R)([0-2])([0-2])", name)
            if m:
                y[name] = x[f"{m.group(1)}{(int(m.group(2)) + shift) % 3}{m.group(3)}"]
        assert normal(y) == k
        return y
    return sample


def sos_frame_formulas():
    """sphere_on_sphere's tangent axes Cx, Cy = rotation_from_z(Cz) (contact_frame.R[i][0], R[i][1]) and the rolling
    rows verr[1], verr[2] = vF . Cx, vF . Cy (vF the slip velocity at Co = Sf + kf p), on the sub-box, per branch of
    perp() on the computed normal, with ball_rolling_on_plane's hypotheses and hints (facts about the exact normal,
    a unit vector: Gappa's margins of ROT_HYPS hold with it); and the sphere_sphere class's copies."""
    stations = {n: "mag" for n in vec("s1") + vec("s2")}
    inputs = {**body_inputs("b1", "pwv"), **body_inputs("b2", "pwv"), **stations, "rf": "positive", "rb": "positive"}
    normal = sos_normal_steps()
    slip = ([("kf", "rf / (rf + rb)")] + [("Co" + c, f"Sf{c} + kf * p{c}") for c in AXES] + contact_arms() +
            slip_velocity() + dot("vF", "ax", "verr1") + dot("vF", "ay", "verr2"))
    rows = [("frame", "sphere_on_sphere", sos_case, [(f"contact_frame.R[{i}][{j}]", v + AXES[i])
                                                     for j, v in ((0, "ax"), (1, "ay")) for i in range(3)]),
            ("rows", "sphere_on_sphere", sos_rolling_case, [("verr[1]", "verr1"), ("verr[2]", "verr2")]),
            ("rows", "sphere_sphere", sphere_sphere_case,
             [("constraint.verr[1]", "verr1"), ("slip_velocity[0]", "verr1"), ("constraint.verr[2]", "verr2"),
              ("slip_velocity[1]", "verr2")])]
    # the forces with rolling: (armB x fn + pBCo x ft, fn + ft) on body 2, fn = l0 Cz, ft = l1 Cx + l2 Cy; body 1's
    # with -fn, -ft (its force the exact negation of body 2's); force_on_body2_applied = -((fn + l1 Cx) + l2 Cy)
    forces = rolling_force_steps("lam", "Cz", "arm2", "arm1", "ax", "ay")
    force_rows = [(f"force_on_body{b}.{part}.{c}", res + c) for b, part, res in
                  ((2, "force", "F2"), (2, "moment", "M2"), (1, "moment", "M1")) for c in AXES]
    rows += [("forces", "sphere_on_sphere", sos_rolling_case,
              force_rows + [(f"force_on_body2_applied.{c}", "nap" + c) for c in AXES]),
             ("forces", "sphere_sphere", sphere_sphere_case, [("constraint." + o, r) for o, r in force_rows])]
    force_inputs = {**inputs, "lam": "mag", "l1": "mag", "l2": "mag"}
    # the rolling rows' accelerations (sos_rolling_aerr): the rates of Co's arms (Co = Sf + kf p moves with Sf and
    # p), the slip velocity's rate dvF following Co, the axes' rates Cxd = -(CzdF x Cy) + w1 x Cx, Cyd = CzdF x Cx +
    # w1 x Cy (CzdF = Czd - w1 x Cz, Czd = oor (pd - (pd . Cz) Cz)); aerr[1] = dvF . Cx + vF . Cxd, aerr[2] likewise
    rolling_acc = (relative_motion() + normal_row_steps(lambda v: f"oor * {v}") + cross("b1w", "arm1", "w1arm") +
                   [("dpFCo" + c, f"w1arm{c} + kf * pd{c}") for c in AXES] + sub("b2v", "b1v", "v21") +
                   sub("dpFCo", "v21", "dpBCo"))
    rolling_acc += (cross("b1w", "Cz", "w1Cz") + sub("Czd", "w1Cz", "CzdF") +
                    cross("CzdF", "ay", "CzdFxCy") + cross("b1w", "ax", "w1Cx") +
                    [("Cxd" + c, f"-CzdFxCy{c} + w1Cx{c}") for c in AXES] + cross("CzdF", "ax", "CzdFxCx") +
                    cross("b1w", "ay", "w1Cy") + add("CzdFxCx", "w1Cy", "Cyd") +
                    slip_acceleration_rows(("ax", "Cxd", "aerr1"), ("ay", "Cyd", "aerr2")))
    rows += [("accelerations", "sphere_on_sphere", sos_rolling_case, [("aerr[1]", "aerr1"), ("aerr[2]", "aerr2")]),
             ("accelerations", "sphere_sphere", sphere_sphere_case,
              [("constraint.aerr[1]", "aerr1"), ("slip_acceleration[0]", "aerr1"), ("constraint.aerr[2]", "aerr2"),
               ("slip_acceleration[1]", "aerr2")])]
    acceleration_inputs = {**body_inputs("b1", "pwvba"), **body_inputs("b2", "pwvba"), **stations, "rf": "positive",
                           "rb": "positive"}
    part_inputs = {"forces": force_inputs, "accelerations": acceleration_inputs}
    out = []
    for k in range(3):
        steps = normal + [("n" + c, "Cz" + c) for c in AXES] + rotation_from_z(k) + slip + forces + rolling_acc
        sample = normal_smallest_at(k, normal)
        # what every formula of branch k shares
        branch = {"why": WIDE_BOX + "; sub-box " + UNIT_SUB_BOX, "sample": sample,
                  "hyps": SOS_NORMAL_HYPS + tuple(ROT_HYPS), "hints": SOS_NORMAL_HINTS + tuple(ROT_HINTS),
                  "unit": ("p", "r", UNIT_MIN), "corner": lambda x, s=sample: s(unit_corner(x, GENERIC_DIRECTION))}
        for part, kind, case, members in rows:
            need = needed_steps(steps + [("all", " + ".join(res for _, res in members))], "all")[:-1]
            mode = ("rolling " if kind == "sphere_on_sphere" and part != "frame" else "") + f"perp e{k}"
            for output, res in members:
                part_branch = ({**branch, "hints": branch["hints"] + SOS_CZD_HINTS} if part == "accelerations"
                               else branch)
                out.append(formula(kind, output, part_inputs.get(part, inputs), need, res, case,
                                   claim=SOS_FRAME_CLAIMS[res if res in SOS_FRAME_CLAIMS else res[:-1]], mode=mode,
                                   **part_branch))
        # the sphere_sphere class's slip speed, sqrt(fl(sx sx + sy sy)) of its slip velocity (verr[1], verr[2]): the
        # norm lemma (as the plane classes') on the second stage's bounds of sx, sy
        out.append(formula("sphere_sphere", "slip_speed", inputs, slip_speed_steps(steps, "verr1", "verr2"), "slip",
                           sphere_sphere_case, claim=SOS_SLIP_CLAIM, mode=f"perp e{k}", norm=("sl", "0.0"), **branch))
    return out


def sos_rolling_case(x):
    c = sos_case(x)
    return {**c, "params": {**c["params"], "rolling": True},
            "lambda": [x.get("lam", 0.0), x.get("l1", 0.0), x.get("l2", 0.0)]}


# Gappa's best bounds on the sub-box, rounded up to two digits, per result (without its axis)
ROD_UNIT_CLAIMS = {"Cz": "1.2e-8", "verr": "4.2e5", "aerr": "4.7e19", "f": "1.2e-2", "m2": "7.0e4", "m1": "7.0e4"}
# sphere_on_sphere's are rod's to the digits (its applied force, -lam Cz, is its force negated)
SOS_UNIT_CLAIMS = {**ROD_UNIT_CLAIMS, "nf": ROD_UNIT_CLAIMS["f"]}
# the largest over the three branches of perp(); the slip speed: Gappa and the norm lemma
SOS_FRAME_CLAIMS = {"ax": "5.7e-8", "ay": "4.3e-7", "verr1": "5.9e6", "verr2": "5.9e7", "F2": "0.44", "M2": "1.1e7",
                    "M1": "1.1e7", "nap": "0.44", "aerr1": "6.1e21", "aerr2": "9.0e20"}
SOS_SLIP_CLAIM = "6.0e7"
# the rates of the contact normal, Czd = oor t (t = pd - verr Cz), as sos_unit_formulas' rows
SOS_CZD_HINTS = tuple(reciprocal_scale_hint("Czd" + c, "t" + c) for c in AXES)


# ---------------------------------------------------------------- line_on_line (src/line_on_line.c, lol_outputs)
# perr = p . n, n = (1/s) w, w = sense (df x db), s = sqrt(w . w): the division has no lower bound on the box (the
# kernel's parallel branch starts at |df x db|^2 < 2^-91), so the rows hold on a declared sub-box, edges at 30 degrees
# or more: |df x db|^2 >= 1/4 (a hypothesis on the exact value; the random cases are drawn in it). One formula per
# sense (sense multiplies exactly; it is decided on the kernel's rounded wsf, wsb, which the cases follow).
LOL_SUB_BOX = "|df x db|^2 >= 1/4 (edges at 30 degrees or more)"
# Besides the sub-box's lower end, facts about every accepted input, on exact values: df = R1 (E1 e_x) and
# db = R2 (E2 e_x) are at most 1 + 2e-12 long (an accepted rotation has ||R||_2 <= sqrt(1 + 3e-12), its column
# sqrt(1 + 1e-12)), so are their components, and |df x db|^2 <= |df|^2 |db|^2. The hints carry the components'
# bounds over to the rounded values (Gappa does not by itself). Gappa's best: 7.1e-6 without these facts, 3.9e-6 with
# df's alone, 2.0e-6 with both (|df x db| and |n| <= 1 as facts too change nothing or 0.5%).
LOL_HYPS = (["Ms2 in [0.25, 1.000001]"] + [f"M{v}{c} in [-1.000001, 1.000001]" for v in ("df", "db") for c in AXES])
LOL_HINTS = (["s2 -> Ms2 + (s2 - Ms2);", "oos - Moos -> (oos - 1.0 / s) + (Ms - s) / (s * Ms) { s <> 0, Ms <> 0 };"] +
             [f"{v}{c} -> M{v}{c} + ({v}{c} - M{v}{c});" for v in ("df", "db") for c in AXES])


def apply_column(r, m, j, out):
    """m3_apply(R, m3_column(E, j)) with E's entries as inputs: out_i = R_i0 E_0j + R_i1 E_1j + R_i2 E_2j."""
    return [(out + AXES[i], f"{r}{i}0 * {m}0{j} + {r}{i}1 * {m}1{j} + {r}{i}2 * {m}2{j}") for i in range(3)]


def full_rotation(x, name):
    """The 3x3 rotation named name in x, the identity's entries where x has none (the corner case sets only the
    entries a formula reads)."""
    return [[x.get(f"{name}{i}{j}", 1.0 if i == j else 0.0) for j in range(3)] for i in range(3)]


def lol_geometry(x):
    """df, sf, db, sb as the kernel computes them (doubles, m3_apply's order), from the full rotations of x."""
    def mv(R, v):
        return [R[i][0] * v[0] + R[i][1] * v[1] + R[i][2] * v[2] for i in range(3)]
    def col(E, j):
        return [E[0][j], E[1][j], E[2][j]]
    R1, R2, E1, E2 = (full_rotation(x, n) for n in ("b1R", "b2R", "E1R", "E2R"))
    return mv(R1, col(E1, 0)), mv(R1, col(E1, 2)), mv(R2, col(E2, 0)), mv(R2, col(E2, 2)), E1, E2


def lol_sub_box(sense):
    """Random inputs (and the corner case) in the sub-box, with the kernel deciding this sense: E2's columns are
    permuted cyclically to the largest |df x db|^2 (one is >= 2/3: the squared sines to the three axes of a frame sum
    to 2), and if the sense differs, E1's and E2's columns 1 and 2 are negated (still proper rotations; df and db
    unchanged, wsf and wsb negated, so the kernel's rule gives the other sense)."""
    def cross3(a, b):
        return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

    def dot3(a, b):
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

    def put(x, name, E):
        x.update({f"{name}{i}{j}": E[i][j] for i in range(3) for j in range(3)})

    def sin2(x, E2):
        """|df x db|^2 with E2 as edge 2's frame."""
        df, _, db, _, _, _ = lol_geometry({**x, **{f"E2R{i}{j}": E2[i][j] for i in range(3) for j in range(3)}})
        w = cross3(df, db)
        return dot3(w, w)

    def sample(x):
        E2 = full_rotation(x, "E2R")
        cyclic = [[[E2[i][(j + k) % 3] for j in range(3)] for i in range(3)] for k in range(3)]
        put(x, "E2R", max(cyclic, key=lambda E: sin2(x, E)))
        put(x, "E1R", full_rotation(x, "E1R"))
        df, sf, db, sb, E1, E2 = lol_geometry(x)
        w = cross3(df, db)
        assert dot3(w, w) >= 0.26  # the hypothesis is on the exact value: a margin over 1/4
        wsf, wsb = dot3(w, sf), dot3(w, sb)
        got = (1 if wsf >= 0.0 else -1) if abs(wsf) > abs(wsb) else (-1 if wsb >= 0.0 else 1)
        if got != sense:
            for name, E in (("E1R", E1), ("E2R", E2)):
                put(x, name, [[E[i][0], -E[i][1], -E[i][2]] for i in range(3)])
        return x
    return sample


def lol_frames(x):
    frames = {}
    for k, name in ((1, "E1R"), (2, "E2R")):
        frames[f"edge_frame{k}_in_b{k}"] = {"R": full_rotation(x, name), "p": [x[n] for n in vec(f"e{k}p")]}
        frames[f"half_length{k}"] = 1.0
    return frames


def lol_case(x, rolling=False):
    lam = [x.get("l0", 0.0)] + ([x.get("l1", 0.0), x.get("l2", 0.0)] if rolling else [])
    return {"kind": "line_on_line", "params": {**lol_frames(x), "rolling": rolling},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": lam}


def lol_rolling_case(x):
    return lol_case(x, rolling=True)


def edge_edge_case(x):
    """The edge_edge class: the line_on_line kernel, rolling, on the same edge frames (contacts.c, eval_edge_edge)."""
    return {"kind": "edge_edge", "params": lol_frames(x), "body1": body_json(x, "b1"), "body2": body_json(x, "b2"),
            "lambda": [x.get("l0", 0.0), x.get("l1", 0.0), x.get("l2", 0.0)], **FRICTION_RULES}


def lol_force_formulas(sense, inputs, steps, sub_box):
    """line_on_line's forces (fn = l0 n at Co; with rolling, ft = l1 Cx + l2 Cy there too) and its rolling rows
    verr[1..2] = vF . Cx, vF . Cy (vF the relative velocity of the material points at Co), on the sub-box, and the
    edge_edge class's copies. None of them reads the normal's time derivatives."""
    all_steps = (steps + contact_arms() + rolling_force_steps("l0", "n", "pBCo", "pFCo", "df", "Cy") +
                 slip_velocity() + dot("vF", "df", "verr1") + dot("vF", "Cy", "verr2"))
    force_inputs = {**inputs, "l0": "mag"}
    rolling_inputs = {**inputs, "l0": "mag", "l1": "mag", "l2": "mag"}
    velocity_inputs = motion_inputs(inputs, "wv")
    parts = [("line_on_line", lol_case, force_inputs, "",
              [(f"force_on_body2.force.{c}", "f" + c) for c in AXES] +
              [(f"force_on_body{b}.moment.{c}", m + c) for b, m in ((2, "m2"), (1, "m1")) for c in AXES] +
              [(f"force_on_body2_applied.{c}", "nf" + c) for c in AXES]),
             ("line_on_line", lol_rolling_case, rolling_inputs, "rolling ",
              [(f"force_on_body2.force.{c}", "F2" + c) for c in AXES] +
              [(f"force_on_body{b}.moment.{c}", m + c) for b, m in ((2, "M2"), (1, "M1")) for c in AXES] +
              [(f"force_on_body2_applied.{c}", "nap" + c) for c in AXES]),
             ("line_on_line", lol_rolling_case, velocity_inputs, "rolling ",
              [("verr[1]", "verr1"), ("verr[2]", "verr2")]),
             ("edge_edge", edge_edge_case, rolling_inputs, "",
              [(f"constraint.force_on_body2.force.{c}", "F2" + c) for c in AXES] +
              [(f"constraint.force_on_body{b}.moment.{c}", m + c) for b, m in ((2, "M2"), (1, "M1")) for c in AXES]),
             ("edge_edge", edge_edge_case, velocity_inputs, "",
              [("constraint.verr[1]", "verr1"), ("slip_velocity[0]", "verr1"), ("constraint.verr[2]", "verr2"),
               ("slip_velocity[1]", "verr2")])]
    out = []
    # the edge_edge class's slip speed: a norm row on its slip velocity (as the plane classes')
    out.append(formula("edge_edge", "slip_speed", velocity_inputs, slip_speed_steps(all_steps, "verr1", "verr2"),
                       "slip", edge_edge_case,
                       claim=LOL_FORCE_CLAIMS["slip"], mode=f"sense {sense:+d}", hyps=LOL_HYPS, hints=LOL_HINTS,
                       norm=("sl", "0.0"), **sub_box))
    for kind, case, part_inputs, mode, members in parts:
        need = needed_steps(all_steps + [("all", " + ".join(res for _, res in members))], "all")[:-1]
        for output, res in members:
            out.append(formula(kind, output, part_inputs, need, res, case,
                               claim=LOL_FORCE_CLAIMS[res if res in LOL_FORCE_CLAIMS else res[:-1]],
                               mode=f"{mode}sense {sense:+d}", hyps=LOL_HYPS, hints=LOL_HINTS, **sub_box))
    return out


def lol_rate_steps(sense):
    """lol_rate_rows' normal row (line_on_line.c): dp the relative velocity of Pb and Pf, the edges' rates ddf, ddb
    and accelerations d2df, d2db, dw = sense (ddf x db + df x ddb) and d2w those of w, dn = oos (dw - (n . dw) n) and
    d2n those of n; verr_n = dp . n + p . dn, aerr_n = d2p . n + 2 dp . dn + p . d2n (sense multiplies exactly)."""
    sg = "" if sense > 0 else "-"
    rate = (arm_velocity("b1", "armPf", "vPf") + arm_velocity("b2", "armPb", "vPb") + sub("vPb", "vPf", "dp") +
            cross("b1w", "df", "ddf") + cross("b2w", "db", "ddb") + cross("ddf", "db", "dwf") +
            cross("df", "ddb", "dwb") + add("dwf", "dwb", "dws") + [("dw" + c, sg + "dws" + c) for c in AXES] +
            dot("n", "dw", "ndw") + [("dn" + c, f"oos * (dw{c} - ndw * n{c})") for c in AXES] +
            dot("dp", "n", "dpn") + dot("p", "dn", "pdn") + [("verrn", "dpn + pdn")])
    acc = (arm_acceleration("b2", "armPb", "aPb") + arm_acceleration("b1", "armPf", "aPf") + sub("aPb", "aPf", "d2p") +
           cross("b1b", "df", "bdf") + cross("b1w", "ddf", "wddf") + add("bdf", "wddf", "d2df") +
           cross("b2b", "db", "bdb") + cross("b2w", "ddb", "wddb") + add("bdb", "wddb", "d2db") +
           cross("d2df", "db", "d2wf") + cross("ddf", "ddb", "d2wm") + cross("df", "d2db", "d2wb") +
           [("d2ws" + c, f"d2wf{c} + 2.0 * d2wm{c} + d2wb{c}") for c in AXES] +
           [("d2w" + c, sg + "d2ws" + c) for c in AXES] + [("ondw", "oos * ndw")] +
           [("ddw" + c, f"d2w{c} - ondw * dw{c}") for c in AXES] + dot("n", "ddw", "nddw") + dot("dn", "dw", "dndw") +
           [("kn", "nddw + dndw")] + [("d2n" + c, f"oos * (ddw{c} - ndw * dn{c} - kn * n{c})") for c in AXES] +
           dot("d2p", "n", "d2pn") + dot("dp", "dn", "dpdn") + dot("p", "d2n", "pd2n") +
           [("aerrn", "d2pn + 2.0 * dpdn + pd2n")])
    # rolling: the rates dtf, dtb of the line parameters (doos that of oos), of the contact point Co and of the slip
    # velocity following Co (dvF); aerr_x = dvF . Cx + vF . ddf, aerr_y = dvF . Cy + vF . d(n x df) (-sense exact)
    msg = "-1.0" if sense > 0 else "1.0"
    slip = contact_arms() + slip_velocity() + [("doos", "-oos * oos * ndw")]
    for t, e, de in (("tf", "db", "ddb"), ("tb", "df", "ddf")):
        slip += (cross("n", e, "nX" + e) + cross("dn", e, "dnX" + e) + cross("n", de, "nX" + de) +
                 add("dnX" + e, "nX" + de, "d_nX" + e) + dot("dp", "nX" + e, "dpnX" + e) +
                 dot("p", "d_nX" + e, "pd_nX" + e) + dot("p", "nX" + e, "pnX" + e) +
                 [("d" + t, f"{msg} * (oos * (dpnX{e} + pd_nX{e}) + doos * pnX{e})")])
    slip += ([("dQf" + c, f"vPf{c} + dtf * df{c} + tf * ddf{c}") for c in AXES] +
             [("dQb" + c, f"vPb{c} + dtb * db{c} + tb * ddb{c}") for c in AXES] +
             [("dCo" + c, f"0.5 * (dQf{c} + dQb{c})") for c in AXES] + sub("dCo", "b1v", "dpFCo") +
             sub("dCo", "b2v", "dpBCo"))
    slip += slip_acceleration_rows(("df", "ddf", "aerrx"), ("Cy", "d_nXdf", "aerry"))
    return rate + acc + slip


def lol_rate_formulas(sense, inputs, steps, sub_box):
    """line_on_line's normal row verr[0], aerr[0] and, rolling, its slip rows' aerr[1..2] (lol_rate_rows) on the
    sub-box, and the edge_edge class's copies and impact speed. aerr[1] and aerr[2] share their steps up to dvF: one
    group (one Gappa run) per kind."""
    all_steps = steps + lol_rate_steps(sense)
    velocity_inputs, acceleration_inputs = motion_inputs(inputs, "wv"), motion_inputs(inputs, "wvba")
    out = []
    for part_inputs, rows in (
            (velocity_inputs, [("line_on_line", lol_case, "verr[0]", "verrn"),
                               ("edge_edge", edge_edge_case, "constraint.verr[0]", "verrn"),
                               ("edge_edge", edge_edge_case, "verr", "verrn")]),
            (acceleration_inputs, [("line_on_line", lol_case, "aerr[0]", "aerrn"),
                                   ("edge_edge", edge_edge_case, "constraint.aerr[0]", "aerrn"),
                                   ("edge_edge", edge_edge_case, "aerr", "aerrn")]),
            (acceleration_inputs, [("line_on_line", lol_rolling_case, f"aerr[{i}]", res) for i, res in
                                   ((1, "aerrx"), (2, "aerry"))] +
                                  [("edge_edge", edge_edge_case, f"{name}[{i}]", res) for name, i, res in
                                   (("constraint.aerr", 1, "aerrx"), ("slip_acceleration", 0, "aerrx"),
                                    ("constraint.aerr", 2, "aerry"), ("slip_acceleration", 1, "aerry"))])):
        results = sorted({res for _, _, _, res in rows})
        need = needed_steps(all_steps + [("all", " + ".join(results))], "all")[:-1]
        for kind, case, output, res in rows:
            out.append(formula(kind, output, part_inputs, need, res, case, claim=LOL_RATE_CLAIMS[res],
                               mode=("rolling " if case is lol_rolling_case else "") + f"sense {sense:+d}",
                               hyps=about_steps(LOL_RATE_HYPS, need, part_inputs),
                               hints=about_steps(LOL_HINTS, need, part_inputs), **sub_box))
    return out + impact_formulas([f for f in out if f["kind"] == "edge_edge"], sign=1,
                                 mode=f"approaching, sense {sense:+d}")


# Gappa's best bounds on the sub-box, rounded up to two digits (the same for both senses)
LOL_RATE_CLAIMS = {"verrn": "68", "aerrn": "6.6e9", "aerrx": "8.1e9", "aerry": "2.9e10"}
# Facts about the rates' exact values, each a norm inequality on every accepted input of the sub-box (|.| the
# Euclidean norm, bounding each component; inputs' vectors at most sqrt(3) 1e6 long, df and db at most 1 + 2e-12,
# so is R e at most (1 + 2e-12) |e|): the arms R1 e1p, R2 e2p and the edges' rates ddf = w1 x df, ddb at most
# 1.73205081e6; dw = sense (ddf x db + df x ddb) at most twice that; n unit; dn = oos (dw - (n . dw) n) at most
# oos |dw| <= 2 |dw| (s2 >= 1/4 on the sub-box); d2df = b1 x df + w1 x ddf at most 1.7321e6 + 1.73205081e6 1.7321e6;
# d2w = sense (d2df x db + 2 ddf x ddb + df x d2db) at most twice d2df's bound plus 2 (1.7321e6)^2. The bounds are
# rounded up. Gappa's bounds without them: verr 582 (254 with n unit alone), aerr 2.9e11 (6.5e10).
LOL_RATE_HYPS = tuple(LOL_HYPS) + tuple(
    f"M{v}{c} in [-{bound}, {bound}]" for v, bound in (
        ("armPf", "1.7321e6"), ("armPb", "1.7321e6"), ("n", "1"), ("ddf", "1.7321e6"), ("ddb", "1.7321e6"),
        ("dw", "3.4642e6"), ("dn", "6.9284e6"), ("d2df", "3.0001e12"), ("d2db", "3.0001e12"), ("d2w", "1.2001e13"))
    for c in AXES)


# Gappa's best bounds on the sub-box, rounded up to two digits (the same for both senses)
LOL_FORCE_CLAIMS = {"f": "8.3e-8", "m2": "95", "m1": "95", "nf": "8.3e-8", "F2": "2.6e-7", "M2": "320", "M1": "320",
                    "nap": "2.6e-7", "verr1": "190", "verr2": "1.2e3", "slip": "1.2e3"}


def lol_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{f"E1R{i}0": "unit" for i in range(3)},
              **{f"E2R{i}0": "unit" for i in range(3)}, **{n: "mag" for n in vec("e1p") + vec("e2p")}}
    geometry = (apply_column("b1R", "E1R", 0, "df") + apply_column("b2R", "E2R", 0, "db") +
                apply("b1R", "e1p", "armPf") + add("b1p", "armPf", "Pf") + apply("b2R", "e2p", "armPb") +
                add("b2p", "armPb", "Pb") + sub("Pb", "Pf", "p") + cross("df", "db", "wraw") +
                dot("wraw", "wraw", "s2"))
    out = []
    for sense in (1, -1):
        w = [("w" + c, ("" if sense > 0 else "-") + "wraw" + c) for c in AXES]
        normal = geometry + w + [("s", "sqrt(s2)"), ("oos", "1.0 / s")] + [("n" + c, "oos * w" + c) for c in AXES]
        # (7)-(10): tf = -sense oos db.(p x n), tb likewise with df (-sense * oos is exact); Qf = Pf + tf df,
        # Qb = Pb + tb db, Co = (Qf + Qb)/2; the contact frame's columns df, n x df, n
        msg = "-1.0" if sense > 0 else "1.0"
        points = (cross("p", "n", "pXn") + dot("db", "pXn", "dbpXn") + dot("df", "pXn", "dfpXn") +
                  [("tf", f"{msg} * oos * dbpXn"), ("tb", f"{msg} * oos * dfpXn")] +
                  [("Qf" + c, f"Pf{c} + tf * df{c}") for c in AXES] +
                  [("Qb" + c, f"Pb{c} + tb * db{c}") for c in AXES] +
                  [("Co" + c, f"0.5 * (Qf{c} + Qb{c})") for c in AXES] + cross("n", "df", "Cy"))
        # the claims: Gappa's best bounds on the sub-box, rounded up to two digits (the same for both senses)
        rows = [("perr[0]", "perr", "2.0e-6"), ("separation", "perr", "2.0e-6")]
        rows += [(f"closest_point{k}.{c}", f"Q{b}{c}", "1.6e-5") for k, b in ((1, "f"), (2, "b")) for c in AXES]
        rows += [(f"contact_frame.p.{c}", "Co" + c, "1.6e-5") for c in AXES]
        rows += [(f"contact_frame.R[{i}][{j}]", v + AXES[i], claim)
                 for j, v, claim in ((0, "df", "6.7e-16"), (1, "Cy", "1.7e-13"), (2, "n", "8.2e-14")) for i in range(3)]
        class_rows = ([("constraint.perr[0]", "perr", "2.0e-6"), ("perr", "perr", "2.0e-6")] +
                      [(f"display_point.{c}", "Co" + c, "1.6e-5") for c in AXES])
        steps = normal + dot("p", "n", "perr") + points
        # every formula of this sense: its cases drawn in the sub-box, its claim a bound on it
        in_sub_box = lol_sub_box(sense)
        sub_box = {"why": WIDE_BOX + "; sub-box " + LOL_SUB_BOX, "sample": in_sub_box, "corner": in_sub_box}
        out += lol_force_formulas(sense, inputs, steps, sub_box)
        out += lol_rate_formulas(sense, inputs, steps, sub_box)
        for kind, case, kind_rows in (("line_on_line", lol_case, rows), ("edge_edge", edge_edge_case, class_rows)):
            for output, res, claim in kind_rows:
                out.append(formula(kind, output, inputs, steps, res, case, claim=claim, mode=f"sense {sense:+d}",
                                   hyps=LOL_HYPS, hints=LOL_HINTS, **sub_box))
    return out


# ---------------------------------------------------------------- weld (src/weld.c, weld_outputs)
# The frames' axes RB = R1 Rf1 and RF = R2 Rf2 (m3_mul: column j is R applied to column j of the frame's rotation),
# frame 2's origin S = p2 + R2 pf2, frame 1's P = p1 + R1 pf1 and arm1 = S - p1 (Ball's geometry with s1 = pf1,
# s2 = pf2). Angular row i pairs F_i = RF's column i with B_i' = RB's column i + 1 mod 3: c_i = F_i x B_i',
# perr[i] = F_i . B_i', verr[i] = w . c_i, aerr[i] = bw . c_i + w . d_i with w = w2 - w1, bw = b2 - b1 and
# d_i = (w2 x F_i) x B_i' - (w1 x B_i') x F_i (weld_angular). The linear rows perr, verr, aerr[3..5] are Ball's at S.
# Forces: the torque t = (l0 c0 + l1 c1) + l2 c2, f = (l3, l4, l5) (exact); body 2's moment t + arm2 x f, body 1's
# (-t) + arm1 x (-f); the force parts f and -f are exact.

def weld_case(x):
    def frame(k):
        return {"R": full_rotation(x, f"E{k}R"), "p": [x.get(n, 0.0) for n in vec(f"s{k}")]}
    def body(b):  # body_json, with the identity for a rotation the formula does not read (frame1.R reads no R2)
        return body_json({**x, **{f"{b}R{i}{j}": v for i, r in enumerate(full_rotation(x, b + "R"))
                                  for j, v in enumerate(r)}}, b)
    return {"kind": "weld", "params": {"frame1_in_b1": frame(1), "frame2_in_b2": frame(2)},
            "body1": body("b1"), "body2": body("b2"),
            "lambda": [x.get(n, 0.0) for n in ("l0", "l1", "l2", "fx", "fy", "fz")]}


# Gappa's best bounds on the wide box, rounded up to two digits, per result (without its axis or row)
WELD_CLAIMS = {"RB": "7.8e-16", "RF": "7.8e-16", "perr": "4.8e-15", "verr": "2.2e-8", "aerr": "0.094"}


# Facts about every accepted input, on exact values: a column of RB = R1 Rf1 (or RF) is R1 applied to a column of Rf1,
# at most sqrt(1 + 1e-12) long, and ||R1||_2 <= sqrt(1 + 3e-12) (every entry of R^T R - I within 1e-12), so it is at
# most 1 + 2e-12 long, and so are its components (line_on_line's df, db are such columns). The hints carry the bounds
# over to the rounded values (Gappa does not by itself). Gappa's best without them: perr 2.02e-14, verr 1.10e-7,
# aerr 0.591 (each 4.2 to 6.3 times more).
WELD_HYPS = tuple(f"M{v}{j}{c} in [-1.000001, 1.000001]" for v in ("RB", "RF") for j in range(3) for c in AXES)
WELD_HINTS = tuple(f"{v}{j}{c} -> M{v}{j}{c} + ({v}{j}{c} - M{v}{j}{c});" for v in ("RB", "RF") for j in range(3)
                   for c in AXES)


def weld_short_arms(x):
    """The moments' random cases: where l0 > 0 (about half of them), the positions and frame origins scaled by 1e-6.
    On the box's scale |arm x f| reaches 1e12 and absorbs the torque t (up to 1e6 per component) below its ulp, so
    that the torque's operation order would not show in the moments' bits (the sum l0 c0 + (l1 c1 + l2 c2) passed
    the transcription check on 100 of 100 cases)."""
    if x["l0"] > 0:
        x = {n: v * 1e-6 if re.fullmatch(r"b[12]p[xyz]|s[12][xyz]", n) else v for n, v in x.items()}
    return x


def weld_formulas():
    out = []
    stations = {n: "mag" for n in vec("s1") + vec("s2")}
    frames = {n: "unit" for n in mat("E1R") + mat("E2R")}
    # Ball's rows at S: its geometry and steps, weld's case
    for f in ball_formulas():
        row = re.fullmatch(r"([pva]err)\[([0-2])\]", f["output"])
        if row:
            out.append(dict(f, kind="weld", label="weld", output=f"{row.group(1)}[{int(row.group(2)) + 3}]",
                            case=weld_case))
    # (1) the frames' axes in G: RB's columns RB0..RB2, RF's RF0..RF2 (frame1.R, frame2.R)
    axes = ([s for j in range(3) for s in apply_column("b1R", "E1R", j, f"RB{j}")] +
            [s for j in range(3) for s in apply_column("b2R", "E2R", j, f"RF{j}")])
    for k, name in ((1, "RB"), (2, "RF")):
        inputs = {**body_inputs(f"b{k}", ""), **{n: "unit" for n in mat(f"E{k}R")}}
        steps = [s for s in axes if s[0].startswith(name)]
        for i in range(3):
            for j in range(3):
                out.append(formula("weld", f"frame{k}.R[{i}][{j}]", inputs, steps, f"{name}{j}{AXES[i]}", weld_case,
                                   claim=WELD_CLAIMS[name], why=WIDE_BOX))
    # (12) the frames' origins P, S: Ball's geometry
    geometry = ball_geometry()
    ginputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **stations}
    for k, v in ((1, "P"), (2, "S")):
        for c in AXES:
            out.append(formula("weld", f"frame{k}.p.{c}", ginputs, geometry, v + c, weld_case))
    # (3), (5), (6), (8): the angular rows, one group per row (each with the steps it needs: Gappa takes 5.8 s on
    # aerr[0] alone, 85 s on the three rows as one group)
    rows = []
    for i in range(3):
        F, B = f"RF{i}", f"RB{(i + 1) % 3}"
        rows += (cross(F, B, f"c{i}") + cross("b2w", F, f"w2F{i}") + cross(f"w2F{i}", B, f"w2FB{i}") +
                 cross("b1w", B, f"w1B{i}") + cross(f"w1B{i}", F, f"w1BF{i}") + sub(f"w2FB{i}", f"w1BF{i}", f"d{i}") +
                 dot(F, B, f"perr{i}"))
    rows = axes + sub("b2w", "b1w", "w") + sub("b2b", "b1b", "bw") + rows
    for i in range(3):
        rows += (dot("w", f"c{i}", f"verr{i}") + dot("bw", f"c{i}", f"bwc{i}") + dot("w", f"d{i}", f"wd{i}") +
                 [(f"aerr{i}", f"bwc{i} + wd{i}")])
    angular = {**body_inputs("b1", ""), **body_inputs("b2", ""), **frames}
    for part, fields in (("perr", ""), ("verr", "w"), ("aerr", "wb")):
        for i in range(3):
            need = needed_steps(rows, f"{part}{i}")
            out.append(formula("weld", f"{part}[{i}]", motion_inputs(angular, fields), need, f"{part}{i}", weld_case,
                               claim=WELD_CLAIMS[part], why=WIDE_BOX,
                               hyps=about_steps(WELD_HYPS, need, angular),
                               hints=about_steps(WELD_HINTS, need, angular)))
    # (10), (11): t = (l0 c0 + l1 c1) + l2 c2; (t + arm2 x f, f) on body 2, ((-t) + arm1 x (-f), -f) on body 1
    forces = (geometry + needed_steps(rows, *(f"c{i}{c}" for i in range(3) for c in AXES)) +
              [("t" + c, f"l0 * c0{c} + l1 * c1{c} + l2 * c2{c}") for c in AXES] + cross("arm2", "f", "m2") +
              add("t", "m2", "M2") + [("nf" + c, "-f" + c) for c in AXES] + cross("arm1", "nf", "m1") +
              [("nt" + c, "-t" + c) for c in AXES] + add("nt", "m1", "M1"))
    finputs = {**ginputs, **frames, "l0": "mag", "l1": "mag", "l2": "mag", **{n: "mag" for n in vec("f")}}
    for k, res in ((2, "M2"), (1, "M1")):
        for c in AXES:
            out.append(formula("weld", f"force_on_body{k}.moment.{c}", finputs, forces, res + c, weld_case,
                               sample=weld_short_arms))
    return out


# ---------------------------------------------------------------- the contact rules (src/unilateral.c)
# ccref_effective_cor_branch and ccref_effective_cof_branch on their input doubles, one formula per branch (the branch
# is decided on the inputs, the same in both readings). The inputs' box (spec/conventions.md section 10): min_cor in
# [0, 1], friction coefficients and speeds in [0, MAG], a positive min_cor_speed at least RMIN.

def cor_case(x):
    return {"kind": "effective_cor", "params": {"min_cor": x["m"], "capture_speed": x["c"], "min_cor_speed": x["s"],
                                                "impact_speed": x["v"]}}


def cof_case(x):
    return {"kind": "effective_cof", "params": {"mu_s": x["mus"], "mu_d": x["mud"], "mu_v": x["muv"],
                                                "transition_speed": x["t"], "slip_speed": x["slip"]}}


def cor_branch(branch):
    """Random inputs (and the corner case) on a branch of the COR rule: CAPTURED v <= c, LINEAR c < v < s, MINIMUM
    v >= s (c <= s; the speeds a formula does not read are set here)."""
    def sample(x):
        s = x.get("s", MAG_F)
        v = x.get("v", MAG_F)
        if branch == "LINEAR":
            v = s * (v / MAG_F) if 0.0 < v < MAG_F else 0.5 * s
            assert 0.0 < v < s
            c = 0.5 * v
        elif branch == "MINIMUM":
            s = 0.5 * v if v > 0.0 else 0.0
            c = 0.5 * s
        else:
            c = s = v
        return {**x, "m": x.get("m", 0.5), "c": c, "s": s, "v": v}
    return sample


def cof_branch(branch):
    """Random inputs (and the corner case) on a branch of the COF rule: STATIC slip <= t (mu_d = mu_s / 2), DYNAMIC
    slip > t (mu_s = mu_d)."""
    def sample(x):
        slip = x["slip"] if x["slip"] > 0.0 else MAG_F
        if branch == "STATIC":
            return {**x, "slip": slip, "t": slip, "mud": 0.5 * x["mus"]}
        return {**x, "slip": slip, "t": 0.5 * slip, "mus": x["mud"]}
    return sample


def rule_formulas():
    """The effective COR (CAPTURED 0, MINIMUM min_cor, LINEAR 1 - ((1 - min_cor) / min_cor_speed) impact_speed) and
    the effective COF (fl(mu_v slip) + mu_s, or + mu_d)."""
    out = []
    linear = [("slope", "(1.0 - m) / s"), ("cor", "1.0 - slope * v")]
    for branch, inputs, steps, hyps in (
            ("CAPTURED", {"v": "nonneg"}, [("cor", "0.0")], ()),
            ("MINIMUM", {"m": "fraction", "v": "nonneg"}, [("cor", "m")], ()),
            # the branch's c < v < s, as the fact v / s in [0, 1] on the exact inputs
            ("LINEAR", {"m": "fraction", "s": "positive", "v": "nonneg"}, linear, ("v / s in [0, 1]",))):
        sample = cor_branch(branch)
        out.append(formula("effective_cor", "value", inputs, steps, "cor", cor_case, mode=branch, sample=sample,
                           hyps=hyps, corner=sample))
    for branch, mu in (("STATIC", "mus"), ("DYNAMIC", "mud")):
        sample = cof_branch(branch)
        out.append(formula("effective_cof", "value", {"muv": "nonneg", "slip": "nonneg", mu: "nonneg"},
                           [("visc", "muv * slip"), ("mu", "visc + " + mu)], "mu", cof_case, mode=branch,
                           sample=sample, corner=sample))
    return out


def all_formulas():
    return (ball_formulas() + cc_formulas() + pip_formulas() + pop_formulas() + sop_formulas() + brop_formulas() +
            hard_stop_formulas() + ppf_formulas() + point_plane_formulas() + sphere_plane_formulas() +
            norm_formulas() + rod_unit_formulas() + sos_unit_formulas() + sos_frame_formulas() +
            lol_formulas() + weld_formulas() + rule_formulas())
