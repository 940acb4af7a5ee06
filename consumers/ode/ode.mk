# consumers/ode/ode.mk: ODE 0.16 (Debian's libode-dev, double precision), the second engine checked against the
# published vectors (consumers/ode/README.md). Included by the top Makefile.
#   make crosscheck-ode   build the consumer, run it over $(VECTORS_DIR) (results in $(CONFORMANCE_DIR)/ode-results.jsonl),
#                         judge them with ccref check (ode-check.json, ode-tests.tsv, table in ode-check.txt), print
#                         the table of the four suites ODE answers and every failing test, compare the failing tests
#                         with the documented findings (consumers/ode/findings.txt) and assert the coverage
#                         (consumers/ode/expected-coverage.txt). Fails on a failing test that is not documented
#                         there, on a change of coverage, or when ccref check itself fails (exit 2: usage, I/O or
#                         format error); a documented finding that now passes is reported, not failed.
#   make findings-ode     build and run every standalone reproducer in consumers/ode/findings/ (each exits 0 when
#                         it still shows its bug); fails if one no longer does
# Uses the top Makefile's BUILD, CC, CFLAGS (C11, -ffp-contract=off, warnings as errors), HDRS, CCREF_LIBS and
# VECTORS_DIR.

ODE_BIN      := $(BUILD)/ode_consumer
ODE_FINDINGS := consumers/ode/findings.txt
ODE_SUITES   := ball|sphere_on_plane|sphere_on_sphere|line_on_line
ODE_REPRO    := $(wildcard consumers/ode/findings/*.c)
CONSUMER_BENCH += $(ODE_BIN)

.PHONY: deps-ode crosscheck-ode crosscheck-ode-results update-coverage-ode findings-ode
deps-ode: ## install libode-dev
	@tools/ensure-deps build oracle ode

# -I.: the consumer includes ccref's headers as "src/..." (the CLI's vector reader, cli/vectors.h).
$(BUILD)/consumers/ode_consumer.o: consumers/ode/ode_consumer.c $(CONSUMER_HDRS) | deps-ode
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. -c $< -o $@

$(ODE_BIN): $(BUILD)/consumers/ode_consumer.o $(BUILD)/consumers/consumer.o $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/consumers/consumer.o $(CCREF_LIBS) -lode

# The failing tests must be documented findings (judge_with_findings, consumers/consumers.mk).
crosscheck-ode-results: $(ODE_BIN) $(BUILD)/ccref ## ODE 0.16's results on the vectors (consumers/ode)
	@mkdir -p $(CONFORMANCE_DIR)
	$(ODE_BIN) --out $(CONFORMANCE_DIR)/ode-results.jsonl $(VECTORS_DIR)
	@$(call judge_with_findings,ode,double,$(ODE_SUITES),$(ODE_FINDINGS))

# ... and its coverage asserted (consumers/consumers.mk).
crosscheck-ode: crosscheck-ode-results ## ODE 0.16 judged; fails on a failure not in consumers/ode/findings.txt or a coverage change
	@$(call assert_coverage,ode)

update-coverage-ode: crosscheck-ode-results ## rewrite ODE's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/ode-check.txt) > consumers/ode/expected-coverage.txt

# Each reproducer is standalone (ODE's public API, <ode/ode.h>, only) and built with the command at its top (plus
# warnings as errors); it exits 0 while the bug is there, 1 once it is gone.
findings-ode: | deps-ode ## build and run ODE's standalone reproducers (consumers/ode/findings/)
	@mkdir -p $(BUILD)/ode-findings
	@set -e; fail=0; for f in $(ODE_REPRO); do b=$(BUILD)/ode-findings/$$(basename $$f .c); \
	    $(CC) -std=c11 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror $$f -o $$b \
	        $$(pkg-config --cflags --libs ode 2>/dev/null || echo -lode) -lm; \
	    echo "== $$f"; if $$b; then echo "   reproduces"; else echo "   DOES NOT reproduce any more"; fail=1; fi; \
	done; exit $$fail
