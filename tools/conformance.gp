# conformance.gp: the figure of spec/conformance.md (tools/conformance.py writes the data).
# Usage: gnuplot -e "dir='spec/conformance-data'; out='spec/conformance.png'" tools/conformance.gp
# Three panels, error / tolerance per test against the governing condition: the edge angle (line_on_line), the
# distance to contact (the contact classes, sphere_on_plane and sphere_on_sphere) and the distance between the
# centres (sphere_on_sphere); one colour per engine (the series of DIR/series.txt). A data line is
# "x y failed floor": failed tests are crosses; floor 1 (an exact 0 moved to the axis floor, x or y) open circles
# on the dashed floor lines; floor 2 (a non-finite error) on the dotted ceiling. DIR/axes.txt has, per panel, the
# x floor, the y floor and the y ceiling.
if (!exists("dir")) dir = "spec/conformance-data"
if (!exists("out")) out = "spec/conformance.png"
set terminal pngcairo size 1000,1300 font ",10" noenhanced
set output out
set logscale xy
set format x "1e%L"
set format y "1e%L"
set grid
set key outside right top
set lmargin 12
set rmargin 30
set ylabel "largest |value - expected| / tolerance"
labels = system("awk -F'\t' '$1==\"edge_angle\" {print $3}' ".dir."/series.txt | tr ' ' '_'")
n = words(labels)
colours = "#1f5fbf #d7191c #1a9641 #7b3294 #ff7f00 #a6761d #e7298a #17becf #666666 #b2df8a"
axis(plot, col) = system("awk -F'\t' '$1==\"".plot."\" {print $".col."}' ".dir."/axes.txt") + 0
file(plot, i) = dir."/".plot.".".(i-1).".dat"
# The floors and the ceiling of a panel: dashed lines at the floors (x and y), a dotted one at the ceiling.
floors(plot) = sprintf("set xrange [%g:*]; set yrange [%g:%g]; " . \
    "set arrow 1 from first %g, graph 0 to first %g, graph 1 nohead dt 2 lc rgb 'gray40'; " . \
    "set arrow 2 from graph 0, first %g to graph 1, first %g nohead dt 2 lc rgb 'gray40'; " . \
    "set arrow 3 from graph 0, first %g to graph 1, first %g nohead dt 3 lc rgb 'gray40'; " . \
    "set label 1 'condition 0' at first %g, graph 0.5 rotate by 90 offset -0.8,0 font ',8' tc rgb 'gray40'; " . \
    "set label 2 'error 0' at graph 0.005, first %g offset 0,0.7 font ',8' tc rgb 'gray40'; " . \
    "set label 3 'non-finite error' at graph 0.005, first %g offset 0,0.7 font ',8' tc rgb 'gray40'", \
    axis(plot, 2) / 3, axis(plot, 3) / 3, axis(plot, 4) * 3, axis(plot, 2), axis(plot, 2), axis(plot, 3), \
    axis(plot, 3), axis(plot, 4), axis(plot, 4), axis(plot, 2), axis(plot, 3), axis(plot, 4))
set multiplot layout 3,1
do for [panel in "edge_angle contact_distance centre_distance"] {
    if (panel eq "edge_angle") {
        set title "line_on_line: error against the sine of the edge angle |df x db|"
        set xlabel "|df x db|"
    }
    if (panel eq "contact_distance") {
        set title "Contact classes, sphere_on_plane, sphere_on_sphere: error against the distance to contact |perr|"
        set xlabel "|perr|"
    }
    if (panel eq "centre_distance") {
        set title "sphere_on_sphere: error against the distance between the centres |p|"
        set xlabel "|p|"
    }
    eval floors(panel)
    plot for [i=1:n] file(panel, i) using (($3 == 0 && $4 == 0) ? $1 : NaN):2 with points pt 7 ps 0.5 \
             lc rgb word(colours, i) title word(labels, i), \
         for [i=1:n] file(panel, i) using (($3 == 0 && $4 != 0) ? $1 : NaN):2 with points pt 6 ps 0.9 \
             lc rgb word(colours, i) notitle, \
         for [i=1:n] file(panel, i) using ($3 == 1 ? $1 : NaN):2 with points pt 2 ps 1.3 lw 2 \
             lc rgb word(colours, i) notitle, \
         NaN with points pt 2 ps 1.3 lw 2 lc rgb "black" title "failed test", \
         NaN with points pt 6 ps 0.9 lc rgb "black" title "on a floor (exact 0)"
}
unset multiplot
