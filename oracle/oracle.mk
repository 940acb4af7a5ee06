# oracle/oracle.mk: the MPFR/MPFI oracle (spec/oracle.md). Included by the top Makefile before the test link.
# Builds build/libccref_oracle.a from oracle/*.c and adds it (and MPFI_LDLIBS) to the test binary. MPFI_LDLIBS and
# MPFI_STATIC_LDLIBS, the oracle's libraries, are defined here once for every layer that links the oracle.
# `make oracle-bench` runs bench/oracle_bench.c (certified evaluations per second against the double kernels).
# The first stage (spec/oracle.md section 9) is the same sources compiled a second time, each with
# oracle/first_stage.h included first (FIRST_STAGE_CFLAGS: -mfma on x86-64, see that header), plus
# oracle/first_stage.c; install.mk (position-independent objects) and fuzz/fuzz.mk build it the same way.
ORACLE_SRC  := $(filter-out oracle/first_stage.c,$(wildcard oracle/*.c))
# oracle/handle.c (the Constraint handle) calls the certified evaluations, which run the first stage themselves: it
# is compiled once, outside the first stage.
ORACLE_FIRST_SRC := $(filter-out oracle/handle.c,$(ORACLE_SRC)) oracle/first_stage.c
FIRST_STAGE_CFLAGS := $(if $(filter x86_64,$(shell uname -m)),-mfma) -include oracle/first_stage.h
ORACLE_OBJ  := $(ORACLE_SRC:oracle/%.c=$(BUILD)/oracle/%.o) $(ORACLE_FIRST_SRC:oracle/%.c=$(BUILD)/oracle/first/%.o)
ORACLE_HDRS := $(wildcard oracle/*.h) src/ccref.h src/ccref_unilateral.h src/ccref_kinds.h src/ccref_outputs.h src/ccref_handle.h

$(BUILD)/oracle/%.o: oracle/%.c $(ORACLE_HDRS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/oracle/first/%.o: oracle/%.c $(ORACLE_HDRS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(FIRST_STAGE_CFLAGS) -c $< -o $@

$(BUILD)/libccref_oracle.a: $(ORACLE_OBJ)
	ar rcs $@ $^

MPFI_LDLIBS := -lmpfi -lmpfr -lgmp
# The same, linked statically, for the long checks of `make verify` (the derivative sweep, the first stage's
# check; the fuzz targets link them statically too, with jansson, fuzz/fuzz.mk): in the shared libmpfr every access
# to MPFR's thread-local state (flags, exponent range) calls __tls_get_addr (15% of the sweep's profile under perf);
# linked into the executable it is a direct access. The tool, the test binary and the benchmarks keep the shared
# libraries (proofs/README.md, "Where the time goes").
MPFI_STATIC_LDLIBS := -Wl,-Bstatic $(MPFI_LDLIBS) -Wl,-Bdynamic

TEST_EXTRA_LIBS += $(BUILD)/libccref_oracle.a
TEST_EXTRA_LDLIBS += $(MPFI_LDLIBS)

$(BUILD)/oracle_bench: bench/oracle_bench.c cli/random.c cli/fields.c tests/testlib.c $(BUILD)/libccref_oracle.a \
                       $(BUILD)/libccref.a $(HDRS) $(ORACLE_HDRS) | deps-test
	$(CC) $(CFLAGS) -o $@ bench/oracle_bench.c cli/random.c cli/fields.c tests/testlib.c $(BUILD)/libccref_oracle.a \
	    $(BUILD)/libccref.a $(MPFI_LDLIBS) -lm

.PHONY: oracle-bench
oracle-bench: $(BUILD)/oracle_bench ## certified evaluations per second, both stages, against the double kernels
	$(BUILD)/oracle_bench

# The first stage's renaming header (oracle/first_stage.c, committed): run after adding an external name to the
# oracle (the link fails with a duplicate definition until then).
.PHONY: first-stage-names
first-stage-names: $(filter-out $(BUILD)/oracle/first_stage.o,$(ORACLE_FIRST_SRC:oracle/%.c=$(BUILD)/oracle/%.o)) ## regenerate oracle/first_stage_names.h (after adding an external name to the oracle)
	tools/first-stage-names $^ > oracle/first_stage_names.h

# The first stage's soundness check (tests/first_stage/first_stage_check.c, spec/oracle.md section 9): both stages side by side
# on every family of the vector suite for seeds 1..FIRST_STAGE_SEEDS; `make verify` runs it.
FIRST_STAGE_SEEDS ?= 270
$(BUILD)/first_stage_check: tests/first_stage/first_stage_check.c $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a \
                            $(BUILD)/libccref.a $(HDRS) $(ORACLE_HDRS) | deps-test
	$(CC) $(CFLAGS) -o $@ tests/first_stage/first_stage_check.c $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a \
	    $(BUILD)/libccref.a -ljansson -lnettle $(MPFI_STATIC_LDLIBS) -lm

.PHONY: verify-first-stage
verify-first-stage: $(BUILD)/first_stage_check ## the first stage against MPFI on the vector families (part of make verify)
	$(BUILD)/first_stage_check $(FIRST_STAGE_SEEDS)
VERIFY_EXTRA += verify-first-stage
verify: $(BUILD)/first_stage_check

# The long run of the same check (spec/oracle.md section 9, not in CI): seeds 1..FIRST_STAGE_LONG_SEEDS in shards of
# FIRST_STAGE_SHARD seeds, the first tenth of each shard also scaled, run side by side by GNU parallel (one job per
# core, a progress bar on a terminal); each shard's report goes to build/first-stage-long/, and tools/first-stage-long
# sums them and fails on any failure or missing shard.
FIRST_STAGE_LONG_SEEDS ?= 20000
FIRST_STAGE_SHARD ?= 250
.PHONY: first-stage-long
first-stage-long: $(BUILD)/first_stage_check ## the oracle's first stage against MPFI on 10^8 cases (GNU parallel, about an hour)
	@tools/ensure-deps parallel
	@rm -rf $(BUILD)/first-stage-long && mkdir -p $(BUILD)/first-stage-long
	seq 1 $(FIRST_STAGE_SHARD) $(FIRST_STAGE_LONG_SEEDS) | parallel $$( [ -t 2 ] && echo --bar ) --halt never \
	    '$(BUILD)/first_stage_check $(FIRST_STAGE_SHARD) $$(($(FIRST_STAGE_SHARD) / 10)) {} \
	     > $(BUILD)/first-stage-long/shard-{}.txt 2>&1' || true
	tools/first-stage-long $(BUILD)/first-stage-long $(FIRST_STAGE_LONG_SEEDS) $(FIRST_STAGE_SHARD)
