# accuracy.mk: the accuracy layer (spec/accuracy.md). Included by the top Makefile after oracle/oracle.mk.
#  - the suite "accuracy" (tests/test_accuracy.c, with tests/accuracy_bounds.c) is part of the test binary through
#    the top Makefile's tests/*.c; it needs the oracle archive and MPFI_LDLIBS, which oracle.mk adds;
#  - `make accuracy`: build/accuracy_report (tools/accuracy.c) runs ACCURACY_N cases per constraint over a spread of
#    each constraint's governing condition, prints per constraint and output the max and median error in ulps,
#    the max and median ratio error / bound and, for near-zero values, error / bound (also written to
#    build/accuracy/summary.txt), writes build/accuracy/<constraint>.dat, and tools/accuracy.gp renders
#    build/accuracy/<constraint>.png (gnuplot from tools/ensure-deps plot). The plots are drawn even when the report
#    finds a violation; the target then fails. gnuplot's messages go to build/accuracy/gnuplot.log (it warns about the
#    series that are empty on a log axis, e.g. the zero errors of exact outputs).

ACCURACY_N ?= 20000
ACCURACY_SEED ?= 20240601
ACCURACY_DIR := $(BUILD)/accuracy
ACCURACY_BIN := $(BUILD)/accuracy_report
ACCURACY_SRC := tools/accuracy.c tests/accuracy_bounds.c cli/random.c cli/fields.c tests/testlib.c

$(ACCURACY_BIN): $(ACCURACY_SRC) $(HDRS) $(ORACLE_HDRS) $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a | deps-test
	$(CC) $(CFLAGS) -o $@ $(ACCURACY_SRC) $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a $(MPFI_LDLIBS) -lm

.PHONY: accuracy deps-plot
deps-plot: ## install gnuplot-nox
	@tools/ensure-deps plot

accuracy: $(ACCURACY_BIN) | deps-plot ## every output of every kernel against the oracle: ulps, ratio to the proven bound, plots
	@mkdir -p $(ACCURACY_DIR)
	@status=0; $(ACCURACY_BIN) --n $(ACCURACY_N) --seed $(ACCURACY_SEED) --out $(ACCURACY_DIR) || status=$$?; \
	if gnuplot -e "dir='$(ACCURACY_DIR)'" tools/accuracy.gp 2> $(ACCURACY_DIR)/gnuplot.log; then \
	    echo "accuracy: report $(ACCURACY_DIR)/summary.txt, plots $(ACCURACY_DIR)/<constraint>.png"; \
	else cat $(ACCURACY_DIR)/gnuplot.log; status=1; fi; \
	exit $$status
