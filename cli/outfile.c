/* outfile.c: see outfile.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

int outfile_open(outfile *o, const char *prog, const char *path)
{
    o->prog = prog;
    o->f = NULL;
    o->tmp[0] = '\0';
    if (strlen(path) >= sizeof o->path) {
        fprintf(stderr, "%s: cannot write %s: the path is too long\n", prog, path);
        return -1;
    }
    snprintf(o->path, sizeof o->path, "%s", path);
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp.%ld", path, (long)getpid());
    o->f = fopen(o->tmp, "wb");
    if (o->f == NULL) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno)); /* the user's path: its reason */
        o->tmp[0] = '\0';
        return -1;
    }
    return 0;
}

int outfile_close(outfile *o)
{
    if (o->f == NULL)
        return 0;
    int write_error = ferror(o->f) != 0;
    int close_error = fclose(o->f) != 0;
    o->f = NULL;
    if (write_error || close_error) {
        fprintf(stderr, "%s: cannot write %s%s%s\n", o->prog, o->path, close_error ? ": " : "",
                close_error ? strerror(errno) : "");
        return -1;
    }
    return 0;
}

int outfile_finish(outfile *o, int keep)
{
    if (o->tmp[0] == '\0')
        return 0;
    int rc = outfile_close(o);
    if (rc == 0 && keep && rename(o->tmp, o->path) != 0) {
        fprintf(stderr, "%s: cannot write %s (renaming its temporary file): %s\n", o->prog, o->path,
                strerror(errno));
        rc = -1;
    }
    if (rc != 0 || !keep)
        remove(o->tmp);
    o->tmp[0] = '\0';
    return rc;
}
