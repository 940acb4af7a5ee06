/* fuzz_vector_file.c: the vector-file reader (vfile_load, cli/vectors.h), on the input written to a memory file.
 * Checks: a rejected file names its error; an accepted one keeps the reader's promises (tcIds 1..n unique, cases of
 * the file's suite, groups and slots in range); the first tests are judged as `ccref check` judges (the kernels'
 * outcome matched against the expected answer and every alternative) without a sanitizer report. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../cli/expect.h"
#include "../cli/verdict.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char **argv[]);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int fd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
    (void)argc;
    (void)argv;
    fuzz_init("vector_file");
    fd = memfd_create("vectors", 0);
    if (fd < 0)
        abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return 0;
}

static void check_loaded(const vfile *f)
{
    if (f->suite < 0 || f->suite >= SUITE_COUNT)
        fuzz_fail("suite %d", f->suite);
    for (int g = 0; g < f->n_groups; g++)
        for (int i = 0; i < f->groups[g].n_slots; i++)
            if (f->groups[g].slots[i] < 0 || f->groups[g].slots[i] >= suite_slots(f->suite))
                fuzz_fail("group %d: slot %d", g, f->groups[g].slots[i]);
    for (int i = 0; i < f->n_tests; i++) {
        const vtest *t = &f->tests[i];
        if (t->tc_id < 1 || t->tc_id > f->n_tests || t->group < 0 || t->group >= f->n_groups ||
            t->c.suite != f->suite || t->n_alt < 0 || t->n_alt > MAX_ALTERNATIVES)
            fuzz_fail("test %d: tcId %d, group %d, suite %d, %d alternatives", i, t->tc_id, t->group, t->c.suite,
                      t->n_alt);
        for (int k = 0; k < i; k++)
            if (f->tests[k].tc_id == t->tc_id)
                fuzz_fail("tcId %d twice", t->tc_id);
    }
    for (int i = 0; i < f->n_tests && i < 4; i++) {
        const vtest *t = &f->tests[i];
        outcome got;
        eval_kernel(&t->c, &got, NULL);
        match_report m;
        match_answer(&t->expected, &got, NULL, ~0u, &m);
        for (int a = 0; a < t->n_alt; a++)
            match_answer(&t->alt[a], &got, NULL, ~0u, &m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_begin(data, size);
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    vfile f;
    char err[700] = "";
    if (vfile_load(path, &f, err, sizeof err) != 0) {
        fuzz_count("load:rejected", 1);
        if (err[0] == '\0')
            fuzz_fail("a rejected vector file without a message");
        return 0;
    }
    fuzz_count("load:accepted", 1);
    check_loaded(&f);
    vfile_free(&f);
    return 0;
}
