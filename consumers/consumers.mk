# consumers/consumers.mk: engines checked against the published vectors (spec/conformance.md). Included by the top
# Makefile.
#   make crosscheck   ccref's double kernels, Simbody 3.7 and the second engine, each judged by ccref check; the
#                     conformance page spec/conformance.md and its figure spec/conformance.png regenerated. Fails on
#                     any failed test of the kernels or of Simbody (a disagreement that is not a documented deviation
#                     or a decision band), and on an undocumented finding of the second engine.
-include consumers/simbody/simbody.mk
-include consumers/ode/ode.mk

CONFORMANCE_DIR := $(BUILD)/conformance

# The coverage of an engine's results, asserted: per suite and family the tests and how many the engine did not
# report (cut from ccref check's table), and the tests and outputs not reported in all, must equal the committed
# consumers/<engine>/expected-coverage.txt. A test the engine stops running, or an output it stops reporting,
# fails the target; a change of coverage on purpose updates the file (make update-coverage-<engine>).
#   $(call coverage_of,CHECK_TXT)
coverage_of = { awk 'NF >= 7 && $$3 ~ /^[0-9]+$$/ && $$7 ~ /^[0-9]+$$/ { print $$1, $$2, $$3, "not-reported", $$7 }' $(1); \
                grep -o 'not reported: .*' $(1); }
#   $(call assert_coverage,ENGINE) after $(CONFORMANCE_DIR)/ENGINE-check.txt is written
assert_coverage = $(call coverage_of,$(CONFORMANCE_DIR)/$(1)-check.txt) > $(CONFORMANCE_DIR)/$(1)-coverage.txt; \
                  diff -u consumers/$(1)/expected-coverage.txt $(CONFORMANCE_DIR)/$(1)-coverage.txt \
                      || { echo "$(1): coverage differs from consumers/$(1)/expected-coverage.txt"; exit 1; }

.PHONY: crosscheck crosscheck-kernels crosscheck-same-tests
crosscheck-kernels: $(BUILD)/ccref
	@mkdir -p $(CONFORMANCE_DIR)
	$(BUILD)/ccref eval --vectors $(VECTORS_DIR)/*.json --output $(CONFORMANCE_DIR)/kernels-results.jsonl
	$(BUILD)/ccref check --require-all --json $(CONFORMANCE_DIR)/kernels-check.json \
	    --tests $(CONFORMANCE_DIR)/kernels-tests.tsv $(VECTORS_DIR) $(CONFORMANCE_DIR)/kernels-results.jsonl \
	    > $(CONFORMANCE_DIR)/kernels-check.txt || { cat $(CONFORMANCE_DIR)/kernels-check.txt; exit 1; }
	@grep -E '^(valid|values|passed as)' $(CONFORMANCE_DIR)/kernels-check.txt | sed 's/^/ccref kernels: /'

CROSSCHECK_ENGINES = --engine "ccref kernels" $(CONFORMANCE_DIR)/kernels-check.json $(CONFORMANCE_DIR)/kernels-tests.tsv \
                     --engine "Simbody 3.7" $(CONFORMANCE_DIR)/simbody-check.json $(CONFORMANCE_DIR)/simbody-tests.tsv \
                     --engine "ODE 0.16" $(CONFORMANCE_DIR)/ode-check.json $(CONFORMANCE_DIR)/ode-tests.tsv

# The kernels' results on exactly the tests Simbody reports, for the per-output comparison on the same tests.
crosscheck-same-tests: crosscheck-kernels crosscheck-simbody
	grep -o '"id":"[^"]*",' $(CONFORMANCE_DIR)/simbody-results.jsonl > $(CONFORMANCE_DIR)/simbody-ids.txt
	{ head -n 1 $(CONFORMANCE_DIR)/kernels-results.jsonl; \
	  grep -F -f $(CONFORMANCE_DIR)/simbody-ids.txt $(CONFORMANCE_DIR)/kernels-results.jsonl; } \
	    > $(CONFORMANCE_DIR)/kernels-on-simbody-results.jsonl
	$(BUILD)/ccref check --json $(CONFORMANCE_DIR)/kernels-on-simbody-check.json $(VECTORS_DIR) \
	    $(CONFORMANCE_DIR)/kernels-on-simbody-results.jsonl > /dev/null

crosscheck: crosscheck-kernels crosscheck-simbody crosscheck-ode crosscheck-same-tests | deps-plot
	python3 tools/conformance.py --out spec/conformance.md --plot-data $(CONFORMANCE_DIR) $(CROSSCHECK_ENGINES) \
	    --pair "ccref kernels" $(CONFORMANCE_DIR)/kernels-on-simbody-check.json "Simbody 3.7" \
	    $(CONFORMANCE_DIR)/simbody-check.json
	gnuplot -e "dir='$(CONFORMANCE_DIR)'; out='spec/conformance.png'" tools/conformance.gp
