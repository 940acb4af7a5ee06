# consumers/cgal/cgal.mk: CGAL 5.5 (Debian's libcgal-dev, header-only, over GMP), an EXACT cross-check of ccref's
# certified oracle (consumers/cgal/README.md): line_on_line and edge_edge in the results file; with them,
# point_in_plane, sphere_on_plane and sphere_on_sphere in the exact comparison. Included by consumers/consumers.mk.
#   make crosscheck-cgal   build the consumer, run it over $(VECTORS_DIR) with --exact-compare (results in
#                          $(CONFORMANCE_DIR)/cgal-results.jsonl, the exact comparison in cgal-exact.txt), judge the
#                          results with ccref check in the double tier (judge_with_findings), assert the coverage
#                          (consumers/cgal/expected-coverage.txt) and the exact comparison: every certified value CGAL
#                          computes (closest points, Co, |separation|, plane and sphere perr), rounded once to nearest,
#                          must EQUAL the vectors' double, except the differences listed in consumers/cgal/findings.txt;
#                          and a one-ulp change of nine values must be seen (negative_check.py).
#   make findings-cgal     build and run every reproducer in consumers/cgal/findings/ (exit 0: still reproduces).
# Uses the top Makefile's BUILD, CXX, HDRS, CCREF_LIBS and VECTORS_DIR.

CGAL_CXXFLAGS := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror
CGAL_LIBS     := -lgmp -lmpfr
CGAL_BIN      := $(BUILD)/cgal_consumer
CONSUMER_BENCH += $(CGAL_BIN)
CGAL_FINDINGS := consumers/cgal/findings.txt

.PHONY: deps-cgal crosscheck-cgal crosscheck-cgal-results update-coverage-cgal findings-cgal
deps-cgal: ## install libcgal-dev
	@tools/ensure-deps build oracle cgal

# One translation unit (CGAL's templates are slow to compile: about 20 s).
$(BUILD)/consumers/cgal_consumer.o: consumers/cgal/cgal_consumer.cpp consumers/common/consumer.h $(HDRS) | deps-cgal
	@mkdir -p $(dir $@)
	$(CXX) $(CGAL_CXXFLAGS) -c $< -o $@

$(CGAL_BIN): $(BUILD)/consumers/cgal_consumer.o $(BUILD)/consumers/consumer.o $(BUILD)/libccref_cli.a \
             $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CXX) -o $@ $< $(BUILD)/consumers/consumer.o $(CCREF_LIBS) $(CGAL_LIBS)

# The results judged (double tier: an exact value rounded once is within every tier), then the exact comparison:
# its summary printed, and every test with an EXACT-DIFF line must be listed in findings.txt; then the negative check
# (negative_check.py): nine certified values moved by one ulp in a copy of the vectors must be reported, and only them.
crosscheck-cgal-results: $(CGAL_BIN) $(BUILD)/ccref ## CGAL 5.5 exact results on the vectors (consumers/cgal)
	@mkdir -p $(CONFORMANCE_DIR)
	$(CGAL_BIN) --exact-compare --out $(CONFORMANCE_DIR)/cgal-results.jsonl $(VECTORS_DIR) > $(CONFORMANCE_DIR)/cgal-exact.txt
	@sed -n '/^suite /,$$p' $(CONFORMANCE_DIR)/cgal-exact.txt | grep -v '^EXACT-DIFF'
	@$(call judge_with_findings,cgal,double,line_on_line|edge_edge,$(CGAL_FINDINGS))
	@grep '^EXACT-DIFF' $(CONFORMANCE_DIR)/cgal-exact.txt || true
	@sed -n 's|^EXACT-DIFF \([a-z_]*/[0-9]*\) .*|\1|p' $(CONFORMANCE_DIR)/cgal-exact.txt | LC_ALL=C sort -u \
	    > $(CONFORMANCE_DIR)/cgal-exact-diff.txt; \
	new=$$(LC_ALL=C comm -23 $(CONFORMANCE_DIR)/cgal-exact-diff.txt $(CONFORMANCE_DIR)/cgal-documented.txt); \
	if [ -n "$$new" ]; then echo "crosscheck-cgal: exact difference not documented in $(CGAL_FINDINGS):" $$new; exit 1; fi; \
	grep -q '^exact-compare: .* 0 not interior$$' $(CONFORMANCE_DIR)/cgal-exact.txt \
	    || { echo "crosscheck-cgal: the exact comparison did not cover every test"; exit 1; }; \
	echo "crosscheck-cgal: $$(wc -l < $(CONFORMANCE_DIR)/cgal-exact-diff.txt) tests with an exact difference, every one documented ($(CGAL_FINDINGS))"
	@python3 consumers/cgal/negative_check.py $(CGAL_BIN) $(VECTORS_DIR) $(BUILD)/cgal-negative

crosscheck-cgal: crosscheck-cgal-results ## CGAL 5.5 exact cross-check; fails on an undocumented difference or a coverage change
	@$(call assert_coverage,cgal)

update-coverage-cgal: crosscheck-cgal-results ## rewrite CGAL's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/cgal-check.txt) > consumers/cgal/expected-coverage.txt

# Each reproducer exits 0 when it still shows its finding, 1 otherwise.
CGAL_REPRODUCERS := $(wildcard consumers/cgal/findings/*.cpp)
findings-cgal: | deps-cgal ## build and run the reproducers of consumers/cgal/findings
	@mkdir -p $(BUILD)/cgal-findings
	@set -e; for f in $(CGAL_REPRODUCERS); do n=$$(basename $$f .cpp); \
	    $(CXX) $(CGAL_CXXFLAGS) $$f -o $(BUILD)/cgal-findings/$$n $(CGAL_LIBS); \
	    echo "== $$n"; $(BUILD)/cgal-findings/$$n || { echo "findings-cgal: $$n no longer reproduces"; exit 1; }; done; \
	echo "findings-cgal: $(words $(CGAL_REPRODUCERS)) reproducers, every one reproduces"
