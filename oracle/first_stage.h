/* first_stage.h: the oracle's first stage (spec/oracle.md section 9): every oracle source but first_stage.c is compiled
 * a second time with this header included first (-include oracle/first_stage.h: oracle/oracle.mk, install.mk,
 * fuzz/fuzz.mk, .clusterfuzzlite/build.sh), which maps MPFI onto interval arithmetic on double-double endpoints
 * (ddi.h). The formulas, their operation order, the exact decisions and the certification rule are the same text;
 * only the arithmetic differs, and every interval still encloses the exact value. Its results certify an output when
 * both ends of its enclosure round to the same double, exactly as the MPFI stage does; whatever it cannot decide or
 * certify goes to the MPFI Ziv loop, unchanged.
 *
 * Every external name of the oracle is renamed first_<name> (first_stage_names.h, generated from the MPFI objects by
 * `make first-stage-names`), so both instances live in one library. The MPFI instance calls the first stage's entry
 * points before its Ziv loops (dispatch.c, contacts.c, unilateral.c). */
#ifndef CCREF_ORACLE_FIRST_STAGE_H
#define CCREF_ORACLE_FIRST_STAGE_H
#define ORA_FIRST_STAGE 1

/* The real MPFI and MPFR headers first, so that the oracle's own #include <mpfi.h> is a no-op below. */
#include <mpfi.h>
#include <mpfr.h>

/* The double-word operations rest on fma(). On x86-64 it is one instruction only where the compiler may use FMA, and
 * a call into the C library otherwise, which costs as much as the arithmetic around it: the first stage is compiled
 * with -mfma there (FIRST_STAGE_CFLAGS, oracle/oracle.mk), and the MPFI instance creates the first stage only on a
 * processor that has it (ora_first_stage_available); elsewhere the MPFI stage answers alone. fma() is exact either
 * way, so the results do not depend on it; -ffp-contract=off still forbids fusing any other operation. */
#if defined(__x86_64__) && !defined(__FMA__)
#error "the first stage is compiled with -mfma on x86-64 (FIRST_STAGE_CFLAGS)"
#endif

#include "ddi.h"
#include "first_stage_names.h"

/* The oracle's context type is renamed too: the two instances' contexts are different types. */
#define ora_ctx first_ora_ctx

/* The MPFI and MPFR subset the oracle uses, onto ddi.h. */
#undef mpfi_t
#define mpfi_t ddi_t
#undef mpfi_ptr
#define mpfi_ptr ddi_ptr
#undef mpfi_srcptr
#define mpfi_srcptr ddi_srcptr
#undef mpfi_init2
#define mpfi_init2 ddi_init2
#undef mpfi_clear
#define mpfi_clear ddi_clear
#undef mpfi_get_prec
#define mpfi_get_prec ddi_get_prec
#undef mpfi_nan_p
#define mpfi_nan_p ddi_nan_p
#undef mpfi_set
#define mpfi_set ddi_set
#undef mpfi_set_d
#define mpfi_set_d ddi_set_d
#undef mpfi_set_ui
#define mpfi_set_ui ddi_set_ui
#undef mpfi_set_si
#define mpfi_set_si ddi_set_si
#undef mpfi_neg
#define mpfi_neg ddi_neg
#undef mpfi_abs
#define mpfi_abs ddi_abs
#undef mpfi_add
#define mpfi_add ddi_add
#undef mpfi_sub
#define mpfi_sub ddi_sub
#undef mpfi_mul
#define mpfi_mul ddi_mul
#undef mpfi_div
#define mpfi_div ddi_div
#undef mpfi_sqr
#define mpfi_sqr ddi_sqr
#undef mpfi_sqrt
#define mpfi_sqrt ddi_sqrt
#undef mpfi_mul_2si
#define mpfi_mul_2si ddi_mul_2si
#undef mpfi_mul_si
#define mpfi_mul_si ddi_mul_si
#undef mpfi_sub_d
#define mpfi_sub_d ddi_sub_d
#undef mpfi_sub_ui
#define mpfi_sub_ui ddi_sub_ui
#undef mpfi_ui_sub
#define mpfi_ui_sub ddi_ui_sub
#undef mpfi_ui_div
#define mpfi_ui_div ddi_ui_div
#undef mpfi_mid
#define mpfi_mid ddi_mid
#undef mpfr_t
#define mpfr_t dde_1
typedef dde dde_1[1];
#undef mpfr_init2
#define mpfr_init2(x, prec) ((void)(x), (void)(prec))
#undef mpfr_clear
#define mpfr_clear(x) ((void)(x))
#undef mpfr_number_p
#define mpfr_number_p dde_number_p
#undef mpfr_get_d
#define mpfr_get_d(x, rnd) dde_get_d(x)
#undef mpfr_equal_p
#define mpfr_equal_p dde_equal_p
#undef mpfr_zero_p
#define mpfr_zero_p dde_zero_p
#undef mpfr_sgn
#define mpfr_sgn dde_sgn
/* the endpoints, formed from midpoint and radius (compound literals: valid in the enclosing expression) */
#define ORA_LEFT(x) ((dde[1]){ddi_lower(x)})
#define ORA_RIGHT(x) ((dde[1]){ddi_upper(x)})
#define ORA_ENDPOINT const dde *

#endif
