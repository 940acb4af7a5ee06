# ccref build. Quick start (README.md): `make run` then `make test`.
CC      ?= gcc
# The floating-point and language flags are appended to whatever CFLAGS a user gives (`override`), so that
# `make CFLAGS=-O3` or a -ffast-math / -ffp-contract=fast in CFLAGS cannot change the rounding: the last flag wins.
CFLAGS  ?= -O2
# EXTRA_CFLAGS (sanitizers, coverage) come before the required flags, so they cannot drop them either.
override CFLAGS += $(EXTRA_CFLAGS) -std=c11 -ffp-contract=off -fno-fast-math -fno-math-errno -Wall -Wextra -Werror \
                   -Wpedantic
BUILD   := build
LIB_SRC := $(wildcard src/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/src/%.o)
# The tool: main.c, over a library of its modules (case reader, formats, evaluation, generator, checker) that the
# tests and benchmarks link too.
CLI_SRC := $(filter-out cli/main.c,$(wildcard cli/*.c))
CLI_OBJ := $(CLI_SRC:cli/%.c=$(BUILD)/cli/%.o)
TEST_SRC:= $(wildcard tests/*.c)
TEST_OBJ:= $(TEST_SRC:tests/%.c=$(BUILD)/tests/%.o)
HDRS    := $(wildcard src/*.h cli/*.h tests/*.h oracle/*.h)

.PHONY: all run test bench deps-build deps-test deps-schema vectors-validate examples clean

all: $(BUILD)/ccref ## build the tool, build/ccref

deps-build: ## install the Debian packages the build needs (tools/ensure-deps)
	@tools/ensure-deps build
deps-test: ## install the Debian packages the tests need
	@tools/ensure-deps build test

$(BUILD)/src/%.o: src/%.c $(HDRS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/cli/%.o: cli/%.c $(HDRS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c $(HDRS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libccref.a: $(LIB_OBJ)
	ar rcs $@ $^

$(BUILD)/libccref_cli.a: $(CLI_OBJ)
	ar rcs $@ $^

# Recursive (=): MPFI_LDLIBS comes from oracle/oracle.mk, included below.
CCREF_LIBS = $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a -ljansson -lnettle $(MPFI_LDLIBS) -lm

$(BUILD)/ccref: $(BUILD)/cli/main.o $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $(BUILD)/cli/main.o $(CCREF_LIBS)

# Layers that add to the test binary set TEST_EXTRA_LIBS (archives) and TEST_EXTRA_LDLIBS (-l flags) in their .mk.
TEST_EXTRA_LIBS :=
TEST_EXTRA_LDLIBS :=
# VERIFY_EXTRA: further checks `make verify` runs (the long derivative sweep).
VERIFY_EXTRA :=
-include oracle/oracle.mk
-include tests/derivatives.mk
-include tests/accuracy.mk
-include tests/order.mk
-include proofs/proofs.mk
-include consumers/consumers.mk
-include install.mk
-include tests/sanitize.mk
-include fuzz/fuzz.mk

$(BUILD)/ccref_tests: $(TEST_OBJ) $(TEST_EXTRA_LIBS) $(BUILD)/libccref_cli.a $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $(TEST_OBJ) $(BUILD)/libccref_cli.a $(TEST_EXTRA_LIBS) $(BUILD)/libccref.a -lcunit -ljansson -lnettle \
	    $(TEST_EXTRA_LDLIBS) -lm

# The order of the layers (tools/check-layers): no file includes from a layer above its own (src/ < oracle/ < cli/ <
# the rest), and no two files of src/, oracle/ or cli/ need each other. `make test` runs it.
.PHONY: check-layers
check-layers: $(LIB_OBJ) $(ORACLE_OBJ) $(CLI_OBJ) ## no include from a layer above, no two files of src/, oracle/, cli/ needing each other
	tools/check-layers $(BUILD)

# `make help`: every target with what it does, from the `## ...` beside each rule; `make check-help` (run by make test):
# every .PHONY target has one.
.PHONY: help check-help
help: ## this list
	@tools/make-help $(MAKEFILE_LIST)
check-help: ## every .PHONY target has its line in make help
	@tools/make-help -v check=1 $(MAKEFILE_LIST)

# The main job (README): regenerate the published vector suite from its seed into vectors/, evaluate every test
# with the double kernels, and check them against the vectors (every valid test must pass; the summary is printed).
VECTORS_DIR  ?= vectors
VECTORS_SEED ?= 20261125
run: $(BUILD)/ccref ## quick start: regenerate vectors/ from its seed and check the double kernels against it
	$(BUILD)/ccref gen --seed $(VECTORS_SEED) --out $(VECTORS_DIR)
	$(BUILD)/ccref eval --vectors $(VECTORS_DIR)/*.json --output $(BUILD)/kernel-results.jsonl
	$(BUILD)/ccref check --tier ccref --require-all --json $(BUILD)/kernel-check.json $(VECTORS_DIR) $(BUILD)/kernel-results.jsonl

# Every vector file against spec/ccref_vectors_v2.schema.json and the kernels' results against the results schema,
# with Debian's python3-jsonschema (the main job writes the results); /usr/bin/python3 is Debian's, whatever other
# Python is first on the PATH.
vectors-validate: | deps-schema ## every vector file and the kernels' results against their JSON Schemas
	/usr/bin/python3 tools/validate_vectors.py --results $(BUILD)/kernel-results.jsonl $(VECTORS_DIR)

deps-schema: ## install python3-jsonschema
	@tools/ensure-deps schema

# The example cases of `ccref eval`.
examples: $(BUILD)/ccref ## ccref eval of the example cases, examples/cases.jsonl
	$(BUILD)/ccref eval examples/cases.jsonl

# A contracted build must be caught: src/version.c built with FMA contraction on reports it (x86-64).
ifeq ($(shell uname -m),x86_64)
FP_CONTRACTED := $(BUILD)/fp_contracted
$(FP_CONTRACTED): tests/fp_contract/fp_contracted.c src/version.c src/ccref_version.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=c11 -mfma -ffp-contract=fast -o $@ tests/fp_contract/fp_contracted.c src/version.c -lm
endif

# The CLI suite against injected faults of the tool's reader and writer (tools/cli_mutate.sh): every mutant must
# make the tests fail. CI runs it.
.PHONY: test-cli-mutants
test-cli-mutants: $(BUILD)/ccref_tests $(BUILD)/ccref ## faults injected into the tool, one at a time: each must fail the tests (CI)
	tools/cli_mutate.sh

# CCREF_BIN tells the CLI suite which binary to run.
test: $(BUILD)/ccref_tests $(BUILD)/ccref $(FP_CONTRACTED) check-layers check-help ## quick start: the CUnit suites (about 250 tests) and the order of the layers
	$(if $(FP_CONTRACTED),$(FP_CONTRACTED))
	CCREF_BIN=$(BUILD)/ccref $(BUILD)/ccref_tests

$(BUILD)/ccref_bench: bench/bench.c cli/random.c cli/fields.c tests/testlib.c $(BUILD)/libccref.a $(HDRS) | deps-test
	$(CC) $(CFLAGS) -o $@ bench/bench.c cli/random.c cli/fields.c tests/testlib.c $(BUILD)/libccref.a -lm

$(BUILD)/vectors_bench: bench/vectors_bench.c | deps-build
	$(CC) $(CFLAGS) -o $@ bench/vectors_bench.c

# Double kernels, then the certified oracle (with the double kernels again, in the same run, for comparison), then
# the vector tool chain (gen, eval --vectors, check) on the default suite, then Simbody 3.7 per test of the published
# vectors beside the kernels and the oracle on the same tests (consumers/simbody), then each other engine the same way
# (CONSUMER_BENCH: the consumers built on consumers/common, their --bench).
bench: $(BUILD)/ccref_bench $(BUILD)/oracle_bench $(BUILD)/vectors_bench $(BUILD)/ccref $(ORDER_BIN) $(SIMBODY_BIN) $(CONSUMER_BENCH) ## speed: the kernels, the oracle, the vector tool chain, Simbody and the other engines per test, ratios side by side
	$(BUILD)/ccref_bench
	$(BUILD)/oracle_bench
	$(BUILD)/vectors_bench $(BUILD)/ccref $(BUILD)/bench_vectors $(ORDER_BIN)
	$(SIMBODY_BIN) --bench $(VECTORS_DIR)/*.json
	@set -e; for b in $(CONSUMER_BENCH); do $$b --bench $(VECTORS_DIR); done

clean: ## remove build/
	rm -rf $(BUILD)
