# consumers/mujoco/mujoco.mk: MuJoCo 2.2.2 (Debian's libmujoco-dev, mjtNum = double) checked against the published
# vectors (consumers/mujoco/README.md). Included by consumers/consumers.mk.
#   make crosscheck-mujoco           build the consumer, run it over $(VECTORS_DIR) (results in
#                                    $(CONFORMANCE_DIR)/mujoco-results.jsonl), judge them with ccref check in the double
#                                    tier (judge_with_findings: fails on a failing test not in findings.txt) and assert
#                                    the coverage (expected-coverage.txt)
#   make update-coverage-mujoco      rewrite expected-coverage.txt from the last results
#   make findings-mujoco             build and run every reproducer in consumers/mujoco/findings/ (each exits 0 when it
#                                    still shows its bug); fails when one no longer does
# Uses the top Makefile's BUILD, CC, CFLAGS (C11, -ffp-contract=off, warnings as errors), HDRS, CCREF_LIBS and
# VECTORS_DIR.

MUJOCO_BIN      := $(BUILD)/mujoco_consumer
CONSUMER_BENCH += $(MUJOCO_BIN)
MUJOCO_FINDINGS := consumers/mujoco/findings.txt
MUJOCO_SUITES   := ball|constant_coordinate|sphere_on_plane|sphere_on_sphere|sphere_sphere|line_on_line|weld
MUJOCO_REPROS   := $(wildcard consumers/mujoco/findings/*.c)

.PHONY: deps-mujoco crosscheck-mujoco crosscheck-mujoco-results update-coverage-mujoco findings-mujoco
deps-mujoco: ## MuJoCo 2.2.2 (libmujoco-dev)
	@dpkg -s libmujoco-dev >/dev/null 2>&1 || { echo "install libmujoco-dev"; exit 1; }

# (consumers.mk includes this file before it defines CONSUMER_HDRS: the headers are named here)
$(BUILD)/consumers/mujoco_consumer.o: consumers/mujoco/mujoco_consumer.c consumers/common/consumer.h $(HDRS) | deps-mujoco
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. -c $< -o $@

$(MUJOCO_BIN): $(BUILD)/consumers/mujoco_consumer.o $(BUILD)/consumers/consumer.o $(BUILD)/libccref_cli.a \
               $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/consumers/consumer.o $(CCREF_LIBS) -lmujoco

crosscheck-mujoco-results: $(MUJOCO_BIN) $(BUILD)/ccref ## MuJoCo 2.2.2's results on the vectors (consumers/mujoco)
	@mkdir -p $(CONFORMANCE_DIR)
	$(MUJOCO_BIN) --out $(CONFORMANCE_DIR)/mujoco-results.jsonl $(VECTORS_DIR)
	@$(call judge_with_findings,mujoco,double,$(MUJOCO_SUITES),$(MUJOCO_FINDINGS))

crosscheck-mujoco: crosscheck-mujoco-results ## MuJoCo 2.2.2 judged; fails on a failure not in consumers/mujoco/findings.txt or a coverage change
	@$(call assert_coverage,mujoco)

update-coverage-mujoco: crosscheck-mujoco-results ## rewrite MuJoCo's expected coverage from its last results
	$(call coverage_of,$(CONFORMANCE_DIR)/mujoco-check.txt) > consumers/mujoco/expected-coverage.txt

# Each reproducer is standalone (MuJoCo's public API only): exit 0 = the bug is still there, 1 = it is gone.
findings-mujoco: | deps-mujoco ## build and run MuJoCo's reproducers (consumers/mujoco/findings/)
	@mkdir -p $(BUILD)/mujoco-findings
	@set -e; fail=0; for f in $(MUJOCO_REPROS); do n=$$(basename $$f .c); \
	    $(CC) -std=gnu11 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror -o $(BUILD)/mujoco-findings/$$n $$f \
	        -lmujoco -lm; \
	    if $(BUILD)/mujoco-findings/$$n; then echo "findings-mujoco: $$n reproduces"; \
	    else echo "findings-mujoco: $$n NO LONGER REPRODUCES"; fail=1; fi; done; exit $$fail
