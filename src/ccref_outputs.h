/* ccref_outputs.h: the flat output layout. Every numeric output of a kind, a contact class or a rule has one slot
 * and one name ("perr[0]", "force_on_body2.moment.x", "contact_frame.R[1][2]", "constraint.verr[0]", ...). The
 * error bounds (ccref_bounds.h), the oracle's certificates (oracle/oracle.h), the CLI's results and the published
 * vectors (spec/vectors.md) all use this layout, so a value, its bound and its certificate share a slot. */
#ifndef CCREF_OUTPUTS_H
#define CCREF_OUTPUTS_H

#include "ccref.h"
#include "ccref_handle.h"
#include "ccref_kinds.h"
#include "ccref_unilateral.h"

/* C linkage for C++ engines that include this header directly. */
#ifdef __cplusplus
extern "C" {
#endif

/* Bilateral kinds. Slots 0 .. CCREF_SLOT_AUX - 1 (0..29) are the common ccref_output part, CCREF_MAX_ROWS slots per
 * row array; the kind's auxiliary outputs follow from CCREF_SLOT_AUX in the order of its result struct (vectors x, y,
 * z; matrices row-major; a frame R then p), as the table ccref_kinds.h lists them. Slots are positions in memory, not
 * part of any format: the results and the vectors name every output and list only the slots in use
 * (ccref_slot_in_use). */
enum {
    CCREF_SLOT_PERR = 0,                                  /* perr[0..5] (rows past mp are exact zeros) */
    CCREF_SLOT_VERR = CCREF_SLOT_PERR + CCREF_MAX_ROWS,   /* verr[0..5] (rows past mp + mv are exact zeros) */
    CCREF_SLOT_AERR = CCREF_SLOT_VERR + CCREF_MAX_ROWS,   /* aerr[0..5] */
    CCREF_SLOT_F1_MOMENT = CCREF_SLOT_AERR + CCREF_MAX_ROWS, /* force_on_body1.moment x, y, z */
    CCREF_SLOT_F1_FORCE = CCREF_SLOT_F1_MOMENT + 3,
    CCREF_SLOT_F2_MOMENT = CCREF_SLOT_F1_FORCE + 3,
    CCREF_SLOT_F2_FORCE = CCREF_SLOT_F2_MOMENT + 3,
    CCREF_SLOT_AUX = CCREF_SLOT_F2_FORCE + 3
};

/* Per kind, from its outputs in ccref_kinds.h: CCREF_SLOT_<ABBR>_<OUTPUT>, the first slot of each output (a frame:
 * _<OUTPUT>_R and _<OUTPUT>_P), _<OUTPUT>_LAST its last slot where it has several, and CCREF_SLOT_<ABBR>_N the
 * kind's slot count (CCREF_SLOT_ROD_ORIENTATION = CCREF_SLOT_AUX + 1, CCREF_SLOT_ROD_N = CCREF_SLOT_AUX + 4, ...).
 * CCREF_SLOT_<ABBR>_BEFORE_AUX only starts the count. */
#define CCREF_SLOT_ENUM_SCALAR(A, OUT) CCREF_SLOT_##A##_##OUT,
#define CCREF_SLOT_ENUM_VEC3(A, OUT) CCREF_SLOT_##A##_##OUT, CCREF_SLOT_##A##_##OUT##_LAST = CCREF_SLOT_##A##_##OUT + 2,
#define CCREF_SLOT_ENUM_MAT3(A, OUT) CCREF_SLOT_##A##_##OUT, CCREF_SLOT_##A##_##OUT##_LAST = CCREF_SLOT_##A##_##OUT + 8,
#define CCREF_SLOT_ENUM_FRAME(A, OUT)                                                                                 \
    CCREF_SLOT_##A##_##OUT##_R, CCREF_SLOT_##A##_##OUT##_P = CCREF_SLOT_##A##_##OUT##_R + 9,                          \
    CCREF_SLOT_##A##_##OUT##_LAST = CCREF_SLOT_##A##_##OUT##_P + 2,
#define CCREF_SLOT_ENUM_INT(A, OUT)
#define CCREF_SLOT_ENUM_BOOL(A, OUT)
#define CCREF_SLOT_ENUM_OUTPUT(A, OUT, member, name, TYPE, MOTION) CCREF_SLOT_ENUM_##TYPE(A, OUT)
#define CCREF_SLOT_ENUM_KIND(KIND, kind, ABBR, ...)                                                                   \
    enum { CCREF_SLOT_##ABBR##_BEFORE_AUX = CCREF_SLOT_AUX - 1, CCREF_OUTPUTS_##kind(CCREF_SLOT_ENUM_OUTPUT, ABBR)     \
           CCREF_SLOT_##ABBR##_N };
CCREF_KINDS(CCREF_SLOT_ENUM_KIND)

/* The largest slot count of a kind, as the size of a union of one array per kind. */
#define CCREF_SLOT_COUNT_MEMBER(KIND, kind, ABBR, ...) char kind[CCREF_SLOT_##ABBR##_N];
typedef union { CCREF_KINDS(CCREF_SLOT_COUNT_MEMBER) } ccref_slot_counts_;
enum { CCREF_SLOT_MAX = (int)sizeof(ccref_slot_counts_) };

/* Contact classes (ccref_contact_result order); the constraint's ccref_output follows at CCREF_CSLOT_CONSTRAINT
 * in the bilateral layout (its slots CCREF_SLOT_PERR .. CCREF_SLOT_F2_FORCE + 2). */
enum {
    CCREF_CSLOT_PERR = 0, CCREF_CSLOT_VERR, CCREF_CSLOT_AERR,
    CCREF_CSLOT_DISPLAY = 3,            /* display_point x, y, z */
    CCREF_CSLOT_SLIP_VELOCITY = 6,      /* 2 */
    CCREF_CSLOT_SLIP_ACCELERATION = 8,  /* 2 */
    CCREF_CSLOT_IMPACT_SPEED = 10,
    CCREF_CSLOT_EFFECTIVE_COR = 11,
    CCREF_CSLOT_SLIP_SPEED = 12,
    CCREF_CSLOT_EFFECTIVE_COF = 13,
    CCREF_CSLOT_COORDINATE_FORCE = 14,
    CCREF_CSLOT_CONSTRAINT = 15,        /* CCREF_SLOT_AUX slots: the constraint's ccref_output */
    CCREF_CSLOT_N = CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AUX
};

/* The largest slot count of any layout: a kind's or a class's own slots, then its Constraint handle's (CCREF_HSLOT_N,
 * src/ccref_handle.h) wherever a case's outputs are listed whole (the tool, the vectors). */
enum {
    CCREF_MAX_OWN_SLOTS = (int)CCREF_SLOT_MAX > (int)CCREF_CSLOT_N ? (int)CCREF_SLOT_MAX : (int)CCREF_CSLOT_N,
    CCREF_MAX_SLOTS = CCREF_MAX_OWN_SLOTS + CCREF_HSLOT_N
};

/* Number of slots of a kind (CCREF_SLOT_<KIND>_N); 0 when out of range. */
int ccref_kind_outputs(ccref_kind kind);
/* The kernel's result in the flat layout; returns the number of slots, 0 for an unknown kind. */
int ccref_flatten_result(ccref_kind kind, const ccref_result *r, double v[CCREF_SLOT_MAX]);
/* "perr[0]", "force_on_body2.moment.x", "contact_frame.R[1][2]", ... (static storage); NULL when out of range. */
const char *ccref_output_name(ccref_kind kind, int slot);
/* The slot of a name, or -1. */
int ccref_output_slot(ccref_kind kind, const char *name);

int ccref_flatten_contact_result(const ccref_contact_result *r, double v[CCREF_CSLOT_N]);
const char *ccref_contact_output_name(int slot);
int ccref_contact_output_slot(const char *name);

/* Whether a slot is reported for a case with mp holonomic and mv nonholonomic rows: rows past mp (perr) or mp + mv
 * (verr, aerr) are structural zeros and are not part of the results or the vectors. */
int ccref_slot_in_use(int slot, int mp, int mv);
/* The same for a contact class: its own rows (perr, verr, aerr) are always reported; the constraint's rows as
 * ccref_slot_in_use; the friction outputs (slip velocity and acceleration, slip speed, effective COF) only for the
 * classes with friction. */
int ccref_contact_slot_in_use(ccref_contact_class cls, int slot, int mp, int mv);

#ifdef __cplusplus
}
#endif

#endif
