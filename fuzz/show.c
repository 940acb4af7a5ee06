/* show.c: the case an input of a kind, contact or rules target decodes to.
 *   fuzz_show TARGET FILE...        each as a `ccref eval` line (canonical JSON, exact hex numbers), to read a
 *                                   reproducer and re-run it with `ccref eval --both`
 *   fuzz_show --raw TARGET IN OUT   IN re-encoded as a RAW input (fuzz.h): every double spelled out, so that a
 *                                   reproducer kept in fuzz/regressions/ does not depend on the vector families */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int main(int argc, char **argv)
{
    int raw = argc == 5 && strcmp(argv[1], "--raw") == 0;
    if (raw) {
        argv++;
        argc = 3;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: fuzz_show TARGET FILE... | fuzz_show --raw TARGET IN OUT\n");
        return 2;
    }
    int rules = strcmp(argv[1], "rules") == 0, suite = rules ? FUZZ_RULES : suite_from_name(argv[1]);
    if (!rules && (suite < 0 || suite >= SUITE_FIRST_RULE)) {
        fprintf(stderr, "fuzz_show: %s: not a kind, contact or rules target\n", argv[1]);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        static uint8_t buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        cli_case c;
        int mode = fuzz_decode(suite, buf, n, &c);
        if (raw) {
            size_t len = fuzz_encode_raw(&c, buf, sizeof buf);
            FILE *o = fopen(argv[3], "wb");
            if (o == NULL || fwrite(buf, 1, len, o) != len || fclose(o) != 0) {
                perror(argv[3]);
                return 2;
            }
            return 0;
        }
        jw w;
        jw_init(&w);
        case_write(&w, &c);
        printf("%s\n", w.buf);
        fprintf(stderr, "%s: %s mode, %s\n", argv[i], mode == FUZZ_MODE_RAW ? "RAW" : "FAMILY", suite_name(c.suite));
        jw_free(&w);
    }
    return 0;
}
