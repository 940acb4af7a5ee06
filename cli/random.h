/* random.h: deterministic random cases of every kind and contact class: the vectors' random families, the property
 * tests and the benchmarks draw from here. The generator is splitmix64 and every double is formed with +, -, *, /
 * and sqrt only (correctly rounded everywhere), so a seed gives the same cases on every machine.
 *
 * "Well-conditioned" is the contract of ccref_random_case, stated in spec/conventions.md (Property tests): body
 * origins within [-2, 2], stations within [-1, 1], radii and lengths in [0.1, 2], center distances >= 0.5, edge
 * angles with |df x db| >= 0.25, speeds within [-1.5, 1.5], accelerations within [-2, 2], multipliers in [-3, 3]. */
#ifndef CCREF_CLI_RANDOM_H
#define CCREF_CLI_RANDOM_H

#include <stdint.h>

#include "../src/ccref.h"
#include "../src/ccref_unilateral.h"

typedef struct { uint64_t s; } ccref_rng;
uint64_t ccref_rng_next(ccref_rng *r);              /* the next 64 random bits */
double ccref_rng_uniform(ccref_rng *r, double lo, double hi);
ccref_vec3 ccref_rng_vec3(ccref_rng *r, double lo, double hi);
ccref_vec3 ccref_rng_unit(ccref_rng *r);
/* A random unit quaternion (w, x, y, z): uniform on the 4-ball's shell 0.01 <= |q|^2 <= 1, then normalised. */
void ccref_rng_quaternion(ccref_rng *r, double q[4]);
/* Rotation from a random unit quaternion (orthonormal to a few ulps, well inside CCREF_ROTATION_TOL). */
ccref_mat3 ccref_rng_rotation(ccref_rng *r);
/* Body with random pose in [-2,2], speeds in [-1.5,1.5], accelerations in [-2,2]. */
ccref_body ccref_rng_body(ccref_rng *r);

/* Whether a kind has a rolling option (a ROLLING parameter in ccref_kinds.h): its cases come in two variants. */
int ccref_kind_has_rolling_option(ccref_kind kind);
/* A random case of the given kind; rolling selects the rolling variant where the kind has one. */
ccref_case ccref_random_case(ccref_rng *r, ccref_kind kind, int rolling);
/* A contact's material and speeds in their domains (spec/unilateral.md): min_cor in [0, 1], 0 <= mu_d <= mu_s <= 1,
 * mu_v in [0, 0.1], capture_speed in [0, 0.2], min_cor_speed = capture_speed + [0, 2], transition_speed in [0, 0.1]. */
void ccref_rng_material(ccref_rng *r, ccref_contact_case *c);
/* The parameters of a contact class, each drawn in its range of ccref_kinds.h in the order of its params struct (the
 * class's own draws, not its kind's: the derivative tests' random contacts). */
void ccref_random_contact_params(ccref_rng *r, ccref_contact_case *c);
/* A random case of a unilateral contact class, built from a random case of its underlying kind (same
 * conditioning), with material coefficients and default speeds in their domains. */
ccref_contact_case ccref_random_contact_case(ccref_rng *r, ccref_contact_class cls);

#endif
