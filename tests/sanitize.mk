# tests/sanitize.mk: the CUnit suite under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer, and
# the oracle under valgrind. Included by the top Makefile (`-include tests/sanitize.mk`).
#
#  - `make test-sanitize`: the same test sources and libraries as `make test` (build/ccref_tests and the build/ccref
#    binary the CLI suite spawns through CCREF_BIN), rebuilt in $(SANITIZE_BUILD) by a recursive make with
#    BUILD=$(SANITIZE_BUILD) and EXTRA_CFLAGS=$(SANITIZE_FLAGS): the top Makefile adds EXTRA_CFLAGS to CFLAGS, and
#    every compile and link line uses CFLAGS, so the objects, archives, mutants and both binaries are instrumented.
#    SANITIZE_CC=clang-14 builds with clang instead (in $(BUILD)/sanitize-clang-14). -fno-sanitize-recover=all stops
#    a process at its first report. Reports are made impossible to miss three ways: ASan and LSan reports of every
#    process (the test binary and each ccref it spawns), and clang's UBSan reports, go to files in
#    $(SANITIZE_BUILD)/logs/ (log_path), which fail the target and are printed; gcc's UBSan runtime, loaded beside
#    libasan, ignores log_path and writes to standard error, so the CLI suite scans every child's standard error for
#    a sanitizer report and fails the test that spawned it (tests/test_cli.c, run()); and every sanitizer exits with
#    status 86, which no test expects. Floating-point division by zero and float-to-integer overflow are not part of
#    -fsanitize=undefined (the kernels produce infinities and NaNs by design and check them).
#  - `make test-valgrind`: the certified oracle under valgrind memcheck (--leak-check=full,
#    --errors-for-leak-kinds=definite,indirect, --error-exitcode=1): the oracle's CUnit suite ("oracle", run alone by
#    $(BUILD)/run_suite: tests/test_main.c linked with the oracle's test file alone), then `ccref eval
#    --certified` on every test of the published vectors (every family of every suite: bad input, extreme
#    magnitudes up to the 8192-bit cap, exact ties) and on examples/cases.jsonl, then `ccref gen` of the whole suite
#    (the oracle with forced branch decisions, for the alternatives). Any memcheck error or a definitely or
#    indirectly lost block fails it. MPFR's caches (constants, the mpz pool) are "still reachable" and not counted.
#    Needs valgrind (tools/ensure-deps valgrind); about a minute of CPU.

SANITIZE_CC    ?= $(CC)
SANITIZE_BUILD := $(BUILD)/sanitize$(if $(filter-out $(CC),$(SANITIZE_CC)),-$(notdir $(SANITIZE_CC)))
SANITIZE_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SANITIZE_LOGS  := $(SANITIZE_BUILD)/logs
SANITIZE_ENV   := ASAN_OPTIONS=detect_leaks=1:exitcode=86:log_path=$(abspath $(SANITIZE_LOGS))/report \
                  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86:log_path=$(abspath $(SANITIZE_LOGS))/report

.PHONY: test-sanitize test-valgrind deps-valgrind

test-sanitize: ## the CUnit suite and the tool under ASan and UBSan (CI)
	@rm -rf $(SANITIZE_LOGS) && mkdir -p $(SANITIZE_LOGS)
	@status=0; \
	$(SANITIZE_ENV) $(MAKE) --no-print-directory CC=$(SANITIZE_CC) BUILD=$(SANITIZE_BUILD) \
	    EXTRA_CFLAGS='$(SANITIZE_FLAGS)' test \
	    || status=$$?; \
	if [ -n "$$(ls -A $(SANITIZE_LOGS))" ]; then \
	    for f in $(SANITIZE_LOGS)/*; do echo "==== $$f"; cat "$$f"; done; \
	    echo "test-sanitize: sanitizer reports in $(SANITIZE_LOGS)/" >&2; exit 1; \
	fi; \
	if [ $$status -ne 0 ]; then echo "test-sanitize: the suite failed (exit status $$status)" >&2; exit 1; fi; \
	echo "test-sanitize: no sanitizer report"

# ---- valgrind

VALGRIND_DIR := $(BUILD)/valgrind
VALGRIND     := valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect \
                --show-leak-kinds=definite,indirect --error-exitcode=1 --quiet

deps-valgrind: ## install valgrind
	@command -v valgrind > /dev/null || tools/ensure-deps valgrind

# The CUnit runner of named suites (see above); the oracle suite needs the CLI archive for its random cases.
$(BUILD)/run_suite: $(BUILD)/tests/test_main.o $(BUILD)/tests/test_oracle.o $(BUILD)/tests/testlib.o \
                    $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a $(HDRS) | deps-test
	$(CC) $(CFLAGS) -o $@ $(BUILD)/tests/test_main.o $(BUILD)/tests/test_oracle.o $(BUILD)/tests/testlib.o \
	    $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a -lcunit $(MPFI_LDLIBS) -lm

test-valgrind: $(BUILD)/run_suite $(BUILD)/ccref | deps-valgrind ## the oracle under valgrind memcheck (CI)
	@rm -rf $(VALGRIND_DIR) && mkdir -p $(VALGRIND_DIR)
	$(VALGRIND) $(BUILD)/run_suite oracle > $(VALGRIND_DIR)/oracle-suite.out || { cat $(VALGRIND_DIR)/oracle-suite.out; exit 1; }
	@grep -E '^ +(tests|asserts) ' $(VALGRIND_DIR)/oracle-suite.out
	$(VALGRIND) $(BUILD)/ccref eval --certified --output $(VALGRIND_DIR)/vectors.jsonl --vectors $(VECTORS_DIR)/*.json
	$(VALGRIND) $(BUILD)/ccref eval --certified --output $(VALGRIND_DIR)/examples.jsonl examples/cases.jsonl
	$(VALGRIND) $(BUILD)/ccref gen --quiet --out $(VALGRIND_DIR)/gen
	@echo "test-valgrind: $$(grep -c . $(VALGRIND_DIR)/vectors.jsonl) result lines; no memcheck error, no definite or indirect leak"
