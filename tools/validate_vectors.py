#!/usr/bin/env python3
"""Validate ccref vector files and results files against the JSON Schemas in spec/.

usage: python3 tools/validate_vectors.py [--results FILE]... VECTOR_FILE_OR_DIR...

A directory stands for the *.json files in it; with --results, no vector file is needed. Every vector file is
checked against spec/ccref_vectors_v2.schema.json and every non-blank line of a results file (JSON Lines) against
spec/ccref_results_v1.schema.json; both schemas are checked against the draft 2020-12 metaschema first.
Exit status: 0 when everything is valid, 1 otherwise, 2 on a usage error (bad option, missing path).
Needs only the standard library and jsonschema (Debian's python3-jsonschema 4.10 or newer).
"""
import argparse
import json
import pathlib
import sys

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parent.parent  # the schemas are found from the script, not the cwd
VECTORS_SCHEMA = ROOT / "spec" / "ccref_vectors_v2.schema.json"
RESULTS_SCHEMA = ROOT / "spec" / "ccref_results_v1.schema.json"
MAX_ERRORS = 5  # per file: the first few say what is wrong; thousands would drown it


def load_validator(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)  # raises SchemaError on a malformed schema
    return jsonschema.Draft202012Validator(schema)


def describe(error):
    """'$.a[0].b: message' for the most specific cause of an error."""
    # An anyOf failure only says "not valid under any of the given schemas". Its most telling sub-error is the one
    # that got deepest into the instance; a bare type or const mismatch only says that a branch was not meant.
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator not in ("type", "const")))
    where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
    return f"{where}: {message}"


def errors_of(validator, instance):
    """The distinct error descriptions, in file order (a non-object can fail several "type": "object")."""
    errors = sorted(validator.iter_errors(instance), key=lambda e: [(isinstance(p, str), p) for p in e.absolute_path])
    return list(dict.fromkeys(describe(e) for e in errors))


def check_vector_file(validator, path):
    """Returns (ok, report lines)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        return False, [f"FAIL {path}: not readable as JSON: {e}"]
    errors = errors_of(validator, doc)
    if not errors:
        groups = doc["testGroups"]
        return True, [f"ok: {path}: {sum(len(g['tests']) for g in groups)} tests"]
    lines = [f"FAIL {path}: {len(errors)} error(s)"]
    lines += [f"  {e}" for e in errors[:MAX_ERRORS]]
    return False, lines


def check_results_file(validator, path):
    """Each non-blank line is one JSON value (blank lines are skipped, as ccref check does)."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # check accepts a byte order mark on line 1
    except (OSError, UnicodeDecodeError) as e:
        return False, [f"FAIL {path}: not readable: {e}"]
    counts = {"header": 0, "result": 0, "error": 0}
    bad_lines, shown = 0, []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            problems = [f"invalid JSON: {e}"]
        else:
            problems = errors_of(validator, obj)
            if isinstance(obj, dict):
                counts["header" if "schema" in obj else "error" if "error" in obj else "result"] += 1
        if problems:
            bad_lines += 1
            shown += [f"  line {number}: {p}" for p in problems][: MAX_ERRORS - len(shown)]
    if bad_lines:
        return False, [f"FAIL {path}: {bad_lines} invalid line(s)"] + shown
    return True, [f"ok: {path}: {counts['header']} header, {counts['result']} results, {counts['error']} error lines"]


def expand(arg, parser, allow_dir=True):
    path = pathlib.Path(arg)
    if path.is_dir() and allow_dir:
        files = sorted(path.glob("*.json"))
        if not files:
            parser.error(f"{arg}: no *.json file in the directory")
        return files
    if not path.is_file():
        parser.error(f"{arg}: no such file" + (" or directory" if allow_dir else ""))
    return [path]


def main():
    parser = argparse.ArgumentParser(description="Validate ccref vector and results files against spec/*.schema.json.")
    parser.add_argument("--results", action="append", default=[], metavar="FILE",
                        help="a results file (JSON Lines) to validate; may be repeated")
    parser.add_argument("vectors", nargs="*", metavar="VECTOR_FILE_OR_DIR",
                        help="a vector file, or a directory of them")
    args = parser.parse_args()  # exits with status 2 on a bad option
    if not args.vectors and not args.results:
        parser.error("give at least one vector file, directory or --results FILE")
    vector_files = [f for arg in args.vectors for f in expand(arg, parser)]
    results_files = [f for arg in args.results for f in expand(arg, parser, allow_dir=False)]

    try:
        vectors = load_validator(VECTORS_SCHEMA)
        results = load_validator(RESULTS_SCHEMA)
    except (OSError, json.JSONDecodeError, jsonschema.SchemaError) as e:
        print(f"FAIL schema: {getattr(e, 'message', e)}")  # a SchemaError's str() dumps the whole schema
        return 1
    print(f"ok: schemas {VECTORS_SCHEMA.name}, {RESULTS_SCHEMA.name} (draft 2020-12)")

    failed = 0
    for check, validator, files in ((check_vector_file, vectors, vector_files),
                                    (check_results_file, results, results_files)):
        for path in files:
            ok, lines = check(validator, path)
            failed += not ok
            print("\n".join(lines))
    total = len(vector_files) + len(results_files)
    print(f"{total - failed} of {total} file(s) valid" + (f", {failed} invalid" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
