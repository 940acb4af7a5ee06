#!/usr/bin/env python3
"""prove_lemmas.py: proves every subgoal of a Why3 file (proofs/gappa/norm_error.mlw), with its answers cached and
checked like WP's and Gappa's (proofs/README.md, "The lemma cache").

Usage: prove_lemmas.py [--forgery-test] WHY3CONF FILE.mlw CACHE OUTDIR

The subgoals are the tasks `why3 prove -a split_vc -P PROVER -o DIR` prints, one SMT-LIB file per subgoal and
prover: exactly what Why3 would send the prover (its driver's transformations and printer applied). Each is proved
by running the prover's command of WHY3CONF on that file; Why3's drivers read the answer `unsat` as Valid, and so
does this script (one answer line, `unsat`; anything else is not a proof).

The cache (CACHE, proofs/lemma-cache/norm_error.json) maps the SHA-256 of a task and of the prover that proved it
(its WHY3CONF section and `--version`; the task's `;`-comments, which hold line numbers, left out) to that prover's
answer, Valid, and its time. LEMMA_CACHE chooses the mode:
  replay  (make verify-norm-lemmas): a subgoal with a cached Valid answer is proved, except in the cold window; a
          subgoal without one is proved by the provers (and not stored);
  update  the same, and the answers of the subgoals proved by the provers are stored; a run of the whole file
          keeps only the entries of its current subgoals;
  check   (make verify-cold) every subgoal proved by the provers, as the cold window does;
  none    every subgoal proved by the provers, the cache not read.
The cold window: LEMMA_COLD_GOALS subgoals (default 16) of the sorted list, placed by proofs/verify.py's
window_position (it moves by its length with each commit, so every subgoal is proved again within 9 commits), are
proved by the provers whatever the cache says, and a cached answer the provers do not reproduce fails the run.
A cached answer's time is the prover's CPU time when it was stored (information, not a limit).

The provers: a subgoal the provers must prove is given first to one prover per theory (Z3 on the theories of
Z3_FIRST, cvc5 on the others) with LEMMA_TIMEOUT (10 s), then to the other, then to both with LEMMA_COLD_TIMEOUT
(120 s); a subgoal of the cold window goes to its cached prover first, at LEMMA_COLD_TIMEOUT. The limits are seconds
of CPU, not of wall time (Lemmas.prove): a loaded machine makes the run slower, never a proved subgoal fail; a false
lemma fails at any limit. LEMMA_JOBS (2) prover processes at a time.

Prints the counts and the subgoals left open; exits 1 if one is left, if a cached answer is not reproduced, or if a
lemma the norm rows rely on has no subgoal (renamed or deleted), 2 if why3 fails. --forgery-test: a cached answer
forged under a false lemma fools the cached run and is caught by the cold window and by check."""
import concurrent.futures
import hashlib
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import verify  # noqa: E402  (proofs/verify.py: ROOT and the cold window's position)

PROVERS = ("cvc5-wpfloat", "z3-wpfloat")
# The prover tried first per theory: Z3 where it proves all or all but one subgoal and cvc5 leaves some (polynomial
# identities, the rounding of sums), cvc5 elsewhere (the instances of the lemmas about sqrt, where Z3 times out). A
# wrong choice costs time only: the other prover gets what is left.
Z3_FIRST = ("Squares", "SumRounding", "SqrtLe", "SqrtBounds", "Vectors", "SqrtProduct", "PerrRounding", "Binary64")
# Lemmas that the norm rows of check.py use, and the clone that proves Model's axioms for IEEE binary64: a file
# where one of them has no subgoal at all (renamed, deleted) fails, as a lemma left unproved does.
REQUIRED = ("norm_minus_err", "norm_of_computed", "norm_fl_err", "fl_err", "fl_nonneg", "sqrt_sq", "sqrt_mono",
            "sqrt_nonneg", "sq_def", "triangle", "sum3_err", "minus_err")
ANSWER = re.compile(r"^(unsat|sat|unknown|timeout)$", re.M)


def env(name, default):
    return os.environ.get(name, default)


def read_conf(conf):
    """The [main] memlimit and, per prover shortcut, its section's text and command from a why3.conf."""
    with open(conf) as fh:
        text = fh.read()
    sections = re.split(r"^(?=\[)", text, flags=re.M)
    memlimit = 4000
    provers = {}
    for sec in sections:
        if sec.startswith("[main]"):
            m = re.search(r'^memlimit = (\d+)', sec, re.M)
            memlimit = int(m.group(1)) if m else memlimit
        elif sec.startswith("[prover]"):
            short = re.search(r'^shortcut = "([^"]*)"', sec, re.M)
            command = re.search(r'^command = "([^"]*)"', sec, re.M)
            if short and command:
                body = "\n".join(l for l in sec.splitlines() if l.strip() and not l.startswith("#"))
                provers[short.group(1)] = (body, command.group(1))
    return memlimit, provers


class Lemmas:
    def __init__(self, conf, path, outdir):
        self.conf, self.path, self.outdir = conf, path, outdir
        self.memlimit, provers = read_conf(conf)
        missing = [p for p in PROVERS if p not in provers]
        if missing:
            sys.exit("prove_lemmas: %s has no prover %s" % (conf, ", ".join(missing)))
        self.command = {p: provers[p][1] for p in PROVERS}
        self.identity = {}
        for p in PROVERS:
            binary = shlex.split(self.command[p])[0]
            version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
            self.identity[p] = (provers[p][0] + "\n" + version.splitlines()[0] if version else "?")
        self.tasks = self.print_tasks()

    def print_tasks(self):
        """subgoal name -> {prover: task text}, from why3 prove -o (run from the checkout, on the file's path
        relative to it, so that no absolute path enters a task)."""
        tasks = {}
        rel = os.path.relpath(os.path.abspath(self.path), verify.ROOT)
        for p in PROVERS:
            d = os.path.join(self.outdir, "tasks", p)
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            cmd = ["why3", "--config=" + os.path.abspath(self.conf), "prove", "-P", p, "-a", "split_vc", "-o", d, rel]
            run = subprocess.run(cmd, capture_output=True, text=True, cwd=verify.ROOT)
            if run.returncode != 0:
                print("prove_lemmas: %s failed (exit %d):\n%s" % (" ".join(cmd), run.returncode, run.stderr[-2000:]),
                      file=sys.stderr)
                sys.exit(2)
            for f in sorted(os.listdir(d)):
                with open(os.path.join(d, f)) as fh:
                    tasks.setdefault(f, {})[p] = fh.read()
        incomplete = sorted(n for n, t in tasks.items() if set(t) != set(PROVERS))
        if incomplete:
            sys.exit("prove_lemmas: the provers' tasks differ: %s" % ", ".join(incomplete))
        return tasks

    def key(self, name, prover):
        """The cache key of a subgoal's task for a prover: its text without SMT-LIB comments (`;` lines: the goal's
        name and line, which move when a line above changes) and the prover's identity."""
        text = "\n".join(l for l in self.tasks[name][prover].splitlines() if not l.lstrip().startswith(";"))
        h = hashlib.sha256()
        for part in ("ccref lemma task 1", prover, self.identity[prover], text):
            h.update(part.replace(verify.ROOT, "@ROOT@").encode() + b"\0")
        return h.hexdigest()

    @staticmethod
    def goal(text):
        m = re.search(r"^;; Goal (\S+)", text, re.M)
        return m.group(1) if m else "?"

    @staticmethod
    def theory(name):
        parts = name.split("-")
        return parts[-2] if len(parts) >= 3 else "?"

    def prove(self, name, prover, limit):
        """One prover on one subgoal's task with `limit` seconds of CPU (RLIMIT_CPU): (answer, CPU seconds). A loaded
        machine gives the prover a smaller share of the cores, never less CPU time, so the limit means the same on an
        idle and on a busy machine. The prover's own limit (%t of its command, wall-clock time) is set far beyond, at
        50 limit + 300 s, and the process is killed 30 s after that."""
        f = os.path.join(self.outdir, "tasks", prover, name)
        wall = 50 * limit + 300
        words = [w.replace("%t", str(wall)).replace("%m", str(self.memlimit)).replace("%f", f)
                 for w in shlex.split(self.command[prover])]

        def limits():
            mem = self.memlimit * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))

        p = subprocess.Popen(words, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, preexec_fn=limits)
        timer = threading.Timer(wall + 30, p.kill)
        timer.start()
        out = p.stdout.read()
        p.stdout.close()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
        answers = ANSWER.findall(out)
        if answers == ["unsat"]:
            return "Valid", cpu
        if not answers and cpu >= limit:
            return "Timeout", cpu
        return (answers[0].capitalize() if answers else "Failure"), cpu


def strategy(lem, name, first, limit, long_limit):
    """Proves one subgoal with the provers: `first` then the other at `limit`, then both at `long_limit` (a first
    prover given: only `long_limit`). Returns (prover, answer, seconds of the last attempt, [(prover, answer,
    seconds)] of every attempt)."""
    order = [first] + [p for p in PROVERS if p != first]
    rounds = [(p, limit) for p in order] + [(p, long_limit) for p in order] if limit else \
        [(p, long_limit) for p in order]
    tried = []
    for p, lim in rounds:
        answer, sec = lem.prove(name, p, lim)
        tried.append((p, answer, sec, lim))
        if answer == "Valid":
            return p, answer, sec, tried
    return None, tried[-1][1], tried[-1][2], tried


def load_cache(path):
    if os.path.exists(path):
        with open(path) as fh:
            return json.load(fh)
    return {}


def save_cache(path, entries):
    text = json.dumps(entries, indent=1, sort_keys=True) + "\n"
    old = None
    if os.path.exists(path):
        with open(path) as fh:
            old = fh.read()
    if text != old:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)
        return True
    return False


def window(names, budget, mode):
    if mode == "check" or mode == "none":
        return set(names), "every subgoal"
    names = sorted(names)
    if budget <= 0 or not names:
        return set(), "off"
    position, how = verify.window_position(budget, len(names))
    picks = {names[(position + i) % len(names)] for i in range(min(budget, len(names)))}
    return picks, "%d of %d subgoals at %d by %s" % (len(picks), len(names), position, how)


def run(conf, path, cache_path, outdir, mode, cold_goals=None, quiet=False, required=REQUIRED, limits=None):
    """Proves the file's subgoals in `mode`; returns (failures, figures). limits: (first, long) seconds, by default
    LEMMA_TIMEOUT and LEMMA_COLD_TIMEOUT."""
    if mode not in ("replay", "update", "check", "none"):
        sys.exit("prove_lemmas: LEMMA_CACHE=%s: expected replay, update, check or none" % mode)
    start = time.time()
    lem = Lemmas(conf, path, outdir)
    cache = load_cache(cache_path) if mode != "none" else {}
    names = sorted(lem.tasks)
    budget = int(env("LEMMA_COLD_GOALS", "16")) if cold_goals is None else cold_goals
    cold, where = window(names, budget, mode)
    limit, long_limit = limits or (int(env("LEMMA_TIMEOUT", "10")), int(env("LEMMA_COLD_TIMEOUT", "120")))
    cached = {}  # name -> (prover, entry) of its cached Valid answer
    for n in names:
        for p in PROVERS:
            e = cache.get(lem.key(n, p))
            if e and e.get("answer") == "Valid":
                cached[n] = (p, e)
                break
    todo = [n for n in names if n in cold or n not in cached]

    def work(n):
        if n in cached and n in cold:
            return n, strategy(lem, n, cached[n][0], 0, long_limit)
        first = PROVERS[1] if lem.theory(n) in Z3_FIRST else PROVERS[0]
        return n, strategy(lem, n, first, limit, long_limit)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, int(env("LEMMA_JOBS", "2")))) as pool:
        results = dict(pool.map(work, todo))
    failures, proved_by, times = [], {}, []
    for n in names:
        goal = lem.goal(lem.tasks[n][PROVERS[0]])
        if n in results:
            prover, answer, sec, tried = results[n]
            times.append((sum(t[2] for t in tried), n))
            if prover is None:
                failures.append("%s (goal %s): %s" % (n, goal, ", ".join("%s %s in %.1f s of CPU (limit %d s)" % t
                                                                         for t in tried)))
                if n in cached:
                    failures.append("%s: its cached answer (Valid by %s) is not reproduced: the entry is forged "
                                    "or stale" % (n, cached[n][0]))
                continue
            proved_by[n] = (prover, "cold" if n in cold and n in cached else "provers")
            if mode == "update" and n not in cached:
                cache[lem.key(n, prover)] = {"subgoal": n, "goal": goal, "prover": prover, "answer": "Valid",
                                             "time": round(sec, 2)}
        else:
            proved_by[n] = (cached[n][0], "cache")
    goals = {lem.goal(t[PROVERS[0]]) for t in lem.tasks.values()}
    failures += ["%s: no subgoal of that name (the norm rows rely on it)" % g for g in required if g not in goals]
    written = False
    if mode == "update":
        current = {lem.key(n, p) for n in names for p in PROVERS}
        written = save_cache(cache_path, {k: e for k, e in cache.items() if k in current})
    counts = {}
    for prover, how in proved_by.values():
        counts[(how, prover)] = counts.get((how, prover), 0) + 1
    longest = ", ".join("%s %.1f s" % (n, s) for s, n in sorted(times, reverse=True)[:3])
    figures = ("prove_lemmas: %s: %d subgoals, %d proved (%s); cold window: %s; cache %s (%s)%s; %.0f s%s" % (
        path, len(names), len(proved_by),
        ", ".join("%d %s %s" % (c, "from the cache" if how == "cache" else "by the provers" if how == "provers"
                                else "again in the cold window", p.split("-")[0]) for (how, p), c in sorted(counts.items())),
        where, mode, cache_path, ", written" if written else "", time.time() - start,
        "; longest prover runs: " + longest if longest else ""))
    if not quiet:
        print(figures, flush=True)
        for f in failures:
            print("prove_lemmas: open: " + f, file=sys.stderr)
        if not failures:
            print("prove_lemmas: every subgoal proved (%d)" % len(names))
    return failures, figures


FORGED = """(* A false lemma (proofs/gappa/prove_lemmas.py --forgery-test): 2 + 2 is not 5. *)
theory Forged
  use real.Real
  lemma forged: 2.0 + 2.0 = 5.0
end
"""


def forgery_test(conf, outdir):
    """A cached answer forged under a false lemma: the provers refuse it; an entry Valid written under its task's
    key makes the cached run pass (the risk is real); the cold window over it and LEMMA_CACHE=check refuse it."""
    d = os.path.join(outdir, "lemma-forgery")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    mlw = os.path.join(d, "forged.mlw")
    with open(mlw, "w") as fh:
        fh.write(FORGED)
    cache_path = os.path.join(d, "cache.json")
    # short limits: the provers answer `sat` on 2 + 2 = 5 at once, and only that answer matters here
    kw = dict(quiet=True, required=(), limits=(5, 20))
    honest, _ = run(conf, mlw, cache_path, d, "update", 0, **kw)
    lem = Lemmas(conf, mlw, d)
    forged = {lem.key(n, PROVERS[1]): {"subgoal": n, "goal": lem.goal(lem.tasks[n][PROVERS[1]]),
                                       "prover": PROVERS[1], "answer": "Valid", "time": 0.01} for n in lem.tasks}
    save_cache(cache_path, forged)
    cached, _ = run(conf, mlw, cache_path, d, "replay", 0, **kw)
    cold, _ = run(conf, mlw, cache_path, d, "replay", 10 ** 6, **kw)
    check, _ = run(conf, mlw, cache_path, d, "check", **kw)
    word = lambda f: "failed" if f else "passed"
    print("lemma forgery test: provers on the false lemma: %s; %d cached answer forged; cached run: %s; cold window: "
          "%s; LEMMA_CACHE=check: %s" % ("proved" if word(honest) == "passed" else "not proved", len(forged),
                                         word(cached), word(cold), word(check)))
    if word(honest) == "passed" or len(forged) != 1:
        print("lemma forgery test: FAILED (the false lemma must fail and leave one subgoal to forge)")
        return 1
    if word(cached) != "passed":
        print("lemma forgery test: FAILED (the forged answer was not taken: the test no longer shows the risk)")
        return 1
    if word(cold) != "failed" or word(check) != "failed":
        print("lemma forgery test: FAILED (the cold window or LEMMA_CACHE=check did not catch the forged answer)")
        return 1
    print("lemma forgery test: passed (the forged answer fools the cached run; the cold window and LEMMA_CACHE=check "
          "catch it)")
    return 0


def main():
    args = sys.argv[1:]
    if args[:1] == ["--forgery-test"]:
        if len(args) != 3:
            sys.exit("usage: prove_lemmas.py --forgery-test WHY3CONF OUTDIR")
        return forgery_test(args[1], args[2])
    if len(args) != 4:
        sys.exit(__doc__)
    conf, path, cache_path, outdir = args
    os.makedirs(outdir, exist_ok=True)
    failures, _ = run(conf, path, cache_path, outdir, env("LEMMA_CACHE", "none"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
