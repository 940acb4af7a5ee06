#!/bin/sh
# cli_mutate.sh: mutation test of the ccref tool's reader and writer (project issue 18, item 6).
# Usage: tools/cli_mutate.sh [MUTANT...]       (no argument: every mutant below)
#
# Each mutant is one exact textual substitution (a sed rule) in one file. For each, in a scratch copy of the tree
# (the checkout itself is never touched; its build/ is copied too, so only the mutated file is recompiled):
#   1. the rule is applied and must change exactly the expected number of lines (else the script stops with exit
#      status 2: a rule that no longer matches the source must not silently test nothing);
#   2. the test binary and the tool are built (make build/ccref_tests build/ccref);
#   3. the suites of the tool run (CLI_MUT_SUITES, default "cli judge": the tool's reader, writer and verdicts, and
#      the judge's; the kernels' suites cannot see these files' faults, and running them too took 13 minutes of
#      CI's time); the suites that failed are read from CUnit's report;
#   4. the file is restored (with a new mtime, so the next build recompiles it).
# The unmutated tree is built and tested first and must pass. A table follows: mutant, file, killed, the suites
# that failed. Exit status: 0 every mutant killed, 1 some mutant survived, 2 setup error (a rule that does not
# apply, a build that fails, a baseline that does not pass).
# Environment: CLI_MUT_KEEP=1 keeps the scratch tree and logs; CLI_MUT_TIMEOUT (seconds, default 1200) per run;
# CLI_MUT_SUITES (the suites each run runs; "" for every suite);
# MAKE (default make), run under nice with -j1.
#
# The faults of the earlier review live where the code now is: the flat names the tool writes are the table's
# (src/ccref_kinds.h, expanded by src/outputs.c), so mutant rod_name mutates the table; slip_acc_from_vel mutates
# src/outputs.c (ccref_flatten_contact_result); the others are in cli/.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
MAKE=${MAKE:-make}
TIMEOUT=${CLI_MUT_TIMEOUT:-1200}
SUITES=${CLI_MUT_SUITES-cli judge}

# name|file|lines the rule must change|sed rule
MUTANTS='
rod_name|src/ccref_kinds.h|1|s#"tension",  #"tensoin",  #
body_b_a_swapped|cli/caseio.c|1|s#{"b", offsetof(ccref_body, b)}, {"a", offsetof(ccref_body, a)}#{"b", offsetof(ccref_body, a)}, {"a", offsetof(ccref_body, b)}#
cor_names_order|cli/outcome.c|1|s#cor_names\[\] = {"CAPTURED", "LINEAR", "MINIMUM"};#cor_names[] = {"LINEAR", "CAPTURED", "MINIMUM"};#
proximal_tol_verr|cli/outcome.c|1|s#d->status = ccref_unilateral_is_proximal(p->sign, p->perr, p->tol_perr, #d->status = ccref_unilateral_is_proximal(p->sign, p->perr, p->tol_verr, #
slip_acc_from_vel|src/outputs.c|2|s#\] = r->slip_acceleration\[\([01]\)\];#] = r->slip_velocity[\1];#
certified_wrong_slot|cli/eval.c|1|/} else if (mode == MODE_CERTIFIED) {/{n;s#write_cert_value(w, &cert\[i\]);#write_cert_value(w, \&cert[i ? i - 1 : 0]);#}
error_line_plus1|cli/eval.c|1|/^static void write_error(/,/^}/s#jw_int(w, (long long)line);#jw_int(w, (long long)line + 1);#
check_status_class|cli/verdict.c|1|s#^    return expected == got;#    return !ccref_status_ok((ccref_status)expected) == !ccref_status_ok((ccref_status)got);#
tol_boundary_open|cli/verdict.c|1|s#c.failed = !(d <= c.tol);#c.failed = !(d < c.tol);#
nan_passes|cli/verdict.c|1|s#c.failed = !(d <= c.tol);#c.failed = d > c.tol;#
any_error_passes_valid|cli/verdict.c|1|s#        return !ccref_status_ok((ccref_status)expected);#        return 1;#
ok_variants_both_ways|cli/verdict.c|1|s#if (got == CCREF_OK \&\& ccref_status_ok((ccref_status)expected))#if (ccref_status_ok((ccref_status)got) \&\& ccref_status_ok((ccref_status)expected))#
alternatives_ignored|cli/verdict.c|1|s#if (passing ? ma.pass : ma.status_ok) {#if (passing ? ma.pass \&\& 0 : ma.status_ok) {#
failures_not_measured|cli/tally.c|1|s#^    note_measures(t, f, r);#    if (r->verdict != VERDICT_FAIL) note_measures(t, f, r);#
empty_run_passes|cli/tally.c|1|s#return t->values_compared + t->discrete_compared == 0;#return t->values_compared < 0;#
claimed_test_optional|cli/check.c|1|s#        req->test = 1;#        req->test = 0;#
'
# What each mutant does (printed under the table):
describe() {
    case $1 in
    rod_name) echo "rod output \"tension\" named \"tensoin\"" ;;
    body_b_a_swapped) echo "a body's \"b\" (angular acceleration) and \"a\" (linear) read into each other" ;;
    cor_names_order) echo "COR branch names CAPTURED/LINEAR swapped" ;;
    proximal_tol_verr) echo "isProximal (double kernels) tested against tol_verr instead of tol_perr" ;;
    slip_acc_from_vel) echo "slip_acceleration[0..1] written from slip_velocity[0..1]" ;;
    certified_wrong_slot) echo "eval --certified writes slot i-1's value (hex, dec, certificate) under slot i's name" ;;
    error_line_plus1) echo "an error object's \"line\" is one more than the input line" ;;
    check_status_class) echo "check accepts any status of the same class (an error status for another error status)" ;;
    tol_boundary_open) echo "a value exactly one tolerance away fails (|v - e| < tol instead of <=)" ;;
    nan_passes) echo "a NaN value passes (the comparison written so that NaN is not a failure)" ;;
    any_error_passes_valid) echo "the generic ERROR passes a valid test too" ;;
    ok_variants_both_ways) echo "an engine's OK_* status passes where plain OK is expected" ;;
    alternatives_ignored) echo "an acceptable test never passes as one of its alternatives" ;;
    failures_not_measured) echo "failed tests left out of the per-output and per-family statistics" ;;
    empty_run_passes) echo "a run that compared nothing exits 0" ;;
    claimed_test_optional) echo "a claimed suite's test not reported does not fail" ;;
    esac
}

all=$(printf '%s\n' "$MUTANTS" | sed -n 's/^\([a-z0-9_]*\)|.*/\1/p')
sel=${*:-$all}
for m in $sel; do
    printf '%s\n' "$all" | grep -qx "$m" || { echo "cli_mutate.sh: unknown mutant '$m' (known: $(echo $all))" >&2; exit 2; }
done

start=$(date +%s)
SCRATCH=$(mktemp -d /tmp/ccref_cli_mutate.XXXXXX)
cleanup() { [ "${CLI_MUT_KEEP:-0}" = 1 ] || rm -rf "$SCRATCH"; }
trap cleanup EXIT
trap 'exit 2' INT TERM HUP
TREE=$SCRATCH/tree
LOGS=$SCRATCH/logs
mkdir -p "$TREE" "$LOGS"
# the working tree as it is (uncommitted edits included), without .git; mtimes kept, so build/ stays valid
tar -C "$ROOT" --exclude=./.git --exclude='./build/fuzz*' --exclude='./build/sanitize*' --exclude=./build/stage --exclude=./build/pic \
    --exclude=./build/accuracy --exclude=./build/conformance -cf - . | tar -C "$TREE" -xf -

field() { printf '%s\n' "$MUTANTS" | grep "^$1|" | cut -d'|' -f"$2"; }
rule() { printf '%s\n' "$MUTANTS" | grep "^$1|" | cut -d'|' -f4-; }

# Apply mutant $1 into $2 (the mutated text of its file); check that it changes exactly the lines it should.
mutate() {
    f=$TREE/$(field "$1" 2)
    want=$(field "$1" 3)
    [ -f "$f" ] || { echo "cli_mutate.sh: $1: no file $(field "$1" 2)" >&2; return 1; }
    sed -e "$(rule "$1")" "$f" > "$2"
    plus=$(diff "$f" "$2" | grep -c '^>' || true)
    minus=$(diff "$f" "$2" | grep -c '^<' || true)
    if [ "$plus" -ne "$want" ] || [ "$minus" -ne "$want" ]; then
        echo "cli_mutate.sh: mutant $1 changed $plus lines of $(field "$1" 2) (want $want): its pattern no longer" \
             "matches the source" >&2
        return 1
    fi
}

# Build, then run the tests; sets $built (0/1), $rc (the test binary's exit status) and $suites (that failed).
build_and_test() {
    log=$LOGS/$1
    built=1
    rc=0
    suites=
    if ! (cd "$TREE" && nice "$MAKE" -j1 build/ccref_tests build/ccref) > "$log.build" 2>&1; then
        built=0
        return 0
    fi
    # shellcheck disable=SC2086 # the suites' names are words
    (cd "$TREE" && CCREF_BIN=build/ccref timeout "$TIMEOUT" nice build/ccref_tests $SUITES) > "$log.test" 2>&1 || rc=$?
    suites=$(sed -n 's/^ *Suite \(.*\), Test .* had failures:.*/\1/p; s/^ *Suite \(.*\) had failures:.*/\1/p' \
             "$log.test" | sort -u | paste -sd, -)
    [ "$rc" -eq 124 ] && suites="${suites:+$suites,}(timeout)"
    return 0
}

# Every rule must apply before anything is built.
for m in $sel; do
    mutate "$m" "$SCRATCH/check.c" || exit 2
done

echo "cli_mutate.sh: baseline (unmutated) build and tests (suites: ${SUITES:-every one}) ..." >&2
build_and_test baseline
if [ "$built" -ne 1 ] || [ "$rc" -ne 0 ]; then
    echo "cli_mutate.sh: the unmutated tree does not build or pass (see below); nothing to measure" >&2
    if [ "$built" -ne 1 ]; then tail -20 "$LOGS/baseline.build"; else tail -20 "$LOGS/baseline.test"; fi >&2
    CLI_MUT_KEEP=1
    exit 2
fi

results=$SCRATCH/results
: > "$results"
status=0
for m in $sel; do
    f=$TREE/$(field "$m" 2)
    cp "$f" "$SCRATCH/orig"
    mutate "$m" "$SCRATCH/mutant.c" || exit 2
    cp "$SCRATCH/mutant.c" "$f"
    echo "cli_mutate.sh: $m ..." >&2
    build_and_test "$m"
    cp "$SCRATCH/orig" "$f"   # restored, with a new mtime: the next build recompiles it
    if [ "$built" -ne 1 ]; then
        echo "cli_mutate.sh: mutant $m does not compile (log below); a mutant must build to be tested" >&2
        tail -20 "$LOGS/$m.build" >&2
        CLI_MUT_KEEP=1
        exit 2
    fi
    if [ "$rc" -ne 0 ]; then k=yes; else k=NO; status=1; fi
    failed_tests=$(sed -n 's/^ *Suite \(.*\), Test \(.*\) had failures:.*/\1: \2/p' "$LOGS/$m.test" | sort -u |
                   paste -sd';' -)
    printf '%s|%s|%s|%s|%s\n' "$m" "$(field "$m" 2)" "$k" "${suites:--}" "$failed_tests" >> "$results"
done

echo
printf '%-22s %-20s %-7s %s\n' mutant file killed "failing suites"
printf '%-22s %-20s %-7s %s\n' ---------------------- -------------------- ------- --------------
while IFS='|' read -r m f k s t; do
    printf '%-22s %-20s %-7s %s\n' "$m" "$f" "$k" "$s"
done < "$results"
echo
while IFS='|' read -r m f k s t; do
    printf '%s: %s\n' "$m" "$(describe "$m")"
    [ -n "$t" ] && printf '    failing tests: %s\n' "$t"
done < "$results"
killed=$(grep -c '|yes|' "$results" || true)
total=$(wc -l < "$results")
echo
echo "cli_mutate.sh: $killed of $total mutants killed (suites: ${SUITES:-every one}); $(( $(date +%s) - start )) s"
[ "${CLI_MUT_KEEP:-0}" = 1 ] && echo "cli_mutate.sh: logs in $LOGS"
exit $status
