#!/bin/bash -eu
# .clusterfuzzlite/build.sh: every fuzz target of fuzz/targets (fuzz/README.md), built with the service's compiler,
# flags and engine ($CC, $CXX, $CFLAGS, $CXXFLAGS, $LIB_FUZZING_ENGINE, $SANITIZER) into $OUT, with its seed corpus
# ($OUT/<target>_seed_corpus.zip), dictionary ($OUT/<target>.dict) and options ($OUT/<target>.options).
# ClusterFuzzLite and OSS-Fuzz (fuzz/oss-fuzz/build.sh) run it from $SRC/ccref; tools/test-fuzz-build runs it here.
cd "${SRC}/ccref"
# The project's language and floating-point rules go after the service's flags: the last flag wins, so nothing
# the service passes changes the rounding (README, "Build rules"; the harnesses also ask ccref_fp_check() at
# start-up). Division by zero is IEEE-754's (C11 Annex F), and the checks already catch any Inf or NaN it would
# leave in a result: UBSan's float-divide-by-zero is turned off.
RULES="-std=c11 -ffp-contract=off -fno-fast-math -fno-math-errno -fno-sanitize=float-divide-by-zero"
BUILD="${WORK}/ccref-fuzz"
mkdir -p "${BUILD}/obj"

objs=()
for src in src/*.c cli/*.c oracle/*.c tests/accuracy_bounds.c \
           fuzz/decode.c fuzz/check.c fuzz/stats.c fuzz/properties.c fuzz/minivec.c fuzz/gmp_pool.c; do
    [ "${src}" = cli/main.c ] && continue
    [ "${src}" = oracle/first_stage.c ] && continue
    obj="${BUILD}/obj/${src//\//_}.o"
    ${CC} ${CFLAGS} -Ifuzz/shim ${RULES} -c "${src}" -o "${obj}"
    objs+=("${obj}")
done
# The oracle's first stage: its sources compiled a second time with oracle/first_stage.h first (oracle/oracle.mk).
first_stage_flags="-include oracle/first_stage.h"
[ "$(uname -m)" = x86_64 ] && first_stage_flags="-mfma ${first_stage_flags}"
for src in oracle/*.c; do
    obj="${BUILD}/obj/first_${src//\//_}.o"
    ${CC} ${CFLAGS} -Ifuzz/shim ${RULES} ${first_stage_flags} -c "${src}" -o "${obj}"
    objs+=("${obj}")
done
rm -f "${BUILD}/libccref_fuzz.a"
ar rcs "${BUILD}/libccref_fuzz.a" "${objs[@]}"

# fuzz/check.c observes the oracle's precision through these wrappers.
wrap=""
for f in ora_eval_case ora_eval_case_on ora_eval_contact_case ora_eval_contact_case_on \
         ora_effective_cor_d ora_effective_cof_d; do
    wrap="${wrap} -Wl,--wrap=${f}"
done

for t in $(fuzz/targets); do
    if [ -f "fuzz/fuzz_${t}.c" ]; then
        ${CC} ${CFLAGS} -Ifuzz/shim ${RULES} -c "fuzz/fuzz_${t}.c" -o "${BUILD}/fuzz_${t}.o"
    else
        ${CC} ${CFLAGS} -Ifuzz/shim ${RULES} -DFUZZ_SUITE="\"${t}\"" -c fuzz/fuzz_suite.c -o "${BUILD}/fuzz_${t}.o"
    fi
    ${CXX} ${CXXFLAGS} "${BUILD}/fuzz_${t}.o" "${BUILD}/libccref_fuzz.a" ${LIB_FUZZING_ENGINE} ${wrap} \
        -Wl,-Bstatic -ljansson -lnettle -lmpfi -lmpfr -lgmp -Wl,-Bdynamic -lm -o "${OUT}/fuzz_${t}"
    rm -f "${OUT}/fuzz_${t}_seed_corpus.zip"
    (cd "fuzz/corpus/${t}" && zip -q -X -r "${OUT}/fuzz_${t}_seed_corpus.zip" .)
    cp "fuzz/dict/${t}.dict" "${OUT}/fuzz_${t}.dict"
    case "${t}" in case_json) max_len=4096 ;; results_line | vector_file) max_len=16384 ;; *) max_len=1024 ;; esac
    printf '[libfuzzer]\nmax_len = %d\ntimeout = 10\n' "${max_len}" > "${OUT}/fuzz_${t}.options"
done
