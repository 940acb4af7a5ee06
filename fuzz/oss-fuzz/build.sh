#!/bin/bash -eu
# projects/ccref/build.sh for google/oss-fuzz: the repository's own build script, so that OSS-Fuzz and
# ClusterFuzzLite build the same way.
exec bash -eu "${SRC}/ccref/.clusterfuzzlite/build.sh"
