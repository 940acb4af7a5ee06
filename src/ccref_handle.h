/* ccref_handle.h: what the generic Constraint handle computes beyond the errors and the forces: the constraint
 * matrices P and V (their transposes Pt, Vt are the same numbers), the velocity-product bias of aerr and calcPower.
 * Normative text: spec/constraint_handle.md.
 *
 * The mobilities u of a case are the velocities the constraint reads, in this order (Simbody's two Free mobilizers
 * on Ground with identity frames, body 1's first):
 *   bodies      u = (w1.x, w1.y, w1.z, v1.x, v1.y, v1.z, w2.x, w2.y, w2.z, v2.x, v2.y, v2.z), nu = 12, all in G,
 *               v the velocity of the body's origin; udot = (b1, a1, b2, a2) likewise;
 *   coordinate  u = (qdot), nu = 1 (ConstantCoordinate and the hard stops); udot = (qdotdot).
 * Every row of verr is linear in u with no constant term, so
 *   G = [P; V] = d verr / d u          (rows [holonomic | nonholonomic], as verr's)
 *   verr(u) = G u,   aerr(udot) = G udot + bias,   bias = aerr at udot = 0,
 *   power = -(lambda . verr) = -(F1 . V1 + F2 . V2)   (Simbody's calcPower: positive when the constraint adds energy).
 * No kind or class has acceleration-only rows: A and At are empty (ma = 0).
 *
 * Method: G's column j is the kernel's verr at u = e_j (udot = 0, the same pose and multipliers): the same formula,
 * so its rounding, its bound and its certificate are verr's at that input (the bounds, tiers and oracle layers
 * evaluate the same probes). bias is the kernel's aerr at the case's u and udot = 0; power is -(sum_r lambda_r
 * verr_r), left to right.
 * Statuses: the case's own status when it is an error (the handle zeroed); E_RESULT_OVERFLOW when a probe's
 * evaluation overflows at every scale or an entry or the power is not finite (the handle zeroed, the case's own
 * outputs unaffected). */
#ifndef CCREF_HANDLE_H
#define CCREF_HANDLE_H

#include "ccref.h"
#include "ccref_unilateral.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CCREF_MAX_MOBILITIES 12

typedef struct {
    int mp, mv, ma;                                  /* rows: holonomic, nonholonomic, acceleration-only (0) */
    int nu;                                          /* mobilities: 12 (two bodies) or 1 (a coordinate) */
    double G[CCREF_MAX_ROWS][CCREF_MAX_MOBILITIES];  /* [P; V]; rows past mp + mv and columns past nu are 0 */
    double bias[CCREF_MAX_ROWS];                     /* aerr at udot = 0; rows past mp + mv are 0 */
    double power;                                    /* -(lambda . verr) */
} ccref_handle;

/* The flat layout of a handle: G row-major over all CCREF_MAX_ROWS x CCREF_MAX_MOBILITIES entries, then bias, then
 * power. It follows a kind's or a class's own slots wherever a case's outputs are listed (the results, the vectors). */
enum {
    CCREF_HSLOT_G = 0,
    CCREF_HSLOT_BIAS = CCREF_MAX_ROWS * CCREF_MAX_MOBILITIES,
    CCREF_HSLOT_POWER = CCREF_HSLOT_BIAS + CCREF_MAX_ROWS,
    CCREF_HSLOT_N
};

/* The mobilities of a case: 12 or 1; 0 for an unknown kind or class. */
int ccref_case_mobilities(const ccref_case *c);
int ccref_contact_mobilities(const ccref_contact_case *c);
/* The case's u and udot (nu values each), and a copy of the case at other ones (NULL: zeros). */
void ccref_case_motion(const ccref_case *c, double *u, double *udot);
void ccref_case_set_motion(ccref_case *c, const double *u, const double *udot);
void ccref_contact_motion(const ccref_contact_case *c, double *u, double *udot);
void ccref_contact_set_motion(ccref_contact_case *c, const double *u, const double *udot);
/* The probes: column j (0 <= j < nu) is the case at u = 2^-k e_j, udot = 0; j = -1 is the case at 2^-k times its own
 * u, udot = 0. A contact class's probe also moves its rule speeds far from every impact and slip speed (capture and
 * minimum-COR speeds and transition speed 2^1000), so that no rule decision lies near its threshold: the constraint's
 * rows do not read the rules. k is 0 unless the kernel's probe overflows: then the first of 64, 128, ...,
 * CCREF_HANDLE_MAX_SCALE at which it does not (ccref_handle_probe_scale_*; -1 when none), and the probe's verr
 * rows times 2^k (aerr rows times 2^2k: they are quadratic in u) are the handle's entries. */
#define CCREF_HANDLE_SCALE_STEP 64
#define CCREF_HANDLE_MAX_SCALE 512
void ccref_handle_probe_case(const ccref_case *c, int j, int k, ccref_case *probe);
void ccref_handle_probe_contact(const ccref_contact_case *c, int j, int k, ccref_contact_case *probe);
int ccref_handle_probe_scale_case(const ccref_case *c, int j);
int ccref_handle_probe_scale_contact(const ccref_contact_case *c, int j);

/* The handle of a case (a kind) or of a contact class (its constraint's handle, with the class's multipliers). */
ccref_status ccref_handle_case(const ccref_case *c, ccref_handle *h);
ccref_status ccref_handle_contact(const ccref_contact_case *c, ccref_handle *h);

/* The flat layout: values, names ("P[0][5]", "V[1][11]", "bias[2]", "power"; a contact class's with the prefix
 * "constraint."), slots by name, and the slots in use for mp, mv, nu. */
int ccref_flatten_handle(const ccref_handle *h, double v[CCREF_HSLOT_N]);
const char *ccref_handle_output_name(int mp, int contact, int slot);
int ccref_handle_output_slot(int mp, int contact, const char *name);
int ccref_handle_slot_in_use(int slot, int mp, int mv, int nu);
/* The holonomic rows of a kind or class (the MP column of ccref_kinds.h; 1 for every class); 0 when out of range. */
int ccref_kind_mp(ccref_kind kind);
/* The mobilities of a kind or a class (12, or 1 for a coordinate); 0 when out of range. */
int ccref_kind_mobilities(ccref_kind kind);
int ccref_class_mobilities(ccref_contact_class cls);

#ifdef __cplusplus
}
#endif

#endif
