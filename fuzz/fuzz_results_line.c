/* fuzz_results_line.c: `ccref check`'s results reader and judge (cli/check.c, results.c, verdict.c). Each input is a
 * results file (the header line is prepended unless the input starts with one) judged by check_results against the
 * small vector files of fuzz_mini_vectors, loaded once (check_set_load). Checks: no sanitizer report, and an exit
 * status of 0, 1 or 2. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../src/ccref_version.h"
#include "../cli/check.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char **argv[]);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64] = "/tmp/ccref-fuzz-XXXXXX", vectors[128], results[64];
static int fd = -1;
static check_set *set;
static FILE *devnull;

static void cleanup(void)
{
    check_set_free(set);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz_results_line: could not remove %s\n", dir);
}

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
    (void)argc;
    (void)argv;
    fuzz_init("results_line");
    devnull = fopen("/dev/null", "w");
    if (mkdtemp(dir) == NULL || devnull == NULL)
        abort();
    atexit(cleanup);
    snprintf(vectors, sizeof vectors, "%s/vectors", dir);
    FILE *out = stdout;
    stdout = devnull; /* gen's own report */
    int rc = fuzz_mini_vectors(vectors);
    stdout = out;
    fd = memfd_create("results", 0);
    if (rc != 0 || fd < 0 || check_set_load(vectors, &set) != 0)
        abort();
    snprintf(results, sizeof results, "/proc/self/fd/%d", fd);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char header[] = "{\"schema\":\"" RESULTS_SCHEMA "\",\"generatorVersion\":\"" CCREF_GENERATOR_VERSION
                                 "\",\"engine\":\"fuzz\",\"tier\":\"double\"}\n";
    fuzz_begin(data, size);
    int has_header = size >= 10 && memcmp(data, "{\"schema\"", 9) == 0;
    if (ftruncate(fd, 0) != 0 || (!has_header && pwrite(fd, header, sizeof header - 1, 0) < 0) ||
        pwrite(fd, data, size, has_header ? 0 : (off_t)(sizeof header - 1)) != (ssize_t)size)
        abort();
    /* check reports on stdout and stderr: both to /dev/null (libFuzzer and the sanitizers write to the file
     * descriptor 2 themselves, not through this FILE) */
    FILE *out = stdout, *err = stderr;
    stdout = stderr = devnull;
    static check_options opt; /* every test judged, no claims, the header's tier */
    opt.tier = -1;
    int rc = check_results(set, results, &opt);
    stdout = out;
    stderr = err;
    char name[32];
    snprintf(name, sizeof name, "check:exit_%d", rc);
    fuzz_count(name, 1);
    if (rc < 0 || rc > 2)
        fuzz_fail("ccref check exits with %d", rc);
    return 0;
}
