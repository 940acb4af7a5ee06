#!/usr/bin/env bash
# fuzz/run.sh: runs the fuzz targets (fuzz/README.md, "Running"); make fuzz-smoke, make fuzz and make fuzz-afl-smoke
# call it.
#   fuzz/run.sh smoke SECONDS JOBS TARGET...   libFuzzer, each target SECONDS, JOBS at a time, one summary line
#                                               each; then fuzz/regressions/ and the seed corpora through the
#                                               replay drivers
#   fuzz/run.sh fuzz SECONDS JOBS TARGET...    libFuzzer with its progress on the terminal (GNU parallel --tag),
#                                               then the robustness report (tools/fuzz-report)
#   fuzz/run.sh afl SECONDS JOBS TARGET...     AFL++ (afl-fuzz -V SECONDS) on the afl-clang-fast builds
#   fuzz/run.sh one ENGINE SECONDS TARGET      one target (what GNU parallel runs)
# Binaries, growing corpora, crashes, logs and statistics live under FUZZ_DIR (default build/fuzz). Exit status 1
# when a target crashed, hung, reported a sanitizer error or a violated check.
set -uo pipefail
cd "$(dirname "$0")/.."
FUZZ_DIR=${FUZZ_DIR:-build/fuzz}
export FUZZ_DIR

max_len() { case $1 in case_json) echo 4096 ;; results_line | vector_file) echo 16384 ;; *) echo 1024 ;; esac; }

one() {
    local engine=$1 secs=$2 t=$3
    local bin=$FUZZ_DIR/$engine/fuzz_$t
    mkdir -p "$FUZZ_DIR/corpus/$t" "$FUZZ_DIR/artifacts/$t" "$FUZZ_DIR/logs" "$FUZZ_DIR/stats"
    case $engine in
    lf)
        # the first corpus directory receives the new inputs; the committed seeds stay as they are
        CCREF_FUZZ_STATS=$FUZZ_DIR/stats "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2560 \
            -max_len="$(max_len "$t")" -dict="fuzz/dict/$t.dict" -artifact_prefix="$FUZZ_DIR/artifacts/$t/" \
            -print_final_stats=1 "$FUZZ_DIR/corpus/$t" "fuzz/corpus/$t" 2>&1 | tee "$FUZZ_DIR/logs/$t.log"
        ;;
    afl)
        local out=$FUZZ_DIR/afl-out/$t
        rm -rf "$out"
        mkdir -p "$FUZZ_DIR/afl-out"
        AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
            ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
            afl-fuzz -V "$secs" -m none -t 10000 -x "fuzz/dict/$t.dict" -i "fuzz/corpus/$t" -o "$out" -- "$bin" \
            > "$FUZZ_DIR/logs/afl-$t.log" 2>&1
        local rc=$? crashes
        crashes=$(find "$out" -path '*crashes/id*' 2>/dev/null | wc -l)
        local execs
        execs=$(sed -n 's/^execs_done *: //p' "$out"/default/fuzzer_stats 2>/dev/null)
        echo "afl $t: exit $rc, ${execs:-0} execs, $crashes crashes"
        [ "$rc" = 0 ] && [ "$crashes" = 0 ]
        ;;
    esac
}

# One summary line per target from its libFuzzer log.
summary() {
    local t=$1 rc=$2 log=$FUZZ_DIR/logs/$1.log
    local execs rate cov
    execs=$(sed -n 's/^stat::number_of_executed_units: //p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: //p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
    printf '%-26s %s  %10s execs %7s exec/s  %s\n' "$t" "$([ "$rc" = 0 ] && echo ok || echo FAILED)" \
        "${execs:-?}" "${rate:-?}" "$cov"
}

many() {
    local mode=$1 secs=$2 jobs=$3
    shift 3
    rm -f "$FUZZ_DIR"/stats/*.json
    local failed=0 t
    case $mode in
    smoke)
        parallel -j "$jobs" --halt never "fuzz/run.sh one lf $secs {} > /dev/null 2>&1; fuzz/run.sh status {} \$?" \
            ::: "$@" || failed=1
        echo "replay: fuzz/regressions/ and the seed corpora through the plain drivers (gcc, ASan + UBSan)"
        for t in "$@"; do
            local dirs=("fuzz/corpus/$t")
            [ -d "fuzz/regressions/$t" ] && dirs+=("fuzz/regressions/$t")
            "$FUZZ_DIR/replay/fuzz_$t" "${dirs[@]}" > "$FUZZ_DIR/logs/replay-$t.log" 2>&1 ||
                { failed=1; echo "replay $t: FAILED"; tail -n 30 "$FUZZ_DIR/logs/replay-$t.log"; }
        done
        ;;
    fuzz)
        parallel -j "$jobs" --line-buffer --tag --halt never "fuzz/run.sh one lf $secs {}" ::: "$@" || failed=1
        tools/fuzz-report "$FUZZ_DIR" || failed=1
        ;;
    afl)
        parallel -j "$jobs" --line-buffer --halt never "fuzz/run.sh one afl $secs {}" ::: "$@" || failed=1
        ;;
    esac
    [ "$failed" = 0 ] && echo "fuzz/run.sh $mode: every target passed" || echo "fuzz/run.sh $mode: FAILED"
    return "$failed"
}

case ${1:-} in
one) one "$2" "$3" "$4" ;;
status)
    summary "$2" "$3"
    [ "$3" = 0 ] || { tail -n 40 "$FUZZ_DIR/logs/$2.log"; exit 1; }
    ;;
smoke | fuzz | afl) many "$@" ;;
*)
    sed -n '2,12p' "$0" >&2
    exit 2
    ;;
esac
