# consumers/dart/dart.mk: DART 6.12 (Debian's libdart-dev, double), checked against the published vectors
# (consumers/dart/README.md). Included by consumers/consumers.mk.
#   make crosscheck-dart          build the consumer, run it over $(VECTORS_DIR) (dart-results.jsonl), judge the results
#                                 in the double tier (judge_with_findings: fails on a failing test not listed in
#                                 consumers/dart/findings.txt) and assert the coverage (expected-coverage.txt)
#   make update-coverage-dart     rewrite expected-coverage.txt from the last results
#   make findings-dart            build and run every reproducer in consumers/dart/findings/ (standalone, DART's
#                                 public API only); fails when one no longer shows its bug (exit 1)
# One translation unit (DART's headers are heavy: about a minute to compile).

DART_CXXFLAGS := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror \
                 $(shell pkg-config --cflags dart 2>/dev/null | sed 's/-std=c++11//; s/-I/-isystem /g')
DART_LIBS     := $(shell pkg-config --libs dart 2>/dev/null)
DART_BIN      := $(BUILD)/dart_consumer
CONSUMER_BENCH += $(DART_BIN)
DART_FINDINGS := consumers/dart/findings.txt
DART_SUITES   := ball|sphere_on_sphere
DART_REPRO    := $(wildcard consumers/dart/findings/*.cpp)

.PHONY: deps-dart crosscheck-dart crosscheck-dart-results update-coverage-dart findings-dart
deps-dart: ## install libdart-dev
	@tools/ensure-deps build oracle dart

$(BUILD)/consumers/dart_consumer.o: consumers/dart/dart_consumer.cpp $(CONSUMER_HDRS) | deps-dart
	@mkdir -p $(dir $@)
	$(CXX) $(DART_CXXFLAGS) -c $< -o $@

$(DART_BIN): $(BUILD)/consumers/dart_consumer.o $(BUILD)/consumers/consumer.o $(BUILD)/libccref_cli.a \
             $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CXX) -o $@ $(BUILD)/consumers/dart_consumer.o $(BUILD)/consumers/consumer.o $(CCREF_LIBS) $(DART_LIBS)

crosscheck-dart-results: $(DART_BIN) $(BUILD)/ccref ## DART 6.12's results on the vectors (consumers/dart)
	@mkdir -p $(CONFORMANCE_DIR)
	$(DART_BIN) --out $(CONFORMANCE_DIR)/dart-results.jsonl $(VECTORS_DIR)
	@$(call judge_with_findings,dart,double,$(DART_SUITES),$(DART_FINDINGS))

crosscheck-dart: crosscheck-dart-results ## DART 6.12 judged against the vectors, failures documented, coverage asserted
	@$(call assert_coverage,dart)

update-coverage-dart: crosscheck-dart-results ## rewrite DART's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/dart-check.txt) > consumers/dart/expected-coverage.txt

# Each reproducer exits 0 when it shows its bug, 1 when it does not: the target fails on a 1.
findings-dart: | deps-dart ## build and run DART's finding reproducers (consumers/dart/findings)
	@mkdir -p $(BUILD)/dart-findings
	@set -e; for f in $(DART_REPRO); do n=$$(basename $$f .cpp); \
	    $(CXX) $(DART_CXXFLAGS) -o $(BUILD)/dart-findings/$$n $$f $(DART_LIBS); \
	    echo "== $$n"; if $(BUILD)/dart-findings/$$n; then echo "$$n: reproduced"; \
	    else echo "$$n: NOT reproduced"; exit 1; fi; done
