# consumers/bullet/bullet.mk: Bullet 3.24 (Debian's libbullet-dev) checked against the published vectors in its two
# builds (consumers/bullet/README.md). Included by consumers/consumers.mk.
#   make crosscheck-bullet          both builds: crosscheck-bullet-double and crosscheck-bullet-single
#   make crosscheck-bullet-double   pkg-config bullet-float64 (btScalar = double), engine key `bullet`, tier double
#   make crosscheck-bullet-single   pkg-config bullet (btScalar = float), engine key `bullet-single`, tier binary32
#   make update-coverage-bullet     rewrite expected-coverage.txt and expected-coverage-single.txt
#   make findings-bullet            build and run every reproducer in consumers/bullet/findings/ (each exits 0 when
#                                   it still shows its bug); fails when one no longer does
# Each crosscheck runs the consumer over $(VECTORS_DIR) (results in $(CONFORMANCE_DIR)/<key>-results.jsonl), judges
# them with ccref check (judge_with_findings, consumers/consumers.mk) against the findings file of the build
# (findings.txt, findings-single.txt) and asserts the coverage (expected-coverage.txt, expected-coverage-single.txt).
# One source, bullet_consumer.cpp, compiled once per build with that build's pkg-config flags.

BULLET_DIR         := consumers/bullet
BULLET_CXXFLAGS    := -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror
BULLET_D_CFLAGS     = $(shell pkg-config --cflags bullet-float64)
BULLET_D_LIBS       = $(shell pkg-config --libs bullet-float64)
BULLET_S_CFLAGS     = $(shell pkg-config --cflags bullet)
BULLET_S_LIBS       = $(shell pkg-config --libs bullet)
BULLET_BIN         := $(BUILD)/bullet_consumer
BULLET_SINGLE_BIN  := $(BUILD)/bullet_single_consumer
CONSUMER_BENCH     += $(BULLET_BIN) $(BULLET_SINGLE_BIN)
BULLET_SUITES      := ball|sphere_on_plane|sphere_on_sphere|line_on_line|weld
BULLET_FINDINGS_DIR := $(BULLET_DIR)/findings
BULLET_REPRO_DIR   := $(BUILD)/bullet-findings

.PHONY: deps-bullet crosscheck-bullet crosscheck-bullet-double crosscheck-bullet-single \
        crosscheck-bullet-results crosscheck-bullet-single-results update-coverage-bullet findings-bullet
deps-bullet: ## install libbullet-dev (Bullet 3.24, both bullet.pc and bullet-float64.pc)
	@tools/ensure-deps build oracle bullet

$(BUILD)/consumers/bullet_consumer.o: $(BULLET_DIR)/bullet_consumer.cpp consumers/common/consumer.h $(HDRS) | deps-bullet
	@mkdir -p $(dir $@)
	$(CXX) $(BULLET_CXXFLAGS) $(BULLET_D_CFLAGS) -c $< -o $@

$(BUILD)/consumers/bullet_single_consumer.o: $(BULLET_DIR)/bullet_consumer.cpp consumers/common/consumer.h $(HDRS) | deps-bullet
	@mkdir -p $(dir $@)
	$(CXX) $(BULLET_CXXFLAGS) $(BULLET_S_CFLAGS) -c $< -o $@

$(BULLET_BIN): $(BUILD)/consumers/bullet_consumer.o $(BUILD)/consumers/consumer.o $(BUILD)/libccref_cli.a \
               $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CXX) -o $@ $< $(BUILD)/consumers/consumer.o $(CCREF_LIBS) $(BULLET_D_LIBS)

$(BULLET_SINGLE_BIN): $(BUILD)/consumers/bullet_single_consumer.o $(BUILD)/consumers/consumer.o \
                      $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a
	$(CXX) -o $@ $< $(BUILD)/consumers/consumer.o $(CCREF_LIBS) $(BULLET_S_LIBS)

crosscheck-bullet-results: $(BULLET_BIN) $(BUILD)/ccref ## Bullet 3.24 double's results on the vectors, judged (tier double)
	@mkdir -p $(CONFORMANCE_DIR)
	$(BULLET_BIN) --out $(CONFORMANCE_DIR)/bullet-results.jsonl $(VECTORS_DIR)
	@$(call judge_with_findings,bullet,double,$(BULLET_SUITES),$(BULLET_DIR)/findings.txt)

crosscheck-bullet-single-results: $(BULLET_SINGLE_BIN) $(BUILD)/ccref ## Bullet 3.24 single's results, judged (tier binary32)
	@mkdir -p $(CONFORMANCE_DIR)
	$(BULLET_SINGLE_BIN) --out $(CONFORMANCE_DIR)/bullet-single-results.jsonl $(VECTORS_DIR)
	@$(call judge_with_findings,bullet-single,binary32,$(BULLET_SUITES),$(BULLET_DIR)/findings-single.txt)

crosscheck-bullet-double: crosscheck-bullet-results ## Bullet 3.24 (double) judged; fails on an undocumented failure or a coverage change
	@$(call assert_coverage,bullet,$(BULLET_DIR)/expected-coverage.txt)

crosscheck-bullet-single: crosscheck-bullet-single-results ## Bullet 3.24 (single) judged in the binary32 tier
	@$(call assert_coverage,bullet-single,$(BULLET_DIR)/expected-coverage-single.txt)

crosscheck-bullet: crosscheck-bullet-double crosscheck-bullet-single ## Bullet 3.24 in both builds

update-coverage-bullet: crosscheck-bullet-results crosscheck-bullet-single-results ## rewrite Bullet's two expected coverages
	$(call coverage_of,$(CONFORMANCE_DIR)/bullet-check.txt) > $(BULLET_DIR)/expected-coverage.txt
	$(call coverage_of,$(CONFORMANCE_DIR)/bullet-single-check.txt) > $(BULLET_DIR)/expected-coverage-single.txt

# Each reproducer is standalone (Bullet's public API only); its first line names the build it needs:
# "// build: float64" (pkg-config bullet-float64) or "// build: float" (pkg-config bullet). Exit 0: the bug shows.
findings-bullet: | deps-bullet ## build and run Bullet's finding reproducers; fails when one no longer shows its bug
	@mkdir -p $(BULLET_REPRO_DIR)
	@set -e; fail=0; for f in $(BULLET_FINDINGS_DIR)/*.cpp; do n=$$(basename $$f .cpp); \
	    if head -n 1 $$f | grep -q 'build: float64'; then pc=bullet-float64; else pc=bullet; fi; \
	    $(CXX) -std=c++17 -O2 -ffp-contract=off -fno-fast-math -Wall -Wextra -Werror $$(pkg-config --cflags $$pc) \
	        -o $(BULLET_REPRO_DIR)/$$n $$f $$(pkg-config --libs $$pc); \
	    echo "== $$n ($$pc)"; \
	    if $(BULLET_REPRO_DIR)/$$n; then echo "$$n: reproduces"; else echo "$$n: NO LONGER REPRODUCES"; fail=1; fi; \
	done; exit $$fail
