/* ccref_contracts.h: the contract clauses every kernel shares, written once (proofs/README.md, "Shared clauses").
 *
 * Every public kernel ccref_<kind>_eval(prm, body1, body2, lambda, n_lambda, res) checks its inputs in the same
 * order (spec/conventions.md, section 5) and answers the first failure with its status and a zeroed result:
 *   res null -> CCREF_E_NULL_ARGUMENT (nothing written); prm, body1 or body2 null -> CCREF_E_NULL_ARGUMENT;
 *   n_lambda not the kind's count -> CCREF_E_LAMBDA_COUNT; lambda null -> CCREF_E_NULL_ARGUMENT;
 *   a non-finite multiplier, then a non-finite input -> CCREF_E_NONFINITE_INPUT.
 * The macros below state these behaviors; a kernel's contract names its multiplier count NL (an expression of
 * *prm for the kinds with a rolling option), its inputs-finite predicate and its zero-result predicate, and then
 * writes only what is its own: the geometry checks and the formulas of the behavior with valid inputs.
 *
 * Frama-C expands them in annotations (-pp-annot, its default with GNU cpp; this header is included by
 * ccref_logic.h, which Frama-C reads before every source file); the C compiler never sees them. The expansion is
 * one line, so every clause of a macro carries the location of its use. */
#ifndef CCREF_CONTRACTS_H
#define CCREF_CONTRACTS_H

/* ---------------------------------------------------------------- public kernels (two bodies) */

/* Memory of ccref_<kind>_eval: each pointer null or valid, the result apart from every input. */
#define CCREF_PAIR_EVAL_REQUIRES \
    requires res == \null || \valid(res); \
    requires prm == \null || \valid_read(prm); \
    requires body1 == \null || \valid_read(body1); \
    requires body2 == \null || \valid_read(body2); \
    requires lambda == \null || \valid_read(lambda + (0 .. n_lambda - 1)); \
    requires \separated(res, prm) && \separated(res, body1) && \separated(res, body2) && \
             \separated(res, lambda + (0 .. n_lambda - 1));
#define CCREF_PAIR_EVAL_MEMORY CCREF_PAIR_EVAL_REQUIRES assigns *res;
/* A kernel that calls sqrt: Frama-C's libc model of sqrt writes errno (the build has -fno-math-errno). */
#define CCREF_PAIR_EVAL_MEMORY_SQRT CCREF_PAIR_EVAL_REQUIRES requires \separated(res, &errno); assigns *res, errno;

/* The bad-input behaviors of a public kernel, for the inputs named by MISSING (some input pointer null) and
 * GIVEN (none null). NL: the multiplier count; INPUTS_FINITE: every input but lambda finite; ZERO: the zeroed
 * result; ZERO_IF_NULL: the zeroed result when an input pointer is null (for a kind with a rolling option, whose
 * row count comes from *prm, it must say what happens when prm itself is null). */
#define CCREF_EVAL_BAD_INPUTS(MISSING, GIVEN, NL, INPUTS_FINITE, ZERO_IF_NULL, ZERO) \
    behavior null_result: \
      assumes res == \null; \
      assigns \nothing; \
      ensures \result == CCREF_E_NULL_ARGUMENT; \
    behavior null_input: \
      assumes res != \null && (MISSING); \
      ensures \result == CCREF_E_NULL_ARGUMENT && (ZERO_IF_NULL); \
    behavior lambda_count: \
      assumes res != \null && GIVEN && n_lambda != NL; \
      ensures \result == CCREF_E_LAMBDA_COUNT && (ZERO); \
    behavior lambda_null: \
      assumes res != \null && GIVEN && n_lambda == NL && lambda == \null; \
      ensures \result == CCREF_E_NULL_ARGUMENT && (ZERO); \
    behavior lambda_nonfinite: \
      assumes res != \null && GIVEN && n_lambda == NL && lambda != \null; \
      assumes !afinite((double *)lambda, n_lambda); \
      ensures \result == CCREF_E_NONFINITE_INPUT && (ZERO); \
    behavior input_nonfinite: \
      assumes res != \null && GIVEN && n_lambda == NL && lambda != \null; \
      assumes afinite((double *)lambda, n_lambda) && !(INPUTS_FINITE); \
      ensures \result == CCREF_E_NONFINITE_INPUT && (ZERO);
/* The assumes of the behavior with every pointer given, the right count and finite inputs. */
#define CCREF_EVAL_INPUTS_FINITE(GIVEN, NL, INPUTS_FINITE) \
      assumes res != \null && GIVEN && n_lambda == NL && lambda != \null; \
      assumes afinite((double *)lambda, n_lambda) && INPUTS_FINITE;

#define CCREF_PAIR_MISSING prm == \null || body1 == \null || body2 == \null
#define CCREF_PAIR_GIVEN prm != \null && body1 != \null && body2 != \null
#define CCREF_PAIR_EVAL_BAD_INPUTS(NL, INPUTS_FINITE, ZERO_IF_NULL, ZERO) \
    CCREF_EVAL_BAD_INPUTS(CCREF_PAIR_MISSING, CCREF_PAIR_GIVEN, NL, INPUTS_FINITE, ZERO_IF_NULL, ZERO)
#define CCREF_PAIR_EVAL_INPUTS_FINITE(NL, INPUTS_FINITE) CCREF_EVAL_INPUTS_FINITE(CCREF_PAIR_GIVEN, NL, INPUTS_FINITE)

/* ---------------------------------------------------------------- the kernels' input checks (<kind>_check) */

/* A kind with a fixed count checks everything in <kind>_check(prm, body1, body2, lambda, n_lambda), reading only;
 * its behaviors are those of the public kernel without res. */
#define CCREF_PAIR_CHECK_MEMORY \
    requires prm == \null || \valid_read(prm); \
    requires body1 == \null || \valid_read(body1); \
    requires body2 == \null || \valid_read(body2); \
    requires lambda == \null || \valid_read(lambda + (0 .. n_lambda - 1)); \
    assigns \nothing;
#define CCREF_PAIR_CHECK_BAD_INPUTS(NL, INPUTS_FINITE) \
    behavior null_input: \
      assumes CCREF_PAIR_MISSING; \
      ensures \result == CCREF_E_NULL_ARGUMENT; \
    behavior lambda_count: \
      assumes CCREF_PAIR_GIVEN && n_lambda != NL; \
      ensures \result == CCREF_E_LAMBDA_COUNT; \
    behavior lambda_null: \
      assumes CCREF_PAIR_GIVEN && n_lambda == NL && lambda == \null; \
      ensures \result == CCREF_E_NULL_ARGUMENT; \
    behavior lambda_nonfinite: \
      assumes CCREF_PAIR_GIVEN && n_lambda == NL && lambda != \null; \
      assumes !afinite((double *)lambda, n_lambda); \
      ensures \result == CCREF_E_NONFINITE_INPUT; \
    behavior input_nonfinite: \
      assumes CCREF_PAIR_GIVEN && n_lambda == NL && lambda != \null; \
      assumes afinite((double *)lambda, n_lambda) && !(INPUTS_FINITE); \
      ensures \result == CCREF_E_NONFINITE_INPUT;
#define CCREF_PAIR_CHECK_INPUTS_FINITE(NL, INPUTS_FINITE) \
      assumes CCREF_PAIR_GIVEN && n_lambda == NL && lambda != \null; \
      assumes afinite((double *)lambda, n_lambda) && INPUTS_FINITE;

/* A kind with a rolling option reads its row count mv (0 or 2) from *prm, so its public kernel checks the
 * pointers and <kind>_check(prm, body1, body2, lambda, n_lambda, mv) the rest. */
#define CCREF_ROLLING_CHECK_MEMORY \
    requires \valid_read(prm) && \valid_read(body1) && \valid_read(body2); \
    requires lambda == \null || \valid_read(lambda + (0 .. n_lambda - 1)); \
    requires mv == 0 || mv == 2; \
    assigns \nothing;
#define CCREF_ROLLING_CHECK_BAD_INPUTS(INPUTS_FINITE) \
    behavior lambda_count: \
      assumes n_lambda != 1 + mv; \
      ensures \result == CCREF_E_LAMBDA_COUNT; \
    behavior lambda_null: \
      assumes n_lambda == 1 + mv && lambda == \null; \
      ensures \result == CCREF_E_NULL_ARGUMENT; \
    behavior lambda_nonfinite: \
      assumes n_lambda == 1 + mv && lambda != \null && !afinite((double *)lambda, 1 + mv); \
      ensures \result == CCREF_E_NONFINITE_INPUT; \
    behavior input_nonfinite: \
      assumes n_lambda == 1 + mv && lambda != \null && afinite((double *)lambda, 1 + mv); \
      assumes !(INPUTS_FINITE); \
      ensures \result == CCREF_E_NONFINITE_INPUT;
#define CCREF_ROLLING_CHECK_INPUTS_FINITE(INPUTS_FINITE) \
      assumes n_lambda == 1 + mv && lambda != \null && afinite((double *)lambda, 1 + mv); \
      assumes INPUTS_FINITE;

/* The row count of a kind with a rolling option, and its multiplier count. */
#define CCREF_ROLLING_MV (prm->rolling != 0 ? 2 : 0)
#define CCREF_ROLLING_NL (prm->rolling != 0 ? 3 : 1)

/* ---------------------------------------------------------------- the contact classes' helpers (contacts.c) */

/* Memory of a class helper eval_<class>(c, res): it reads the case and writes the underlying kernel's output, the
 * display point and the coordinate force. ccref_contact_eval checked the multiplier count, so the kernels read
 * c->lambda[0 .. n_lambda - 1]; errno: Frama-C's libc model of sqrt. */
#define CCREF_CLASS_HELPER_MEMORY \
    requires \valid_read(c) && \valid(res) && \separated(c, res, &errno); \
    requires c->n_lambda <= 3; \
    assigns res->display_point, res->coordinate_force, res->constraint, errno;

/* ---------------------------------------------------------------- the Constraint handle (handle.c) */

/* Memory of ccref_handle_case(c, h) and ccref_handle_contact(c, h): each pointer null or valid, the handle apart
 * from the case and from errno (Frama-C's libc model of ldexp and of sqrt in the kernels writes it; the build has
 * -fno-math-errno), the case apart from errno (the probes read it again after each evaluation). */
#define CCREF_HANDLE_MEMORY \
    requires h == \null || \valid(h); \
    requires c == \null || \valid_read(c); \
    requires \separated(h, c) && \separated(h, &errno) && \separated(c, &errno); \
    assigns *h, errno;
/* The NULL arguments: nothing written for a NULL handle; for a NULL case, the handle zeroed with no rows and no
 * mobilities. */
#define CCREF_HANDLE_NULL_BEHAVIORS \
    behavior null_handle: \
      assumes h == \null; \
      assigns \nothing; \
      ensures \result == CCREF_E_NULL_ARGUMENT; \
    behavior null_case: \
      assumes h != \null && c == \null; \
      ensures \result == CCREF_E_NULL_ARGUMENT && handle_zeroed(h) && h->mp == 0 && h->mv == 0 && h->nu == 0;
/* Every handle computed from a case: an error status zeroes it, an OK-class status carries finite entries only
 * (float model: the real model reads \is_finite as true), and the entries past its rows and mobilities are zero. */
#define CCREF_HANDLE_RESULT \
    ensures errors_zeroed: !ccref_ok(\result) ==> handle_zeroed(h); \
    ensures ok_finite: ccref_ok(\result) ==> handle_finite(h); \
    ensures unused_zero: handle_unused_zero(h);
/* The source of a handle's evaluations inside handle.c: a case k_case (its multipliers within its lambda array, as
 * ccref_eval requires), or, k_case null, a contact case c; either apart from errno. */
#define CCREF_HANDLE_SOURCE \
    requires (k_case != \null && \valid_read(k_case) && k_case->n_lambda <= CCREF_MAX_ROWS && \
              \separated(k_case, &errno)) || \
             (k_case == \null && \valid_read(c) && \separated(c, &errno));

#endif
