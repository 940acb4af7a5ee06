/* seeds.c: the seed corpora and dictionaries of fuzz/ (make fuzz-seeds):
 *   fuzz_seeds VECTORS_DIR EXAMPLES_JSONL FUZZ_DIR
 * writes FUZZ_DIR/corpus/<target>/seed-* (the previous seed-* files are removed first; corpus entries of other
 * names are left alone) and FUZZ_DIR/dict/<target>.dict:
 *   kind, contact and rule targets: the first two tests of every group of the published vectors as RAW inputs, and
 *     every family group as a FAMILY input (fuzz.h); the dictionary holds the thresholds and special doubles;
 *   case_json: the cases of the vectors as canonical lines, the examples, and a case followed by a partial case;
 *   results_line: `ccref eval --vectors` (kernels, --both, --certified) of the small vector files, a few lines each;
 *   vector_file: the small vector files (fuzz_mini_vectors);
 *   the dictionaries of the text targets: every JSON string of their seeds. */
#define _GNU_SOURCE
#include <dirent.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli/eval.h"
#include "../cli/families.h"
#include "fuzz.h"

static const char *out_dir;

static void die(const char *what)
{
    perror(what);
    exit(2);
}

static void target_dir(const char *target, char *path, size_t len)
{
    snprintf(path, len, "%s/corpus", out_dir);
    mkdir(path, 0755);
    snprintf(path, len, "%s/corpus/%s", out_dir, target);
    mkdir(path, 0755);
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        if (strncmp(e->d_name, "seed-", 5) == 0) {
            char p[600];
            snprintf(p, sizeof p, "%s/%s", path, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
}

static void put(const char *target, const char *name, const void *data, size_t len)
{
    char path[600];
    snprintf(path, sizeof path, "%s/corpus/%s/seed-%s", out_dir, target, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0)
        die(path);
}

static FILE *dict_file(const char *target)
{
    char path[600];
    snprintf(path, sizeof path, "%s/dict", out_dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/dict/%s.dict", out_dir, target);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        die(path);
    fprintf(f, "# %s.dict: made by fuzz/seeds.c (make fuzz-seeds); libFuzzer / AFL++ dictionary format.\n", target);
    return f;
}

static void dict_bytes(FILE *f, const char *name, const unsigned char *p, size_t n)
{
    fprintf(f, "%s=\"", name);
    for (size_t i = 0; i < n; i++)
        if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '"' && p[i] != '\\')
            fputc(p[i], f);
        else
            fprintf(f, "\\x%02x", p[i]);
    fprintf(f, "\"\n");
}

/* ---------------------------------------------------------------- kinds, contact classes, rules */

/* The doubles the kernels decide on or reject (spec/conventions.md sections 5 and 6), and IEEE-754's edges. */
static void binary_dict(const char *target)
{
    static const struct { const char *name; double x; } v[] = {
        {"zero", 0.0}, {"neg_zero", -0.0}, {"one", 1.0}, {"neg_one", -1.0}, {"half", 0.5}, {"two", 2.0},
        {"tol_1e_12", 1e-12}, {"one_plus_tol", 1.0 + 1e-12}, {"one_minus_tol", 1.0 - 1e-12},
        {"singular_sq", 0x1p-130}, {"singular", 0x1p-65}, {"parallel_sq", 0x1p-91},
        {"parallel_lo", 0x1.6a09e667f3bccp-46}, {"parallel_hi", 0x1.6a09e667f3bcdp-46},
        {"sqrt_half", 0x1.6a09e667f3bcdp-1},
        {"e300", 1e300}, {"neg_e300", -1e300}, {"e154", 0x1p+512}, {"e8", 1e8}, {"e100", 1e100}, {"tiny", 1e-300},
        {"dbl_max", DBL_MAX}, {"dbl_min", DBL_MIN}, {"subnormal_min", 0x1p-1074},
        {"subnormal_max", 0x0.fffffffffffffp-1022},
        {"inf", INFINITY}, {"neg_inf", -INFINITY}, {"nan", NAN}, {"three_fifths", 0.6}, {"eps", DBL_EPSILON},
    };
    FILE *f = dict_file(target);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        unsigned char b[8];
        uint64_t u;
        memcpy(&u, &v[i].x, 8);
        for (int k = 0; k < 8; k++, u >>= 8)
            b[k] = (unsigned char)u;
        dict_bytes(f, v[i].name, b, 8);
    }
    fclose(f);
}

static void suite_seeds(const char *target, int suite, const char *vectors, int *n)
{
    char path[600], err[700], name[64];
    uint8_t buf[2048];
    vfile vf;
    snprintf(path, sizeof path, "%s/%s.json", vectors, suite_name(suite));
    if (vfile_load(path, &vf, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_seeds: %s\n", err);
        exit(2);
    }
    for (int g = 0; g < vf.n_groups; g++) {
        int taken = 0;
        for (int i = 0; i < vf.n_tests && taken < 2; i++) {
            if (vf.tests[i].group != g)
                continue;
            size_t len = fuzz_encode_raw(&vf.tests[i].c, buf, sizeof buf);
            snprintf(name, sizeof name, "%s-raw-%s-%d", suite_name(suite), vf.groups[g].family, vf.tests[i].tc_id);
            put(target, name, buf, len);
            taken++;
            (*n)++;
        }
    }
    vfile_free(&vf);
    const group_spec *groups;
    int ng = suite_groups(suite, &groups);
    for (int g = 0; g < ng; g++) {
        size_t len = fuzz_encode_family(suite, g, 0, 0, buf, sizeof buf);
        snprintf(name, sizeof name, "%s-family-%d-%s%s", suite_name(suite), g, groups[g].family,
                 groups[g].rolling == 1 ? "-rolling" : "");
        put(target, name, buf, len);
        (*n)++;
    }
}

/* ---------------------------------------------------------------- text targets */

typedef struct { char *s[2048]; int n; } strings;

/* Every JSON string literal of a text that is a word (keys, names, statuses, flags), once; numbers are left to the
 * few forms text_dict adds. */
static void collect(strings *set, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '"')
            continue;
        size_t j = i + 1;
        while (j < len && text[j] != '"' && text[j] != '\\' && text[j] != '\n')
            j++;
        char c0 = i + 1 < len ? text[i + 1] : '0';
        int word = (c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z') || c0 == '_';
        if (word && j < len && text[j] == '"' && j - i - 1 <= 40) {
            size_t l = j - i + 1;
            int seen = 0;
            for (int k = 0; k < set->n && !seen; k++)
                seen = strlen(set->s[k]) == l && memcmp(set->s[k], text + i, l) == 0;
            if (!seen && set->n < 2048)
                set->s[set->n++] = strndup(text + i, l);
        }
        i = j;
    }
}

static void text_dict(const char *target, strings *set)
{
    static const char *const numbers[] = {"\"nan\"", "\"inf\"", "\"-inf\"", "\"0x1p-1074\"", "\"-0x0p+0\"",
                                          "\"0x1.fffffffffffffp+1023\"", "\"0x1p-130\"", "1e308", "-0.0", "1e-320"};
    FILE *f = dict_file(target);
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        char name[16];
        snprintf(name, sizeof name, "n%zu", i);
        dict_bytes(f, name, (const unsigned char *)numbers[i], strlen(numbers[i]));
    }
    for (int i = 0; i < set->n; i++) {
        char name[16];
        snprintf(name, sizeof name, "s%d", i);
        dict_bytes(f, name, (const unsigned char *)set->s[i], strlen(set->s[i]));
        free(set->s[i]);
    }
    set->n = 0;
    fclose(f);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        die(path);
    char *b = NULL;
    size_t cap = 0;
    *len = 0;
    for (size_t r; (b = realloc(b, cap += 1 << 16)) != NULL && (r = fread(b + *len, 1, cap - *len - 1, f)) > 0;)
        *len += r;
    fclose(f);
    b[*len] = '\0';
    return b;
}

static void case_json_seeds(const char *vectors, const char *examples, strings *set)
{
    target_dir("case_json", (char[600]){0}, 600);
    char path[600], err[700], name[64];
    for (int suite = 0; suite < SUITE_COUNT; suite++) {
        vfile vf;
        snprintf(path, sizeof path, "%s/%s.json", vectors, suite_name(suite));
        if (vfile_load(path, &vf, err, sizeof err) != 0) {
            fprintf(stderr, "fuzz_seeds: %s\n", err);
            exit(2);
        }
        for (int i = 0; i < vf.n_tests && i < 3; i++) {
            jw w;
            jw_init(&w);
            case_write(&w, &vf.tests[i].c);
            if (i == 2) /* a case, then a partial case over it (case_overlay) */
                jw_raw(&w, "\n{\"lambda\": [\"0x1p-1\"], \"body2\": \"ground\"}");
            jw_raw(&w, "\n");
            snprintf(name, sizeof name, "%s-%d", suite_name(suite), i);
            put("case_json", name, w.buf, strlen(w.buf));
            collect(set, w.buf, strlen(w.buf));
            jw_free(&w);
        }
        vfile_free(&vf);
    }
    size_t len;
    char *text = slurp(examples, &len);
    int k = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        snprintf(name, sizeof name, "example-%02d", k++);
        put("case_json", name, line, strlen(line));
        collect(set, line, strlen(line));
    }
    free(text);
    text_dict("case_json", set);
}

static void results_seeds(const char *mini, strings *set)
{
    target_dir("results_line", (char[600]){0}, 600);
    static const char *const modes[] = {NULL, "--both", "--certified"};
    char files[3][600], out[600], name[64];
    static const char *const suites[] = {"rod", "rope", "unilateral_classify"};
    for (int i = 0; i < 3; i++)
        snprintf(files[i], sizeof files[i], "%s/%s.json", mini, suites[i]);
    for (int m = 0; m < 3; m++) {
        snprintf(out, sizeof out, "%s/results-%d.jsonl", mini, m);
        char *argv[9];
        int argc = 0;
        argv[argc++] = "eval";
        if (modes[m])
            argv[argc++] = (char *)modes[m];
        argv[argc++] = "--vectors";
        argv[argc++] = "--output";
        argv[argc++] = out;
        for (int i = 0; i < 3; i++)
            argv[argc++] = files[i];
        argv[argc] = NULL;
        if (cmd_eval(argc, argv) > 1)
            exit(2);
        size_t len;
        char *text = slurp(out, &len);
        collect(set, text, len);
        /* the header line, then chunks of results under 8 kB (--both writes a few kB per result) */
        char *body = strchr(text, '\n');
        int chunk = 0;
        for (char *p = body ? body + 1 : text + len; p < text + len; chunk++) {
            char *q = p;
            for (int l = 0; l < (modes[m] ? 1 : 3) && q < text + len; l++) {
                char *nl = strchr(q, '\n');
                q = nl ? nl + 1 : text + len;
            }
            size_t hl = (size_t)(body - text) + 1;
            char *seed = malloc(hl + (size_t)(q - p));
            memcpy(seed, text, hl);
            memcpy(seed + hl, p, (size_t)(q - p));
            snprintf(name, sizeof name, "%s-%02d", modes[m] ? modes[m] + 2 : "kernels", chunk);
            put("results_line", name, seed, hl + (size_t)(q - p));
            free(seed);
            p = q;
        }
        free(text);
    }
    text_dict("results_line", set);
}

static void vector_file_seeds(const char *mini, strings *set)
{
    target_dir("vector_file", (char[600]){0}, 600);
    static const char *const suites[] = {"rod", "rope", "unilateral_classify"};
    for (int i = 0; i < 3; i++) {
        char path[600];
        size_t len;
        snprintf(path, sizeof path, "%s/%s.json", mini, suites[i]);
        char *text = slurp(path, &len);
        put("vector_file", suites[i], text, len);
        collect(set, text, len);
        free(text);
    }
    text_dict("vector_file", set);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: fuzz_seeds VECTORS_DIR EXAMPLES_JSONL FUZZ_DIR\n");
        return 2;
    }
    out_dir = argv[3];
    char targets[600];
    /* FUZZ_DIR/targets is a script that prints the targets (it reads the table of src/ccref_kinds.h) */
    snprintf(targets, sizeof targets, "sh '%s/targets'", out_dir);
    FILE *tf = popen(targets, "r");
    if (tf == NULL)
        die(targets);
    char line[128];
    static strings set;
    while (fgets(line, sizeof line, tf)) {
        line[strcspn(line, "#\r\n \t")] = '\0';
        if (line[0] == '\0')
            continue;
        int suite = suite_from_name(line), n = 0;
        char path[600];
        if (suite >= 0 && suite < SUITE_FIRST_RULE) {
            target_dir(line, path, sizeof path);
            suite_seeds(line, suite, argv[1], &n);
            binary_dict(line);
        } else if (strcmp(line, "rules") == 0) {
            target_dir(line, path, sizeof path);
            for (int s = SUITE_FIRST_RULE; s < SUITE_COUNT; s++)
                suite_seeds(line, s, argv[1], &n);
            binary_dict(line);
        } else if (strcmp(line, "case_json") == 0) {
            case_json_seeds(argv[1], argv[2], &set);
        } else {
            continue; /* the targets that need the small vector files: below */
        }
        if (n)
            printf("fuzz_seeds: %s: %d seeds\n", line, n);
    }
    if (pclose(tf) != 0)
        die(targets);
    char mini[] = "/tmp/ccref-fuzz-seeds-XXXXXX";
    if (mkdtemp(mini) == NULL || fuzz_mini_vectors(mini) != 0)
        die("fuzz_mini_vectors");
    results_seeds(mini, &set);
    vector_file_seeds(mini, &set);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", mini);
    return system(cmd) == 0 ? 0 : 2;
}
