/* check.h: `ccref check VECTORS RESULTS`: judge an engine's results against the vectors (spec/vectors.md,
 * "Checking"), per suite and family, with the input drift of engines that report the inputs they used. */
#ifndef CCREF_CLI_CHECK_H
#define CCREF_CLI_CHECK_H

int cmd_check(int argc, char **argv);

#endif
