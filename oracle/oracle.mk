# oracle/oracle.mk: the MPFR/MPFI oracle (spec/oracle.md). Included by the top Makefile before the test link.
# Builds build/libccref_oracle.a from oracle/*.c and adds it (and -lmpfi -lmpfr -lgmp) to the test binary.
# `make oracle-bench` runs bench/oracle_bench.c (certified evaluations per second against the double kernels).
ORACLE_SRC  := $(wildcard oracle/*.c)
ORACLE_OBJ  := $(ORACLE_SRC:oracle/%.c=$(BUILD)/oracle/%.o)
ORACLE_HDRS := $(wildcard oracle/*.h) src/ccref.h src/ccref_unilateral.h

$(BUILD)/oracle/%.o: oracle/%.c $(ORACLE_HDRS) | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libccref_oracle.a: $(ORACLE_OBJ)
	ar rcs $@ $^

TEST_EXTRA_LIBS += $(BUILD)/libccref_oracle.a
TEST_EXTRA_LDLIBS += -lmpfi -lmpfr -lgmp

$(BUILD)/oracle_bench: bench/oracle_bench.c src/cli/random.c tests/testlib.c $(BUILD)/libccref_oracle.a \
                       $(BUILD)/libccref.a $(HDRS) $(ORACLE_HDRS) | deps-test
	$(CC) $(CFLAGS) -o $@ bench/oracle_bench.c src/cli/random.c tests/testlib.c $(BUILD)/libccref_oracle.a \
	    $(BUILD)/libccref.a -lmpfi -lmpfr -lgmp -lm

.PHONY: oracle-bench
oracle-bench: $(BUILD)/oracle_bench
	$(BUILD)/oracle_bench
