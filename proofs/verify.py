#!/usr/bin/env python3
"""proofs/verify.py: the driver of `make verify`, `make verify-wp`, `make verify-eva` (proofs/README.md).

Runs Frama-C WP on every function of src/ in two models (the real model, where the "exact" clauses are proved,
and the IEEE float model, where every clause not tagged "exact" is proved again), runs EVA on every public
kernel over the input box of proofs/eva_main.c, prints one table row per function and exits 1 when any goal
is unproved or any alarm is raised. The tool versions are printed first.

Usage: verify.py [--wp] [--eva] --out DIR   (both when neither is given)
Environment (set by proofs/proofs.mk): FRAMAC, WHY3CONFIG, WP_PROVERS, WP_TIMEOUT, WP_PAR, WP_CACHE,
WP_CACHE_DIR (ProofCache), WP_RUN_CACHE, WP_RUN_CACHE_DIR (RunCache), VERIFY_ONLY (comma-separated unit names, for working on
one file), VERIFY_EXTRA (make targets run with WP and EVA in the same pool of workers, when both run on every
unit), VERIFY_JOBS, WP_JOBS (see run_all).
"""
import argparse
import concurrent.futures
import functools
import gzip
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Inline helpers of src/vec3.h and src/common.h: proved once, in the "common" unit (they are static, so every
# file that includes the headers has its own copy; the kernels' units skip them).
HEADER_FUNCTIONS = [
    "v3", "v3_zero", "v3_add", "v3_sub", "v3_neg", "v3_scale", "v3_dot", "v3_cross", "v3_norm_sq", "v3_is_finite",
    "m3_apply", "m3_apply_transpose", "m3_column", "m3_from_columns", "m3_mul",
    "ccref_station_location", "ccref_arm_velocity", "ccref_arm_acceleration", "ccref_force_at_arm",
    "ccref_spatial_force_add", "lemma_pair_power", "lemma_dot_combination", "lemma_dot_scale", "lemma_unit_norm", "lemma_pair_moment", "lemma_cross_parallel", "lemma_mat3_entries",
]


def table_kinds():
    """The kinds of the table src/ccref_kinds.h, in its order (its K(KIND, kind, ...) rows): each has its kernel in
    src/<kind>.c, a WP unit of that name and an EVA entry eva_<kind> (proofs/eva_main.c expands the same rows)."""
    with open(os.path.join(ROOT, "src", "ccref_kinds.h")) as f:
        kinds = re.findall(r"^\s*K\([A-Z0-9_]+,\s*([a-z0-9_]+),", f.read(), re.M)
    if not kinds:
        sys.exit("verify.py: no kind row K(...) found in src/ccref_kinds.h")
    return kinds


KERNELS = table_kinds()

# Every function of contacts.c except zero_result (memset; its contract is taken as given: proofs/README.md) and
# ccref_contact_eval (its own unit, contacts_eval).
CONTACTS_FUNCTIONS = ("class_in_range,ccref_contact_class_name,ccref_contact_class_from_name,ccref_contact_sign,"
                      "ccref_contact_has_friction,copy_rows,eval_hard_stop,eval_rope,eval_point_plane_frictionless,"
                      "plane_frame,plane_checks,bit_if_nonzero,eval_point_plane,eval_sphere_plane,eval_sphere_sphere,"
                      "eval_edge_edge,"
                      "impact_speed_of,fail,evaluate_class,apply_rules,check_rule_inputs")

# Every function of handle.c but the two that read the table of flat names (HANDLE_NAME_FUNCTIONS, a unit of their own).
HANDLE_FUNCTIONS = ("ccref_kind_mp,ccref_kind_mobilities,ccref_class_mobilities,ccref_case_mobilities,"
                    "ccref_contact_mobilities,zero_values,case_copy,contact_copy,get3,at3,body_motion,bodies_motion,"
                    "body_set_motion,bodies_set_motion,coordinate_motion,coordinate_set_motion,ccref_case_motion,"
                    "ccref_case_set_motion,ccref_contact_motion,ccref_contact_set_motion,probe_factor,"
                    "probe_velocities,case_probe_motion,contact_probe_motion,ccref_handle_probe_case,"
                    "ccref_handle_probe_contact,probe_eval,probe_scale,ccref_handle_probe_scale_case,"
                    "ccref_handle_probe_scale_contact,handle_zero,handle_power,handle_is_finite,output_rows,"
                    "handle_from,handle_of,ccref_handle_case,ccref_handle_contact,ccref_flatten_handle,"
                    "ccref_handle_slot_in_use")
HANDLE_NAME_FUNCTIONS = "ccref_handle_output_name,ccref_handle_output_slot"

# The largest function of these kernels is proved in a run of its own (unit <kernel>_outputs), so that no single run
# is much longer than the others and the runs share the cores evenly (the goals, hence the cache, are the same).
OUTPUTS_APART = {"line_on_line": "lol_outputs", "sphere_on_sphere": "sos_outputs"}


# WP units: (name, files, selection, source group). Each unit is one Frama-C run per model; VERIFY_ONLY selects
# units by name or by group (the group of line_on_line_outputs is line_on_line, of contacts_eval contacts).
def wp_units():
    units = [("common", ["src/common.c"], [], "common")]
    for k in KERNELS:
        skip = HEADER_FUNCTIONS + ([OUTPUTS_APART[k]] if k in OUTPUTS_APART else [])
        units.append((k, ["src/%s.c" % k], ["-wp-skip-fct", ",".join(skip)], k))
        if k in OUTPUTS_APART:
            units.append((k + "_outputs", ["src/%s.c" % k], ["-wp-fct", OUTPUTS_APART[k]], k))
    units.append(("dispatch", ["src/dispatch.c"] + ["src/%s.c" % k for k in KERNELS],
                  ["-wp-fct", "ccref_kind_name,ccref_kind_from_name,ccref_case_rows,ccref_eval"], "dispatch"))
    units.append(("unilateral", ["src/unilateral.c"], [], "unilateral"))
    contacts_files = ["src/contacts.c", "src/unilateral.c", "src/common.c"] + ["src/%s.c" % k for k in KERNELS]
    units.append(("contacts", contacts_files, ["-wp-fct", CONTACTS_FUNCTIONS], "contacts"))
    # ccref_contact_eval apart, with -wp-split: each exit path is proved apart. Whole, its `rows` postcondition is a
    # case analysis over every exit (the error exits zero *res) with the rows framed through each call's effects,
    # which the provers time out on in the float model; per path each part is proved by Qed or in milliseconds.
    units.append(("contacts_eval", contacts_files, ["-wp-fct", "ccref_contact_eval", "-wp-split"], "contacts"))
    # The Constraint handle: its calls' contracts are those of ccref_eval (dispatch.c), ccref_contact_eval
    # (contacts.c) and ccref_status_ok (common.c); the kernels' own are not needed (ccref_eval's states the rest).
    handle_files = ["src/handle.c", "src/dispatch.c", "src/contacts.c", "src/common.c"]
    units.append(("handle", handle_files, ["-wp-fct", HANDLE_FUNCTIONS], "handle"))
    # The flat names apart, without the initializers of const globals (-wp-no-init-const): with them, every goal that
    # reads the names table carries its 160 string literals, and the provers timed out on strcmp's precondition
    # (valid_read_string of an entry), which the table's precondition gives in 0.5 s without them. Their contracts
    # read no other const table (the mobilities' tables, whose values the unit handle proves, need the initializers).
    units.append(("handle_names", handle_files, ["-wp-fct", HANDLE_NAME_FUNCTIONS, "-wp-no-init-const"], "handle"))
    return units

# EVA entries of proofs/eva_main.c: entry -> the public function it exercises.
EVA_ENTRIES = [("eva_" + k, "ccref_%s_eval" % k) for k in KERNELS] + [
    ("eva_dispatch", "ccref_eval"),
    ("eva_unilateral", "ccref_unilateral_classify"),
    ("eva_contacts", "ccref_contact_eval"),
    ("eva_handle_case", "ccref_handle_case"),
    ("eva_handle_contact", "ccref_handle_contact"),
]

# The real run leaves out the kernels' `ok_finite` clauses: WP's real model reads \is_finite as true, so there they
# say nothing about finiteness, and the float run proves them whole (their row counts too). Their hypotheses are the
# callee's exact formulas, on which a provers' search for the trivial goal can time out (SphereOnSphere's rolling
# aerr: CVC5 17 s, Z3 over 60 s).
MODELS = [("exact", ["-wp-model", "real"], ["-wp-prop=-ok_finite"]),
          ("float", ["-wp-model", "Typed+float"], ["-wp-prop=-exact"])]
# Preprocessor definitions per model: the float run drops the EXACT_ONLY clauses (proofs/ccref_logic.h).
MODEL_CPP = {"exact": "", "float": " -DCCREF_FLOAT_MODEL"}


def env(name, default):
    return os.environ.get(name, default)


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wp", action="store_true")
    ap.add_argument("--eva", action="store_true")
    ap.add_argument("--out", required=True)
    ap.add_argument("--forgery-test", action="store_true",
                    help="forge a cache entry for a false goal and check that the cold re-proof catches it")
    ap.add_argument("--smoke-list-test", action="store_true",
                    help="check_smoke on made-up runs: each kind of mismatch with the list must fail")
    ap.add_argument("--write-smoke-list", action="store_true",
                    help="rewrite proofs/smoke-unreachable.txt from the last full run's list, keeping its header and "
                         "reasons (a new entry gets reason ?, which fails until it is given one)")
    a = ap.parse_args()
    if a.forgery_test or a.write_smoke_list or a.smoke_list_test:
        return a
    if not a.wp and not a.eva:
        a.wp = a.eva = True
    return a


def fc_parse_args(extra=""):
    return ["-cpp-extra-args=-include %s/proofs/ccref_logic.h -I%s/src -I%s/proofs%s" % (ROOT, ROOT, ROOT, extra),
            "-kernel-warn-key", "annot-error=abort"]


@functools.cache
def versions():
    def first(cmd):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()
            return out[0] if out else "?"
        except OSError:
            return "missing"
    return [("frama-c", first([env("FRAMAC", "frama-c"), "-version"])), ("why3", first(["why3", "--version"])),
            ("z3", first(["z3", "--version"])), ("cvc5", first(["cvc5", "--version"])),
            ("python", sys.version.split()[0])]


GOAL_RE = re.compile(r"^\[wp\] \[([^\]]+)\] Goal (\S+) : (\w+)(.*)$")
TIME_RE = re.compile(r"\((?:Qed:)?([0-9.]+)(ms|s)\)")
CACHE_RE = re.compile(r"\[Cache\] (.*)$")


def seconds(txt):
    total = 0.0
    for v, unit in TIME_RE.findall(txt):
        total += float(v) / (1000.0 if unit == "ms" else 1.0)
    return total


def wp_options(margs, props, selection, timeout=None):
    """The options that decide a WP run's goals and provers (the rest name files or set the parallelism)."""
    return ["-wp", "-wp-rte", "-warn-special-float", "none"] + margs + props + selection + [
        "-wp-prover", env("WP_PROVERS", "z3-wpfloat,z3-arith2,cvc5-wpfloat"),
        "-wp-timeout", timeout or env("WP_TIMEOUT", "15")]


def run_wp(unit, files, selection, model, margs, props, outdir, log, cache, par, cache_dir=None, timeout=None,
           run_cache=None):
    """One Frama-C WP run; returns (report, wall seconds, (goals, cache lines, output lines)). cache: the proof cache
    mode (none, offline, replay, update, rebuild); cache_dir: the directory of the proof cache's archives
    (ProofCache), by default WP_CACHE_DIR. run_cache: the directory of the run cache (RunCache), by default
    WP_RUN_CACHE_DIR when WP_RUN_CACHE is on; it is read only when the goals come from the proof cache (offline,
    replay), never by a cold run (cache none)."""
    name = "%s.%s" % (unit, model)
    js = os.path.join(outdir, name + ".json")
    session = os.path.join(outdir, name + ".session")
    wp_args = wp_options(margs, props, selection, timeout)
    proofs = proof_cache(cache_dir or env("WP_CACHE_DIR", os.path.join(ROOT, "proofs", "wp-cache")), outdir) \
        if cache != "none" else None
    storing_proofs = cache in ("update", "cleanup", "rebuild")
    cmd = [env("FRAMAC", "frama-c")] + fc_parse_args(MODEL_CPP[model]) + [os.path.join(ROOT, f) for f in files] + \
        wp_args + ["-wp-par", par, "-wp-session", session,
                   # a storing run uses the session's own cache in cleanup mode (ProofCache.prepare_session)
                   "-wp-cache", "cleanup" if cache in ("update", "cleanup") else cache,
                   "-wp-report-json", js, "-wp-msg-key", "shell"]
    storing = run_cache is None and env("WP_RUN_CACHE", "off") == "update"
    if run_cache is None and env("WP_RUN_CACHE", "off") != "off" and cache in ("offline", "replay", "update"):
        run_cache = env("WP_RUN_CACHE_DIR", os.path.join(ROOT, "proofs", "wp-runs"))
    runs = RunCache(run_cache, name, model, files, wp_args) if run_cache and cache != "none" else None
    hit = runs.load() if runs and cache in ("offline", "replay") else None
    t0 = time.time()
    if hit:
        report, output = hit
        wall = 0.0
        with open(os.path.join(outdir, name + ".log"), "w") as f:
            f.write("# from the run cache %s\n%s" % (runs.path, output))
    else:
        if proofs and storing_proofs:
            proofs.prepare_session(session, cache)
        elif proofs:
            cmd += ["-wp-cache-dir", proofs.unpacked()]
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        wall = time.time() - t0
        output = p.stdout + p.stderr
        with open(os.path.join(outdir, name + ".log"), "w") as f:
            f.write(" ".join(cmd) + "\n" + output)
        if p.returncode != 0 or not os.path.exists(js):
            log.append("%s: frama-c failed (rc %d), see %s" % (name, p.returncode, os.path.join(outdir, name + ".log")))
            if proofs and storing_proofs:
                proofs.failed.append(name)
            return None, wall, []
        with open(js) as f:
            report = json.load(f)
        if proofs and storing_proofs:
            problem = proofs.pack_session(name, session, report, cache)
            if problem:
                log.append(problem)
        if runs and storing and report_complete(report):
            runs.store(report, output)
    goals = []  # (goal name, status, seconds)
    cache_lines = []
    for line in output.splitlines():
        m = GOAL_RE.match(line)
        if m:
            goals.append((m.group(2), m.group(3), seconds(m.group(4))))
        c = CACHE_RE.search(line)
        if c:
            cache_lines.append(c.group(1))
    return report, wall, (goals, cache_lines, output.splitlines())


def write_gz_json(path, obj):
    """obj as JSON (sorted keys, one entry a line) in a gzip file without a name or time stamp: the same object gives
    the same bytes. Written beside the target and renamed, so a reader never sees half a file."""
    text = json.dumps(obj, indent=0, sort_keys=True) + "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.tmp%d.%d" % (path, os.getpid(), threading.get_ident())
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="", compresslevel=9) as fh:
        fh.write(text.encode())
    os.replace(tmp, path)


def read_gz_json(path):
    with gzip.open(path, "rt") as fh:
        return json.load(fh)


class ProofCache:
    """WP's proof cache (proofs/README.md, "The proof cache"), kept as one archive per unit and model in WP_CACHE_DIR
    (proofs/wp-cache/<unit>.<model>.json.gz): a JSON object mapping the name of each entry of WP's cache directory
    (<hash of the prepared Why3 task and prover>.json) to its text, gzip'd without a time stamp (write_gz_json).
    WP reads a directory of entries, so:
    * a run that only reads the cache (offline, replay) is given the union of every archive, unpacked once per
      verify.py run (unpacked): the archive a goal's entries are kept in is a grouping, not a key, and a goal that
      moves to another unit (or a unit renamed) still finds its entries;
    * a run that stores (WP_CACHE=update, rebuild) runs WP on its session's own cache directory, filled with that
      union, in WP's `cleanup` mode: update, and at the end remove every entry the run did not read or write (WP
      marks each entry it looks up or stores; a global -wp-cache-dir is never cleaned up, hence the session's). What
      is left is what the run's goals use, timeouts and failures included (the offline pass needs a smoke goal's
      failed attempts, and a run with fewer prover slots than provers needs a first prover's cached timeout to reach
      the next prover's cached success without waiting); it becomes the unit's archive (pack_session). A full
      storing run (every unit) then removes the archives of units no longer run and any loose entry (finish).
    Loose entries (<hash>.json, the cache's old form) in WP_CACHE_DIR are read as part of the union, so the first
    full `make verify-wp WP_CACHE=update` converts the old form."""
    SENTINEL = "0" * 32 + ".json"  # a hash no goal has: gone after the run iff WP's cleanup ran
    SENTINEL_TEXT = '{ "prover": "none", "verdict": "unknown", "time": 0. }\n'

    def __init__(self, directory, scratch):
        self.dir, self.scratch = directory, scratch
        self.lock = threading.Lock()
        self.union = None   # entry name -> text, every archive and loose entry
        self.conflicts = 0  # entries held by two archives with different texts
        self.packed = set()  # archive names written by this verify.py run
        self.stats = {"packed": 0, "entries": 0, "removed": 0}
        self.written = False  # the union unpacked into self.scratch
        self.failed = []  # storing runs whose Frama-C failed (their archives are kept)

    def archives(self):
        if not os.path.isdir(self.dir):
            return []
        return sorted(f for f in os.listdir(self.dir) if f.endswith(".json.gz"))

    def loose(self):
        if not os.path.isdir(self.dir):
            return []
        return sorted(f for f in os.listdir(self.dir) if f.endswith(".json") and re.fullmatch(r"[0-9a-f]+\.json", f))

    def entries(self):
        """The union of the archives and loose entries. An entry two archives hold with different texts (the same
        task and prover answered twice, e.g. a timeout then a success) is taken valid first, else from the first
        archive in name order."""
        with self.lock:
            if self.union is not None:
                return self.union
            union = {}
            sources = [(a, read_gz_json(os.path.join(self.dir, a))) for a in self.archives()]
            loose = {}
            for f in self.loose():
                with open(os.path.join(self.dir, f)) as fh:
                    loose[f] = fh.read()
            sources.append(("loose entries", loose))
            for _, held in sources:
                for name, text in held.items():
                    if name not in union:
                        union[name] = text
                    elif union[name] != text:
                        self.conflicts += 1
                        if '"valid"' in text and '"valid"' not in union[name]:
                            union[name] = text
            self.union = union
            return union

    def unpacked(self):
        """The union as a cache directory (for -wp-cache-dir), written once per verify.py run."""
        union = self.entries()
        with self.lock:
            if not self.written:
                shutil.rmtree(self.scratch, ignore_errors=True)
                os.makedirs(self.scratch)
                for name, text in union.items():
                    with open(os.path.join(self.scratch, name), "w") as fh:
                        fh.write(text)
                self.written = True
        return self.scratch

    def prepare_session(self, session, mode):
        """The session's cache directory, holding the union (but for rebuild, which never reads) and the
        sentinel."""
        d = os.path.join(session, "cache")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        union = self.entries() if mode != "rebuild" else {}
        with self.lock:  # another run's pack_session may add to the union meanwhile
            union = list(union.items())
        for name, text in union:
            with open(os.path.join(d, name), "w") as fh:
                fh.write(text)
        with open(os.path.join(d, self.SENTINEL), "w") as fh:
            fh.write(self.SENTINEL_TEXT)

    def pack_session(self, name, session, report, mode):
        """After a storing run: the entries left in its session cache become the archive <name>.json.gz (none: no
        archive). In cleanup mode the sentinel is gone iff WP's cleanup ran; it does not when the run looked up no
        entry (every goal proved by Qed), and then no entry is used. Returns a failure message if the sentinel is
        left although provers answered."""
        d = os.path.join(session, "cache")
        left = sorted(f for f in os.listdir(d) if f.endswith(".json"))
        cleaned = self.SENTINEL not in left
        provers = any(k not in ("wp:main", "qed") for props_ in report.get("wp:functions", {}).values()
                      for st in props_.values() for k in st)
        held = {}
        if cleaned or mode == "rebuild":
            for f in left:
                if f != self.SENTINEL:
                    with open(os.path.join(d, f)) as fh:
                        held[f] = fh.read()
        elif provers:
            return ("%s: WP's cache cleanup did not run (the sentinel entry is left) although provers answered: the "
                    "archive %s is left as it was" % (name, os.path.join(self.dir, name + ".json.gz")))
        path = os.path.join(self.dir, name + ".json.gz")
        with self.lock:
            self.packed.add(name + ".json.gz")
            self.stats["packed"] += 1
            self.stats["entries"] += len(held)
            if held:
                write_gz_json(path, held)
            elif os.path.exists(path):
                os.remove(path)
            if self.union is not None:
                self.union.update(held)
                if self.written:
                    for f, text in held.items():
                        with open(os.path.join(self.scratch, f), "w") as fh:
                            fh.write(text)
        return None

    def finish(self, full):
        """After a storing run of every unit: the archives of units not run and the loose entries go."""
        if not full or not self.packed or self.failed:
            return
        for f in self.archives():
            if f not in self.packed:
                os.remove(os.path.join(self.dir, f))
                self.stats["removed"] += 1
        for f in self.loose():
            os.remove(os.path.join(self.dir, f))
            self.stats["removed"] += 1

    def note(self):
        if self.union is None:  # every run came from the run cache: no archive was read
            return "WP proof cache (%s): %d archives, not read" % (self.dir, len(self.archives()))
        return ("WP proof cache (%s): %d entries in %d archives%s%s" % (
            self.dir, len(self.union), len(self.archives()),
            ", %d held twice with different texts" % self.conflicts if self.conflicts else "",
            "; %d archives written (%d entries), %d archives or loose entries removed" % (
                self.stats["packed"], self.stats["entries"], self.stats["removed"]) if self.packed else ""))


PROOF_CACHES = {}
PROOF_CACHES_LOCK = threading.Lock()


def proof_cache(directory, outdir):
    """The ProofCache of an archive directory, one per verify.py run; unpacked under outdir/wp-cache-unpacked."""
    directory = os.path.abspath(directory)
    with PROOF_CACHES_LOCK:
        if directory not in PROOF_CACHES:
            PROOF_CACHES[directory] = ProofCache(directory, os.path.join(
                outdir, "wp-cache-unpacked", os.path.basename(directory.rstrip("/"))))
        return PROOF_CACHES[directory]


# The run cache's key parts, each computed once per verify.py run (a kernel's source is in several units: its own,
# dispatch, contacts, contacts_eval).
@functools.cache
def why3_templates():
    why3 = os.path.join(ROOT, "proofs", "why3")
    templates = []
    for f in sorted(os.listdir(why3)):
        with open(os.path.join(why3, f)) as fh:
            templates.append(f + "\n" + fh.read())
    return templates


@functools.cache
def cpp_command(model):
    """Frama-C's preprocessing command for the model: its words, without the output and the source file."""
    p = subprocess.run([env("FRAMAC", "frama-c")] + fc_parse_args(MODEL_CPP[model]) +
                       [os.path.join(ROOT, "src", "common.c"), "-print-cpp-commands"],
                       capture_output=True, text=True, cwd=ROOT)
    words = shlex.split(p.stdout.strip().splitlines()[-1])
    i = words.index("-o")
    return [w for w in words[:i] if not w.endswith("common.c")]


@functools.cache
def preprocessed(model, f):
    return subprocess.run(cpp_command(model) + [os.path.join(ROOT, f)], capture_output=True, text=True, cwd=ROOT,
                          check=True).stdout


class RunCache:
    """The run cache: a WP run's report and output, kept when every goal was proved, and taken instead of running
    Frama-C when the run's inputs are the same (proofs/README.md, "The run cache"). One gzip file per unit and model
    in WP_RUN_CACHE_DIR (proofs/wp-runs), holding the key it was stored under. The key is the SHA-256 of what
    decides the run's goals and their proofs: the tool versions (without Python's), the Why3 configuration and
    driver templates, the WP options (model, properties, selection, provers, timeout), and the text the
    preprocessor gives Frama-C for each file (Frama-C's own cpp command, -C -dD: every included header, comment
    and macro definition, with line markers, so a shifted line changes the key as it changes WP's goals). The
    checkout's path is replaced by @ROOT@ in all of it. A run under a known key is not repeated: only the cold
    window (cold_check, which never reads this cache) and make verify-cold re-prove it, as for the proof cache."""
    STATS = {"taken": 0, "stored": 0, "entries": set()}

    def __init__(self, directory, name, model, files, wp_args):
        self.path = os.path.join(directory, name + ".json.gz")
        RunCache.STATS["entries"].add(os.path.basename(self.path))
        parts = ["ccref WP run 1", model] + [v for k, v in versions() if k != "python"] + [" ".join(wp_args)] + \
            why3_templates() + [f + "\n" + preprocessed(model, f) for f in files]
        h = hashlib.sha256()
        for part in parts:
            h.update(part.replace(ROOT, "@ROOT@").encode() + b"\0")
        self.key = h.hexdigest()

    def load(self):
        if not os.path.exists(self.path):
            return None
        entry = read_gz_json(self.path)
        if entry.get("key") != self.key:
            return None
        RunCache.STATS["taken"] += 1
        return (json.loads(entry["report"].replace("@ROOT@", ROOT)), entry["output"].replace("@ROOT@", ROOT))

    def store(self, report, output):
        if os.path.exists(self.path) and read_gz_json(self.path).get("key") == self.key:
            return
        write_gz_json(self.path, {"key": self.key, "report": json.dumps(report, sort_keys=True).replace(ROOT, "@ROOT@"),
                                  "output": output.replace(ROOT, "@ROOT@")})
        RunCache.STATS["stored"] += 1


def finish_run_cache(full):
    """After the runs: under WP_RUN_CACHE=update, a full run removes the entries of units no longer run. Returns the
    run cache's figures for the notes."""
    mode = env("WP_RUN_CACHE", "off")
    if mode == "off":
        return "WP run cache: off"
    d = env("WP_RUN_CACHE_DIR", os.path.join(ROOT, "proofs", "wp-runs"))
    st = RunCache.STATS
    removed = 0
    if full and mode == "update" and os.path.isdir(d):
        for f in sorted(os.listdir(d)):
            if f.endswith(".json.gz") and f not in st["entries"]:
                os.remove(os.path.join(d, f))
                removed += 1
    return ("WP run cache (%s, %s): %d of %d runs taken from it (their inputs unchanged), %d stored, %d removed" %
            (mode, d, st["taken"], len(st["entries"]), st["stored"], removed))


def report_complete(report):
    """Every goal of a WP report proved, and every smoke test tried (the condition for the proof cache to have
    done the whole run, and for the run cache to keep it)."""
    fns = report.get("wp:functions", {}).values()
    return all(all_valid(proof_section(props_)) for props_ in fns) and \
        not any(is_smoke(p) and smoke_untried(st) for props_ in fns for p, st in props_.items())


def function_of_goal(goal, functions):
    body = re.sub(r"^typed_(real_|float_)?", "", goal)
    best = None
    for fn in functions:
        if body.startswith(fn + "_") and (best is None or len(fn) > len(best)):
            best = fn
    return best


def short_prover(name):
    if name == "qed":
        return "Qed"
    if name.startswith("Z3") and name.endswith("arith2"):
        return "Z3a2"
    if name.startswith("Z3"):
        return "Z3"
    if name.startswith("CVC5"):
        return "CVC5"
    if name.startswith("CVC4"):
        return "CVC4"
    return name


# Wall seconds of each run, four at a time, in `make verify` on the tree of commit 41a5821 (its "runs" note; the four
# units of SMOKE_CODE_UNITS from a run of those units alone, with their dead-code tests). Used
# only to start the longest runs first, so that no long run is left alone at the end; a run not listed starts last
# (the extras too: Gappa, unlisted, once started last and ran alone on one core for its last two minutes).
RUN_SECONDS = {
    "line_on_line_outputs.exact": 428, "verify-derivatives": 300, "line_on_line.exact": 204, "verify-gappa": 158,
    "line_on_line.float": 191, "unilateral.float": 181, "contacts.float": 180, "sphere_on_sphere_outputs.exact": 180,
    "contacts_eval.exact": 163, "contacts_eval.float": 148, "contacts.exact": 132, "line_on_line_outputs.float": 105,
    "unilateral.exact": 95, "sphere_on_plane.exact": 89, "sphere_on_plane.float": 87, "verify-first-stage": 82,
    "sphere_on_sphere.float": 79, "ball_rolling_on_plane.exact": 75, "sphere_on_sphere.exact": 72,
    "dispatch.float": 69, "common.exact": 69, "ball_rolling_on_plane.float": 67, "common.float": 65,
    "dispatch.exact": 54, "ball.float": 147, "rod.exact": 129, "rod.float": 165, "point_on_plane.float": 47,
    "sphere_on_sphere_outputs.float": 46, "ball.exact": 107, "point_in_plane.float": 109, "point_on_plane.exact": 43,
    "point_in_plane.exact": 78, "constant_coordinate.float": 47, "constant_coordinate.exact": 31,
    "eva_contacts": 14, "eva_dispatch": 12, "verify-forgery-test": 9, "verify-gappa-forgery-test": 1,
    "verify-norm-lemmas": 30, "verify-norm-lemmas-forgery-test": 6,
}
# verify-gappa: its wall time in the pool of `time make verify` on a clean clone of 83f291e (392 rows; 63 s alone with
# 494 rows, its answers from the cache and a cold window of 6 Gappa runs; a costlier window takes longer).
# verify-norm-lemmas, verify-norm-lemmas-forgery-test: their wall time alone, the answers from proofs/lemma-cache and
# a cold window of 16 subgoals (about 26 s under a load average of 8: proofs/gappa/prove_lemmas.py).


def wp_items(only, failures):
    items = []
    for unit, files, selection, group in wp_units():
        if only and unit not in only and group not in only:
            continue
        if any(not os.path.exists(os.path.join(ROOT, f)) for f in files):
            failures.append("%s: source missing" % unit)
            continue
        for model, margs, props in MODELS:
            items.append(("wp", "%s.%s" % (unit, model),
                          (unit, files, selection, model, margs, props + smoke_args(unit))))
    return items


# ---------------------------------------------------------------- smoke tests

# -wp-smoke-tests: for each function WP also tries to prove its preconditions, each behavior's assumes, and each
# statement and call unreachable (-wp-smoke-timeout, 2 s by default). Such a "proof" is an inconsistent contract
# (every goal under it would be vacuous) or dead code. The main runs carry them (VERIFY_SMOKE=0 drops them); the
# cache keeps their answers like any goal's. Every unreachable one must be listed, with its reason, in
# proofs/smoke-unreachable.txt (check_smoke).
SMOKE_LIST = os.path.join(ROOT, "proofs", "smoke-unreachable.txt")
SMOKE_RE = re.compile(r"^\[wp\] \[(Passed|Failed)\] Smoke-test typed_(?:real_|float_)?(\S+)")
SMOKE_WHERE_RE = re.compile(r"^\[wp\] (\S+):(\d+): Warning: Failed smoke-test")
SMOKE_RUN = {}          # model -> smoke tests run
SMOKE_DEAD = {}         # (model, function, kind, where) -> count: the smoke tests proved unreachable
SMOKE_CODE_KINDS = ("dead code", "dead call")
SMOKE_CODE_RAN = set()  # (model, function) whose dead-code tests ran


# Units whose dead-code and dead-call smoke tests (a statement or a call proved unreachable) run in make verify.
# Those tests carry the whole path to the statement, and the provers time out (WP_SMOKE_TIMEOUT) on most of them; the
# cache keeps a timeout like any answer, so a replay costs no prover time, but filling the cache takes the provers'
# full timeouts (the figures: proofs/README.md, "Smoke tests"). A unit joins this
# set once `make verify-wp VERIFY_ONLY=<unit> VERIFY_SMOKE=code WP_CACHE=update` has filled the cache for it and
# proofs/smoke-unreachable.txt gives a reason for each unreachable statement. VERIFY_SMOKE=code adds them everywhere,
# VERIFY_SMOKE=contracts leaves them out.
SMOKE_CODE_UNITS = {"constant_coordinate", "point_in_plane", "ball", "rod", "point_on_plane", "sphere_on_plane",
                    "ball_rolling_on_plane", "common", "sphere_on_sphere", "sphere_on_sphere_outputs",
                    "line_on_line", "line_on_line_outputs", "unilateral", "dispatch", "contacts",
                    "contacts_eval", "handle", "handle_names", "weld"}


def smoke_args(unit):
    mode = env("VERIFY_SMOKE", "1")  # 0: none; contracts: consistency tests only; code: dead code on every unit
    if mode == "0":
        return []
    # Every unit: the contracts' consistency (each function's preconditions, each behavior's assumes, each loop's
    # invariants: a loop whose invariants contradict its entry is dead); the units above: dead code and calls too.
    args = ["-wp-smoke-tests", "-wp-smoke-timeout", env("WP_SMOKE_TIMEOUT", "2")]
    if mode == "contracts" or (mode != "code" and unit not in SMOKE_CODE_UNITS):
        args += ["-wp-no-smoke-dead-code", "-wp-no-smoke-dead-call"]
    return args


def is_smoke(prop):
    return "_wp_smoke_" in prop


def smoke_untried(st):
    """A smoke goal neither Qed nor any prover (or its cached answer) looked at: an offline run without its cache
    entry. Its "not proved" says nothing, so the run goes to the second pass, with the provers."""
    return all(k == "wp:main" for k in st)


def source_text(path, line):
    try:
        with open(path) as f:
            return f.read().splitlines()[line - 1].strip()
    except (OSError, IndexError):
        return "?"


def smoke_kind(prop):
    """(kind, what) of a smoke goal, from WP's property name: the behavior of an assumes, the callee of a dead call;
    dead code and calls are then told apart by their source line (check_smoke), which survives renumbering."""
    head, tail = prop.split("_wp_smoke_", 1)
    if tail == "default_requires":
        return "requires", ""
    if tail.endswith("_assumes"):
        return "assumes", tail[:-len("_assumes")]
    m = re.match(r"(dead_[a-z_]*?)_s\d+$", tail)
    if m:
        return m.group(1).replace("_", " "), head if m.group(1) == "dead_call" else ""
    return tail, ""


def collect_smoke(model, report, log_lines):
    where = {}  # log name of a failed smoke test -> (file, line)
    last = None
    for line in log_lines:
        m = SMOKE_RE.match(line)
        if m:
            last = m.group(2) if m.group(1) == "Failed" else None
            continue
        w = SMOKE_WHERE_RE.match(line)
        if w and last:
            where[last] = (w.group(1), int(w.group(2)))
            last = None
    for fn, props_ in report.get("wp:functions", {}).items():
        for prop, st in props_.items():
            if not is_smoke(prop):
                continue
            SMOKE_RUN[model] = SMOKE_RUN.get(model, 0) + 1
            kind, what = smoke_kind(prop)
            if kind in SMOKE_CODE_KINDS:
                SMOKE_CODE_RAN.add((model, fn))
            if all_valid(st) or smoke_untried(st):
                continue
            loc = where.get(prop) or where.get(prop[:-len("_assumes")] if prop.endswith("_assumes") else prop)
            text = what if kind in ("requires", "assumes") else source_text(*loc) if loc else "?"
            if kind == "dead call":
                text = "%s: %s" % (what, text)
            key = (model, fn, kind, text)
            SMOKE_DEAD[key] = SMOKE_DEAD.get(key, 0) + 1


def read_smoke_list(path=SMOKE_LIST):
    """proofs/smoke-unreachable.txt: `# reason KEY: text` lines, then one line per unreachable smoke test: model,
    function, kind, where (the behavior, or the source line's text), reason KEY, tab-separated. A line of another
    shape is an error (returned with its line number), not skipped."""
    reasons, entries, errors = {}, {}, []
    if not os.path.exists(path):
        return reasons, entries, errors
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = re.match(r"^# reason (\S+): (.*)$", line)
            if m:
                reasons[m.group(1)] = m.group(2)
            elif line and not line.startswith("#"):
                cols = line.split("\t")
                if len(cols) != 5 or cols[0] not in ("exact", "float") or not all(cols):
                    errors.append("%s line %d: not `model<TAB>function<TAB>kind<TAB>where<TAB>reason`" % (
                        os.path.relpath(path, ROOT), number))
                    continue
                key = tuple(cols[:4])
                entries[key] = (entries.get(key, (0, cols[4]))[0] + 1, cols[4])
    return reasons, entries, errors


def write_smoke_list(outdir):
    found = os.path.join(outdir, "smoke-unreachable.txt")
    if not os.path.exists(found):
        print("verify-smoke-list: run make verify first (%s is missing)" % found)
        return 2
    header = []
    if os.path.exists(SMOKE_LIST):
        with open(SMOKE_LIST) as f:
            header = [l for l in f if l.startswith("#")]
    with open(found) as f:
        lines = f.readlines()
    if not lines or lines[0] != SMOKE_FULL_RUN:
        print("verify-smoke-list: %s is not from a full run (VERIFY_ONLY or VERIFY_SMOKE=contracts): run make verify "
              "first" % found)
        return 2
    body = [l for l in lines if l.strip() and not l.startswith("#")]
    with open(SMOKE_LIST, "w") as f:
        f.writelines(header + body)
    print("proofs/smoke-unreachable.txt: %d entries, %d without a reason (?)" % (
        len(body), sum(1 for l in body if l.rstrip("\n").endswith("\t?"))))
    return 0


def smoke_list_test(outdir):
    """check_smoke on made-up runs against a made-up list: the list as found passes, and each mismatch fails naming
    its entry (a new unreachable test, a listed one now reachable, an unknown reason, and a real_* entry the float
    model does not reach either, a listed dead statement now reachable; and a dead statement's entry is not checked
    in a run without the dead-code tests)."""
    d = os.path.join(outdir, "smoke-list-test")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "list.txt")
    a = ("exact", "f_check", "assumes", "input_nonfinite")
    b = ("exact", "f_eval", "assumes", "lambda_nonfinite")

    c = ("exact", "f_eval", "dead code", "return E_NONFINITE;")

    def run(entries, dead, code_ran=()):
        with open(path, "w") as f:
            f.write("# reason real_nonfinite: test\n")
            for e, r in entries:
                f.write("\t".join(e + (r,)) + "\n")
        SMOKE_DEAD.clear(), SMOKE_RUN.clear(), PROPERTIES.clear(), SMOKE_CODE_RAN.clear()
        SMOKE_RUN.update({"exact": 2, "float": 2})
        SMOKE_CODE_RAN.update(code_ran)
        for k in dead:
            SMOKE_DEAD[k] = SMOKE_DEAD.get(k, 0) + 1
        for m in ("exact", "float"):
            for fn in ("f_check", "f_eval"):
                PROPERTIES[(m, fn, fn + "_assigns")] = True
        fails = []
        check_smoke(d, fails, [], path)
        return fails

    listed = [(a, "real_nonfinite"), (b, "real_nonfinite")]
    fa = ("float",) + a[1:]
    # (what, failures, the one failure expected: None for none)
    cases = [("the list as found", run(listed, [a, b]), None),
             ("an unreachable test not listed", run(listed[:1], [a, b]), "`lambda_nonfinite` is unreachable and not"),
             ("a listed test now reachable", run(listed, [a]), "`lambda_nonfinite` of proofs/smoke-unreachable.txt is "
                                                                   "no longer unreachable"),
             ("an unknown reason", run([(a, "real_nonfinite"), (b, "?")], [a, b]), "reason ? not defined"),
             ("a real_* entry the float model does not reach", run(listed + [(fa, "real_nonfinite")], [a, b, fa]),
              "f_check assumes `input_nonfinite` is listed as real_nonfinite"),
             ("a listed dead statement now reachable", run(listed + [(c, "real_nonfinite")], [a, b],
                                                           [("exact", "f_eval")]),
              "`return E_NONFINITE;` of proofs/smoke-unreachable.txt is no longer unreachable"),
             ("a listed dead statement, dead-code tests not run", run(listed + [(c, "real_nonfinite")], [a, b]), None),
             ("a line of another shape", run(listed + [(("exact", "f_eval", "assumes"), "real_nonfinite")], [a, b]),
              "list.txt line 4: not `model")]
    bad = 0
    for what, fails, want in cases:
        ok = not fails if want is None else (len(fails) == 1 and want in fails[0])
        bad += not ok
        print("smoke list test: %-48s %s (%d failure(s)%s)" % (what, "ok" if ok else "WRONG", len(fails),
                                                                ": " + fails[0] if fails else ""))
    print("smoke list test: %s" % ("passed" if bad == 0 else "FAILED"))
    return 1 if bad else 0


SMOKE_FULL_RUN = "# from a full run (make verify-smoke-list takes only such a list)\n"


def check_smoke(outdir, failures, notes, list_path=SMOKE_LIST, full=True):
    """Every smoke test proved unreachable must be in proofs/smoke-unreachable.txt with a reason the file defines, and
    every entry of the list for a function analysed here must still be unreachable (the list stays exact: a branch
    that became reachable, or code that went, is taken out on purpose). build/proofs/smoke-unreachable.txt is this
    run's list, with the reasons of the committed one (`?` for a new entry)."""
    if not SMOKE_RUN:
        return
    reasons, listed, errors = read_smoke_list(list_path)
    failures.extend("smoke: " + e for e in errors)
    analysed = {(m, fn) for (m, fn, _) in PROPERTIES}

    def reason(key):
        return listed.get(key, (0, "?"))[1]

    with open(os.path.join(outdir, "smoke-unreachable.txt"), "w") as f:
        f.write(SMOKE_FULL_RUN if full else "# from a partial run (VERIFY_ONLY or VERIFY_SMOKE=contracts)\n")
        for key in sorted(SMOKE_DEAD):
            for _ in range(SMOKE_DEAD[key]):
                f.write("\t".join(key + (reason(key),)) + "\n")
    new = sorted(k for k in SMOKE_DEAD if SMOKE_DEAD[k] > listed.get(k, (0, ""))[0])
    # an entry of a test this run did not carry (dead code, under VERIFY_SMOKE=contracts) is not checked
    gone = sorted(k for k in listed if (k[0], k[1]) in analysed and listed[k][0] > SMOKE_DEAD.get(k, 0)
                  and (k[2] not in SMOKE_CODE_KINDS or (k[0], k[1]) in SMOKE_CODE_RAN))
    bad = sorted(k for k in listed if listed[k][1] not in reasons)
    for m, fn, kind, text in new[:30]:
        failures.append("smoke: %s [%s model] %s `%s` is unreachable and not in proofs/smoke-unreachable.txt" % (
            fn, m, kind, text))
    for m, fn, kind, text in gone[:30]:
        failures.append("smoke: %s [%s model] %s `%s` of proofs/smoke-unreachable.txt is no longer unreachable" % (
            fn, m, kind, text))
    for m, fn, kind, text in bad[:30]:
        failures.append("smoke: %s [%s model] %s `%s`: reason %s not defined in proofs/smoke-unreachable.txt" % (
            fn, m, kind, text, listed[(m, fn, kind, text)][1]))
    # A reason named real_* says the branch is dead only in the real model (a non-finite value, an overflow): the
    # float model must then reach it, where it was analysed too.
    floats = {(fn, kind, text) for (m, fn, kind, text) in SMOKE_DEAD if m == "float"}
    for m, fn, kind, text in sorted(SMOKE_DEAD):
        r = reason((m, fn, kind, text))
        if m == "exact" and r.startswith("real_") and ("float", fn) in analysed and (fn, kind, text) in floats:
            failures.append("smoke: %s %s `%s` is listed as %s (unreachable in the real model only) but the float "
                            "model does not reach it either" % (fn, kind, text, r))
    by_reason = {}
    for k, n in SMOKE_DEAD.items():
        by_reason[reason(k)] = by_reason.get(reason(k), 0) + n
    notes.append("smoke tests: %s run; %d unreachable (%s), %d not listed, %d listed no longer unreachable" % (
        ", ".join("%s %d" % (m, n) for m, n in sorted(SMOKE_RUN.items())), sum(SMOKE_DEAD.values()),
        ", ".join("%s %d" % kv for kv in sorted(by_reason.items())) or "none", len(new), len(gone)))


def eva_items(only):
    return [("eva", e, (e, fn)) for e, fn in EVA_ENTRIES if not only or e[4:] in only]


def extra_items():
    return [("extra", t, t) for t in env("VERIFY_EXTRA", "").split()]


# Not analysed by EVA: version.c (the version string and ccref_fp_check, the build's floating-point self-check, which
# reads the rounding mode through <fenv.h>, outside Frama-C's libc model; no kernel calls it).
EVA_SKIP = {"version.c"}


def run_eva(entry, outdir):
    srcs = sorted(os.path.join(ROOT, "src", f) for f in os.listdir(os.path.join(ROOT, "src"))
                  if f.endswith(".c") and f not in EVA_SKIP)
    csv = os.path.join(outdir, entry + ".csv")
    cmd = [env("FRAMAC", "frama-c")] + fc_parse_args(" -DCCREF_EVA") + srcs + [os.path.join(ROOT, "proofs", "eva_main.c"),
           "-eva", "-main", entry, "-eva-no-alloc-returns-null", "-eva-warn-key", "alarm=feedback",
           "-eva-precision", env("EVA_PRECISION", "1"), "-then", "-report-csv", csv]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    wall = time.time() - t0
    out = p.stdout + p.stderr
    with open(os.path.join(outdir, entry + ".log"), "w") as f:
        f.write(" ".join(cmd) + "\n" + out)
    return csv, p.returncode, wall, out


def run_extra(target, outdir):
    log = os.path.join(outdir, "extra-%s.log" % target)
    t0 = time.time()
    with open(log, "w") as f:
        rc = subprocess.run([env("MAKE", "make"), "--no-print-directory", target], stdout=f, stderr=subprocess.STDOUT,
                            cwd=ROOT).returncode
    return log, rc, time.time() - t0


def run_item(item, outdir, cache, par):
    kind, name, args = item
    if kind == "wp":
        log = []
        report, wall, extra = run_wp(*args, outdir, log, cache, par)
        return item, (log, report, wall, extra)
    if kind == "eva":
        return item, run_eva(args[0], outdir)
    return item, run_extra(args, outdir)


def all_valid(section):
    """True when every goal counted in a WP report section ("wp:main" of a function or property) is proved."""
    main = section.get("wp:main", {"total": 0, "valid": 0})
    return main.get("valid", 0) == main.get("total", 0)


def proof_section(props_):
    """A function's "wp:section" (counts per prover and in all) without its smoke goals, whose "valid" means the
    opposite (the smoke test passed: the code is reachable)."""
    sec = {}
    for prop, st in props_.items():
        if prop == "wp:section" or is_smoke(prop):
            continue
        for k, v in st.items():
            acc = sec.setdefault(k, {})
            for verdict, n in v.items():
                acc[verdict] = acc.get(verdict, 0) + n
    return sec


# The kind of a WP property, from the name WP gives it: the headline counts goals per kind, so that the frame
# (assigns) goals, most of the total, are not read as proofs of values.
PROPERTY_KINDS = [("frame (assigns)", "_assigns"), ("ensures", "_ensures"), ("call preconditions", "_requires"),
                  ("runtime errors (rte)", "_assert_rte"), ("asserts", "_assert"), ("complete/disjoint", "_complete"),
                  ("complete/disjoint", "_disjoint")]


def property_kind(prop):
    for kind, key in PROPERTY_KINDS:
        if key in prop:
            return kind
    return "other"


# (model, function, property) -> proved; filled by collect_wp, compared with proofs/baseline.txt by check_baseline.
PROPERTIES = {}
GOALS_BY_KIND = {}  # (model, kind) -> [valid, total]


def collect_wp(args, result, rows, failures, notes):
    unit, files, selection, model, margs, props = args
    log, report, wall, extra = result
    failures.extend(log)
    if report is None:
        return wall
    goals, cache_lines, log_lines = extra
    for c in cache_lines:
        notes.append("%s.%s cache: %s" % (unit, model, c))
    collect_smoke(model, report, log_lines)
    fns = report.get("wp:functions", {})
    gtime = {}
    for g, status, secs in goals:
        fn = function_of_goal(g, fns.keys())
        gtime[fn] = gtime.get(fn, 0.0) + secs
    for fn, props_ in fns.items():
        sec = proof_section(props_)
        main = sec.get("wp:main", {"total": 0, "valid": 0})
        provers = {short_prover(k): v.get("valid", 0) for k, v in sec.items() if k not in ("wp:main",)}
        row = rows.setdefault(fn, {"unit": unit})
        row[model] = (main.get("valid", 0), main.get("total", 0), provers)
        for prop, st in props_.items():
            if prop == "wp:section" or is_smoke(prop):
                continue
            PROPERTIES[(model, fn, prop)] = all_valid(st)
            g = GOALS_BY_KIND.setdefault((model, property_kind(prop)), [0, 0])
            g[0] += st.get("wp:main", {}).get("valid", 0)
            g[1] += st.get("wp:main", {}).get("total", 0)
        row["time"] = row.get("time", 0.0) + gtime.get(fn, 0.0)
        if not all_valid(sec):
            bad = [p for p, st in props_.items() if p != "wp:section" and not is_smoke(p) and not all_valid(st)]
            failures.append("%s [%s model]: unproved %s" % (fn, model, ", ".join(sorted(bad))))
    return wall


LIBC_CALLS = ("sqrt", "fabs", "frexp", "ldexp", "memset", "memcpy")
EVA_UNKNOWNS = set()  # "entry\tfunction\tkind\tproperty" of the EVA-decidable properties left unknown
EVA_ALLOWED = os.path.join(ROOT, "proofs", "eva-unknowns.txt")


def check_eva_unknowns(failures, notes, outdir):
    allowed = set()
    if os.path.exists(EVA_ALLOWED):
        with open(EVA_ALLOWED) as f:
            allowed = {l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")}
    with open(os.path.join(outdir, "eva-unknowns.txt"), "w") as f:
        for u in sorted(EVA_UNKNOWNS):
            f.write(u + "\n")
    new = sorted(EVA_UNKNOWNS - allowed)
    for u in new[:20]:
        failures.append("EVA: unknown property not in proofs/eva-unknowns.txt: " + u.replace("\t", " | "))
    notes.append("EVA: %d properties of its own (alarms, C library preconditions, assertions it would assume) "
                 "left unknown, "
                 "%d of them listed in proofs/eva-unknowns.txt, %d new" % (len(EVA_UNKNOWNS),
                                                                            len(EVA_UNKNOWNS & allowed), len(new)))


EVA_SUMMARY = re.compile(r"^\s*(\d+) alarms? generated by the analysis")


def collect_eva(args, result, rows, failures, outdir):
    entry, fn = args
    csv, rc, wall, out = result
    alarms = None
    for line in out.splitlines():
        m = EVA_SUMMARY.match(line)
        if m:
            alarms = int(m.group(1))
    if "no alarm" in out and alarms is None:
        alarms = 0
    if rc != 0 or alarms is None:
        failures.append("%s: EVA failed (rc %d), see %s.log" % (entry, rc, os.path.join(outdir, entry)))
        alarms = -1
    # Alarms per function, from the report: every Eva alarm is an assertion emitted by Eva.
    per_fn = {}
    if os.path.exists(csv):
        with open(csv) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) >= 7 and cols[4] == "alarm" and cols[5] not in ("Valid", "Considered valid"):
                    per_fn[cols[3]] = per_fn.get(cols[3], 0) + 1
    # Properties EVA leaves unknown that are its own to decide: alarms, preconditions of the C library (sqrt's
    # arg_positive) and the assertions it cannot decide, which it then takes as hypotheses (it reduces its state by
    # them). They are listed, and one not in proofs/eva-unknowns.txt fails the run. An assertion that is a real-model
    # implication is WP's: EVA cannot decide real_model, so it can neither check nor use it.
    if os.path.exists(csv):
        with open(csv) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) < 7 or cols[5] not in ("Unknown", "Invalid"):
                    continue
                kind, prop = cols[4], cols[6]
                assumed = kind == "user assertion" and not prop.startswith("real_model")
                if kind == "alarm" or kind in ("precondition of %s" % c for c in LIBC_CALLS) or assumed:
                    EVA_UNKNOWNS.add("%s\t%s\t%s\t%s" % (entry, cols[3], kind, prop))
    row = rows.setdefault(fn, {"unit": entry[4:]})
    row["eva"] = (alarms, wall)
    if alarms != 0:
        failures.append("%s: %d EVA alarm(s) %s, see %s.log" % (entry, alarms, per_fn, os.path.join(outdir, entry)))
    return wall


def collect_extra(target, result, failures, extras):
    log, rc, wall = result
    with open(log) as f:
        tail = f.read().splitlines()[-int(env("VERIFY_EXTRA_LINES", "12")):]
    extras.append((target, rc, wall, log, tail))
    if rc != 0:
        failures.append("VERIFY_EXTRA %s failed (rc %d), see %s" % (target, rc, log))
    return wall


def wp_complete(result):
    log, report, wall, extra = result
    return not log and report is not None and report_complete(report)


def run_pool(batch, workers, outdir, cache, par):
    batch = sorted(batch, key=lambda i: -RUN_SECONDS.get(i[1], 0.0))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        return list(pool.map(lambda i: run_item(i, outdir, cache, par), batch))


def run_all(items, outdir, rows, failures, notes, extras):
    """Runs the items and folds their results in.

    WP_CACHE=replay (what `make verify` uses): first every WP run is checked against the proof cache alone
    (`-wp-cache offline`, one prover at a time: the first cached success ends the goal, no prover process starts,
    no timeout is waited out), in one pool of VERIFY_JOBS workers shared with EVA and the extras, longest run first.
    A WP run is mostly Qed and goal generation on one core, and WP polls its tasks every 50 ms, so more runs than
    cores keep the cores busy. A run with any goal the cache does not prove is then run again with the provers
    (`-wp-cache replay`, WP_PAR slots, WP_JOBS runs at a time), and that second run is the one reported.
    Other cache modes: the WP runs use the provers from the start, WP_JOBS (1) at a time (oversubscription turns
    proofs into timeouts), then EVA and the extras."""
    jobs = int(env("VERIFY_JOBS", "4"))
    mode = env("WP_CACHE", "none")
    par = env("WP_PAR", "3")
    wp_jobs = int(env("WP_JOBS", "1"))
    if mode == "replay":
        first = run_pool(items, jobs, outdir, "offline", "1")
        again = [item for item, result in first if item[0] == "wp" and not wp_complete(result)]
        if again:
            notes.append("not proved from the cache alone, run again with the provers: " +
                         ", ".join(i[1] for i in again))
        results = [(i, r) for i, r in first if i not in again] + run_pool(again, wp_jobs, outdir, "replay", par)
    else:
        wp = [i for i in items if i[0] == "wp"]
        results = run_pool(wp, wp_jobs, outdir, mode, par) + \
            run_pool([i for i in items if i[0] != "wp"], jobs, outdir, mode, par)
    walls = {}
    for item, result in results:
        kind, name, args = item
        if kind == "wp":
            walls[name] = collect_wp(args, result, rows, failures, notes)
        elif kind == "eva":
            walls[name] = collect_eva(args, result, rows, failures, outdir)
        else:
            walls[name] = collect_extra(args, result, failures, extras)
    notes.append("runs (wall s): " + ", ".join("%s %.0f" % (n, w) for n, w in
                                               sorted(walls.items(), key=lambda kv: -kv[1])))


# ---------------------------------------------------------------- the baseline and the cache's cold checks

BASELINE = os.path.join(ROOT, "proofs", "baseline.txt")


def write_proved(outdir):
    """The proved properties of this run, one per line (model, function, property): `make verify-baseline` copies
    the file of a passing full run to proofs/baseline.txt."""
    path = os.path.join(outdir, "proved.txt")
    with open(path, "w") as f:
        f.write("# model\tfunction\tproperty: every WP property proved by `make verify` (proofs/README.md, "
                "\"Baseline\")\n")
        for (model, fn, prop), ok in sorted(PROPERTIES.items()):
            if ok:
                f.write("%s\t%s\t%s\n" % (model, fn, prop))
    return path


def check_baseline(full, failures, notes):
    """Every property of proofs/baseline.txt must be proved again: on a full run all of them, on a VERIFY_ONLY run
    those of the functions analysed. A property that disappears (a deleted or renamed clause, a function no longer
    analysed) fails the run until the baseline is rewritten on purpose (make verify-baseline)."""
    if not os.path.exists(BASELINE):
        failures.append("proofs/baseline.txt is missing (make verify-baseline writes it from a passing run)")
        return
    base = set()
    with open(BASELINE) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                base.add(tuple(line.split("\t")))
    analysed = {(m, fn) for (m, fn, _) in PROPERTIES}
    considered = base if full else {b for b in base if (b[0], b[1]) in analysed}
    missing = sorted(b for b in considered if not PROPERTIES.get(b, False))
    for m, fn, prop in missing[:30]:
        failures.append("baseline: %s [%s model] %s %s" % (
            fn, m, prop, "not proved" if (m, fn, prop) in PROPERTIES else "no longer exists"))
    if len(missing) > 30:
        failures.append("baseline: ... %d more properties of proofs/baseline.txt missing" % (len(missing) - 30))
    new = sum(1 for k, ok in PROPERTIES.items() if ok and k not in base)
    notes.append("baseline: %d properties of proofs/baseline.txt checked, %d missing; %d proved properties not in "
                 "it (make verify-baseline adds them)" % (len(considered), len(missing), new))


def git(*args):
    try:
        return subprocess.run(["git"] + list(args), capture_output=True, text=True, cwd=ROOT).stdout.strip()
    except OSError:
        return ""


def model_args(model):
    for m, margs, props in MODELS:
        if m == model:
            return margs, props
    raise KeyError(model)


def unit_selection_for(selection, fns):
    """The unit's Frama-C options without its function selection, then -wp-fct with the functions fns."""
    out, skip = [], False
    for a in selection:
        if skip:
            skip = False
        elif a in ("-wp-fct", "-wp-skip-fct"):
            skip = True
        else:
            out.append(a)
    return out + ["-wp-fct", ",".join(fns)]


def window_position(budget, total):
    """The start, in [0, total), of this run's window of `budget` items (goals, Gappa groups) re-checked without a
    cache, and how it was chosen. The window moves by its own length with each commit (git rev-list --count HEAD),
    so that consecutive commits re-check consecutive windows and every item is re-checked within total / budget
    commits. A shallow clone has no commit count: the window then starts at the commit hash modulo the total."""
    if git("rev-parse", "--is-shallow-repository") == "false" and git("rev-list", "--count", "HEAD").isdigit():
        return int(git("rev-list", "--count", "HEAD")) * budget % total, "commit count"
    h = git("rev-parse", "HEAD")
    return (int(h[:12], 16) % total if h else 0), "commit hash"


def cold_window(rows):
    """The functions (unit, model, function) whose goals are re-proved without the cache in this run: a window of
    VERIFY_COLD_GOALS goals (default 300) over every analysed function's goals in a fixed order (window_position).
    The window takes whole functions, so one with many goals makes it longer; the order is by model first, so that
    the two models of the largest function (ccref_contact_eval, 986 and 871 goals) never fall in one window."""
    budget = int(env("VERIFY_COLD_GOALS", "300"))
    triples = sorted((r["unit"], m, fn, r[m][1]) for fn, r in rows.items() for m in ("exact", "float")
                     if r.get(m) and r[m][1] > 0)
    triples.sort(key=lambda t: (t[1], t[0], t[2]))
    total = sum(t[3] for t in triples)
    if budget <= 0 or total == 0:
        return [], 0, 0, "off"
    position, how = window_position(budget, total)
    picks, at = [], 0
    for unit, model, fn, goals in triples:
        lo, hi = at, at + goals
        at = hi
        # the window [position, position + budget) taken modulo total
        for a, b in ((position, min(position + budget, total)), (0, max(0, position + budget - total))):
            if lo < b and hi > a:
                picks.append((unit, model, fn))
                break
    return picks, total, position, how


def cold_run(name, unit, fns, model, outdir, log, timeout):
    """One Frama-C run of the picked functions of a unit, without any cache; returns {function: (valid, total)}."""
    _, files, selection, _ = {u[0]: u for u in wp_units()}[unit]
    margs, props = model_args(model)
    report, _, _ = run_wp(name + "." + unit, files, unit_selection_for(selection, fns), model, margs, props, outdir,
                          log, "none", env("WP_PAR", "3"), timeout=timeout)
    if report is None:
        return None
    counts = {}
    for fn in fns:
        sec = report.get("wp:functions", {}).get(fn, {}).get("wp:section", {}).get("wp:main", {})
        counts[fn] = (sec.get("valid", 0), sec.get("total", 0))
    return counts


def cold_check(rows, outdir, failures, notes):
    """The cold window (cold_window) re-proved without any cache. Twice WP_TIMEOUT first: a goal the cache holds as
    proved within WP_TIMEOUT on some machine must not fail for a slower one. A function left unproved then is run
    again at VERIFY_COLD_RETRY_TIMEOUT (default 300 s): on a loaded machine the provers only take longer (one such run
    of ccref_contact_eval, at a load average of 12, left 3 of its 986 goals at 30 s), while a false goal, which is
    what a forged or stale entry stands for, fails at any time limit (verify-forgery-test)."""
    picks, total, position, how = cold_window(rows)
    if not picks:
        return 0.0
    groups = {}  # one Frama-C run per unit and model, every picked function of it selected
    for unit, model, fn in picks:
        groups.setdefault((unit, model), []).append(fn)
    t0 = time.time()
    goals = [0, 0]
    retried = []
    for (unit, model), fns in sorted(groups.items()):
        log = []
        counts = cold_run("cold", unit, fns, model, outdir, log,
                          env("VERIFY_COLD_TIMEOUT", str(2 * int(env("WP_TIMEOUT", "15")))))
        failures.extend(log)
        if counts is None:
            continue
        left = [fn for fn, (valid, n) in counts.items() if valid != n or n == 0]
        if left:
            retried += ["%s.%s" % (fn, model) for fn in left]
            retry_log = []
            again = cold_run("cold-retry", unit, left, model, outdir, retry_log,
                             env("VERIFY_COLD_RETRY_TIMEOUT", "300"))
            failures.extend(retry_log)
            if again is not None:
                counts.update(again)
        for fn in fns:
            valid, n = counts[fn]
            goals[0] += valid
            goals[1] += n
            cached = rows.get(fn, {}).get(model)
            cached_all = cached is not None and cached[0] == cached[1]
            if valid != n or n == 0:
                failures.append("cold re-proof: %s [%s model] %d/%d goals proved without the cache%s" % (
                    fn, model, valid, n,
                    ", where the cached run proved them all: a cache entry is wrong" if cached_all else
                    " (the cached run did not prove them all either)"))
    wall = time.time() - t0
    notes.append("cold re-proof without the cache (window at goal %d of %d by %s): %d functions in %d runs, %d/%d "
                 "goals, %.0f s: %s%s" % (position, total, how, len(picks), len(groups), goals[0], goals[1], wall,
                                          ", ".join("%s.%s" % (fn, m) for _, m, fn in picks),
                                          "; run again at the longer time limit: " + ", ".join(retried)
                                          if retried else ""))
    return wall


FORGERY_SOURCE = """/* A false contract (proofs/verify.py --forgery-test): \\result is x + 1, never x. */
/*@ requires 0 <= x <= 100;
    ensures forged: \\result == x; */
int forged(int x) { return x + 1; }
"""


def forgery_test(outdir):
    """A cache entry forged to "valid" under a false goal: the cached run must take it (so the forgery is real) and
    the cold re-proof (cold_check's run, without the cache) must refuse the goal."""
    d = os.path.join(outdir, "forgery")
    cache = os.path.join(d, "cache")
    os.makedirs(cache, exist_ok=True)
    for f in os.listdir(cache):
        os.remove(os.path.join(cache, f))
    with PROOF_CACHES_LOCK:
        PROOF_CACHES.pop(os.path.abspath(cache), None)
    src = os.path.join(d, "forged.c")
    with open(src, "w") as f:
        f.write(FORGERY_SOURCE)
    margs, props = model_args("exact")
    par = env("WP_PAR", "3")

    runs = os.path.join(d, "runs")  # a run cache of the test's own, empty but for the entry it forges
    os.makedirs(runs, exist_ok=True)
    for f in os.listdir(runs):
        os.remove(os.path.join(runs, f))

    def ensures_proved(tag, mode, goal_cache=cache):
        log = []
        # 3 s: the false goal times out in two provers, no need to wait the full timeout
        report, _, _ = run_wp("forgery-" + tag, [src], [], "exact", margs, props, d, log, mode, par, goal_cache, "3",
                              run_cache=runs)
        if report is None:
            print("forgery test: frama-c failed: %s" % "; ".join(log))
            return None
        st = report.get("wp:functions", {}).get("forged", {}).get("forged_ensures_forged", {})
        return all_valid(st) if st else None

    first = ensures_proved("honest", "update")
    # the storing run left its entries in the archive forgery-honest.exact.json.gz (ProofCache); each is rewritten
    # there. WP's own format (not always valid JSON: "time": 5.), one entry per goal and prover
    entries = []
    for a in sorted(f for f in os.listdir(cache) if f.endswith(".json.gz")):
        held = read_gz_json(os.path.join(cache, a))
        for f, text in held.items():
            prover = re.search(r'"prover": *"([^"]*)"', text)
            held[f] = '{ "prover": "%s", "verdict": "valid", "time": 0.01 }' % (prover.group(1) if prover else "?")
            entries.append(f)
        write_gz_json(os.path.join(cache, a), held)
    with PROOF_CACHES_LOCK:  # the next run reads the archives again, as a new make verify would
        PROOF_CACHES.pop(os.path.abspath(cache), None)
    forged = ensures_proved("forged", "offline")
    # The run cache: the forged run's report and output stored as the entry of a run of its own name, then taken by
    # a run whose proof cache is empty (so only the run cache can prove the goal)
    forged_run = None
    js = os.path.join(d, "forgery-forged.exact.json")
    if forged and os.path.exists(js):
        with open(js) as fh:
            report = json.load(fh)
        with open(os.path.join(d, "forgery-forged.exact.log")) as fh:
            output = fh.read()
        RunCache(runs, "forgery-runs.exact", "exact", [src], wp_options(margs, props, [], "3")).store(report, output)
        empty = os.path.join(d, "empty-cache")
        os.makedirs(empty, exist_ok=True)
        forged_run = ensures_proved("runs", "offline", empty)
    cold = ensures_proved("cold", "none")
    print("forgery test: provers on the false goal: %s; %d cache entries forged to valid; cached run: %s; run cache "
          "entry forged from it, run with an empty proof cache: %s; cold re-proof: %s" % (
              "proved" if first else "not proved", len(entries), "proved" if forged else "not proved",
              "proved" if forged_run else "not proved", "proved" if cold else "not proved"))
    if first is not False or not entries:
        print("forgery test: FAILED (the false goal must fail and leave a cache entry to forge)")
        return 1
    if forged is not True or forged_run is not True:
        print("forgery test: FAILED (a forged entry was not taken: the test no longer shows the risk)")
        return 1
    if cold is not False:
        print("forgery test: FAILED (the cold re-proof did not catch the forged entries)")
        return 1
    print("forgery test: passed (the forged proof cache entry and the forged run cache entry fool the cached runs; "
          "the cold re-proof catches them)")
    return 0


def fmt_model(cell):
    if cell is None:
        return "-"
    valid, total, provers = cell
    parts = " ".join("%s %d" % (k, v) for k, v in sorted(provers.items()) if v)
    return "%d/%d (%s)" % (valid, total, parts) if parts else "%d/%d" % (valid, total)


def main():
    a = parse_args()
    os.makedirs(a.out, exist_ok=True)
    # Frama-C is an OCaml 4.13 program, whose collector runs with a space overhead of 80 by default; at 400 WP runs
    # spend less time collecting for more memory (proofs/README.md, "Where the time goes"). A value set by the user
    # wins.
    os.environ.setdefault("OCAMLRUNPARAM", "o=400")
    if a.forgery_test:
        return forgery_test(a.out)
    if a.write_smoke_list:
        return write_smoke_list(a.out)
    if a.smoke_list_test:
        return smoke_list_test(a.out)
    print("ccref verify: Frama-C WP (exact = real model, float = IEEE binary64 model) and EVA")
    for k, v in versions():
        print("  %-8s %s" % (k, v))
    print("  provers  %s, timeout %s s, -wp-par %s, cache %s (%s)%s" % (
        env("WP_PROVERS", "z3-wpfloat,z3-arith2,cvc5-wpfloat"), env("WP_TIMEOUT", "15"), env("WP_PAR", "3"),
        env("WP_CACHE", "none"), env("WP_CACHE_DIR", "-"),
        "; first pass from the cache alone (offline, -wp-par 1)" if env("WP_CACHE", "none") == "replay" else ""))
    rows, failures, notes, extras = {}, [], [], []
    t0 = time.time()
    only = [u for u in env("VERIFY_ONLY", "").split(",") if u]
    items = (wp_items(only, failures) if a.wp else []) + (eva_items(only) if a.eva else []) + \
            (extra_items() if a.wp and a.eva and not only else [])
    run_all(items, a.out, rows, failures, notes, extras)
    if a.wp:
        notes.append(finish_run_cache(full=not only))
        main_cache = os.path.abspath(env("WP_CACHE_DIR", os.path.join(ROOT, "proofs", "wp-cache")))
        if main_cache in PROOF_CACHES:
            PROOF_CACHES[main_cache].finish(full=not only and env("WP_CACHE", "none") in ("update", "cleanup",
                                                                                         "rebuild"))
            notes.append(PROOF_CACHES[main_cache].note())
    if a.wp and env("WP_CACHE", "none") in ("replay", "offline", "update"):
        cold_check(rows, a.out, failures, notes)
    if a.eva and not only:
        check_eva_unknowns(failures, notes, a.out)
    if a.wp:
        notes.append("proved properties: %s" % write_proved(a.out))
        check_baseline(not only, failures, notes)
        # a run without the dead-code tests lacks their entries: make verify-smoke-list must not take its list
        check_smoke(a.out, failures, notes, full=not only and env("VERIFY_SMOKE", "1") != "contracts")
    for target, rc, wall, log, tail in extras:
        print("\nVERIFY_EXTRA %s: %s in %.0f s (%s), last lines:" % (
            target, "passed" if rc == 0 else "FAILED", wall, log))
        for line in tail:
            print("  " + line)
    print()
    hdr = "%-34s %-22s %-38s %-30s %-9s %s" % ("function", "unit", "WP exact (real model)", "WP float model",
                                               "EVA", "time")
    print(hdr)
    print("-" * len(hdr))
    for fn in sorted(rows, key=lambda f: (rows[f]["unit"], f)):
        r = rows[fn]
        eva = r.get("eva")
        eva_txt = "-" if eva is None else ("%d alarms" % eva[0] if eva[0] >= 0 else "failed")
        t = r.get("time", 0.0) + (eva[1] if eva else 0.0)
        print("%-34s %-22s %-38s %-30s %-9s %.1f s" % (fn, r["unit"], fmt_model(r.get("exact")),
                                                       fmt_model(r.get("float")), eva_txt, t))
    tot = {m: [0, 0] for m in ("exact", "float")}
    for r in rows.values():
        for m in tot:
            if r.get(m):
                tot[m][0] += r[m][0]
                tot[m][1] += r[m][1]
    print("-" * len(hdr))
    print("goals: exact %d/%d, float %d/%d; EVA alarms: %d; wall %.0f s" % (
        tot["exact"][0], tot["exact"][1], tot["float"][0], tot["float"][1],
        sum(max(r["eva"][0], 0) for r in rows.values() if r.get("eva")), time.time() - t0))
    for m in ("exact", "float"):
        kinds = sorted({k for (mm, k) in GOALS_BY_KIND if mm == m}, key=lambda k: -GOALS_BY_KIND[(m, k)][1])
        if kinds:
            print("  %s goals by kind: %s" % (m, ", ".join("%s %d/%d" % (k, GOALS_BY_KIND[(m, k)][0],
                                                                            GOALS_BY_KIND[(m, k)][1]) for k in kinds)))
    for n in notes:
        print("  " + n)
    if failures:
        print("\nFAILED:")
        for f in failures:
            print("  " + f)
        return 1
    print("\nverify: every goal proved, no alarm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
