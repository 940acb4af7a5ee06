# proofs/proofs.mk: formal verification of src/ with Frama-C (included by the top Makefile; proofs/README.md).
#
#   make verify        WP (real and float models) + EVA on every function, one table row per function, and
#                      $(VERIFY_EXTRA) in the same pool of workers; exits non-zero on any unproved goal, any EVA
#                      alarm, or a failing extra
#   make verify-wp     WP only                make verify-eva    EVA only
#   make verify-cache  re-run every prover and rewrite the committed proof cache proofs/wp-cache (cold: slow)
#   make verify-cache-pack  every WP run with the proof cache in update mode: stores what is missing and keeps, per
#                      unit and model, only the entries the run used (proofs/wp-cache/<unit>.<model>.json.gz)
#   make verify-cold   WP with every prover and no cache, Gappa on every script and the provers on every subgoal of
#                      the norm lemmas, each compared with its cached answer: the check of every cached answer (slow)
#   make verify-baseline  proofs/baseline.txt from the last passing `make verify` (build/proofs/proved.txt)
#   make verify-smoke-list  proofs/smoke-unreachable.txt from the last full run's unreachable smoke tests, keeping
#                      the reasons already given (a new entry gets `?`, which fails until it has a reason)
#   make verify-forgery-test  a cache entry forged under a false goal must be caught by the cold re-proof (in
#                      make verify through VERIFY_EXTRA; verify-gappa-forgery-test and
#                      verify-norm-lemmas-forgery-test do the same for Gappa's and the lemmas' caches)
#   make test-eacsl    the CUnit suite with the contracts compiled into run-time checks (E-ACSL)
#
# Toolchain: tools/ensure-deps verify (Debian 12: frama-c-base 25, why3 1.5.1, z3 4.8.12, cvc5 1.0.3).
# Knobs: WP_TIMEOUT (s per prover and goal), WP_PAR, WP_PROVERS, VERIFY_ONLY=ball,rod (units of proofs/verify.py),
# WP_CACHE=none (cold run without the cache).

FRAMAC        ?= frama-c
PROOFS_OUT    := $(BUILD)/proofs
WHY3CONF      := $(PROOFS_OUT)/why3/why3.conf
WP_TIMEOUT    ?= 15
# WP_PAR: prover slots per Frama-C run when provers run (WP_CACHE=update/none, and a replay's second pass). WP queues
# the provers of a goal in WP_PROVERS order and the first success cancels the rest; the cache keeps every answer, a
# timeout with its limit (reused only by a run whose limit is not longer), so with fewer slots than provers a run
# that may start provers sits out a prover whose entry is missing or shorter before it reaches the cached success of
# the next. `make verify`'s first pass reads the cache alone (offline, one slot), where a missing entry costs nothing
# (proofs/verify.py, run_all).
# VERIFY_JOBS (4): runs at a time in that pass; WP_JOBS (1): runs at a time while provers run.
WP_PAR        ?= 3
WP_PROVERS    ?= z3-wpfloat,z3-arith2,cvc5-wpfloat
WP_CACHE      ?= replay
# WP_CACHE_DIR: the proof cache, one archive per unit and model (proofs/verify.py, ProofCache). Every run that reads
# it is given the union of the archives, unpacked into build/proofs/wp-cache-unpacked/; a storing run
# (WP_CACHE=update, rebuild) rewrites its unit's archive with the entries it used.
WP_CACHE_DIR  ?= $(CURDIR)/proofs/wp-cache
# Hook for longer checks that `make verify` runs with WP and EVA, in the same pool of workers (the derivative sweep
# adds itself here: `VERIFY_EXTRA += verify-derivatives` in tests/derivatives.mk): make targets, each must succeed.
# Each also makes `verify` depend on what it builds (`verify: $(DERIV_SWEEP)`), so that it is built before the pool
# starts: the extras' sub-makes run at once and would otherwise link the same libraries concurrently (a clean
# clone's `make verify` failed so, verify-gappa linking build/ccref while another sub-make rewrote a library).
VERIFY_EXTRA  ?=

# VERIFY_SMOKE: 1 (default) the consistency smoke tests, and dead code on the units of SMOKE_CODE_UNITS (verify.py);
# contracts: consistency only; code: dead code on every unit; 0: none. WP_SMOKE_TIMEOUT: seconds per prover and test.
VERIFY_SMOKE  ?= 1
WP_SMOKE_TIMEOUT ?= 2

# WP_RUN_CACHE: a WP run whose inputs (preprocessed sources, options, tool versions) are those of a run kept in
# proofs/wp-runs is not repeated (verify.py, RunCache; proofs/README.md, "The run cache"). update (default): taken
# and kept (a full run also removes the entries of units gone); replay: taken only; off: every run is made.
WP_RUN_CACHE     ?= update
WP_RUN_CACHE_DIR ?= $(CURDIR)/proofs/wp-runs

VERIFY_ENV = FRAMAC=$(FRAMAC) WHY3CONFIG=$(CURDIR)/$(WHY3CONF) WP_TIMEOUT=$(WP_TIMEOUT) WP_PAR=$(WP_PAR) \
             WP_PROVERS=$(WP_PROVERS) WP_CACHE=$(WP_CACHE) WP_CACHE_DIR=$(WP_CACHE_DIR) \
             WP_RUN_CACHE=$(WP_RUN_CACHE) WP_RUN_CACHE_DIR=$(WP_RUN_CACHE_DIR) \
             VERIFY_SMOKE=$(VERIFY_SMOKE) WP_SMOKE_TIMEOUT=$(WP_SMOKE_TIMEOUT)

.PHONY: verify verify-wp verify-eva verify-cache verify-cache-pack verify-tools test-eacsl verify-cold verify-baseline \
        verify-forgery-test verify-smoke-list verify-smoke-list-test

verify-tools: ## install Frama-C, Why3, the provers and Gappa
	@tools/ensure-deps verify

$(WHY3CONF): proofs/why3/gen-why3-config proofs/why3/why3.conf.in proofs/why3/wpfloat_prune.gen \
             proofs/why3/z3_wpfloat.drv.in proofs/why3/cvc4_wpfloat.drv.in proofs/why3/cvc5_wpfloat.drv.in | verify-tools
	proofs/why3/gen-why3-config $(PROOFS_OUT)/why3

# The cache makes the run fit in minutes; without it every prover runs again (tens of minutes on 2 cores: a run
# on main that re-proved part of the goals took 31 minutes).
# Its absence is an error, not a silent slowdown: WP_CACHE=none asks for the cold run explicitly.
verify-cache-check: ## fail early when the WP proof cache is missing
	@if [ "$(WP_CACHE)" != none ] && [ "$(WP_CACHE)" != update ] && [ "$(WP_CACHE)" != rebuild ] && \
	    ! ls $(WP_CACHE_DIR) 2>/dev/null | grep -q '\.json'; then \
	  echo "verify: proof cache $(WP_CACHE_DIR) is missing or empty." >&2; \
	  echo "  make verify-cache   rebuilds it (runs every prover), or" >&2; \
	  echo "  make verify WP_CACHE=none   runs the provers without a cache (slow)." >&2; exit 2; fi

verify: $(WHY3CONF) verify-cache-check ## the proofs (CI): WP and EVA on every function of src/, Gappa, the Why3 lemmas, the long checks
	$(VERIFY_ENV) MAKE="$(MAKE)" VERIFY_EXTRA="$(VERIFY_EXTRA)" python3 proofs/verify.py --out $(PROOFS_OUT)

verify-wp: $(WHY3CONF) verify-cache-check ## WP only, both models
	$(VERIFY_ENV) python3 proofs/verify.py --wp --out $(PROOFS_OUT)

verify-eva: verify-tools ## EVA only, every entry of proofs/eva_main.c
	$(VERIFY_ENV) python3 proofs/verify.py --eva --out $(PROOFS_OUT)

verify-cold: $(WHY3CONF) ## WP with no cache and Gappa on every script: every cached answer checked (slow)
	$(MAKE) --no-print-directory verify-wp WP_CACHE=none
	$(MAKE) --no-print-directory verify-gappa GAPPA_CACHE=check
	$(MAKE) --no-print-directory verify-norm-lemmas LEMMA_CACHE=check

verify-baseline: ## proofs/baseline.txt from the last passing make verify
	@test -f $(PROOFS_OUT)/proved.txt || { echo "verify-baseline: run make verify first" >&2; exit 2; }
	cp $(PROOFS_OUT)/proved.txt proofs/baseline.txt

verify-smoke-list: ## proofs/smoke-unreachable.txt from the last full run, keeping the reasons given
	python3 proofs/verify.py --write-smoke-list --out $(PROOFS_OUT)

# check_smoke on made-up runs: each kind of mismatch with the list fails (in make verify through VERIFY_EXTRA).
verify-smoke-list-test: ## each kind of mismatch with the smoke list fails (part of make verify)
	python3 proofs/verify.py --smoke-list-test --out $(PROOFS_OUT)

VERIFY_EXTRA += verify-smoke-list-test

verify-forgery-test: $(WHY3CONF) ## a forged WP cache entry is caught by the cold re-proof (part of make verify)
	$(VERIFY_ENV) python3 proofs/verify.py --forgery-test --out $(PROOFS_OUT)

VERIFY_EXTRA += verify-forgery-test

verify-cache: $(WHY3CONF) ## re-run every prover and rewrite the WP proof cache (slow)
	mkdir -p $(WP_CACHE_DIR)
	$(MAKE) --no-print-directory verify-wp WP_CACHE=rebuild

# The proof cache brought up to date with the goals: every unit run in update mode (WP's cleanup mode on the session's
# cache: what the run neither read nor wrote goes), its archive rewritten, the archives of units gone and the loose
# entries of the cache's old form (one file per entry) removed. No cold window: it re-proves nothing stored.
verify-cache-pack: $(WHY3CONF) ## bring the WP proof cache's archives up to date with the goals (what no goal uses goes)
	$(MAKE) --no-print-directory verify-wp WP_CACHE=update VERIFY_COLD_GOALS=0

.PHONY: verify-cache-check

# ---------------------------------------------------------------- E-ACSL
# The contracts compiled into run-time checks for the CUnit suite. With Frama-C 25 this cannot work for this code
# (proofs/README.md, "E-ACSL"): the target runs the translation, shows why it stops, and fails.
EACSL_OUT   := $(PROOFS_OUT)/eacsl
EACSL_SHARE := /usr/share/frama-c/e-acsl
test-eacsl: verify-tools ## the contracts as run-time checks with E-ACSL (fails with Frama-C 25: proofs/README.md)
	@mkdir -p $(EACSL_OUT)/shim
	@printf '%s\n' '/* E-ACSL shim: glibc 2.36 <math.h> does not parse with -no-frama-c-stdlib */' \
	  '#ifndef CCREF_EACSL_MATH_H' '#define CCREF_EACSL_MATH_H' 'extern int ccref_eacsl_errno;' \
	  '#define errno ccref_eacsl_errno' 'double sqrt(double x);' 'double fabs(double x);' \
	  'int ccref_eacsl_isfinite(double x);' '#define isfinite(x) ccref_eacsl_isfinite(x)' '#endif' \
	  > $(EACSL_OUT)/shim/math.h
	@echo "test-eacsl: frama-c -e-acsl on src/*.c (log: $(EACSL_OUT)/translate.log)"
	@if $(FRAMAC) -machdep gcc_x86_64 \
	    -cpp-extra-args="-std=c11 -D_DEFAULT_SOURCE -D__NO_CTYPE -D__FC_MACHDEP_X86_64 -I$(CURDIR)/$(EACSL_OUT)/shim -include $(CURDIR)/proofs/ccref_logic.h -I$(CURDIR)/src" \
	    -no-frama-c-stdlib -variadic-no-translation -kernel-warn-key annot-error=active $(LIB_SRC) \
	    -e-acsl -e-acsl-share=$(EACSL_SHARE) -then-last -print -ocode $(EACSL_OUT)/ccref.eacsl.c \
	    > $(EACSL_OUT)/translate.log 2>&1; then \
	  echo "test-eacsl: translation succeeded unexpectedly; proofs/README.md needs updating" >&2; exit 1; \
	else \
	  grep -m2 "Failure:\|Current source was" $(EACSL_OUT)/translate.log >&2 || true; \
	  echo "test-eacsl: E-ACSL 25 cannot instrument these contracts (struct-valued logic parameters);" \
	       "see proofs/README.md, section E-ACSL" >&2; exit 1; \
	fi

# Rounding-error bounds proved with Gappa on the input box (proofs/gappa/README.md): per output, Gappa proves the
# claimed bound for the kernel's operation order, and the transcription is compared with `ccref eval` bit for bit.
# Gappa's answers are cached in proofs/gappa-cache/answers.json.gz (GAPPA_CACHE: replay, update, check, none; check.py's
# GappaCache); GAPPA_COLD_GROUPS groups, rotating with the commit, run Gappa again and must match their entries.
GAPPA_SAMPLES     ?= 200
GAPPA_CACHE       ?= replay
GAPPA_COLD_GROUPS ?= 4
.PHONY: verify-gappa verify-gappa-forgery-test
verify-gappa: $(BUILD)/ccref ## the rounding-error bounds of proofs/gappa/ (part of make verify)
	GAPPA_CACHE=$(GAPPA_CACHE) GAPPA_COLD_GROUPS=$(GAPPA_COLD_GROUPS) \
	  python3 proofs/gappa/check.py $(BUILD)/ccref $(BUILD)/proofs/gappa $(GAPPA_SAMPLES)
VERIFY_EXTRA += verify-gappa
verify: $(BUILD)/ccref

# spec/accuracy.md's L7 and the triangle inequality in Why3 (proofs/gappa/norm_error.mlw), which the norm rows of
# verify-gappa instantiate: every subgoal proved by Z3 or cvc5. The answers are cached in proofs/lemma-cache/
# (LEMMA_CACHE: replay, update, check, none; prove_lemmas.py): LEMMA_COLD_GOALS subgoals, rotating with the commit,
# are proved again by the provers at LEMMA_COLD_TIMEOUT (120 s of CPU, not of wall time: load only makes it slower).
LEMMA_CACHE      ?= replay
LEMMA_COLD_GOALS ?= 16
.PHONY: verify-norm-lemmas verify-norm-lemmas-forgery-test
verify-norm-lemmas: $(WHY3CONF) ## the Why3 lemmas the norm rows of verify-gappa use, from their cache (part of make verify)
	LEMMA_CACHE=$(LEMMA_CACHE) LEMMA_COLD_GOALS=$(LEMMA_COLD_GOALS) python3 proofs/gappa/prove_lemmas.py $(WHY3CONF) \
	  proofs/gappa/norm_error.mlw proofs/lemma-cache/norm_error.json $(PROOFS_OUT)/lemmas
VERIFY_EXTRA += verify-norm-lemmas

# A cached answer forged under a false lemma must fool the cached run and be caught by the cold window and check.
verify-norm-lemmas-forgery-test: $(WHY3CONF) ## a forged cached lemma answer is caught (part of make verify)
	python3 proofs/gappa/prove_lemmas.py --forgery-test $(WHY3CONF) $(PROOFS_OUT)
VERIFY_EXTRA += verify-norm-lemmas-forgery-test

# A cached Gappa answer forged under a false claim must be caught by the cold window and by GAPPA_CACHE=check.
verify-gappa-forgery-test: $(BUILD)/ccref ## a forged Gappa answer is caught (part of make verify)
	python3 proofs/gappa/check.py --forgery-test $(BUILD)/ccref $(BUILD)/proofs/gappa-forgery
VERIFY_EXTRA += verify-gappa-forgery-test
