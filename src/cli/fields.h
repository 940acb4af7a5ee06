/* fields.h: the JSON names of every kind's parameters and auxiliary outputs, as offset tables, so the
 * reader and the writer share one description of the case format. */
#ifndef CCREF_CLI_FIELDS_H
#define CCREF_CLI_FIELDS_H

#include <stddef.h>

#include "../ccref.h"

typedef enum { FIELD_SCALAR, FIELD_VEC3, FIELD_MAT3, FIELD_FRAME, FIELD_BOOL, FIELD_INT } field_type;

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

#endif
