/* fields.h: the case format's fields, as offset tables, so the reader, the writer, the random cases and the fuzz
 * decoder share one description: every kind's and contact class's parameters and state from the table
 * src/ccref_kinds.h, and the blocks of the contact classes and the rules. */
#ifndef CCREF_CLI_FIELDS_H
#define CCREF_CLI_FIELDS_H

#include <stddef.h>

#include "../src/ccref.h"
#include "../src/ccref_kinds.h"
#include "../src/ccref_unilateral.h"

/* FIELD_UNIT: a vector that must be a unit vector (a plane normal): read and written like FIELD_VEC3, and divided by
 * its norm when a case asks for "normalize": true. */
typedef enum { FIELD_SCALAR, FIELD_VEC3, FIELD_MAT3, FIELD_FRAME, FIELD_BOOL, FIELD_INT, FIELD_UNIT } field_type;

typedef struct {
    const char *name;
    field_type type;
    size_t offset;      /* into the struct the field belongs to */
    /* The parameters of the kinds and classes (ccref_kinds.h) also carry: */
    ccref_status nonpositive; /* RADIUS, LENGTH: the status of a value that is not > 0; else 0 */
    double lo, hi;      /* the range of a random case's value (a scalar, each component of a vector or origin) */
} field_desc;

/* A field of a struct without the parameters' attributes, and the end of a field list. */
#define FIELD(strct, member, type) {#member, type, offsetof(strct, member), 0, 0, 0}
#define FIELD_END {NULL, FIELD_SCALAR, 0, 0, 0, 0}

/* What a kind or class reads besides its parameters and multipliers (the STATE column of ccref_kinds.h). */
enum { STATE_BODY1 = 1, STATE_BODY2 = 2, STATE_COORDINATE = 4 };

/* The CONDITIONING column of ccref_kinds.h. */
typedef enum { CONDITIONING_ANY, CONDITIONING_POINTS_APART, CONDITIONING_EDGES_CROSSING } conditioning;

typedef struct {
    const field_desc *params;   /* terminated by a NULL name */
    const field_desc *discrete; /* its INT and BOOL outputs (offsets into its result struct); NULL-name terminated */
    unsigned state;             /* STATE_* bits */
    conditioning well;
} kind_fields;

const kind_fields *cli_kind_fields(ccref_kind kind);

typedef struct {
    const field_desc *params;   /* offsets into ccref_contact_case.params; terminated by a NULL name */
    unsigned state;             /* STATE_* bits */
    ccref_kind like;            /* the kind whose parameters it restates (LIKE) */
} contact_fields;

/* The fields of a contact class, and the two blocks every class reads: "material" (ccref_contact_material) and
 * "speeds" (ccref_contact_speeds). */
const contact_fields *cli_contact_fields(ccref_contact_class cls);
extern const field_desc cli_material_fields[];
extern const field_desc cli_speeds_fields[];

/* The size in bytes of a field of the given type. */
size_t field_size(field_type type);
/* Copies into a contact case the parameters its class shares with its LIKE kind, from a case of that kind; returns
 * the index of the first of the class's parameters not copied (those it adds), or -1 when k is not of that kind. */
int contact_params_from_kind(ccref_contact_case *c, const ccref_case *k);

/* The rule kinds of the CLI and their parameter records. */
typedef struct { double min_cor, capture_speed, min_cor_speed, impact_speed; } cli_cor_params;
typedef struct { double mu_s, mu_d, mu_v, transition_speed, slip_speed; } cli_cof_params;
typedef struct {
    int sign;
    double perr, verr, aerr, lambda;
    double tol_perr, tol_verr, tol_aerr, tol_lambda;
} cli_classify_params;
extern const field_desc cli_cor_fields[];
extern const field_desc cli_cof_fields[];
extern const field_desc cli_classify_fields[];

#endif
