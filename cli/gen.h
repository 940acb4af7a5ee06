/* gen.h: `ccref gen` (write the vector suite from a seed, optionally one shard of it) and `ccref merge` (join shards
 * into the files an unsharded run writes, byte for byte). spec/vectors.md, "Generating". */
#ifndef CCREF_CLI_GEN_H
#define CCREF_CLI_GEN_H

#define GEN_DEFAULT_SEED 20261125u

int cmd_gen(int argc, char **argv);
int cmd_merge(int argc, char **argv);

/* The specification file and the Simbody class of a suite (for file headers and the README). */
const char *suite_spec(int suite);
const char *suite_simbody(int suite);

#endif
