/* outfile.h: an output file of the tool written whole or not at all. The text goes to a temporary beside the file
 * (its name and .tmp.<pid>, so that concurrent runs keep apart) and is renamed into place only when the command
 * completes; otherwise the temporary is removed. Every failure (open, write, close, rename) is printed naming the
 * file, so no command leaves a half-written file or exits on an I/O error without saying which. */
#ifndef CCREF_CLI_OUTFILE_H
#define CCREF_CLI_OUTFILE_H

#include <stdio.h>

typedef struct {
    const char *prog;           /* the command, the prefix of its messages ("ccref check") */
    char path[4096];
    char tmp[4200];             /* empty: nothing to finish (never opened, or already finished) */
    FILE *f;                    /* open for writing, or NULL */
} outfile;

/* Opens the temporary of path for writing (o zero-initialised or finished before): 0, or -1 with the error printed. */
int outfile_open(outfile *o, const char *prog, const char *path);
/* Closes the temporary if it is open: 0, or -1 with the error printed (a write or close error). */
int outfile_close(outfile *o);
/* Ends it: closes the temporary (outfile_close), then with keep renames it into place, and removes it on any failure
 * or without keep. 0, or -1 when a write, close or rename failed (printed). Nothing to do on an outfile never
 * opened. */
int outfile_finish(outfile *o, int keep);

#endif
