# consumers/simbody/simbody.mk: Simbody 3.7 checked against the published vectors (consumers/simbody/README.md).
# Included by the top Makefile.
#   make crosscheck-simbody   build the consumer, run it over $(VECTORS_DIR), and check its results
#   make crosscheck-simbody-random [SIMBODY_RANDOM_N=n] [SIMBODY_RANDOM_SEED=s]
#                             the same on random-only suites (ccref gen --random) in the double tier
# Debian's Simbody is built without NDEBUG and a client built with -DNDEBUG corrupts the heap: never add it here.
# -Wno-array-bounds: GCC 12 reports a false array-bounds warning inside Simbody's own Vec/Rotation templates.

SIMBODY_CXXFLAGS := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror -Wno-array-bounds \
                    -isystem /usr/include/simbody
SIMBODY_LIBS := -lSimTKsimbody -lSimTKmath -lSimTKcommon
SIMBODY_BIN := $(BUILD)/simbody_consumer

.PHONY: deps-simbody crosscheck-simbody crosscheck-simbody-results update-coverage-simbody \
        crosscheck-simbody-random findings-simbody
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

# Simbody 3.7 on a large random sample (consumers/simbody/README.md, "Random states"): one complete random-only suite
# (ccref gen --random $(SIMBODY_RANDOM_N) --seed $(SIMBODY_RANDOM_SEED): every suite, only its random family) made
# in two shards and merged, then the suites split in two halves, each run by the consumer and judged by ccref check
# --tier double on its own core. Fails on any failed test, and when Simbody does not report every test but those of
# ball_rolling_on_plane (not in Simbody). The default size, 10,000 tests per suite, takes 87 s on the 2-core build
# machine (CI); the full run of the README is ten seeds of it.
SIMBODY_RANDOM_N    ?= 10000
SIMBODY_RANDOM_SEED ?= 1
SIMBODY_RANDOM_DIR  := $(BUILD)/simbody-random

crosscheck-simbody-random: $(SIMBODY_BIN) $(BUILD)/ccref ## Simbody 3.7 on a random-only suite, SIMBODY_RANDOM_N tests per suite (SIMBODY_RANDOM_SEED), judged in the double tier
	@rm -rf $(SIMBODY_RANDOM_DIR) && mkdir -p $(SIMBODY_RANDOM_DIR)/half0 $(SIMBODY_RANDOM_DIR)/half1
	seq 0 1 | xargs -P 2 -I{} $(BUILD)/ccref gen --random $(SIMBODY_RANDOM_N) --seed $(SIMBODY_RANDOM_SEED) \
	    --shard {}/2 --out $(SIMBODY_RANDOM_DIR)/shards --quiet
	$(BUILD)/ccref merge --quiet --out $(SIMBODY_RANDOM_DIR)/vectors $(SIMBODY_RANDOM_DIR)/shards/shard-*-of-2.jsonl
	@rm -r $(SIMBODY_RANDOM_DIR)/shards
	@cd $(SIMBODY_RANDOM_DIR) && i=0 && for f in vectors/*.json; do ln -s ../$$f half$$((i % 2))/ && i=$$((i + 1)); done
	seq 0 1 | xargs -P 2 -I{} sh -c '$(SIMBODY_BIN) --output $(SIMBODY_RANDOM_DIR)/results{}.jsonl \
	    $(SIMBODY_RANDOM_DIR)/half{}/*.json 2> $(SIMBODY_RANDOM_DIR)/consumer{}.txt && \
	    $(BUILD)/ccref check --tier double --tests $(SIMBODY_RANDOM_DIR)/tests{}.tsv $(SIMBODY_RANDOM_DIR)/half{} \
	    $(SIMBODY_RANDOM_DIR)/results{}.jsonl > $(SIMBODY_RANDOM_DIR)/check{}.txt' \
	    || { cat $(SIMBODY_RANDOM_DIR)/consumer*.txt $(SIMBODY_RANDOM_DIR)/check*.txt; exit 1; }
	@echo "Simbody 3.7 on a random-only suite (--random $(SIMBODY_RANDOM_N) --seed $(SIMBODY_RANDOM_SEED)), tier double:"
	@grep -m1 '^suite ' $(SIMBODY_RANDOM_DIR)/check0.txt
	@sed -n '/^suite /,/^valid:/{/^suite \|^valid:/!p}' $(SIMBODY_RANDOM_DIR)/check0.txt $(SIMBODY_RANDOM_DIR)/check1.txt | sort
	@grep -h -E '^(valid|values|input drift)' $(SIMBODY_RANDOM_DIR)/check0.txt $(SIMBODY_RANDOM_DIR)/check1.txt \
	    | sed 's/^/Simbody 3.7, random: /'
	@missing=$$(grep -h -o 'not reported: [0-9]* tests' $(SIMBODY_RANDOM_DIR)/check*.txt | awk '{ n += $$3 } END { print n }'); \
	    [ "$$missing" = "$(SIMBODY_RANDOM_N)" ] || { echo "crosscheck-simbody-random: $$missing tests not reported," \
	    "expected $(SIMBODY_RANDOM_N) (those of ball_rolling_on_plane)"; exit 1; }

# Simbody's findings on constraints that are not ccref kinds yet (consumers/simbody/findings/): each reproducer
# (Simbody's public API only) and each MPFR evidence program exits 0 while what it shows still holds, 1 once not.
SIMBODY_REPROS := $(wildcard consumers/simbody/findings/*.cpp)
SIMBODY_EVIDENCE := $(wildcard consumers/simbody/findings/*.c)
findings-simbody: | deps-simbody ## build and run Simbody's reproducers and their MPFR evidence (consumers/simbody/findings/)
	@mkdir -p $(BUILD)/simbody-findings
	@set -e; fail=0; for f in $(SIMBODY_REPROS) $(SIMBODY_EVIDENCE); do n=$$(basename $${f%.*}); \
	    case $$f in \
	    *.cpp) $(CXX) $(SIMBODY_CXXFLAGS) -o $(BUILD)/simbody-findings/$$n $$f $(SIMBODY_LIBS) ;; \
	    *) $(CC) -std=c11 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror -o $(BUILD)/simbody-findings/$$n \
	           $$f -lmpfr -lgmp ;; \
	    esac; \
	    if $(BUILD)/simbody-findings/$$n > $(BUILD)/simbody-findings/$$n.out; then echo "findings-simbody: $$n reproduces"; \
	    else cat $(BUILD)/simbody-findings/$$n.out; echo "findings-simbody: $$n NO LONGER REPRODUCES"; fail=1; fi; done; \
	    exit $$fail
