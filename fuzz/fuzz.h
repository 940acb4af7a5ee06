/* fuzz.h: what the harnesses of fuzz/ share (fuzz/README.md): the input decoder, the checks every case must pass,
 * the failure report and the statistics dumped at exit. */
#ifndef CCREF_FUZZ_H
#define CCREF_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "../cli/vectors.h"

/* ---------------------------------------------------------------- the run */

/* Once per process: the target's name (statistics, reports) and, when CCREF_FUZZ_STATS names a directory, the dump
 * of the statistics there at exit and every few seconds. */
void fuzz_init(const char *target);
/* Once per input: remembered for the failure report and the worst ratios, counted. */
void fuzz_begin(const uint8_t *data, size_t size);
/* A violated check: the message, the target and the input in hex on stderr, then abort(), so that the fuzzer saves
 * and minimises the input. */
void fuzz_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* GMP's allocations from free lists (fuzz/gmp_pool.c); fuzz_init installs it. */
void fuzz_gmp_pool(void);
/* One shared oracle context (the harnesses are single-threaded). */
ora_ctx *fuzz_oracle(void);

/* ---------------------------------------------------------------- statistics */

/* A named counter ("status:OK", "verdict:compared", "bits:128", ...); the report groups them by prefix. */
void fuzz_count(const char *name, long n);
/* The largest ratio seen for an output, with the input that gave it. */
void fuzz_worst(const char *output, double ratio);

/* ---------------------------------------------------------------- inputs */

/* Byte 0 selects the mode (bit 0) and, for the rules target, the rule (byte 0 >> 1, mod 3); byte 1 holds flags:
 * bits 0-1 the multiplier count (1, and 0 in RAW mode: what the rows need; 0 in FAMILY mode: the family's; 2: one
 * fewer; 3: one more), bit 2 body 1 is Ground, bit 3 body 2 is Ground, bits 4-7 (RAW only) the rolling flag or the
 * classifier's sign code.
 *  RAW:    then the case's doubles as raw IEEE-754 bits (8 bytes each, little-endian) in canonical order
 *          (fuzz_case_fields); a short input keeps the rest of a fixed random case of the suite.
 *  FAMILY: then group, index, seed (4 bytes): the test the vector families (cli/families.c) make from them,
 *          usually an exactly degenerate configuration; then records: a field byte f and, if f & 0x80, 8 raw bytes
 *          for field f & 0x7f, else a signed byte s: field f moved s ulps (nextafter). */
enum { FUZZ_MODE_RAW = 0, FUZZ_MODE_FAMILY = 1 };
#define FUZZ_RULES (-1) /* suite argument of fuzz_decode: one of the three rules, chosen by byte 0 */
#define FUZZ_MAX_FIELDS 128

/* The doubles of a case in canonical order (parameters in the order of cli/fields.c, body 1, body 2, the
 * coordinate, material, speeds, multipliers), and its integer parameters (rolling, sign). */
int fuzz_case_fields(cli_case *c, double **f, int **ints, int *n_ints);
/* Decode an input into a case of the suite; returns the mode. */
int fuzz_decode(int suite, const uint8_t *data, size_t size, cli_case *c);
/* The RAW input that decodes to c (seeds made from the vectors); its length. */
size_t fuzz_encode_raw(const cli_case *c, uint8_t *buf, size_t cap);
/* The FAMILY input of test k of group g made from seed, with no perturbation. */
size_t fuzz_encode_family(int suite, int g, int k, uint32_t seed, uint8_t *buf, size_t cap);

/* ---------------------------------------------------------------- checks */

/* Every check of fuzz/README.md on one case of a kind, a contact class or a rule: named statuses, zeroed outputs
 * on rejection, finite outputs under an OK-class status, Newton's third law and the power identity, and the kernels
 * against the certified oracle within their proven bounds. */
void fuzz_check_case(const cli_case *c);

/* Newton's third law and the power identity of tests/test_properties.c on an OK-class result in the flat layout (v,
 * bounds B); the largest residual / tolerance of each (fuzz/properties.c). The third law is checked only when *third
 * is >= 0 on entry, else *third stays -1. */
void fuzz_properties_case(const ccref_case *c, const double *v, const double *B, double *third, double *power);
void fuzz_properties_contact(const ccref_contact_case *c, const double *v, const double *B, double *third,
                             double *power);

/* ---------------------------------------------------------------- the vector files of the parser targets */

/* Small vector files (a few suites, one test per group, tcIds renumbered) in dir, made with `ccref gen`: what the
 * results-line target judges against, and seeds of the vector-file target. 0 or -1. */
int fuzz_mini_vectors(const char *dir);

#endif
