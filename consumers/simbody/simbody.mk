# consumers/simbody/simbody.mk: Simbody 3.7 checked against the published vectors (consumers/simbody/README.md).
# Included by the top Makefile.
#   make crosscheck-simbody   build the consumer, run it over $(VECTORS_DIR), and check its results
# Debian's Simbody is built without NDEBUG and a client built with -DNDEBUG corrupts the heap: never add it here.
# -Wno-array-bounds: GCC 12 reports a false array-bounds warning inside Simbody's own Vec/Rotation templates.

SIMBODY_CXXFLAGS := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror -Wno-array-bounds \
                    -isystem /usr/include/simbody
SIMBODY_LIBS := -lSimTKsimbody -lSimTKmath -lSimTKcommon
SIMBODY_BIN := $(BUILD)/simbody_consumer

.PHONY: deps-simbody crosscheck-simbody
deps-simbody:
	@tools/ensure-deps build oracle simbody

$(BUILD)/consumers/simbody_consumer.o: consumers/simbody/simbody_consumer.cpp $(HDRS) | deps-simbody
	@mkdir -p $(dir $@)
	$(CXX) $(SIMBODY_CXXFLAGS) -c $< -o $@

$(SIMBODY_BIN): $(BUILD)/consumers/simbody_consumer.o $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a \
                $(BUILD)/libccref.a
	$(CXX) -o $@ $< $(CCREF_LIBS) $(SIMBODY_LIBS)

# The consumer's results, then ccref check (its table per suite and family; --json for the conformance page).
crosscheck-simbody: $(SIMBODY_BIN) $(BUILD)/ccref
	$(SIMBODY_BIN) --output $(BUILD)/simbody-results.jsonl $(VECTORS_DIR)/*.json
	$(BUILD)/ccref check --json $(BUILD)/simbody-check.json $(VECTORS_DIR) $(BUILD)/simbody-results.jsonl
