#!/usr/bin/env python3
"""prove_lemmas.py: proves every subgoal of a Why3 file (proofs/gappa/norm_error.mlw) with two provers in turn.

Usage: prove_lemmas.py WHY3CONF FILE.mlw [TIMELIMIT]

`why3 prove -a split_vc` runs the first prover (cvc5) on every subgoal of the file; the subgoals it leaves are given
to the second (Z3), selected by their line (`-g FILE:LINE`), and what is still left to both again with RETRY times
the time limit. The file is proved when every subgoal is Valid for one of them: each prover proves subgoals the
other times out on (polynomial identities for Z3, the instances of the nonlinear lemmas about sqrt for cvc5), and
why3 prove takes one prover per run. Prints one line per pass and the subgoals left open; exits 1 if one is left or
if a lemma the norm rows rely on has no subgoal (renamed or deleted), 2 if why3 fails."""
import json
import subprocess
import sys
import time

PROVERS = ("cvc5-wpfloat", "z3-wpfloat")
RETRY = 4
# Lemmas that the norm rows of check.py use, and the clone that proves Model's axioms for IEEE binary64: a file
# where one of them has no subgoal at all (renamed, deleted) fails, as a lemma left unproved does.
REQUIRED = ("norm_minus_err", "norm_of_computed", "norm_fl_err", "fl_err", "fl_nonneg", "sqrt_sq", "sqrt_mono",
            "sqrt_nonneg", "sq_def", "triangle", "sum3_err", "minus_err")


def results(conf, path, prover, timelimit, lines=()):
    """Runs why3 prove; returns [(key, answer, seconds)] per subgoal, key = (goal, line, start, end, k)."""
    cmd = ["why3", "--config=" + conf, "prove", "-P", prover, "-t", str(timelimit), "-a", "split_vc", "--json",
           path] + ["-g%s:%d" % (path, n) for n in lines]
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
        out.append((base + (seen[base],), res["answer"], res.get("time", 0.0)))
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    conf, path = sys.argv[1], sys.argv[2]
    timelimit = int(sys.argv[3]) if len(sys.argv) == 4 else 10
    start = time.time()
    first = results(conf, path, PROVERS[0], timelimit)
    verdict = {key: (answer, PROVERS[0]) for key, answer, _ in first}
    left = sorted(key for key, (answer, _) in verdict.items() if answer != "Valid")
    print("prove_lemmas: %s: %d subgoals, %d proved by %s in %d s (%.0f s)"
          % (path, len(first), len(first) - len(left), PROVERS[0], timelimit, time.time() - start), flush=True)
    # then the other prover, and both again with RETRY times the limit: a loaded machine (make verify runs four
    # checks on two cores) can push cvc5's longest subgoals (up to 11 s alone) past the first limit
    for prover, limit in ((PROVERS[1], timelimit), (PROVERS[0], RETRY * timelimit), (PROVERS[1], RETRY * timelimit)):
        if not left:
            break
        for key, answer, _ in results(conf, path, prover, limit, sorted({key[1] for key in left})):
            if key in verdict and verdict[key][0] != "Valid" and answer == "Valid":
                verdict[key] = (answer, prover)
        now_left = [key for key in left if verdict[key][0] != "Valid"]
        print("prove_lemmas: %d of the %d left proved by %s in %d s (%.0f s in all)"
              % (len(left) - len(now_left), len(left), prover, limit, time.time() - start), flush=True)
        left = now_left
    failures = ["%s (line %d, characters %d-%d): %s" % (key[0], key[1], key[2], key[3], verdict[key][0])
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
