/* jsonw.h: a small deterministic JSON text writer. Every byte of ccref's own output (results, vector files,
 * shards) is written through it, so the text does not depend on a library's number formatting or key order: keys
 * come in the order they are written, numbers through numfmt.h. Compact (no spaces); a caller adds newlines and
 * indentation where a layout wants them (jw_raw). Errors (out of memory) abort: the output would be wrong. */
#ifndef CCREF_CLI_JSONW_H
#define CCREF_CLI_JSONW_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    char *buf;
    size_t len, cap;
    int depth;
    unsigned char first[64];   /* per nesting level: nothing written yet at this level */
    int after_key;             /* the next value follows a key */
} jw;

void jw_init(jw *w);
void jw_free(jw *w);
void jw_reset(jw *w);               /* empty the buffer, keep the memory */

void jw_obj(jw *w);                 /* { */
void jw_end_obj(jw *w);             /* } */
void jw_arr(jw *w);                 /* [ */
void jw_end_arr(jw *w);             /* ] */
void jw_key(jw *w, const char *k);  /* "k": */
void jw_str(jw *w, const char *s);  /* a JSON string, escaped */
void jw_int(jw *w, long long v);
void jw_bool(jw *w, int v);
void jw_null(jw *w);
void jw_hex(jw *w, double x);       /* "0x1.8p+1" (a string) */
void jw_dec(jw *w, double x);       /* 1.5 (a JSON number; callers never pass a non-finite value) */
void jw_number_or_null(jw *w, double x); /* jw_dec, or null when x is not finite */
/* Text already in JSON form, as one value (e.g. a test serialised earlier). */
void jw_value_text(jw *w, const char *json);
/* Raw bytes outside the value grammar (newlines, indentation): no separator logic. */
void jw_raw(jw *w, const char *s);
/* A line break before the next member or element of the current level: its separating comma (when something
 * was written at this level), a newline and the indentation; the next value then writes no comma of its own. At
 * the top level (between JSON Lines values) no comma is written. */
void jw_break(jw *w, const char *indent);

/* Write the buffer to f; 0 or -1 on an I/O error. */
int jw_write(const jw *w, FILE *f);

#endif
