/* oracle.h: the ccref oracle. An interval (MPFI) mirror of every formula of spec/<kind>.md and of the unilateral
 * layer, evaluated on the exact real values of the inputs, and a Ziv loop that certifies each double output as
 * the correctly rounded (round to nearest even) value of the exact real result.  Normative text: spec/oracle.md.
 *
 * Two levels:
 *  - Certified wrappers for double inputs (ora_eval_case, ora_eval_contact_case, ora_*_d): take the same case
 *    structs as the kernels, mirror every check and branch exactly, and return per output a certificate
 *    {value, certified, precision_bits, reason}.
 *  - Mirrors on interval inputs (ora_<kind>_eval, ora_eval, ora_contact_eval, ora_effective_cor, ...): one
 *    evaluation at one working precision on MPFI inputs (the derivative-check layer passes high-precision
 *    trajectory values). They return enclosures of the exact outputs; branch decisions are taken from the
 *    enclosures (or forced by the caller) and reported as undecided when an enclosure straddles a threshold.
 *    They assume valid inputs (the input checks live in the double wrappers).
 * Not thread-safe per object: use one ora_ctx / ora_ws per thread. */
#ifndef CCREF_ORACLE_H
#define CCREF_ORACLE_H

#include <stddef.h>

#include <mpfi.h>

#include "../src/ccref.h"
#include "../src/ccref_unilateral.h"
#include "../src/ccref_handle.h"
#include "../src/ccref_outputs.h"

/* C linkage for C++ engines that include this header directly. */
#ifdef __cplusplus
extern "C" {
#endif

/* ================================================================ interval inputs */

typedef struct { mpfi_t x, y, z; } ora_v3;
typedef struct { mpfi_t m[3][3]; } ora_m3;      /* row-major, as ccref_mat3 */
typedef struct { ora_m3 R; ora_v3 p; } ora_frame;
typedef struct { ora_m3 R; ora_v3 p, w, v, b, a; } ora_body;
typedef struct { mpfi_t q, qdot, qdotdot; } ora_coordinate;
typedef struct { mpfi_t l[CCREF_MAX_ROWS]; } ora_lambda; /* rows in canonical order; only the first mp + mv are read */

/* The interval mirror of each kind's and each class's parameters (ccref_kinds.h): ora_<kind>_params and
 * ora_<params>_params, member for member as ccref_<kind>_params, with intervals for the doubles and the rolling flag
 * as it is. */
#define ORA_PARAM_TYPE_SCALAR mpfi_t
#define ORA_PARAM_TYPE_RADIUS mpfi_t
#define ORA_PARAM_TYPE_LENGTH mpfi_t
#define ORA_PARAM_TYPE_VEC3 ora_v3
#define ORA_PARAM_TYPE_UNIT ora_v3
#define ORA_PARAM_TYPE_FRAME ora_frame
#define ORA_PARAM_TYPE_ROLLING int
#define ORA_PARAM_MEMBER(k, member, TYPE, LO, HI) ORA_PARAM_TYPE_##TYPE member;
#define ORA_KIND_PARAMS(KIND, kind, ...) typedef struct { CCREF_PARAMS_##kind(ORA_PARAM_MEMBER, kind) } ora_##kind##_params;
CCREF_KINDS(ORA_KIND_PARAMS)
#define ORA_CONTACT_PARAMS(params) typedef struct { CCREF_CONTACT_PARAMS_##params(ORA_PARAM_MEMBER, params) } ora_##params##_params;
CCREF_CONTACT_PARAMS(ORA_CONTACT_PARAMS)
#define ORA_KIND_UNION_MEMBER(KIND, kind, ...) ora_##kind##_params kind;
#define ORA_CONTACT_UNION_MEMBER(params) ora_##params##_params params;

/* The interval counterpart of ccref_case. Only the params member of `kind` is initialised. */
typedef struct {
    ccref_kind kind;
    union { CCREF_KINDS(ORA_KIND_UNION_MEMBER) } params;
    ora_body body1, body2;
    ora_coordinate coordinate;
    ora_lambda lambda;
} ora_case;

/* Initialise every interval of the case (for this kind) at precision prec, to [0, 0]; rolling flags = 0. */
void ora_case_init(ora_case *c, ccref_kind kind, mpfr_prec_t prec);
void ora_case_clear(ora_case *c);
/* Point intervals of the double inputs of c (exact when the case precision is >= 53); also copies kind flags.
 * The kind of o must be c->kind. */
void ora_case_set(ora_case *o, const ccref_case *c);

void ora_v3_init(ora_v3 *a, mpfr_prec_t prec);
void ora_v3_clear(ora_v3 *a);
void ora_v3_set_d(ora_v3 *a, ccref_vec3 x);
void ora_m3_init(ora_m3 *a, mpfr_prec_t prec);
void ora_m3_clear(ora_m3 *a);
void ora_m3_set_d(ora_m3 *a, const ccref_mat3 *x);
void ora_frame_init(ora_frame *f, mpfr_prec_t prec);
void ora_frame_clear(ora_frame *f);
void ora_frame_set_d(ora_frame *f, const ccref_frame *x);
void ora_body_init(ora_body *b, mpfr_prec_t prec);
void ora_body_clear(ora_body *b);
void ora_body_set_d(ora_body *b, const ccref_body *x);

/* ================================================================ workspace */

/* Temporaries of one working precision, initialised once and reused by every evaluation. */
typedef struct ora_ws ora_ws;
ora_ws *ora_ws_new(mpfr_prec_t prec);
void ora_ws_free(ora_ws *ws);
mpfr_prec_t ora_ws_prec(const ora_ws *ws);

/* ================================================================ branch decisions */

/* Every branch of a formula is one of these decisions. ORA_DEC_AUTO asks the mirror to decide it from the
 * enclosure of its exact test (spec/oracle.md, "Exact decisions"); any other value forces the branch. */
typedef enum {
    ORA_D_SINGULAR = 0,   /* rod, sphere_on_sphere: 1 iff |p|^2 < 2^-130 */
    ORA_D_PARALLEL,       /* line_on_line: 1 iff |df x db|^2 < 2^-91 */
    ORA_D_SENSE,          /* line_on_line: +1 or -1 */
    ORA_D_PERP_AXIS,      /* sphere_on_sphere, ball_rolling_on_plane: index k of perp(); 0, 1 or 2 */
    ORA_D_VERR_NONZERO,   /* ball: 1 iff verr != 0 (deviation flag) */
    ORA_D_W1_NONZERO,     /* ball: 1 iff w1 != 0 (deviation flag) */
    ORA_D_SLIP_NONZERO,   /* sphere_on_sphere rolling: 1 iff (verr_1, verr_2) != 0 (deviation flag) */
    ORA_D_IMPACT,         /* contacts: 1 iff sign*verr < 0 (impact speed > 0) */
    ORA_D_COR_BRANCH,     /* contacts, COR rule: a ccref_cor_branch */
    ORA_D_COF_BRANCH,     /* contacts, COF rule: a ccref_cof_branch */
    ORA_D_PLANE_AXIS,     /* contacts point_plane / sphere_plane: perp() index of the plane normal */
    ORA_D_COUNT
} ora_decision_id;

#define ORA_DEC_AUTO (-128)
typedef struct {
    signed char v[ORA_D_COUNT];     /* ORA_DEC_AUTO or the decided/forced value */
    int bits[ORA_D_COUNT];          /* working precision at which an automatic decision was taken (0: forced/none) */
    ora_decision_id undecided;      /* set when an evaluation returns ORA_EVAL_UNDECIDED */
} ora_decisions;
void ora_decisions_auto(ora_decisions *d);      /* every decision ORA_DEC_AUTO */
/* d = ORA_DEC_AUTO everywhere, then the values of force (NULL: none) copied over. */
void ora_decisions_force(ora_decisions *d, const ora_decisions *force);
const char *ora_decision_name(ora_decision_id d);

typedef enum {
    ORA_EVAL_OK = 0,          /* every output enclosure written */
    ORA_EVAL_UNDECIDED = 1    /* a decision's enclosure straddles its threshold (d->undecided); outputs unset */
} ora_eval_status;

/* ================================================================ interval outputs (bilateral kinds) */

/* The flat output layout (slots CCREF_SLOT_*, CCREF_CSLOT_*) is the library's: src/ccref_outputs.h. */

/* Interval outputs of one evaluation. Rows past mp + mv and outputs a branch zeroes are the point [0, 0]. */
typedef struct {
    ccref_kind kind;
    int n;                      /* number of slots used: ORA_<KIND>_N */
    mpfi_t v[CCREF_SLOT_MAX];
    int mp, mv;
    ccref_status status;        /* OK-class status of the branch (OK, OK_SINGULAR_DIRECTION, OK_PARALLEL_EDGES) */
    unsigned deviations;
    int sense;                  /* line_on_line */
    int lines_are_parallel;     /* line_on_line */
    /* Exact-decision forms used by the unilateral layer (spec/oracle.md): verr[0] = num / den^(k/2) with
     * den > 0; slip^2 = (verr[1]^2 + verr[2]^2) = slip_num / slip_den (rolling sphere_on_sphere, line_on_line);
     * slip_vec = the slip velocity vector (sphere_on_plane rolling, point_on_plane). Polynomials in the inputs. */
    int want_forms;             /* input: 1 to compute the forms of line_on_line and sphere_on_sphere (the contact
                                   layer sets it; ora_out_init sets 0); the cheap forms are always computed */
    mpfi_t verr0_num, verr0_den;
    int verr0_k;
    mpfi_t slip_num, slip_den;
    ora_v3 slip_vec;
} ora_out;
void ora_out_init(ora_out *o, mpfr_prec_t prec);
void ora_out_clear(ora_out *o);

/* ---- the mirrors, one per kind (oracle/<kind>.c): ora_<kind>_eval, on the kind's state (ccref_kinds.h) ---- */
#define ORA_EVAL_DECL_BODIES(kind)                                                                                     \
    ora_eval_status ora_##kind##_eval(ora_ws *ws, const ora_##kind##_params *prm, const ora_body *b1,                  \
                                      const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o);
#define ORA_EVAL_DECL_COORDINATE(kind)                                                                                 \
    ora_eval_status ora_##kind##_eval(ora_ws *ws, const ora_##kind##_params *prm, const ora_coordinate *q,             \
                                      const ora_lambda *lambda, ora_decisions *d, ora_out *o);
#define ORA_EVAL_DECL(KIND, kind, ABBR, STATE, ...) ORA_EVAL_DECL_##STATE(kind)
CCREF_KINDS(ORA_EVAL_DECL)
/* Dispatch on c->kind. */
ora_eval_status ora_eval(ora_ws *ws, const ora_case *c, ora_decisions *d, ora_out *o);

/* ================================================================ certification */

typedef enum {
    ORA_R_PENDING = 0,  /* internal: not yet certified (never in a returned result) */
    ORA_R_EXACT,        /* certified: the enclosure is a single nonzero point (the exact value is a dyadic) */
    ORA_R_EXACT_ZERO,   /* certified: the enclosure is the point 0 (an exact zero: structural, or a polynomial
                           evaluated exactly to 0, or a branch that defines the output as 0) */
    ORA_R_ENCLOSURE,    /* certified: both endpoints of the enclosure round to the same double */
    ORA_R_CAP,          /* not certified: at the precision cap the enclosure still straddles a rounding
                           boundary (the midpoint between two doubles, or +-0 / overflow) */
    ORA_R_UNDECIDED,    /* not certified: a branch decision (or the status) could not be decided up to the cap */
    ORA_R_UNBOUNDED     /* not certified: the enclosure is unbounded or NaN */
} ora_reason;
const char *ora_reason_name(ora_reason r);

typedef struct {
    double value;       /* the correctly rounded double when certified; else the midpoint of the enclosure */
    int certified;      /* 1 iff value is proven to be RN(exact value) (zeros compare equal to either sign) */
    int precision_bits; /* working precision of the evaluation that certified it (0 when not certified) */
    ora_reason reason;
} ora_cert;

/* Certify one enclosure: 1 and c filled when both endpoints round to the same double. */
int ora_certify(mpfi_srcptr x, int precision_bits, ora_cert *c);

typedef struct {
    int start_bits;     /* first working precision (default 128) */
    int cap_bits;       /* last working precision; doubled from start_bits (default 8192) */
} ora_options;

/* Owns one workspace and one output set per precision step. */
typedef struct ora_ctx ora_ctx;
ora_ctx *ora_ctx_new(const ora_options *opt);   /* NULL: defaults */
void ora_ctx_free(ora_ctx *ctx);
/* The first stage (spec/oracle.md section 9): interval arithmetic on double-double endpoints, tried before the MPFI
 * Ziv loop; an output it certifies reports precision_bits 106. On by default; 0 turns it off (the MPFI stage alone,
 * for comparisons). */
void ora_ctx_set_first_stage(ora_ctx *ctx, int enabled);
/* 1 when this processor runs the first stage (on x86-64 it is compiled for FMA: oracle/first_stage.h); else 0, and
 * every context evaluates with the MPFI stage alone. */
int ora_first_stage_available(void);

typedef struct {
    ccref_kind kind;
    ccref_status status;        /* the mirrored status (exact checks and branches) */
    int decided;                /* 1 iff status and every discrete output below were decided exactly */
    ora_decision_id undecided;  /* first undecided decision when !decided (ORA_D_COUNT: an input check) */
    int decision_bits;          /* highest working precision a decision needed */
    int mp, mv;
    unsigned deviations;
    int sense, lines_are_parallel;
    int n;                      /* slots: ORA_<KIND>_N */
    ora_cert out[CCREF_SLOT_MAX];
    int all_certified;
    int max_bits;               /* highest precision_bits over the certified outputs */
    int evaluations;            /* number of interval evaluations the Ziv loop ran */
    signed char decision[ORA_D_COUNT]; /* the value of each decision (forced or decided); ORA_DEC_AUTO: not taken */
} ora_case_result;

/* Certified mirror of ccref_eval(c). Returns 0 on success (even when some output is not certified: see
 * all_certified and each reason), -1 on a NULL argument or unknown kind (status CCREF_E_UNKNOWN_KIND). */
int ora_eval_case(ora_ctx *ctx, const ccref_case *c, ora_case_result *res);
/* The same with decisions forced (force->v[i] != ORA_DEC_AUTO): the exact values of the formulas of that branch,
 * e.g. the other side of a decision band (spec/vectors.md, alternatives). NULL: ora_eval_case. */
int ora_eval_case_on(ora_ctx *ctx, const ccref_case *c, const ora_decisions *force, ora_case_result *res);


/* ================================================================ unilateral layer */

/* Interval mirrors of ccref_unilateral_classify / is_proximal. Inputs are enclosures; a comparison whose
 * enclosure straddles its threshold makes the call return ORA_EVAL_UNDECIDED. Inputs are assumed valid. */
ora_eval_status ora_unilateral_classify(int sign, mpfi_srcptr perr, mpfi_srcptr verr, mpfi_srcptr aerr,
                                        mpfi_srcptr lambda, const ccref_unilateral_tolerances *tol,
                                        ccref_unilateral_condition *out);
ora_eval_status ora_unilateral_is_proximal(int sign, mpfi_srcptr perr, double ptol, int *proximal);
/* COR and COF rules on an interval speed. *branch == ORA_DEC_AUTO decides from the enclosure; otherwise the
 * given branch is used. Domain checks are not repeated (valid coefficients assumed). */
ora_eval_status ora_effective_cor(ora_ws *ws, mpfi_srcptr min_cor, mpfi_srcptr capture_speed,
                                  mpfi_srcptr min_cor_speed, mpfi_srcptr impact_speed, mpfi_ptr cor, int *branch);
ora_eval_status ora_effective_cof(ora_ws *ws, mpfi_srcptr mu_s, mpfi_srcptr mu_d, mpfi_srcptr mu_v,
                                  mpfi_srcptr transition_speed, mpfi_srcptr slip_speed, mpfi_ptr mu, int *branch);

/* Certified double versions: the status, branch and value of the kernels' functions (checks mirrored). */
ccref_status ora_classify_d(int sign, double perr, double verr, double aerr, double lambda,
                            const ccref_unilateral_tolerances *tol, ccref_unilateral_condition *out);
ccref_status ora_is_proximal_d(int sign, double perr, double ptol, int *proximal);
ccref_status ora_effective_cor_d(ora_ctx *ctx, double min_cor, double capture_speed, double min_cor_speed,
                                 double impact_speed, ora_cert *cor, ccref_cor_branch *branch);
ccref_status ora_effective_cof_d(ora_ctx *ctx, double mu_s, double mu_d, double mu_v, double transition_speed,
                                 double slip_speed, ora_cert *mu, ccref_cof_branch *branch);

/* ---- the eight contact classes ---- */

typedef struct {
    ccref_contact_class cls;
    union { CCREF_CONTACT_PARAMS(ORA_CONTACT_UNION_MEMBER) } params;
    ora_body body1, body2;
    ora_coordinate coordinate;
    mpfi_t min_cor, mu_s, mu_d, mu_v;
    mpfi_t capture_speed, min_cor_speed, transition_speed;
    ora_lambda lambda;
} ora_contact_case;
void ora_contact_case_init(ora_contact_case *c, ccref_contact_class cls, mpfr_prec_t prec);
void ora_contact_case_clear(ora_contact_case *c);
void ora_contact_case_set(ora_contact_case *o, const ccref_contact_case *c);

typedef struct {
    ccref_contact_class cls;
    mpfi_t v[CCREF_CSLOT_N];
    int sign, has_friction;
    ccref_cor_branch cor_branch;
    ccref_cof_branch cof_branch;
    ccref_status status;        /* OK-class status of the underlying kernel's branch */
    unsigned deviations;
    int mp, mv;
    const ora_out *kernel;      /* the underlying kernel's full outputs (valid until the workspace is reused) */
} ora_contact_out;
void ora_contact_out_init(ora_contact_out *o, mpfr_prec_t prec);
void ora_contact_out_clear(ora_contact_out *o);

/* Mirror of one contact class at the workspace precision (valid inputs assumed). The impact, COR and COF
 * branches are decided on exact polynomial forms (spec/oracle.md) unless forced in d. */
ora_eval_status ora_contact_eval(ora_ws *ws, const ora_contact_case *c, ora_decisions *d, ora_contact_out *o);

typedef struct {
    ccref_contact_class cls;
    ccref_status status;
    int decided;
    ora_decision_id undecided;
    int decision_bits;
    int sign, has_friction;
    ccref_cor_branch cor_branch;
    ccref_cof_branch cof_branch;
    unsigned deviations;
    int mp, mv;
    ora_cert out[CCREF_CSLOT_N];
    int all_certified;
    int max_bits;
    int evaluations;
    signed char decision[ORA_D_COUNT];
} ora_contact_result;

/* Certified mirror of ccref_contact_eval(c); return value as ora_eval_case. */
int ora_eval_contact_case(ora_ctx *ctx, const ccref_contact_case *c, ora_contact_result *res);
int ora_eval_contact_case_on(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *force,
                             ora_contact_result *res);

/* ================================================================ the Constraint handle */

/* Certified mirror of ccref_handle_case / ccref_handle_contact (src/ccref_handle.h, spec/constraint_handle.md): the
 * certificates of the handle's flat layout (CCREF_HSLOT_*: G, bias, power). status: the case's, or E_RESULT_OVERFLOW
 * when a probe's exact outputs overflow; decided 0 when the case or a probe is undecided at the cap. Returns as
 * ora_eval_case. force: as ora_eval_case_on, for the case and its probes. */
typedef struct {
    ccref_status status;
    int decided;
    int mp, mv, nu;
    int n;                      /* CCREF_HSLOT_N */
    ora_cert out[CCREF_HSLOT_N];
    int all_certified;
    int max_bits;
} ora_handle_result;
int ora_eval_handle_case(ora_ctx *ctx, const ccref_case *c, const ora_decisions *force, ora_handle_result *res);
int ora_eval_handle_contact(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *force,
                            ora_handle_result *res);

#ifdef __cplusplus
}
#endif

#endif
