# accuracy.gp: plots of `make accuracy` (tools/accuracy.c, spec/accuracy.md section 9).
# Usage: gnuplot -e "dir='build/accuracy'" tools/accuracy.gp
# For every constraint listed in DIR/constraints.txt, reads DIR/<name>.dat and writes DIR/<name>.png with three panels
# against the constraint's governing condition (x axis, log scale; the .dat header names it):
#   1. absolute error |kernel - oracle| (dots) and the a-priori bound B (crosses) of perr, verr, aerr (row 0);
#   2. the same errors and bounds in ulps of the oracle value (subnormal floor);
#   3. the largest ratio |kernel - oracle| / (B + ulp/2) over all outputs of the case (must stay below 1).
# Zero errors cannot be drawn on a log axis and are left out.
if (!exists("dir")) dir = "build/accuracy"
names = system("cat ".dir."/constraints.txt")
set terminal pngcairo size 1000,1150 font ",10"
set datafile missing "?"
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set grid
set key outside right top spacing 1.1
set lmargin 12
set rmargin 24
c1 = "#1f5fbf"; c2 = "#1a9641"; c3 = "#d7191c"
do for [name in names] {
    f = dir."/".name.".dat"
    xl = system("sed -n 's/^# xlabel: //p' ".f)
    esc = system("echo '".name."' | sed 's/_/\\\\_/g'")
    set output dir."/".name.".png"
    set multiplot layout 3,1 title esc.": double kernel against the certified oracle" font ",13"
    set xlabel xl
    set ylabel "absolute error"
    set title "|kernel - oracle| (dots) and bound B (crosses)"
    plot f u 1:($4 > 0 ? $4 : 1/0) w p pt 7 ps 0.3 lc rgb c1 t "perr err", \
         f u 1:5 w p pt 2 ps 0.45 lc rgb c1 t "perr B", \
         f u 1:($6 > 0 ? $6 : 1/0) w p pt 7 ps 0.3 lc rgb c2 t "verr err", \
         f u 1:7 w p pt 2 ps 0.45 lc rgb c2 t "verr B", \
         f u 1:($8 > 0 ? $8 : 1/0) w p pt 7 ps 0.3 lc rgb c3 t "aerr err", \
         f u 1:9 w p pt 2 ps 0.45 lc rgb c3 t "aerr B"
    set ylabel "ulps of the oracle value"
    set title "error and bound in ulps (floor 2^{-1074})"
    plot f u 1:($10 > 0 ? $10 : 1/0) w p pt 7 ps 0.3 lc rgb c1 t "perr err", \
         f u 1:13 w p pt 2 ps 0.45 lc rgb c1 t "perr B", \
         f u 1:($11 > 0 ? $11 : 1/0) w p pt 7 ps 0.3 lc rgb c2 t "verr err", \
         f u 1:14 w p pt 2 ps 0.45 lc rgb c2 t "verr B", \
         f u 1:($12 > 0 ? $12 : 1/0) w p pt 7 ps 0.3 lc rgb c3 t "aerr err", \
         f u 1:15 w p pt 2 ps 0.45 lc rgb c3 t "aerr B"
    set ylabel "error / (B + ulp/2)"
    set title "largest ratio over all outputs of the case (pass: <= 1)"
    set yrange [1e-12:10]
    plot f u 1:($2 > 0 ? $2 : 1/0) w p pt 7 ps 0.3 lc rgb "#444444" t "max ratio", 1 w l lw 2 lc rgb c3 t "bound"
    set autoscale y
    unset multiplot
}
