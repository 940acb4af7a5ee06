/* fields.h: the JSON names of every kind's parameters and auxiliary outputs, as offset tables, so the
 * reader and the writer share one description of the case format. */
#ifndef CCREF_CLI_FIELDS_H
#define CCREF_CLI_FIELDS_H

#include <stddef.h>

#include "../src/ccref.h"
#include "../src/ccref_unilateral.h"

/* FIELD_UNIT: a vector that must be a unit vector (a plane normal): read and written like FIELD_VEC3, and divided by
 * its norm when a case asks for "normalize": true. */
typedef enum { FIELD_SCALAR, FIELD_VEC3, FIELD_MAT3, FIELD_FRAME, FIELD_BOOL, FIELD_INT, FIELD_UNIT } field_type;

typedef struct {
    const char *name;
    field_type type;
    size_t offset;      /* into the kind's params struct, or into its result struct */
} field_desc;

typedef struct {
    const field_desc *params;   /* terminated by a NULL name */
    const field_desc *aux;      /* auxiliary outputs after the common ccref_output; NULL-name terminated */
    int uses_bodies;            /* 0 for constant_coordinate (reads "coordinate" instead) */
} kind_fields;

const kind_fields *cli_kind_fields(ccref_kind kind);

/* Parameters of a unilateral contact class (offsets into ccref_contact_case.params), and the two blocks every
 * class reads: "material" (ccref_contact_material) and "speeds" (ccref_contact_speeds). */
const field_desc *cli_contact_params(ccref_contact_class cls);
extern const field_desc cli_material_fields[];
extern const field_desc cli_speeds_fields[];

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
