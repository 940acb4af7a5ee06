# consumers/fcl/fcl.mk: FCL 0.7.0 (Debian's libfcl-dev, its double instantiations) checked against the published
# vectors (consumers/fcl/README.md). Included by consumers/consumers.mk.
#   make crosscheck-fcl   build the consumer, run it over $(VECTORS_DIR) (results in $(CONFORMANCE_DIR)/fcl-results.jsonl),
#                         judge them with ccref check --tier double (fcl-check.json, fcl-tests.tsv, fcl-check.txt),
#                         print the rows of the three suites FCL answers and every failing test, compare the failing
#                         tests with consumers/fcl/findings.txt and assert the coverage (expected-coverage.txt)
#   make findings-fcl     build and run every standalone reproducer in consumers/fcl/findings/ (each exits 0 when
#                         it still shows its bug); fails if one no longer does
# Uses the top Makefile's BUILD, CXX, HDRS, CCREF_LIBS and VECTORS_DIR.

FCL_CXXFLAGS := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror \
                $(shell pkg-config --cflags fcl 2>/dev/null | sed 's/-std=c++11//')
FCL_LIBS     := $(shell pkg-config --libs fcl 2>/dev/null || echo -lfcl -lccd)
FCL_BIN      := $(BUILD)/fcl_consumer
CONSUMER_BENCH += $(FCL_BIN)
FCL_FINDINGS := consumers/fcl/findings.txt
FCL_SUITES   := sphere_on_plane|sphere_on_sphere|line_on_line
FCL_REPRO    := $(wildcard consumers/fcl/findings/*.cpp)

.PHONY: deps-fcl crosscheck-fcl crosscheck-fcl-results update-coverage-fcl findings-fcl
deps-fcl: ## install libfcl-dev (with libccd-dev, libeigen3-dev)
	@tools/ensure-deps build oracle fcl

$(BUILD)/consumers/fcl_consumer.o: consumers/fcl/fcl_consumer.cpp consumers/common/consumer.h $(HDRS) | deps-fcl
	@mkdir -p $(dir $@)
	$(CXX) $(FCL_CXXFLAGS) -c $< -o $@

$(FCL_BIN): $(BUILD)/consumers/fcl_consumer.o $(BUILD)/consumers/consumer.o $(BUILD)/libccref_cli.a \
            $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CXX) -o $@ $< $(BUILD)/consumers/consumer.o $(CCREF_LIBS) $(FCL_LIBS)

crosscheck-fcl-results: $(FCL_BIN) $(BUILD)/ccref ## FCL 0.7's results on the vectors (consumers/fcl)
	@mkdir -p $(CONFORMANCE_DIR)
	$(FCL_BIN) --out $(CONFORMANCE_DIR)/fcl-results.jsonl $(VECTORS_DIR)
	@$(call judge_with_findings,fcl,double,$(FCL_SUITES),$(FCL_FINDINGS))

crosscheck-fcl: crosscheck-fcl-results ## FCL 0.7 judged; fails on a failure not in consumers/fcl/findings.txt or a coverage change
	@$(call assert_coverage,fcl)

update-coverage-fcl: crosscheck-fcl-results ## rewrite FCL's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/fcl-check.txt) > consumers/fcl/expected-coverage.txt

# Each reproducer is standalone (FCL's public headers only) and built with the one command at its top; it exits 0
# while the bug is there, 1 once it is gone.
findings-fcl: | deps-fcl ## build and run FCL's standalone reproducers (consumers/fcl/findings/)
	@mkdir -p $(BUILD)/fcl-findings
	@set -e; fail=0; for f in $(FCL_REPRO); do b=$(BUILD)/fcl-findings/$$(basename $$f .cpp); \
	    $(CXX) -std=c++17 -O2 -ffp-contract=off $$(pkg-config --cflags fcl | sed 's/-std=c++11//') $$f -o $$b \
	        $$(pkg-config --libs fcl); \
	    echo "== $$f"; if $$b; then echo "   reproduces"; else echo "   DOES NOT reproduce any more"; fail=1; fi; \
	done; exit $$fail
