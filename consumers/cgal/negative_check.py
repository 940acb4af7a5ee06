#!/usr/bin/env python3
"""consumers/cgal/negative_check.py: the exact comparison must see a one-ulp change. Copies the vector files the CGAL
consumer reads into OUT_DIR, moves one certified value of each compared kind by one ulp (line_on_line closest_point1.x
and separation and contact_frame.p.y, edge_edge display_point.y and perr, point_in_plane perr[0], sphere_on_plane
separation, sphere_on_sphere perr[0] and contact_frame.p.z), runs the
consumer with --exact-compare there and checks that exactly these nine values are reported as EXACT-DIFF.
Usage: negative_check.py CONSUMER VECTORS_DIR OUT_DIR"""
import json, math, os, shutil, subprocess, sys

consumer, vectors, out = sys.argv[1:4]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
changes = [("line_on_line", "closest_point1.x"), ("line_on_line", "separation"), ("edge_edge", "display_point.y"),
           ("edge_edge", "perr"), ("point_in_plane", "perr[0]"), ("sphere_on_plane", "separation"),
           ("sphere_on_sphere", "perr[0]"), ("sphere_on_sphere", "contact_frame.p.z"), ("line_on_line", "contact_frame.p.y")]
files = {}
for suite in ("line_on_line", "edge_edge", "point_in_plane", "sphere_on_plane", "sphere_on_sphere"):
    with open(os.path.join(vectors, suite + ".json")) as f:
        files[suite] = json.load(f)
want = set()
for suite, name in changes:
    g = files[suite]["testGroups"][0]
    t = g["tests"][1]                       # the group's second test (a random, certified one)
    e = t["expected"]["values"][g["outputs"].index(name)]
    v = float.fromhex(e[0])
    e[0] = math.nextafter(v, math.inf).hex()
    e[1] = float.fromhex(e[0])
    want.add((suite, t["tcId"], name))
for suite, d in files.items():
    with open(os.path.join(out, suite + ".json"), "w") as f:
        json.dump(d, f)
r = subprocess.run([consumer, "--exact-compare", "--out", os.path.join(out, "results.jsonl"), out],
                   capture_output=True, text=True)
if r.returncode != 0:
    print(r.stdout, r.stderr)
    sys.exit(1)
got = set()
for line in r.stdout.splitlines():
    if line.startswith("EXACT-DIFF "):
        w = line.split()
        suite, tc = w[1].split("/")
        got.add((suite, int(tc), w[3].strip("|")))
if got != want:
    print("negative check: expected differences", sorted(want), "got", sorted(got))
    sys.exit(1)
print("negative check: each of the %d one-ulp changes is reported, nothing else" % len(want))
