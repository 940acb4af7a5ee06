/* caseio.h: the case format of `ccref eval` and of the vectors' "case" objects (spec/vectors.md, "Cases"): one
 * model for all 21 suites (10 kinds, 8 contact classes, 3 rules), a strict reader (every key known, every number
 * finite or an explicit "nan"/"inf" string, integers in range, errors naming the field), and a canonical writer. */
#ifndef CCREF_CLI_CASEIO_H
#define CCREF_CLI_CASEIO_H

#include <jansson.h>

#include "fields.h"
#include "jsonw.h"

/* Suites: the file stems of the vectors and the "kind" of a case. Kinds first (ccref_kind order), then the contact
 * classes (ccref_contact_class order), then the rules. */
enum {
    SUITE_FIRST_CONTACT = CCREF_KIND_COUNT,
    SUITE_FIRST_RULE = CCREF_KIND_COUNT + CCREF_CONTACT_COUNT,
    SUITE_EFFECTIVE_COR = SUITE_FIRST_RULE,
    SUITE_EFFECTIVE_COF,
    SUITE_CLASSIFY,
    SUITE_COUNT
};
typedef enum { SUITE_TYPE_KIND, SUITE_TYPE_CONTACT, SUITE_TYPE_RULE } suite_type;

const char *suite_name(int suite);          /* "ball", ..., "edge_edge", "effective_cor", ... */
int suite_from_name(const char *name);      /* -1 when unknown */
suite_type suite_type_of(int suite);
/* Whether the published vectors hold the suite (every suite but those added since: weld); `ccref gen` writes the
 * others only when named. */
int suite_published(int suite);
/* The number of the suite's random streams (cli/families.c): its place in the published order of generator 2.2, the
 * suites added since after them; -1 for an unknown suite. */
int suite_stream(int suite);
ccref_kind suite_kind(int suite);           /* kinds only */
ccref_contact_class suite_class(int suite); /* contact classes only */

/* Inputs the reader derived rather than read (echoed back as "used"): bit USED_R(i) for body i's rotation from a
 * quaternion (i = 1, 2), USED_FRAME_R(j) for the j-th frame parameter's rotation from a quaternion, USED_UNIT(j)
 * for the j-th unit-vector parameter normalised on request. */
#define USED_BODY_R(i) (1u << ((i) - 1))
#define USED_FRAME_R(j) (1u << (2 + (j)))
#define USED_UNIT(j) (1u << (6 + (j)))

typedef struct {
    int suite;
    union {
        ccref_case k;
        ccref_contact_case c;
        cli_cor_params cor;
        cli_cof_params cof;
        cli_classify_params cl;
    } u;
    int normalize;      /* "normalize": true */
    unsigned used;      /* USED_* bits */
} cli_case;

/* Body i (1 or 2) of a case; NULL where the suite has none (ConstantCoordinate, a hard stop's body 2, the rules). */
ccref_body *case_body(const cli_case *c, int i);

#define FIELD_MAX 160
typedef struct {
    char field[FIELD_MAX];      /* path of the offending field: "body1.R[0][2]", "params.radius", "" */
    char message[256];
    int column;                 /* JSON syntax errors: the column jansson reports (1-based); else 0 */
} read_error;

int read_fail(read_error *e, const char *field, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Read a whole case (an object). 0, or -1 with e filled. */
int case_read(json_t *root, cli_case *c, read_error *e);
/* Overlay a partial case on c (the "inputs_used" of a result: every key optional, same names and shapes); the
 * suite is c's. 0 or -1. */
int case_overlay(json_t *partial, cli_case *c, read_error *e);

/* The case as canonical JSON (numbers as hex strings, "ground" for a body equal to Ground). */
void case_write(jw *w, const cli_case *c);
/* The inputs the reader derived (the "used" object), or nothing when c->used is 0. */
void case_write_used(jw *w, const cli_case *c);

/* Parse one JSON text (a line) with the reader's policy: duplicate keys rejected, NUL bytes rejected (len is the
 * line's length in bytes), a UTF-8 byte order mark accepted only at the start of the first line (bom_ok). NULL
 * with e filled on error. */
json_t *case_parse_line(const char *line, size_t len, int bom_ok, read_error *e);
/* Whether a line holds nothing but white space (space, tab, CR, LF) after the byte order mark the start of the first
 * line may carry (bom_ok): a blank line, skipped by every reader of JSON Lines. */
int case_line_blank(const char *line, size_t len, int bom_ok);

#endif
