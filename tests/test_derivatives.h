/* test_derivatives.h: the derivative-check engine shared by the CUnit suite (tests/test_derivatives.c) and the
 * long sweep (tools/derivatives_sweep.c). Normative description: spec/derivatives.md.
 *
 * A target is one bilateral kind (through a table of kernel functions, so that mutated kernels can be checked
 * with the same code) or one unilateral contact class, together with a trajectory family. dv_run() draws random
 * trajectories of the family, samples them at dyadic times, evaluates the kernel on the correctly rounded exact
 * states at t0 - h, t0, t0 + h, and checks every row relation of the spec with the derived tolerance
 *     |D_h g - c| <= (h^2/6) M3 + (E_g(t0+h) + E_g(t0-h))/(2h) + E_c + 2u(|D_h g| + |c|)
 * where D_h g is the central difference of the differenced quantity g, c the claimed derivative (with the spec's
 * correction term for the documented exceptions), M3 a majorant of |g'''| over the stencil and E_g, E_c the
 * rounding bounds of the rows at the stencil points: the proven bound of spec/accuracy.md (ccref_bounds_case /
 * ccref_bounds_contact on the doubles the kernel received) plus an enclosure of the effect of rounding the exact
 * trajectory state to those doubles (spec/derivatives.md section 3). */
#ifndef CCREF_TEST_DERIVATIVES_H
#define CCREF_TEST_DERIVATIVES_H

#include <stdint.h>
#include <stdio.h>

#include "../src/ccref_unilateral.h"
#include "trajectory.h"

/* ---------------------------------------------------------------- kernel tables */

/* One entry per kind of ccref_kinds.h, with its kernel's signature: the real kernels, or a mutant in place of one. */
#define DV_KERNEL_BODIES(kind)                                                                                         \
    ccref_status (*kind)(const ccref_##kind##_params *, const ccref_body *, const ccref_body *, const double *,        \
                         size_t, ccref_##kind##_result *);
#define DV_KERNEL_COORDINATE(kind)                                                                                     \
    ccref_status (*kind)(const ccref_##kind##_params *, const ccref_coordinate *, const double *, size_t,             \
                         ccref_##kind##_result *);
#define DV_KERNEL_MEMBER(KIND, kind, ABBR, STATE, ...) DV_KERNEL_##STATE(kind)
typedef struct {
    CCREF_KINDS(DV_KERNEL_MEMBER)
} dv_kernels;
/* The designated initializers of the real kernels. */
#define DV_REAL_KERNEL(KIND, kind, ...) .kind = ccref_##kind##_eval,

/* The library's kernels. */
extern const dv_kernels dv_real_kernels;

/* ---------------------------------------------------------------- mutants (tests/derivatives.mk) */

typedef struct {
    const char *name;           /* "<kind>__<mutation>", the make fragment's name */
    ccref_kind kind;
    int rolling;
    const char *what;           /* one-line description */
    const char *expect;         /* the checks expected to fail, e.g. "a0" */
    dv_kernels kernels;         /* the real table with the mutated entry */
    const int *applied;         /* 1 iff the sed rule changed the source (written by the make rule) */
} dv_mutant;
extern const dv_mutant dv_mutants[];
extern const int dv_n_mutants;

/* ---------------------------------------------------------------- targets and statistics */

typedef enum {
    DV_FAM_GENERIC = 0,     /* two random bodies */
    DV_FAM_GROUND1,         /* body 1 is Ground */
    DV_FAM_GROUND2,         /* body 2 is Ground */
    DV_FAM_SINGULAR_SHIFT,  /* rod / sphere_on_sphere: body 2 translated at each sample so that p = 0 exactly */
    DV_FAM_SINGULAR_PINNED, /* rod / sphere_on_sphere: body 2 pinned (p == 0 along the motion), snapped to 0 */
    DV_FAM_PARALLEL,        /* line_on_line: the two edges parallel along the motion */
    DV_FAM_NEAR_SWITCH,     /* line_on_line sense flip / sphere_on_sphere perp-axis switch inside the window;
                               samples clustered around the switch time (section 5) */
    DV_FAM_COUNT
} dv_family;
const char *dv_family_name(dv_family f);

typedef struct {
    int is_contact;
    ccref_kind kind;            /* bilateral target */
    int rolling;
    ccref_contact_class cls;    /* contact target */
    dv_family fam;
    const dv_kernels *K;        /* NULL: dv_real_kernels */
    int jetstat;                /* 1: also estimate |g'''(t0)| to measure M3 (env CCREF_DERIV_JETSTAT=1 forces it) */
    int no_exclusion;           /* 1: negative control, the branch exclusion rule switched off */
} dv_target;

#define DV_MAX_CHECKS (2 * CCREF_MAX_ROWS) /* a V and an A check per row */
typedef struct {
    /* sample accounting */
    long samples;               /* sampled times */
    long used;                  /* samples whose checks were evaluated */
    long excl_conditioning;     /* excluded: the conditioning of section 3 fails somewhere on the stencil */
    long excl_branch;           /* excluded: a branch-decision quantity within its margin (section 5) */
    long excl_snap;             /* singular families: no origin shift made the computed p exactly 0 */
    long excl_uncertain;        /* excluded: no rounding bound at a stencil point (ccref_bounds reported a decision
                                   band, spec/accuracy.md section 4, or the input-rounding enclosure was undecided) */
    long bad_status;            /* a kernel call returned an error status (a failure) */
    long branch_mismatch;       /* the kernel's branch differed between stencil points (a failure) */
    /* per check */
    int nchecks;
    char label[DV_MAX_CHECKS][8];
    long n[DV_MAX_CHECKS], fail[DV_MAX_CHECKS];
    double max_ratio[DV_MAX_CHECKS];    /* max |residual| / tolerance */
    double min_ratio[DV_MAX_CHECKS];    /* min |residual| / tolerance (mutants: the weakest detection) */
    double max_resid[DV_MAX_CHECKS];    /* max |residual| */
    double max_rel_tol[DV_MAX_CHECKS];  /* max tolerance / (|claimed| + its level scale) */
    double max_din_over_b;      /* double mode: max input-rounding term / acc bound of a claimed row (section 3) */
    double min_h, max_h;
    /* algebraic identities (line_on_line verr_0 = vF . Cz) */
    long id_n, id_fail;
    double id_max_ratio;
    /* senses seen (line_on_line): [0] = -1, [1] = +1 */
    long sense_count[2];
    /* samples where the exception's correction term was larger than the tolerance (the identity is not vacuous) */
    long corr_significant[DV_MAX_CHECKS];
    /* CCREF_DERIV_JETSTAT=1: M3 / (5-point estimate of |g'''(t0)|): min, max, sum of log10, count */
    double jet_min[DV_MAX_CHECKS], jet_max[DV_MAX_CHECKS], jet_logsum[DV_MAX_CHECKS];
    long jet_n[DV_MAX_CHECKS];
    /* oracle mode: the virtual-power identity sum (M.w + F.v) = lambda . verr for every basis lambda */
    long pow_n, pow_fail;
    double pow_max_rel;         /* max rad(identity residual) / (L S_v) */
    long undecided;             /* oracle mode: samples skipped because a branch was undecided at t0 */
    long oracle_unbounded;      /* oracle mode: checks failed because an enclosure was unbounded */
} dv_stats;

void dv_stats_init(dv_stats *st);
/* Sample n_traj trajectories, n_samples times each. Returns the number of failed checks (0 = pass). */
long dv_run(const dv_target *tg, uint64_t seed, int n_traj, int n_samples, dv_stats *st);
long dv_stats_failures(const dv_stats *st);
double dv_stats_max_ratio(const dv_stats *st);
const char *dv_target_name(const dv_target *tg, char *buf, size_t n);
void dv_print_stats(FILE *f, const dv_target *tg, const dv_stats *st);

/* Every target of the full coverage list (bilateral kinds x families x rolling, contact classes). */
int dv_all_targets(dv_target *out, int max);

/* Jet check (section 4): compare the body jets with high-precision differences on random trajectories; returns
 * the largest ratio (finite-difference estimate of |f^(k)|) / (jet bound) seen (must be <= 1). */
double dv_check_jets(uint64_t seed, int n_traj);

/* ---------------------------------------------------------------- oracle mode (tests/test_derivatives_oracle.c) */

/* The same targets, checked on the oracle's interval mirrors (spec/derivatives.md section 7): exact trajectory
 * enclosures at DV_ORACLE_PREC bits, central differences with h = 2^-DV_ORACLE_E, the relation as an interval
 * intersection with the rigorous truncation bound (h^2/6) M3, and the virtual-power identity for every basis
 * multiplier. Statistics: max_ratio = |mid(D - c)| / ((h^2/6) M3 + rad(D - c)); max_rel_tol = that tolerance
 * over (|c| + level scale); the power identity in pow_*. */
#define DV_ORACLE_PREC 320
#define DV_ORACLE_E 60
long dv_run_oracle(const dv_target *tg, uint64_t seed, int n_traj, int n_samples, dv_stats *st);

/* ---------------------------------------------------------------- internals shared by the two modes */

/* Sampling: dyadic t0 in [-DV_T_SAMPLE, DV_T_SAMPLE] (multiples of 2^-20); jets over [t0 - DV_RHO0, t0 + DV_RHO0]. */
#define DV_T_SAMPLE 0.49
#define DV_RHO0 0x1p-11

/* One random trajectory pair of a target with its parameters. */
typedef struct {
    traj_body tb1, tb2;
    traj_coord tq;
    ccref_case bc;                  /* bilateral: kind, params, lambda */
    ccref_contact_case cc;          /* contact */
    ccref_case eq;                  /* the bilateral case equivalent to the contact (for the jets) */
    ccref_vec3 sing_s1, sing_s2;    /* singular families: the stations made to coincide */
    double t_switch;                /* near_switch family: a time where the kernel's branch changes */
} dv_traj;
/* Sample time number `is` of n for a trajectory (uniform dyadic, or clustered around T->t_switch). */
double dv_sample_time(ccref_rng *r, const dv_target *tg, const dv_traj *T, int is, int n);
void dv_make_traj(ccref_rng *r, const dv_target *tg, dv_traj *T);
/* The bilateral case (T->eq with states) and, for contacts, the contact case at given states. */
void dv_set_states(const dv_target *tg, const dv_traj *T, const ccref_body *B1, const ccref_body *B2,
                   const ccref_coordinate *q, ccref_case *bc, ccref_contact_case *cc);

/* The checks of a target: CK_V = verr[row] against d/dt perr[row], CK_A = aerr[row] against d/dt verr[row]. */
typedef enum { CK_V = 0, CK_A = 1 } ck_type;
typedef struct {
    int n;
    ck_type type[DV_MAX_CHECKS];
    int row[DV_MAX_CHECKS];
} dv_checks;
void dv_build_checks(const dv_target *tg, const ccref_case *eq, dv_checks *ck, dv_stats *st);

/* Geometry at t0: jets of the differenced rows, branch-decision quantities, conditioning (sections 3-5). */
typedef struct {
    mj gp[CCREF_MAX_ROWS], gv[CCREF_MAX_ROWS]; /* jets of the perr and verr rows over [t0 - DV_RHO0, t0 + DV_RHO0] */
    int ndec;                   /* decision quantities q (value at t0, bound Q1 of |dq/dt|, rounding e_q) */
    double dq[4], dQ1[4], deq[4];
    int cond_ok;                /* the conditioning holds on the interval */
    int zero_rows;              /* every row identically 0 (or constant) along the motion: M3 = 0 */
    int perp_k;                 /* sphere_on_sphere rolling: perp() index of Cz at t0 (kernel's rule) */
    int sense;                  /* line_on_line: the sense at t0 (kernel's rule) */
} dv_geom;
void dv_geometry(const ccref_case *c, dv_family fam, const traj_jets *J1, const traj_jets *J2, const mj *qj,
                 const mj *qdj, dv_geom *g);

/* Level scales of spec/conventions.md section 9 at one state. */
typedef struct { double p, v, a; } dv_levels;
dv_levels dv_level_scales(const ccref_case *c);

int dv_perp_index(ccref_vec3 z);
/* Translate both origins so that the kernels' computed stations p1 + R1 s1 and p2 + R2 s2 are the same double. */
int dv_snap_coincide(ccref_body *b1, ccref_vec3 s1, ccref_body *b2, ccref_vec3 s2);

/* Exact side quantities on enclosed states, at the precision of `out`: sigma of spec/sphere_on_sphere.md (perp
 * index k) and vF . n of spec/line_on_line.md (sense sg). */
void dv_sos_sigma_i(mpfi_ptr out, const ccref_sphere_on_sphere_params *p, const traj_state_i *S1,
                    const traj_state_i *S2, int k);
void dv_lol_vFn_i(mpfi_ptr out, const ccref_line_on_line_params *p, const traj_state_i *S1, const traj_state_i *S2,
                  int sg);

#endif
