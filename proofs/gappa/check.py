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
     bit on SAMPLES random valid cases in the box (proper rotations, unit vectors);
  4. the facts (hypotheses on exact values, derived in formulas.py) hold on the same random cases, evaluated in
     high-precision decimal arithmetic (fact_violations).
Formulas of one kind (and mode) with the same inputs, steps, hypotheses and hints (the components of one vector,
the rows of one relative acceleration) differ only in their result: they form one group, proved by one Gappa run
whose goal is the conjunction of theirs (Gappa then shares the enclosures of the common steps), and checked on the
same random cases. Gappa names a failed goal, so each output keeps its own verdict.
A norm formula (|p| - d) takes Gappa's bounds on p through norm_error.mlw's lemma (norm_bound); a unit formula (an
output that divides by |p|, on a declared sub-box) is proved in two Gappa stages around the same lemma (unit_stage1,
unit_facts, unit_free; proofs/gappa/README.md).
Gappa's answers may come from a cache (one archive), checked by a rotating cold window (GappaCache; GAPPA_CACHE,
default none).
Usage: check.py [--only REGEX] [--forgery-test] CCREF OUTDIR [SAMPLES]. Writes the Gappa scripts to OUTDIR (per
group, NAME.g with the claims and NAME_bound.g asking for the bounds), prints one row per output as it goes (the
claim, Gappa's bound, for the table of proofs/gappa/README.md), exits 1 if a claim is not proved or a transcription
differs. --only keeps the outputs whose "kind (mode) output" (e.g. "point_on_plane aerr[1]") matches REGEX
(re.search), for iterating on a few (the environment variable GAPPA_ONLY is its default, e.g. for
`make verify-gappa`). --tightest, which asked for the bound in a second run, is accepted and has no effect: the
bound is always asked for. --forgery-test runs forgery_test instead."""
import decimal
import hashlib
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
sys.path.insert(1, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import formulas  # noqa: E402
import verify  # noqa: E402  (proofs/verify.py: the cold window's position)

MAG = float(formulas.MAG)
RMIN = float(formulas.RMIN)
IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def exact(expr, steps):
    """The expression over the exact values of earlier steps (M-prefixed); inputs stay as they are."""
    return IDENT.sub(lambda m: "M" + m.group(0) if m.group(0) in steps else m.group(0), expr)


def gappa_script(group, goals, props=(), free=(), facts=()):
    """One script for a group of formulas with the same inputs and steps; goals: (result, goal text) pairs, props:
    further conclusions as Gappa text. A norm formula's last NORM_STEPS steps are left out (norm_bound). free: steps
    taken instead as doubles (their exact values M-prefixed), bounded by the hypotheses `facts` (a unit group's
    second stage: unit_free, unit_facts)."""
    f = dict(group[0])
    if f["norm"]:
        f["steps"] = f["steps"][:-formulas.NORM_STEPS]
    steps = [(n, e) for n, e in f["steps"] if n not in free]  # the steps that only fed them stay, unused
    names = set(free)
    lines = ["@rnd = float<ieee_64, ne>;"]
    for x in sorted(f["inputs"]) + list(free):
        lines.append(f"{x} = rnd({x}_);")
    for name, expr in steps:
        lines.append(f"{name} rnd= {expr};")
    for name, expr in steps:
        lines.append(f"M{name} = {exact(expr, names)};")
        names.add(name)
    hyps = " /\\ ".join([f"{x} in [{formulas.BOX[k][0]}, {formulas.BOX[k][1]}]"
                         for x, k in sorted(f["inputs"].items())] + list(facts) + list(f["hyps"]))
    concl = " /\\ ".join([f"|{r} - M{r}| {goal}" for r, goal in goals] + list(props))
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


NUMBER = r"(-?\d+)(?:b(-?\d+))?"


def gappa_enclosure(out, name):
    """Gappa's enclosure [lo, hi] of `name in ?` in its output, as exact rationals; None if it printed none."""
    m = re.search(rf"^  {re.escape(name)} in \[{NUMBER}(?: {{[^}}]*}})?, {NUMBER}[ \]]", out, re.M)
    if not m:
        return None
    return tuple(Fraction(int(m.group(i))) * Fraction(2) ** int(m.group(i + 1) or 0) for i in (1, 3))


def sqrt_up(q):
    """A rational s >= 0 with s * s >= q (q >= 0 rational), within 2^-600 of sqrt(q) (checked exactly)."""
    k = 600
    s = Fraction(math.isqrt(q.numerator * 4 ** k // q.denominator) + 1, 2 ** k)
    assert s * s >= q
    return s


U, ETA, TINY = Fraction(1, 2 ** 53), Fraction(1, 2 ** 1075), Fraction(1, 2 ** 536)
GAMMA3 = 3 * U / (1 - 3 * U)


def norm_bound(errors, magnitudes, d_error, d_magnitude):
    """norm_error.mlw's norm_minus_err: with |x^ - x| <= e_x and |x^| <= P_x <= 2^500 per component of p, and
    |d^ - d| <= e_d, |d^| <= D <= 2^1000,
        |fl(norm_fl(p^) - d^) - (|p| - d)| <= |e| + e_d + gamma3 |P| + 2^-536 + u ((1 + gamma3) |P| + 2^-536 + D)
                                              + 2^-1075,
    evaluated exactly with rational upper bounds of the two norms; None where a hypothesis of the lemma fails."""
    if max(magnitudes) > 2 ** 500 or d_magnitude > 2 ** 1000:
        return None
    norm_e = sqrt_up(sum(e * e for e in errors))
    norm_p = sqrt_up(sum(m * m for m in magnitudes))
    return norm_e + d_error + GAMMA3 * norm_p + TINY + U * ((1 + GAMMA3) * norm_p + TINY + d_magnitude) + ETA


ZERO = "0.0"  # a norm formula's constant component or d (a slip speed: p = (sx, sy, 0), d = 0), exact


def norm_parts(f):
    """A norm formula's p components and d that Gappa bounds: those that are neither inputs nor the constant 0."""
    p, d = f["norm"]
    expr = dict(f["steps"])
    return [n for n in [p + c for c in formulas.AXES] + [d] if n not in f["inputs"] and n != ZERO and
            expr.get(n) != ZERO]


def norm_claim_bound(f, out):
    """A norm formula's bound from Gappa's output (its script asks for p's components and d), None if incomplete.
    An input is exact, within its box; the constant 0 exact and 0."""
    p, d = f["norm"]
    asked = norm_parts(f)
    errors, encl = {}, {}
    for n in [p + c for c in formulas.AXES] + [d]:
        if n in asked:
            (errors[n],), encl[n] = gappa_bounds(out, [n]), gappa_enclosure(out, n)
        elif n in f["inputs"]:
            errors[n], encl[n] = Fraction(0), tuple(Fraction(v) for v in formulas.BOX[f["inputs"][n]])
        else:
            errors[n], encl[n] = Fraction(0), (Fraction(0), Fraction(0))
    if None in errors.values() or None in encl.values():
        return None
    comps = [p + c for c in formulas.AXES]
    return norm_bound([errors[n] for n in comps], [max(abs(v) for v in encl[n]) for n in comps], errors[d],
                      max(abs(v) for v in encl[d]))


def norm_goals(f):
    """A norm formula's goals and further conclusions: the error and the enclosure of p's components and of d if
    computed (norm_claim_bound reads them)."""
    names = norm_parts(f)
    return [(n, "in ?") for n in names], [f"{n} in ?" for n in names]


def dyadic(q, up):
    """q rounded outward to a multiple of 2^-300, in Gappa's notation."""
    n = q * 2 ** 300
    n = math.ceil(n) if up else math.floor(n)
    return f"{n}b-300"


def unit_stage1(f):
    """The first stage of a unit group: Gappa's errors and enclosures of p's components on the box (the steps they
    depend on)."""
    p, _, _ = f["unit"]
    comps = [p + c for c in formulas.AXES]
    steps = formulas.needed_steps(f["steps"] + [("all", " + ".join(comps))], "all")[:-1]
    g = dict(f, steps=steps, hyps=(), hints=(), norm=None)
    return gappa_script([g], [(n, "in ?") for n in comps], [f"{n} in ?" for n in comps])


def unit_facts(f, out):
    """From the first stage's output: per component of p its error e and enclosure, and the norm r's error E (the
    norm lemma with d = 0) and ranges, as Gappa hypotheses of the second stage; None if incomplete or if E does not
    leave r above 0 on the sub-box."""
    p, r, low = f["unit"]
    comps = [p + c for c in formulas.AXES]
    errors = gappa_bounds(out, comps)
    encl = [gappa_enclosure(out, c) for c in comps]
    if None in errors or None in encl:
        return None
    mags = [max(abs(lo), abs(hi)) for lo, hi in encl]
    big_e = norm_bound(errors, mags, Fraction(0), Fraction(0))
    low = Fraction(low)
    if big_e is None or big_e >= low:
        return None
    top = sqrt_up(sum(m * m for m in mags)) + sqrt_up(sum(e * e for e in errors))  # |p| <= |p^| + |p^ - p|
    hyps = []
    for c, e, (lo, hi) in zip(comps, errors, encl):
        hyps += [f"{c} in [{dyadic(lo, False)}, {dyadic(hi, True)}]", f"|{c} - M{c}| <= {dyadic(e, True)}",
                 f"M{c} in [{dyadic(lo - e, False)}, {dyadic(hi + e, True)}]", f"M{c} / M{r} in [-1, 1]"]
    hyps += [f"{r} in [{dyadic(low - big_e, False)}, {dyadic(top + big_e, True)}]",
             f"M{r} in [{dyadic(low, False)}, {dyadic(top, True)}]", f"|{r} - M{r}| <= {dyadic(big_e, True)}"]
    return hyps


def unit_free(f):
    """The steps a unit group's second stage takes as doubles (M-prefixed: their exact values), bounded by the facts
    of unit_facts: p's components and r; the steps that compute them are left out of its scripts."""
    p, r, _ = f["unit"]
    return [p + c for c in formulas.AXES] + [r]


def run_gappa(path):
    p = subprocess.run(["gappa", path], capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


class GappaCache:
    """Gappa's answers, kept in proofs/gappa-cache/ (GAPPA_CACHE_DIR) as one archive, answers.json.gz: a JSON object
    mapping the SHA-256 of the Gappa version and a script's text (Gappa's output does not depend on the script's
    path) to its answer (the script's name, Gappa's version, exit status and output), gzip'd without a time stamp
    (verify.write_gz_json: the same answers give the same bytes). Loose entries of the old form (<key>.json, one
    file per script) are read too, so the first GAPPA_CACHE=update run of every formula converts them. Modes
    (GAPPA_CACHE): replay (make verify-gappa's default) takes a cached answer, except for the groups of the cold
    window, which Gappa runs again and whose answers must equal the cached ones; update does the same and stores
    what is missing (and, after a run of every formula, keeps only the answers its scripts used); check (make
    verify-cold) runs every script and compares it with its entry; none runs every script and ignores the cache. A
    forged or stale entry is an answer that differs from Gappa's own, so the cold window (every group within
    GROUPS / GAPPA_COLD_GROUPS commits) or make verify-cold finds it."""
    ARCHIVE = "answers.json.gz"

    def __init__(self, mode, directory):
        if mode not in ("replay", "update", "check", "none"):
            sys.exit(f"check.py: GAPPA_CACHE={mode}: expected replay, update, check or none")
        self.mode, self.dir = mode, directory
        self.version = subprocess.run(["gappa", "--version"], capture_output=True, text=True).stdout.strip()
        self.cold = set()  # the group names of this run's cold window
        self.hits, self.runs, self.missing, self.differ = 0, 0, [], []
        self.used = set()  # the keys of this run's scripts
        self.path = os.path.join(directory, self.ARCHIVE)
        self.entries = verify.read_gz_json(self.path) if mode != "none" and os.path.exists(self.path) else {}
        self.loose = sorted(f for f in os.listdir(directory) if re.fullmatch(r"[0-9a-f]{64}\.json", f)) \
            if mode != "none" and os.path.isdir(directory) else []
        for f in self.loose:
            with open(os.path.join(directory, f)) as fh:
                self.entries.setdefault(f[:-len(".json")], json.load(fh))
        self.stored = 0

    def key(self, text):
        return hashlib.sha256((self.version + "\n" + text).encode()).hexdigest()

    def run(self, path, group):
        with open(path) as fh:
            text = fh.read()
        key = self.key(text)
        self.used.add(key)
        entry = self.entries.get(key) if self.mode != "none" else None
        if entry is not None and self.mode in ("replay", "update") and group not in self.cold:
            self.hits += 1
            return entry["rc"], entry["output"]
        rc, out = run_gappa(path)
        self.runs += 1
        name = os.path.basename(path)
        if entry is None and self.mode != "none":
            self.missing.append(name)
            if self.mode == "update":
                self.entries[key] = {"gappa": self.version, "script": name, "rc": rc, "output": out}
                self.stored += 1
        elif entry is not None and (entry["rc"], entry["output"]) != (rc, out):
            self.differ.append(f"{name} ({key})")
        return rc, out

    def choose_window(self, names, budget):
        """The cold window: `budget` groups of the sorted list of every group name (all formulas, not only those
        selected), placed by verify.window_position."""
        names = sorted(names)
        if budget <= 0 or not names or self.mode not in ("replay", "update"):
            return ""
        position, how = verify.window_position(budget, len(names))
        self.cold = {names[(position + i) % len(names)] for i in range(min(budget, len(names)))}
        return f"cold window of {len(self.cold)} of {len(names)} groups at {position} by {how}"

    def save(self, full):
        """At the end of a run: under update, the archive is written with the answers stored (a run of every formula,
        full, keeps only the answers its scripts used and drops the loose entries); otherwise the answers no script
        used are counted (GAPPA_CACHE=update after a run of every formula removes them)."""
        if self.mode == "none":
            return
        unused = sorted(k for k in self.entries if k not in self.used) if full else []
        if self.mode == "update" and (self.stored or unused or self.loose):
            keep = {k: e for k, e in self.entries.items() if k in self.used or not full}
            os.makedirs(self.dir, exist_ok=True)
            verify.write_gz_json(self.path, keep)
            if full:
                for f in self.loose:
                    os.remove(os.path.join(self.dir, f))
            print(f"gappa cache: {self.path} written, {len(keep)} answers ({self.stored} new"
                  + (f", {len(unused)} used by no script removed" if unused else "")
                  + (f", {len(self.loose)} loose entries of the old form {'removed' if full else 'taken in'}"
                     if self.loose else "") + ")")
        elif unused:
            print(f"gappa cache: {len(unused)} answers used by no script (GAPPA_CACHE=update removes them)")

    def summary(self):
        return (f"gappa cache ({self.mode}, {self.dir}): {self.hits} answers from the cache, {self.runs} Gappa runs"
                f" ({len(self.missing)} missing from the cache{', stored' if self.mode == 'update' else ''}), "
                f"{len(self.differ)} cached answers differing from Gappa's")


def corner(f):
    x = {}
    for name, k in f["inputs"].items():
        if k in ("unit", "fraction"):
            x[name] = 0.0
        elif k in ("positive", "nonneg"):
            x[name] = MAG
        else:
            x[name] = -MAG if name.startswith("b1p") else MAG
    for name in x:
        if re.fullmatch(r".*R([0-2])\1", name):  # the diagonal of a rotation
            x[name] = 1.0
    if "nx" in x:
        x["nx"] = 1.0
    return f["corner"](x) if f["corner"] else x


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
        lo, hi = {"mag": (-MAG, MAG), "positive": (RMIN, MAG), "fraction": (0.0, 1.0), "nonneg": (0.0, MAG)}[k]
        x[name] = rng.uniform(lo, hi)
    return f["sample"](x) if f["sample"] else x


def evaluate(f, x):
    return formulas.run_steps(f["steps"], x)[f["result"]]


FACT = re.compile(r"(.+) in \[(\S+), (\S+)\]")
LITERAL = re.compile(r"\b\d+(?:\.\d+)?(?:e[-+]?\d+)?\b")
FACT_DIGITS = 120


def decimal_code(expr):
    """expr compiled for evaluation on decimal.Decimal values (its numeric literals read as decimals, exactly)."""
    return compile(LITERAL.sub(lambda m: f"D('{m.group(0)}')", expr), expr, "eval")


def fact_violations(f, xs):
    """The facts of f (its hypotheses on exact values, `EXPR in [LO, HI]`, each derived in formulas.py) that one of
    the cases xs contradicts, with the number of such cases. The steps' exact values (the scripts' M-prefixed names:
    each step in real arithmetic on the inputs and the earlier exact values) are computed to FACT_DIGITS digits, so a
    fact is checked within 1e-80 of its bounds. Sampling, not proof: it catches a wrong derivation that the cases
    reach."""
    facts = []
    for text in f["hyps"]:
        m = FACT.fullmatch(text)
        if not m:
            sys.exit(f"check.py: {f['label']}: a hypothesis not of the form EXPR in [LO, HI]: {text}")
        facts.append((text, decimal_code(m.group(1)), decimal.Decimal(m.group(2)), decimal.Decimal(m.group(3))))
    steps = [(name, decimal_code(expr)) for name, expr in f["steps"]]
    slack = decimal.Decimal("1e-80")
    violated = {}
    with decimal.localcontext() as ctx:
        ctx.prec = FACT_DIGITS
        for x in xs if facts else ():
            env = {"D": decimal.Decimal, "sqrt": lambda d: d.sqrt(), **{n: decimal.Decimal(v) for n, v in x.items()}}
            try:
                for name, code in steps:
                    env[name] = env["M" + name] = eval(code, {"__builtins__": {}}, env)
                values = [eval(code, {"__builtins__": {}}, env) for _, code, _, _ in facts]
            except (decimal.InvalidOperation, ZeroDivisionError):  # an exact value undefined: no fact holds
                values = [None] * len(facts)
            for (text, _, lo, hi), value in zip(facts, values):
                if value is None or not lo - slack * max(1, abs(lo)) <= value <= hi + slack * max(1, abs(hi)):
                    violated[text] = violated.get(text, 0) + 1
    return violated


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


def group_name(group):
    """A group's script name: its first output's, and the number of the others."""
    f = group[0]
    label = f["label"].replace("+", "plus").replace("-", "minus")  # "sense +1" and "sense -1" stay apart
    return (re.sub(r"\W+", "_", label).strip("_") + "_" + f["output"].replace("[", "").replace("]", "") +
            (f"+{len(group) - 1}" if group[1:] else ""))


def check_formulas(ccref, outdir, samples, only, cache, cold_groups, claim_scale=1):
    """Proves and checks the formulas matching `only`, printing one row per output; returns the number failed.
    cold_groups: the size of the cold window (GappaCache); claim_scale multiplies every claim (1 but in the
    forgery test, which needs a false claim)."""
    rng = random.Random(20261127)
    failures = 0
    print(f"{'kind':<32} {'output':<26} {'spec B corner':>14} {'claim':>12} {'Gappa best':>12} {'proved':>7} "
          f"{'transcription':>14}")
    every = formulas.all_formulas()
    names = [group_name(g) for g in groups_of(every)]
    if len(set(names)) != len(names):  # a script file and a cold-window slot per group
        sys.exit("check.py: groups of the same name: " + ", ".join(sorted({n for n in names if names.count(n) > 1})))
    window = cache.choose_window(names, cold_groups)
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
        if claim_scale != 1:
            claims = [repr(float(c) * claim_scale) for c in claims]
        name = group_name(group)
        base = os.path.join(outdir, name)
        # base.g states the claims; base_bound.g asks Gappa for its bound of each output, which check.py compares
        # exactly with the claim. Only if a bound is missing or above its claim is base.g run (Gappa may then split
        # intervals to reach the claim): a claim fails only if that run fails.
        # A norm group has no claim script: its bound is norm_bound's, from Gappa's enclosures.
        # A unit group runs its first stage here (p's components on the box), whose numbers its scripts state.
        claim_goals = [(g["result"], f"<= {c}") for g, c in zip(group, claims)]
        bound_goals = [(g["result"], "in ?") for g in group]
        free, facts = (), ()
        if f["unit"]:
            with open(base + "_p.g", "w") as fh:
                fh.write(unit_stage1(f))
            _, out = cache.run(base + "_p.g", name)
            free, facts = unit_free(f), unit_facts(f, out)
        if facts is None:
            print(f"{base}_p.g: no bound of p's components, or the norm's error reaches the sub-box's |p|",
                  file=sys.stderr)
            out = ""
        else:
            if not f["norm"]:
                with open(base + ".g", "w") as fh:
                    fh.write(gappa_script(group, claim_goals, free=free, facts=facts))
            goals, props = norm_goals(f) if f["norm"] else (bound_goals, ())
            with open(base + "_bound.g", "w") as fh:
                fh.write(gappa_script(group, goals, props, free=free, facts=facts))
            _, out = cache.run(base + "_bound.g", name)
        # a norm group's outputs are copies of one value (a class's perr and constraint.perr[0]): one bound each
        bounds = ([norm_claim_bound(f, out)] * len(group) if f["norm"]
                  else gappa_bounds(out, [g["result"] for g in group]))
        tight = ["?" if u is None else "0" if u == 0 else f"{float(u):.6g}" for u in bounds]
        failed = {g["result"] for g, u, c in zip(group, bounds, claims) if u is None or u > Fraction(c)}
        results = {g["result"] for g in group}
        if failed and not f["norm"] and (facts is not None or not f["unit"]):
            rc, out = cache.run(base + ".g", name)
            named = set(re.findall(r"BND\(\|([A-Za-z_0-9]+) - M\1\|\)", out))
            # the goals Gappa names as not satisfied; every goal of the group if it names none or another term
            failed = set() if rc == 0 and "Error" not in out else named if named and named <= results else results
        if "assumed to be nonzero" in out:
            # Gappa applied a rewriting hint without checking that its denominators are nonzero (the rule is then
            # an unchecked assumption): every hint must state them as constraints, which Gappa proves
            print(f"{base}: a rewriting hint lacks its nonzero denominators as constraints", file=sys.stderr)
            failed = results
        xs = [random_inputs(f, rng) for _ in range(samples)]
        # and the branch's corner case, where formulas.py gives one (an extreme of the box, in the branch)
        fact_cases = xs + ([corner(f)] if f["corner"] else [])
        violated = fact_violations(f, fact_cases)
        for text, count in violated.items():
            print(f"{base}: the fact {text} fails on {count} of {len(fact_cases)} cases", file=sys.stderr)
        if violated:
            failed = results
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
                  + ("" if g["claim"] is None else "  (wide box)")
                  + ("  (norm lemma)" if g["norm"] or g["unit"] else "")
                  + ("  (sub-box)" if g["why"] and "sub-box" in g["why"] else "")
                  + ("  (cold)" if name in cache.cold else ""), flush=True)
        if failed:
            print("\n".join(line for line in out.strip().splitlines() if not line.startswith("Warning")),
                  file=sys.stderr)
    n = len(every)
    print(f"gappa: {n - failures}/{n} outputs: bound proved on the box (or its declared sub-box) and transcription "
          f"identical to the kernel")
    print(cache.summary() + (f"; {window}" if window else ""))
    for d in cache.differ:
        print(f"gappa cache: the cached answer of {d} differs from Gappa's: the entry is forged or stale "
              f"(remove it from {cache.path}, then make verify-gappa GAPPA_CACHE=update stores Gappa's)",
              file=sys.stderr)
    return failures + len(cache.differ)


def forgery_test(ccref, outdir):
    """A cached Gappa answer forged under a false claim: the cached run must take it (so the forgery is real), and
    both the cold window and GAPPA_CACHE=check must refuse it. The claim of constant_coordinate perr[0] scaled by
    1e-3 (2.2e-13, below the 1.16e-10 Gappa proves) is false; its bound script's cached answer is rewritten to a
    bound of 0. And a false fact: sphere_on_sphere's normal components taken in [-0.9, 0.9] (they reach +-1) must be
    contradicted by random cases on which the true facts hold (fact_violations)."""
    only, scale = r"^constant_coordinate perr", 1e-3
    cache_dir = os.path.join(outdir, "forgery-cache")
    os.makedirs(cache_dir, exist_ok=True)
    for f in os.listdir(cache_dir):
        os.remove(os.path.join(cache_dir, f))

    def passes(tag, mode, cold_groups):
        print(f"-- forgery test, {tag} run (GAPPA_CACHE={mode})")
        cache = GappaCache(mode, cache_dir)
        failed = check_formulas(ccref, outdir, 5, only, cache, cold_groups, scale)
        cache.save(full=False)
        return failed == 0

    honest = passes("honest", "update", 0)
    # the honest run stored its answers in the archive (GappaCache.ARCHIVE); the bound script's is rewritten there
    forged = 0
    path = os.path.join(cache_dir, GappaCache.ARCHIVE)
    entries = verify.read_gz_json(path) if os.path.exists(path) else {}
    for entry in entries.values():
        if entry["script"].endswith("_bound.g"):
            entry["output"] = re.sub(r"in \[[^\]]*\]", "in [0, 0]", entry["output"])
            forged += 1
    verify.write_gz_json(path, entries)
    cached = passes("cached", "replay", 0)
    window = passes("cold-window", "replay", 10 ** 6)  # a window of every group
    check = passes("check", "check", 0)
    print(f"gappa forgery test: Gappa on the false claim: {'proved' if honest else 'not proved'}; {forged} cached "
          f"answer forged; cached run: {'passed' if cached else 'failed'}; cold window: "
          f"{'passed' if window else 'failed'}; GAPPA_CACHE=check: {'passed' if check else 'failed'}")
    if honest or forged != 1:
        print("gappa forgery test: FAILED (the false claim must fail and leave one bound answer to forge)")
        return 1
    if not cached:
        print("gappa forgery test: FAILED (the forged answer was not taken: the test no longer shows the risk)")
        return 1
    if window or check:
        print("gappa forgery test: FAILED (the cold window or GAPPA_CACHE=check did not catch the forged answer)")
        return 1
    (f,) = [g for g in formulas.all_formulas() if g["kind"] == "sphere_on_sphere" and g["output"] == "verr[0]"]
    rng = random.Random(20261129)
    xs = [random_inputs(f, rng) for _ in range(50)]
    true_facts = fact_violations(f, xs)
    false_facts = fact_violations(dict(f, hyps=tuple(h.replace("[-1, 1]", "[-0.9, 0.9]") for h in f["hyps"])), xs)
    print(f"gappa forgery test: sphere_on_sphere verr[0]'s {len(f['hyps'])} facts on 50 random cases: "
          f"{len(true_facts)} contradicted; taken in [-0.9, 0.9]: {len(false_facts)} contradicted")
    if true_facts or len(false_facts) != len(f["hyps"]) or len(f["hyps"]) != 3:
        print("gappa forgery test: FAILED (the three true facts must hold and the three false ones fail)")
        return 1
    print("gappa forgery test: passed (the forged answer fools the cached run; the cold window and "
          "GAPPA_CACHE=check catch it; the false facts are caught)")
    return 0


def main():
    usage = "usage: check.py [--only REGEX] [--forgery-test] CCREF OUTDIR [SAMPLES]"
    args, only, forgery = [], os.environ.get("GAPPA_ONLY") or None, False
    argv = iter(sys.argv[1:])
    for a in argv:
        if a == "--tightest":
            pass  # the tightest bound is always asked for now (kept for old command lines)
        elif a == "--forgery-test":
            forgery = True
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
    if forgery:
        return forgery_test(ccref, outdir)
    cache = GappaCache(os.environ.get("GAPPA_CACHE", "none"),
                       os.environ.get("GAPPA_CACHE_DIR", os.path.join(verify.ROOT, "proofs", "gappa-cache")))
    failed = check_formulas(ccref, outdir, samples, only, cache, int(os.environ.get("GAPPA_COLD_GROUPS", "4")))
    cache.save(full=only is None)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
