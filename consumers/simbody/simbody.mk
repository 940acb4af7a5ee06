# consumers/simbody/simbody.mk: Simbody 3.7 checked against the published vectors (consumers/simbody/README.md).
# Included by the top Makefile.
#   make crosscheck-simbody   build the consumer, run it over $(VECTORS_DIR), and check its results
# Debian's Simbody is built without NDEBUG and a client built with -DNDEBUG corrupts the heap: never add it here.
# -Wno-array-bounds: GCC 12 reports a false array-bounds warning inside Simbody's own Vec/Rotation templates.

SIMBODY_CXXFLAGS := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror -Wno-array-bounds \
                    -isystem /usr/include/simbody
SIMBODY_LIBS := -lSimTKsimbody -lSimTKmath -lSimTKcommon
SIMBODY_BIN := $(BUILD)/simbody_consumer

.PHONY: deps-simbody crosscheck-simbody crosscheck-simbody-results update-coverage-simbody
deps-simbody: ## install libsimbody-dev
	@tools/ensure-deps build oracle simbody

$(BUILD)/consumers/simbody_consumer.o: consumers/simbody/simbody_consumer.cpp $(HDRS) | deps-simbody
	@mkdir -p $(dir $@)
	$(CXX) $(SIMBODY_CXXFLAGS) -c $< -o $@

$(SIMBODY_BIN): $(BUILD)/consumers/simbody_consumer.o $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a \
                $(BUILD)/libccref.a
	$(CXX) -o $@ $< $(CCREF_LIBS) $(SIMBODY_LIBS)

# The consumer's results, then ccref check: its table per suite and family (simbody-check.txt), the summary and
# the per-test verdicts for the conformance page. Fails on any failed test (an unexplained disagreement).
crosscheck-simbody-results: $(SIMBODY_BIN) $(BUILD)/ccref ## Simbody 3.7's results on the vectors (consumers/simbody)
	@mkdir -p $(CONFORMANCE_DIR)
	$(SIMBODY_BIN) --output $(CONFORMANCE_DIR)/simbody-results.jsonl $(VECTORS_DIR)/*.json
	$(BUILD)/ccref check --tier double --json $(CONFORMANCE_DIR)/simbody-check.json --tests $(CONFORMANCE_DIR)/simbody-tests.tsv \
	    $(VECTORS_DIR) $(CONFORMANCE_DIR)/simbody-results.jsonl > $(CONFORMANCE_DIR)/simbody-check.txt \
	    || { cat $(CONFORMANCE_DIR)/simbody-check.txt; exit 1; }

# ... and its coverage asserted (consumers/consumers.mk).
crosscheck-simbody: crosscheck-simbody-results ## Simbody 3.7 judged against the vectors, its coverage compared with the expected one
	@$(call assert_coverage,simbody)
	@$(call print_table,$(CONFORMANCE_DIR)/simbody-check.txt,Simbody 3.7)
	@grep -E '^(valid|values|passed as|input drift)' $(CONFORMANCE_DIR)/simbody-check.txt | sed 's/^/Simbody 3.7: /'

# After a deliberate change of what the consumer runs or reports: the new coverage becomes the expected one.
update-coverage-simbody: crosscheck-simbody-results ## rewrite Simbody's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/simbody-check.txt) > consumers/simbody/expected-coverage.txt
