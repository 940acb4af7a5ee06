#!/bin/sh
# derivatives_mutate.sh NAME OUT: write a mutated copy of a real kernel (spec/derivatives.md, section 8).
# NAME is <kind>__<mutation>; the source is src/<kind>.c. The copy gets one line changed by the sed rule below
# and a trailing definition `const int dvmut_NAME_applied = 1` (0 when the rule did not change exactly one line,
# e.g. because the kernel's text changed: the mutation test then fails and says so).
# tests/derivatives.mk compiles OUT with the public symbol renamed to ccref_<kind>_eval__<mutation>.
set -eu
name=$1
out=$2
kind=${name%%__*}
src=src/$kind.c
case $name in
point_in_plane__drop_coriolis)
    expr='s|v3_dot(v3_sub(arel, coriolis), nG)|v3_dot(arel, nG)|' ;;
line_on_line__flip_d2n)
    expr='s|v3_sub(v3_sub(ddw, v3_scale(ndw, dn))|v3_sub(v3_add(ddw, v3_scale(ndw, dn))|' ;;
line_on_line__drop_factor2)
    expr='s|2\.0 \* v3_dot(dp, dn)|1.0 * v3_dot(dp, dn)|' ;;
line_on_line__flip_dtf)
    expr='s|double dtf = -sg \*|double dtf = sg *|' ;;
ball__drop_transport)
    expr='s|ccref_arm_acceleration(\(\&\{0,1\}body1\), arm1)|v3_add((\1)->a, v3_cross((\1)->b, arm1))|' ;;
ball__true_derivative)
    expr='s|ccref_arm_acceleration(\(\&\{0,1\}body1\), arm1));|ccref_arm_acceleration(\1, arm1)); aerr = v3_sub(aerr, v3_cross((\1)->w, verr));|' ;;
ball__verr_at_P)
    expr='s|ccref_arm_velocity(\(\&\{0,1\}body1\), arm1))|ccref_arm_velocity(\1, v3_sub(P, (\1)->p)))|' ;;
rod__drop_centripetal)
    expr='s#\(o->\|res\.out\.\|r\.out\.\)aerr\[0\] = v3_dot(pdd, Cz) + v3_dot(pd, Czd);#\1aerr[0] = v3_dot(pdd, Cz);#' ;;
sphere_on_plane__drop_factor2)
    expr='s#v3_cross(v3_scale(2\.0, body1\(->\|\.\)w), vO)#v3_cross(v3_scale(1.0, body1\1w), vO)#' ;;
sphere_on_sphere__flip_cyd)
    expr='s#Cyd = v3_add(v3_cross(CzdF, Cx), v3_cross(body1\(->\|\.\)w, Cy))#Cyd = v3_sub(v3_cross(CzdF, Cx), v3_cross(body1\1w, Cy))#' ;;
point_on_plane__flip_verr_x)
    expr='s#\(o->\|res\.out\.\|r\.out\.\)verr\[1\] = v3_dot(v_rel, Px);#\1verr[1] = -v3_dot(v_rel, Px);#' ;;
ball_rolling_on_plane__drop_verr_term)
    expr='s|v3_sub(v3_sub(aO, v3_cross(bPB, sn)), v3_scale(verr_n, wPB_x_n))|v3_sub(aO, v3_cross(bPB, sn))|' ;;
ball_rolling_on_plane__perr_factor)
    expr='s#\(o->\|res\.out\.\|r\.out\.\)perr\[0\] = 0\.5 \* (d - r);#\1perr[0] = (d - r);#' ;;
weld__drop_angular_rate)
    expr='s#a\.aerr = v3_dot(bw, a\.c) + v3_dot(w, d);#a.aerr = v3_dot(bw, a.c);#' ;;
weld__drop_transport)
    expr='s|ccref_arm_acceleration(\(\&\{0,1\}body1\), arm1)|v3_add((\1)->a, v3_cross((\1)->b, arm1))|' ;;
*)
    echo "derivatives_mutate.sh: unknown mutant '$name'" >&2
    exit 2 ;;
esac
sed -e "$expr" "$src" > "$out.tmp"
changed=$(diff "$src" "$out.tmp" | grep -c '^>' || true)
applied=0
if [ "$changed" -eq 1 ]; then applied=1; else echo "derivatives_mutate.sh: $name changed $changed lines of $src (want 1)" >&2; fi
printf '\n/* mutant %s (tools/derivatives_mutate.sh) */\nconst int dvmut_%s_applied = %d;\n' "$name" "$name" "$applied" >> "$out.tmp"
mv "$out.tmp" "$out"
