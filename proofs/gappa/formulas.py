"""The kernels' formulas, transcribed operation by operation in the order src/ evaluates them, for the Gappa error
bounds of proofs/gappa/check.py (proofs/gappa/README.md).

Each formula is a list of steps (name, expression). An expression uses + - * and sqrt() with the precedence and left
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

MAG = "1e6"
RMIN = "1e-6"

# Input kinds and their intervals (Gappa syntax). A rotation accepted by ccref_is_rotation has every entry of R^T R - I
# within 1e-12, so every entry within sqrt(1 + 1e-12) < 1 + 1e-12 (and a unit vector accepted by ccref_check_unit
# likewise): the unit box includes that margin, so the bounds cover every accepted input.
BOX = {"mag": ("-" + MAG, MAG), "unit": ("-1.000000000001", "1.000000000001"), "positive": (RMIN, MAG)}

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


def formula(kind, output, inputs, steps, result, case, claim=None, why=None):
    """claim None: Gappa must prove spec/accuracy.md's bound at the box's corner case (check.py). A number: Gappa
    must prove that bound instead, for the reason `why` (a box wider than the inputs the spec's bound assumes)."""
    return {"kind": kind, "output": output, "inputs": inputs, "steps": steps, "result": result, "case": case,
            "claim": claim, "why": why}


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


def ball_formulas():
    out = []
    geometry = (apply("b2R", "s2", "arm2") + add("b2p", "arm2", "S") + apply("b1R", "s1", "P_arm") +
                add("b1p", "P_arm", "P") + sub("S", "b1p", "arm1"))
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
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [0, 0, 0]}


def pop_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in mat("XR")},
              **{n: "mag" for n in vec("f") + vec("Xp")}}
    steps = (apply("b2R", "f", "arm2") + add("b2p", "arm2", "F") + sub("F", "b1p", "arm1") +
             apply_t("b1R", "arm1", "F_in_S") + sub("F_in_S", "Xp", "d") +
             [("perr", "dx * XR02 + dy * XR12 + dz * XR22")])
    out = [formula("point_on_plane", "perr[0]", inputs, steps, "perr", pop_case, claim="3.2e-8", why=WIDE_BOX)]
    # (6)-(7): the relative velocity on the plane axes, columns of R1 XR (m3_mul: R1 applied to each column of XR)
    vinputs = {**inputs, **body_inputs("b1", "wv"), **body_inputs("b2", "wv")}
    vsteps = (steps[:9] + arm_velocity("b2", "arm2", "v2") + arm_velocity("b1", "arm1", "v1") +
              sub("v2", "v1", "vrel"))
    for row, col in ((0, 2), (1, 0), (2, 1)):
        axis = [(f"P{col}" + AXES[i], f"b1R{i}0 * XR0{col} + b1R{i}1 * XR1{col} + b1R{i}2 * XR2{col}") for i in range(3)]
        out.append(formula("point_on_plane", f"verr[{row}]", vinputs, vsteps + axis + dot("vrel", f"P{col}", "verr"),
                           "verr", pop_case, claim="0.16", why=WIDE_BOX))
    return out


# ---------------------------------------------------------------- sphere_on_plane (src/sphere_on_plane.c, sop_outputs)

def sop_case(x):
    frame = {"R": [[x[f"XR{i}{j}"] for j in range(3)] for i in range(3)], "p": [x[n] for n in vec("Xp")]}
    return {"kind": "sphere_on_plane", "params": {"plane_frame_in_b1": frame, "center_in_b2": [x[n] for n in vec("c")],
                                                  "radius": x["r"], "rolling": False},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [0]}


def sop_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in mat("XR")},
              **{n: "mag" for n in vec("c") + vec("Xp")}, "r": "positive"}
    steps = ([("h", "Xpx * XR02 + Xpy * XR12 + Xpz * XR22")] +              # (1)-(2) h = Xp . Pz_F
             [("Pz" + AXES[i], f"b1R{i}0 * XR02 + b1R{i}1 * XR12 + b1R{i}2 * XR22") for i in range(3)] +  # R1 col2
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
    return out


# ---------------------------------------------------------------- ball_rolling_on_plane (brop_outputs)

def brop_case(x):
    return {"kind": "ball_rolling_on_plane",
            "params": {"normal_in_b1": [x[n] for n in vec("n")], "height": x["h"],
                       "center_in_b2": [x[n] for n in vec("c")], "radius": x["r"]},
            "body1": body_json(x, "b1"), "body2": body_json(x, "b2"), "lambda": [0, 0, 0]}


def brop_formulas():
    inputs = {**body_inputs("b1", "p"), **body_inputs("b2", "p"), **{n: "unit" for n in vec("n")},
              **{n: "mag" for n in vec("c")}, "h": "mag", "r": "positive"}
    geometry = apply("b2R", "c", "armO2") + add("b2p", "armO2", "O") + sub("O", "b1p", "armO1")
    perr = (geometry + apply_t("b1R", "armO1", "armO1_b1") + dot("armO1_b1", "n", "dd") + [("d", "dd - h")] +
            [("perr", "0.5 * (d - r)")])
    # n in G: column 2 of R1 R_PA, and column 2 of rotation_from_z(n_P) is n_P itself
    nG = apply("b1R", "n", "nG")
    vinputs = {**inputs, **body_inputs("b1", "wv"), **body_inputs("b2", "wv")}
    verr = (geometry + nG + arm_velocity("b2", "armO2", "v2") + arm_velocity("b1", "armO1", "v1") +
            sub("v2", "v1", "vO") + dot("vO", "nG", "vn") + [("verr", "0.5 * vn")])
    return [formula("ball_rolling_on_plane", "perr[0]", inputs, perr, "perr", brop_case, claim="2.1e-8",
                    why=WIDE_BOX),
            formula("ball_rolling_on_plane", "verr[0]", vinputs, verr, "verr", brop_case, claim="0.085",
                    why=WIDE_BOX)]


def all_formulas():
    return ball_formulas() + cc_formulas() + pip_formulas() + pop_formulas() + sop_formulas() + brop_formulas()
