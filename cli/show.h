/* show.h: `ccref show [--case] VECTORS... SUITE/TCID`: one test of the vectors printed for a person (spec/vectors.md
 * section 10), or its case alone as a line `ccref eval` reads. */
#ifndef CCREF_CLI_SHOW_H
#define CCREF_CLI_SHOW_H

int cmd_show(int argc, char **argv);

#endif
