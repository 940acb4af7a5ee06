/* fuzz_case_json.c: the case reader of `ccref eval` (cli/caseio.h): each line of the input through
 * case_parse_line and case_read, as eval_lines reads it. Checks: a rejected line names its error; an accepted case
 * survives the canonical writer exactly (case_write, read back, written again: the same text); a line after an
 * accepted case is also read as a partial case over it (case_overlay, what `ccref check` does with inputs_used);
 * the kernels evaluate every accepted case without a sanitizer report. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char **argv[]);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
    (void)argc;
    (void)argv;
    fuzz_init("case_json");
    return 0;
}

static void need_message(const read_error *e, const char *what)
{
    if (e->message[0] == '\0')
        fuzz_fail("%s without a message (field \"%s\")", what, e->field);
}

/* case_write, read back, written again: the same text. */
static void round_trip(const cli_case *c)
{
    jw w1, w2;
    jw_init(&w1);
    jw_init(&w2);
    case_write(&w1, c);
    read_error e = {"", "", 0};
    cli_case back;
    json_t *j = case_parse_line(w1.buf, strlen(w1.buf), 0, &e);
    if (j == NULL || case_read(j, &back, &e) != 0)
        fuzz_fail("the canonical text of an accepted case is rejected: %s: %s\n%s", e.field, e.message, w1.buf);
    case_write(&w2, &back);
    if (strcmp(w1.buf, w2.buf) != 0)
        fuzz_fail("the canonical text changes when read back:\n%s\n%s", w1.buf, w2.buf);
    json_decref(j);
    jw_free(&w1);
    jw_free(&w2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_begin(data, size);
    /* one NUL-terminated copy, as getline gives eval_lines: case_parse_line finds NUL bytes with strlen */
    static char *text;
    static size_t cap;
    if (size + 1 > cap && (text = realloc(text, cap = size + 1)) == NULL)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    char *p = text, *end = text + size;
    cli_case prev;
    int have_prev = 0;
    for (int line = 1; p < end && line <= 16; line++) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        char saved = p[len];
        p[len] = '\0'; /* the line ends here, as a line from getline does */
        read_error e = {"", "", 0};
        json_t *root = case_parse_line(p, len, line == 1, &e);
        p[len] = saved;
        p += len;
        if (root == NULL) {
            need_message(&e, "a JSON error");
            fuzz_count("json:syntax_error", 1);
            continue;
        }
        cli_case c;
        if (have_prev && json_is_object(root)) {
            cli_case over = prev;
            read_error eo = {"", "", 0};
            if (case_overlay(root, &over, &eo) != 0)
                need_message(&eo, "a rejected overlay");
            else
                round_trip(&over);
        }
        if (case_read(root, &c, &e) != 0) {
            need_message(&e, "a rejected case");
            fuzz_count("json:read_error", 1);
        } else {
            fuzz_count("json:case", 1);
            round_trip(&c);
            outcome o;
            ccref_bounds b;
            eval_kernel(&c, &o, &b);
            char name[48];
            snprintf(name, sizeof name, "status:%s", ccref_status_name(o.d.status));
            fuzz_count(name, 1);
            prev = c;
            have_prev = 1;
        }
        json_decref(root);
    }
    return 0;
}
