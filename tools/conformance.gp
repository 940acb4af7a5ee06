# conformance.gp: the figure of spec/conformance.md (tools/conformance.py writes the data).
# Usage: gnuplot -e "dir='build/conformance'; out='spec/conformance.png'" tools/conformance.gp
# Three panels, error / tolerance per test against the governing condition: the edge angle (line_on_line), the
# distance to contact (the contact classes) and the distance between the centres (sphere_on_sphere); one colour per
# engine (the series of DIR/series.txt).
if (!exists("dir")) dir = "build/conformance"
if (!exists("out")) out = "spec/conformance.png"
set terminal pngcairo size 1000,1300 font ",10" noenhanced
set output out
set logscale xy
set format x "1e%L"
set format y "1e%L"
set grid
set key outside right top
set lmargin 12
set rmargin 26
set ylabel "largest |value - expected| / tolerance"
labels = system("awk -F'\t' '$1==\"edge_angle\" {print $3}' ".dir."/series.txt | tr ' ' '_'")
n = words(labels)
colours = "#1f5fbf #d7191c #1a9641 #7b3294"
set multiplot layout 3,1
set title "line_on_line: error against the sine of the edge angle |df x db|"
set xlabel "|df x db|"
plot for [i=1:n] dir."/edge_angle.".(i-1).".dat" using 1:2 with points pt 7 ps 0.5 lc rgb word(colours, i) \
     title word(labels, i)
set title "Contact classes: error against the distance to contact |perr|"
set xlabel "|perr|"
plot for [i=1:n] dir."/contact_distance.".(i-1).".dat" using 1:2 with points pt 7 ps 0.5 lc rgb word(colours, i) \
     title word(labels, i)
set title "sphere_on_sphere: error against the distance between the centres |p|"
set xlabel "|p|"
plot for [i=1:n] dir."/centre_distance.".(i-1).".dat" using 1:2 with points pt 7 ps 0.5 lc rgb word(colours, i) \
     title word(labels, i)
unset multiplot
