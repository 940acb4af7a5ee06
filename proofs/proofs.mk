# proofs/proofs.mk: formal verification of src/ with Frama-C (included by the top Makefile; proofs/README.md).
#
#   make verify        WP (real and float models) + EVA on every function, one table row per function,
#                      then $(VERIFY_EXTRA); exits non-zero on any unproved goal, any EVA alarm, or a failing extra
#   make verify-wp     WP only                make verify-eva    EVA only
#   make verify-cache  re-run every prover and rewrite the committed proof cache proofs/wp-cache (cold: slow)
#   make test-eacsl    the CUnit suite with the contracts compiled into run-time checks (E-ACSL)
#
# Toolchain: tools/ensure-deps verify (Debian 12: frama-c-base 25, why3 1.5.1, z3 4.8.12, cvc5 1.0.3).
# Knobs: WP_TIMEOUT (s per prover and goal), WP_PAR, WP_PROVERS, VERIFY_ONLY=ball,rod (units of proofs/verify.py),
# WP_CACHE=none (cold run without the cache).

FRAMAC        ?= frama-c
PROOFS_OUT    := $(BUILD)/proofs
WHY3CONF      := $(PROOFS_OUT)/why3/why3.conf
WP_TIMEOUT    ?= 15
WP_PAR        ?= 2
WP_PROVERS    ?= z3-wpfloat,z3-arith2,cvc5-wpfloat
WP_CACHE      ?= replay
WP_CACHE_DIR  ?= $(CURDIR)/proofs/wp-cache
# Hook for longer checks that `make verify` runs after WP and EVA (the derivative sweep adds itself here, e.g.
# `VERIFY_EXTRA += derivatives-sweep` in its own .mk): a list of make targets, each must succeed.
VERIFY_EXTRA  ?=

VERIFY_ENV = FRAMAC=$(FRAMAC) WHY3CONFIG=$(CURDIR)/$(WHY3CONF) WP_TIMEOUT=$(WP_TIMEOUT) WP_PAR=$(WP_PAR) \
             WP_PROVERS=$(WP_PROVERS) WP_CACHE=$(WP_CACHE) WP_CACHE_DIR=$(WP_CACHE_DIR)

.PHONY: verify verify-wp verify-eva verify-cache verify-tools test-eacsl

verify-tools:
	@tools/ensure-deps verify

$(WHY3CONF): proofs/why3/gen-why3-config proofs/why3/why3.conf.in proofs/why3/wpfloat_prune.gen \
             proofs/why3/z3_wpfloat.drv.in proofs/why3/cvc4_wpfloat.drv.in proofs/why3/cvc5_wpfloat.drv.in | verify-tools
	proofs/why3/gen-why3-config $(PROOFS_OUT)/why3

# The cache makes the run fit in minutes; without it every prover runs again (about 20 minutes on 2 cores).
# Its absence is an error, not a silent slowdown: WP_CACHE=none asks for the cold run explicitly.
verify-cache-check:
	@if [ "$(WP_CACHE)" != none ] && [ "$(WP_CACHE)" != update ] && [ "$(WP_CACHE)" != rebuild ] && \
	    ! ls $(WP_CACHE_DIR) 2>/dev/null | grep -q .; then \
	  echo "verify: proof cache $(WP_CACHE_DIR) is missing or empty." >&2; \
	  echo "  make verify-cache   rebuilds it (runs every prover), or" >&2; \
	  echo "  make verify WP_CACHE=none   runs the provers without a cache (slow)." >&2; exit 2; fi

verify: $(WHY3CONF) verify-cache-check
	$(VERIFY_ENV) python3 proofs/verify.py --out $(PROOFS_OUT)
	@for t in $(VERIFY_EXTRA); do echo "verify: VERIFY_EXTRA $$t"; $(MAKE) --no-print-directory $$t || exit 1; done

verify-wp: $(WHY3CONF) verify-cache-check
	$(VERIFY_ENV) python3 proofs/verify.py --wp --out $(PROOFS_OUT)

verify-eva: verify-tools
	$(VERIFY_ENV) python3 proofs/verify.py --eva --out $(PROOFS_OUT)

verify-cache: $(WHY3CONF)
	mkdir -p $(WP_CACHE_DIR)
	$(MAKE) --no-print-directory verify-wp WP_CACHE=rebuild

.PHONY: verify-cache-check

# ---------------------------------------------------------------- E-ACSL
test-eacsl:
	@echo "test-eacsl: see proofs/README.md" >&2; exit 1
