/* jsonw.c: see jsonw.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "numfmt.h"

void jw_init(jw *w)
{
    memset(w, 0, sizeof *w);
    w->first[0] = 1;
}

void jw_free(jw *w)
{
    free(w->buf);
    memset(w, 0, sizeof *w);
}

void jw_reset(jw *w)
{
    w->len = 0;
    if (w->buf)
        w->buf[0] = '\0';
    w->depth = 0;
    w->first[0] = 1;
    w->after_key = 0;
}

static void put(jw *w, const char *s, size_t n)
{
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 256;
        while (w->len + n + 1 > cap)
            cap *= 2;
        char *b = realloc(w->buf, cap);
        if (b == NULL) {
            fputs("ccref: out of memory\n", stderr);
            abort();
        }
        w->buf = b;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void puts_(jw *w, const char *s) { put(w, s, strlen(s)); }

/* The separator before a value (or a key) at the current level. */
static void sep(jw *w)
{
    if (w->after_key) {
        w->after_key = 0;
        return;
    }
    if (!w->first[w->depth])
        put(w, ",", 1);
    w->first[w->depth] = 0;
}

static void open_(jw *w, char c)
{
    sep(w);
    put(w, &c, 1);
    if (w->depth + 1 >= (int)sizeof w->first) {
        fputs("ccref: JSON nesting too deep\n", stderr);
        abort();
    }
    w->first[++w->depth] = 1;
}

static void close_(jw *w, char c)
{
    w->depth--;
    put(w, &c, 1);
}

void jw_obj(jw *w) { open_(w, '{'); }
void jw_end_obj(jw *w) { close_(w, '}'); }
void jw_arr(jw *w) { open_(w, '['); }
void jw_end_arr(jw *w) { close_(w, ']'); }

static void escaped(jw *w, const char *s)
{
    put(w, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char e[8];
        switch (*p) {
        case '"': puts_(w, "\\\""); break;
        case '\\': puts_(w, "\\\\"); break;
        case '\n': puts_(w, "\\n"); break;
        case '\r': puts_(w, "\\r"); break;
        case '\t': puts_(w, "\\t"); break;
        default:
            if (*p < 0x20) {
                snprintf(e, sizeof e, "\\u%04x", *p);
                puts_(w, e);
            } else {
                put(w, (const char *)p, 1);
            }
        }
    }
    put(w, "\"", 1);
}

void jw_key(jw *w, const char *k)
{
    sep(w);
    escaped(w, k);
    put(w, ":", 1);
    w->after_key = 1;
}

void jw_str(jw *w, const char *s)
{
    sep(w);
    escaped(w, s);
}

void jw_int(jw *w, long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%lld", v);
    sep(w);
    puts_(w, b);
}

void jw_bool(jw *w, int v)
{
    sep(w);
    puts_(w, v ? "true" : "false");
}

void jw_null(jw *w)
{
    sep(w);
    puts_(w, "null");
}

void jw_hex(jw *w, double x)
{
    char b[NUMFMT_LEN];
    fmt_hex(x, b);
    jw_str(w, b);
}

void jw_dec(jw *w, double x)
{
    char b[NUMFMT_LEN];
    fmt_dec(x, b);
    sep(w);
    puts_(w, b);
}

void jw_number_or_null(jw *w, double x)
{
    if (x - x == 0.0)
        jw_dec(w, x);
    else
        jw_null(w);
}

void jw_value_text(jw *w, const char *json)
{
    sep(w);
    puts_(w, json);
}

void jw_raw(jw *w, const char *s) { puts_(w, s); }

void jw_break(jw *w, const char *indent)
{
    if (w->depth > 0 && !w->first[w->depth])
        put(w, ",", 1);
    put(w, "\n", 1);
    puts_(w, indent);
    w->first[w->depth] = 1;
}

int jw_write(const jw *w, FILE *f)
{
    if (w->len && fwrite(w->buf, 1, w->len, f) != w->len)
        return -1;
    return 0;
}
