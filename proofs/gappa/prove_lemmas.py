#!/usr/bin/env python3
"""prove_lemmas.py: proves every subgoal of a Why3 file (proofs/gappa/norm_error.mlw) with two provers in turn.

Usage: prove_lemmas.py WHY3CONF FILE.mlw [TIMELIMIT]

`why3 prove -a split_vc` runs one prover per theory on every subgoal (Z3 on the theories of Z3_FIRST, cvc5 on the
others), then the other prover on the subgoals left, selected by their line (`-g FILE:LINE`), and both again with
RETRY times the time limit on what is still left. The file is proved when every subgoal is Valid for one of them:
each prover proves subgoals the other times out on (polynomial identities for Z3, the instances of the nonlinear
lemmas about sqrt for cvc5), and why3 prove takes one prover per run. Prints one line per round and the subgoals left
open; exits 1 if one is left or if a lemma the norm rows rely on has no subgoal (renamed or deleted), 2 if why3
fails or Z3_FIRST names a theory the file does not have."""
import json
import re
import subprocess
import sys
import time

PROVERS = ("cvc5-wpfloat", "z3-wpfloat")
RETRY = 4
# The prover tried first per theory: Z3 where it proves all or all but one subgoal and cvc5 leaves some (polynomial
# identities, the rounding of sums; each theory timed alone with -t 10), cvc5 elsewhere (the instances of the lemmas
# about sqrt, where Z3 times out). A wrong choice costs time only: the other prover gets what is left.
Z3_FIRST = ("Squares", "SumRounding", "SqrtLe", "SqrtBounds", "Vectors", "SqrtProduct", "PerrRounding", "Binary64")
# Lemmas that the norm rows of check.py use, and the clone that proves Model's axioms for IEEE binary64: a file
# where one of them has no subgoal at all (renamed, deleted) fails, as a lemma left unproved does.
REQUIRED = ("norm_minus_err", "norm_of_computed", "norm_fl_err", "fl_err", "fl_nonneg", "sqrt_sq", "sqrt_mono",
            "sqrt_nonneg", "sq_def", "triangle", "sum3_err", "minus_err")


def results(conf, path, prover, timelimit, lines=(), theories=()):
    """Runs why3 prove on the subgoals at `lines`, or on `theories`; returns [(key, answer)] per subgoal,
    key = (goal, line, start, end, k)."""
    cmd = (["why3", "--config=" + conf, "prove", "-P", prover, "-t", str(timelimit), "-a", "split_vc", "--json", path] +
           ["-g%s:%d" % (path, n) for n in lines] + [a for t in theories for a in ("-T", t)])
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 2):  # 2: some subgoal not proved, read below; 1: the file does not type-check
        print("prove_lemmas: %s failed (exit %d):\n%s" % (" ".join(cmd), run.returncode, run.stderr[-2000:]),
              file=sys.stderr)
        sys.exit(2)
    out, decoder, pos, seen = [], json.JSONDecoder(), 0, {}
    text = run.stdout
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        obj, pos = decoder.raw_decode(text, pos)
        term, res = obj["term"], obj["prover-result"]
        loc = term.get("loc") or {}
        base = (term["goal_name"], loc.get("line", 0), loc.get("start-char", 0), loc.get("end-char", 0))
        seen[base] = seen.get(base, 0) + 1  # the same place twice (a clone's instances): kept apart by order
        out.append((base + (seen[base],), res["answer"]))
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    conf, path = sys.argv[1], sys.argv[2]
    timelimit = int(sys.argv[3]) if len(sys.argv) == 4 else 10
    start = time.time()
    with open(path) as fh:
        theories = re.findall(r"^theory (\w+)", fh.read(), re.M)
    if set(Z3_FIRST) - set(theories):
        print("prove_lemmas: Z3_FIRST names theories %s has not: %s" % (path, sorted(set(Z3_FIRST) - set(theories))),
              file=sys.stderr)
        sys.exit(2)
    first = {PROVERS[1]: [t for t in theories if t in Z3_FIRST], PROVERS[0]: [t for t in theories if t not in Z3_FIRST]}
    verdict, tried = {}, {}
    for prover, group in first.items():
        for key, answer in results(conf, path, prover, timelimit, theories=group):
            verdict[key], tried[key] = answer, prover
    left = sorted(key for key, answer in verdict.items() if answer != "Valid")
    print("prove_lemmas: %s: %d subgoals, %d proved by %s on %d theories and %s on %d, %d s each (%.0f s)"
          % (path, len(verdict), len(verdict) - len(left), PROVERS[1], len(first[PROVERS[1]]), PROVERS[0],
             len(first[PROVERS[0]]), timelimit, time.time() - start), flush=True)
    # then the other prover, and both again with RETRY times the limit: a loaded machine (make verify runs four
    # checks on two cores) can push cvc5's longest subgoals (up to 12 s alone) past the first limit
    rounds = [(prover, timelimit, lambda key, prover=prover: tried[key] != prover) for prover in PROVERS]
    rounds += [(prover, RETRY * timelimit, lambda key: True) for prover in PROVERS]
    for prover, limit, takes in rounds:
        todo = [key for key in left if takes(key)]
        if not todo:
            continue
        for key, answer in results(conf, path, prover, limit, sorted({key[1] for key in todo})):
            if key in verdict and verdict[key] != "Valid" and answer == "Valid":
                verdict[key] = answer
        now_left = [key for key in left if verdict[key] != "Valid"]
        print("prove_lemmas: %d of the %d left proved by %s in %d s (%.0f s in all)"
              % (len(left) - len(now_left), len(todo), prover, limit, time.time() - start), flush=True)
        left = now_left
    failures = ["%s (line %d, characters %d-%d): %s" % (key[0], key[1], key[2], key[3], verdict[key])
                for key in left]
    names = {key[0] for key in verdict}
    failures += ["%s: no subgoal of that name (the norm rows rely on it)" % n for n in REQUIRED if n not in names]
    for f in failures:
        print("prove_lemmas: open: " + f, file=sys.stderr)
    if failures:
        sys.exit(1)
    print("prove_lemmas: every subgoal proved (%d)" % len(verdict))


if __name__ == "__main__":
    main()
