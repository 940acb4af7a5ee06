/* eval.h: `ccref eval`: cases (JSON Lines, or the tests of vector files) evaluated by the double kernels with their
 * proven error bounds (default), by the certified oracle (--certified), or both side by side (--both). */
#ifndef CCREF_CLI_EVAL_H
#define CCREF_CLI_EVAL_H

int cmd_eval(int argc, char **argv);

#endif
