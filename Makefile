# ccref build. Quick start (README.md): `make run` then `make test`.
CC      ?= gcc
CFLAGS  := -std=c11 -O2 -ffp-contract=off -fno-fast-math -fno-math-errno -Wall -Wextra -Werror -Wpedantic $(EXTRA_CFLAGS)
BUILD   := build
LIB_SRC := $(wildcard src/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/src/%.o)
CLI_SRC := $(wildcard src/cli/*.c)
CLI_OBJ := $(CLI_SRC:src/%.c=$(BUILD)/src/%.o)
TEST_SRC:= $(wildcard tests/*.c)
TEST_OBJ:= $(TEST_SRC:tests/%.c=$(BUILD)/tests/%.o)
HDRS    := $(wildcard src/*.h src/cli/*.h tests/*.h)

.PHONY: all run test bench deps-build deps-test clean

all: $(BUILD)/ccref

deps-build:
	@tools/ensure-deps build
deps-test:
	@tools/ensure-deps build test

$(BUILD)/src/%.o: src/%.c $(HDRS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c $(HDRS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libccref.a: $(LIB_OBJ)
	ar rcs $@ $^

$(BUILD)/ccref: $(CLI_OBJ) $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libccref.a -ljansson -lm

# Layers that add to the test binary set TEST_EXTRA_LIBS (archives) and TEST_EXTRA_LDLIBS (-l flags) in their .mk.
TEST_EXTRA_LIBS :=
TEST_EXTRA_LDLIBS :=
# VERIFY_EXTRA: further checks `make verify` runs (the long derivative sweep).
VERIFY_EXTRA :=
-include oracle/oracle.mk
-include tests/derivatives.mk
-include tests/accuracy.mk
-include proofs/proofs.mk

$(BUILD)/ccref_tests: $(TEST_OBJ) $(TEST_EXTRA_LIBS) $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $(TEST_OBJ) $(TEST_EXTRA_LIBS) $(BUILD)/libccref.a -lcunit -ljansson $(TEST_EXTRA_LDLIBS) -lm

# The main job: evaluate the shipped example cases.
run: $(BUILD)/ccref
	$(BUILD)/ccref eval examples/cases.jsonl

# CCREF_BIN tells the CLI suite which binary to run.
test: $(BUILD)/ccref_tests $(BUILD)/ccref
	CCREF_BIN=$(BUILD)/ccref $(BUILD)/ccref_tests

$(BUILD)/ccref_bench: bench/bench.c tests/cases.c tests/testlib.c $(BUILD)/libccref.a $(HDRS) | deps-test
	$(CC) $(CFLAGS) -o $@ bench/bench.c tests/cases.c tests/testlib.c $(BUILD)/libccref.a -lm

# Double kernels, then the certified oracle (with the double kernels again, in the same run, for comparison).
bench: $(BUILD)/ccref_bench $(BUILD)/oracle_bench
	$(BUILD)/ccref_bench
	$(BUILD)/oracle_bench

clean:
	rm -rf $(BUILD)
