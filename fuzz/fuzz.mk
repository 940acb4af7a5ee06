# fuzz/fuzz.mk: the fuzz targets of fuzz/ (fuzz/README.md). Included by the top Makefile (-include fuzz/fuzz.mk).
#   make fuzz-build         the libFuzzer targets (clang-14, ASan + UBSan), the replay drivers (gcc, ASan + UBSan)
#   make fuzz-smoke         every target for FUZZ_SMOKE_TIME seconds, two at a time, then fuzz/regressions/ and the seed
#                           corpora through the replay drivers; fails on any crash, sanitizer report or violated check
#   make fuzz FUZZ_TIME=s   every target for s seconds, FUZZ_JOBS at a time, then the robustness report
#   make fuzz-afl           the same sources for AFL++ (afl-clang-fast); make fuzz-afl-smoke runs each briefly
#   make fuzz-seeds         fuzz/corpus/ and fuzz/dict/ again from vectors/ and examples/
FUZZ_TARGETS    := $(shell fuzz/targets)
FUZZ_DIR        := $(BUILD)/fuzz
FUZZ_CC         ?= clang-14
FUZZ_AFL_CC     ?= afl-clang-fast
FUZZ_REPLAY_CC  ?= gcc
FUZZ_TIME       ?= 600
FUZZ_SMOKE_TIME ?= 18
FUZZ_JOBS       ?= $(shell nproc)
FUZZ_SAN        := -fsanitize=address,undefined -fno-sanitize-recover=undefined
# The project's language and floating-point rules come last, so that no earlier flag changes the rounding (README,
# "Build rules"); fuzz/stats.c also asks ccref_fp_check() at start-up.
FUZZ_RULES      := -std=c11 -ffp-contract=off -fno-fast-math -fno-math-errno -Wall -Wextra -Werror -Wpedantic
FUZZ_LIBSRC     := $(wildcard src/*.c) $(filter-out cli/main.c,$(wildcard cli/*.c)) $(ORACLE_SRC) \
                   tests/accuracy_bounds.c
FUZZ_COMMON     := fuzz/decode.c fuzz/check.c fuzz/stats.c fuzz/properties.c fuzz/minivec.c fuzz/gmp_pool.c
FUZZ_HDRS       := $(wildcard src/*.h cli/*.h oracle/*.h tests/*.h fuzz/*.h) fuzz/shim/CUnit/CUnit.h \
                   tests/test_properties.c
# fuzz/check.c observes the oracle's precision through these (acc_sample does not carry it).
FUZZ_WRAP       := $(foreach f,ora_eval_case ora_eval_case_on ora_eval_contact_case ora_eval_contact_case_on \
                   ora_effective_cor_d ora_effective_cof_d,-Wl,--wrap=$(f))
# Static where the archives exist (Debian's -dev packages ship them): the services run the binaries without these
# libraries, and MPFR's thread-local state is then reached without __tls_get_addr (about 20% faster under ASan).
FUZZ_LDLIBS     := -Wl,-Bstatic -ljansson -lnettle $(MPFI_LDLIBS) -Wl,-Bdynamic -lm

# Per engine: compiler, compile flags, link flags, extra sources.
FUZZ_ENGINES         := lf afl replay
FUZZ_CC_lf           = $(FUZZ_CC)
FUZZ_CFLAGS_lf       = -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN)
FUZZ_LDFLAGS_lf      = -fsanitize=fuzzer $(FUZZ_SAN)
FUZZ_CC_afl          = $(FUZZ_AFL_CC)
FUZZ_CFLAGS_afl      = -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN)
FUZZ_LDFLAGS_afl     = -fsanitize=fuzzer $(FUZZ_SAN)
FUZZ_CC_replay       = $(FUZZ_REPLAY_CC)
FUZZ_CFLAGS_replay   = -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN)
FUZZ_LDFLAGS_replay  = $(FUZZ_SAN)
FUZZ_EXTRA_replay    = fuzz/replay.c

# A target with its own fuzz/fuzz_<name>.c is built from it; the others are fuzz_suite.c for one suite.
fuzz_src = $(if $(wildcard fuzz/fuzz_$(1).c),fuzz/fuzz_$(1).c,fuzz/fuzz_suite.c)
fuzz_def = $(if $(wildcard fuzz/fuzz_$(1).c),,-DFUZZ_SUITE='"$(1)"')

define FUZZ_ENGINE_RULES
$(FUZZ_DIR)/$(1)/obj/%.o: %.c $(FUZZ_HDRS) | deps-fuzz
	@mkdir -p $$(@D)
	$$(FUZZ_CC_$(1)) $$(FUZZ_CFLAGS_$(1)) -Ifuzz/shim $(FUZZ_RULES) -c $$< -o $$@

$(FUZZ_DIR)/$(1)/obj/first/%.o: %.c $(FUZZ_HDRS) | deps-fuzz
	@mkdir -p $$(@D)
	$$(FUZZ_CC_$(1)) $$(FUZZ_CFLAGS_$(1)) -Ifuzz/shim $(FUZZ_RULES) $(FIRST_STAGE_CFLAGS) -c $$< -o $$@

$(FUZZ_DIR)/$(1)/libccref_fuzz.a: $(patsubst %.c,$(FUZZ_DIR)/$(1)/obj/%.o,$(FUZZ_LIBSRC) $(FUZZ_COMMON)) \
                                  $(patsubst %.c,$(FUZZ_DIR)/$(1)/obj/first/%.o,$(ORACLE_FIRST_SRC))
	@rm -f $$@
	ar rcs $$@ $$^
endef

define FUZZ_TARGET_RULES
$(FUZZ_DIR)/$(1)/fuzz_$(2): $(call fuzz_src,$(2)) $$(FUZZ_EXTRA_$(1)) $(FUZZ_DIR)/$(1)/libccref_fuzz.a $(FUZZ_HDRS)
	$$(FUZZ_CC_$(1)) $$(FUZZ_CFLAGS_$(1)) -Ifuzz/shim $(FUZZ_RULES) $(call fuzz_def,$(2)) -o $$@ \
	    $(call fuzz_src,$(2)) $$(FUZZ_EXTRA_$(1)) $(FUZZ_DIR)/$(1)/libccref_fuzz.a $$(FUZZ_LDFLAGS_$(1)) $(FUZZ_WRAP) \
	    $(FUZZ_LDLIBS)
endef

$(foreach e,$(FUZZ_ENGINES),$(eval $(call FUZZ_ENGINE_RULES,$(e))))
$(foreach e,$(FUZZ_ENGINES),$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_TARGET_RULES,$(e),$(t)))))

FUZZ_LF_BINS     := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/lf/fuzz_%)
FUZZ_REPLAY_BINS := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/replay/fuzz_%)
FUZZ_AFL_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/afl/fuzz_%)

.PHONY: deps-fuzz fuzz-build fuzz-smoke fuzz fuzz-afl fuzz-afl-smoke fuzz-seeds
FUZZ_DEPS ?= build fuzz
deps-fuzz: ## install clang, libFuzzer, AFL++ and the fuzzing tools
	@tools/ensure-deps $(FUZZ_DEPS)

fuzz-build: $(FUZZ_LF_BINS) $(FUZZ_REPLAY_BINS) $(FUZZ_DIR)/fuzz_show ## every fuzz target under libFuzzer, and the replay builds

fuzz-smoke: fuzz-build ## every fuzz target 18 s under libFuzzer, then fuzz/regressions (CI)
	FUZZ_DIR=$(FUZZ_DIR) fuzz/run.sh smoke $(FUZZ_SMOKE_TIME) 2 $(FUZZ_TARGETS)

fuzz: fuzz-build ## fuzz every target for FUZZ_TIME seconds on both cores, then the robustness report
	FUZZ_DIR=$(FUZZ_DIR) fuzz/run.sh fuzz $(FUZZ_TIME) $(FUZZ_JOBS) $(FUZZ_TARGETS)

fuzz-afl: $(FUZZ_AFL_BINS) ## the AFL++ builds of every fuzz target

fuzz-afl-smoke: fuzz-afl ## every fuzz target 10 s under AFL++
	FUZZ_DIR=$(FUZZ_DIR) fuzz/run.sh afl 10 $(FUZZ_JOBS) $(FUZZ_TARGETS)

$(FUZZ_DIR)/fuzz_seeds: fuzz/seeds.c $(FUZZ_DIR)/replay/libccref_fuzz.a $(FUZZ_HDRS)
	$(FUZZ_REPLAY_CC) $(FUZZ_CFLAGS_replay) -Ifuzz/shim $(FUZZ_RULES) -o $@ fuzz/seeds.c \
	    $(FUZZ_DIR)/replay/libccref_fuzz.a $(FUZZ_LDFLAGS_replay) $(FUZZ_WRAP) $(FUZZ_LDLIBS)

$(FUZZ_DIR)/fuzz_show: fuzz/show.c $(FUZZ_DIR)/replay/libccref_fuzz.a $(FUZZ_HDRS)
	$(FUZZ_REPLAY_CC) $(FUZZ_CFLAGS_replay) -Ifuzz/shim $(FUZZ_RULES) -o $@ fuzz/show.c \
	    $(FUZZ_DIR)/replay/libccref_fuzz.a $(FUZZ_LDFLAGS_replay) $(FUZZ_WRAP) $(FUZZ_LDLIBS)

fuzz-seeds: $(FUZZ_DIR)/fuzz_seeds ## regenerate the seed corpora from the vectors and the examples
	$(FUZZ_DIR)/fuzz_seeds $(or $(VECTORS_DIR),vectors) examples/cases.jsonl fuzz
