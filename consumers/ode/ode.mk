# consumers/ode/ode.mk: ODE 0.16 (Debian's libode-dev, double precision), the second engine checked against the
# published vectors (consumers/ode/README.md). Included by the top Makefile.
#   make crosscheck-ode   build the consumer, run it over $(VECTORS_DIR) (results in $(CONFORMANCE_DIR)/ode-results.jsonl),
#                         judge them with ccref check (ode-check.json, ode-tests.tsv, table in ode-check.txt), print
#                         the table of the four suites ODE answers and every failing test, compare the failing tests
#                         with the documented findings (consumers/ode/findings.txt) and assert the coverage
#                         (consumers/ode/expected-coverage.txt). Fails on a failing test that is not documented
#                         there, on a change of coverage, or when ccref check itself fails (exit 2: usage, I/O or
#                         format error); a documented finding that now passes is reported, not failed.
# Uses the top Makefile's BUILD, CC, CFLAGS (C11, -ffp-contract=off, warnings as errors), HDRS, CCREF_LIBS and
# VECTORS_DIR.

ODE_BIN      := $(BUILD)/ode_consumer
ODE_FINDINGS := consumers/ode/findings.txt
ODE_SUITES   := ball|sphere_on_plane|sphere_on_sphere|line_on_line

.PHONY: deps-ode crosscheck-ode crosscheck-ode-results update-coverage-ode
deps-ode: ## install libode-dev
	@tools/ensure-deps build oracle ode

# -I.: the consumer includes ccref's headers as "src/..." (the CLI's vector reader, cli/vectors.h).
$(BUILD)/consumers/ode_consumer.o: consumers/ode/ode_consumer.c $(HDRS) | deps-ode
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. -c $< -o $@

$(ODE_BIN): $(BUILD)/consumers/ode_consumer.o $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $< $(CCREF_LIBS) -lode

# check exits 1 when a test fails: for ODE the failures are expected and documented, so its status 1 is taken and
# the failing ids (check --verbose: "  FAIL <suite>/<tcId> ...") are compared with the first column of
# findings.txt instead; any other non-zero status fails the target.
crosscheck-ode-results: $(ODE_BIN) $(BUILD)/ccref ## ODE 0.16's results on the vectors (consumers/ode)
	@mkdir -p $(CONFORMANCE_DIR)
	$(ODE_BIN) --out $(CONFORMANCE_DIR)/ode-results.jsonl $(VECTORS_DIR)
	@rc=0; $(BUILD)/ccref check --tier double --verbose --json $(CONFORMANCE_DIR)/ode-check.json \
	    --tests $(CONFORMANCE_DIR)/ode-tests.tsv $(VECTORS_DIR) $(CONFORMANCE_DIR)/ode-results.jsonl \
	    > $(CONFORMANCE_DIR)/ode-check.txt || rc=$$?; \
	if [ $$rc -gt 1 ]; then cat $(CONFORMANCE_DIR)/ode-check.txt; echo "crosscheck-ode: ccref check failed (exit $$rc)"; \
	    exit $$rc; fi; \
	grep -E '^(ccref check:|suite |($(ODE_SUITES)) |valid:|values compared|input drift|  FAIL )' $(CONFORMANCE_DIR)/ode-check.txt; \
	sed -n 's|^  FAIL \([a-z_]*/[0-9]*\) .*|\1|p' $(CONFORMANCE_DIR)/ode-check.txt | LC_ALL=C sort -u > $(CONFORMANCE_DIR)/ode-failing.txt; \
	sed 's/#.*//' $(ODE_FINDINGS) | awk 'NF { print $$1 }' | LC_ALL=C sort -u > $(CONFORMANCE_DIR)/ode-documented.txt; \
	new=$$(LC_ALL=C comm -23 $(CONFORMANCE_DIR)/ode-failing.txt $(CONFORMANCE_DIR)/ode-documented.txt); \
	fixed=$$(LC_ALL=C comm -13 $(CONFORMANCE_DIR)/ode-failing.txt $(CONFORMANCE_DIR)/ode-documented.txt); \
	if [ -n "$$fixed" ]; then echo "crosscheck-ode: documented in $(ODE_FINDINGS) but passing now:" $$fixed; fi; \
	if [ -n "$$new" ]; then echo "crosscheck-ode: failing and not documented in $(ODE_FINDINGS):" $$new; exit 1; fi; \
	echo "crosscheck-ode: $$(wc -l < $(CONFORMANCE_DIR)/ode-failing.txt) failing tests, every one a documented finding ($(ODE_FINDINGS))"

# ... and its coverage asserted (consumers/consumers.mk).
crosscheck-ode: crosscheck-ode-results ## ODE 0.16 judged; fails on a failure not in consumers/ode/findings.txt or a coverage change
	@$(call assert_coverage,ode)

update-coverage-ode: crosscheck-ode-results ## rewrite ODE's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/ode-check.txt) > consumers/ode/expected-coverage.txt
