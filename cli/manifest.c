/* manifest.c: see manifest.h. SHA-256 by Nettle (Debian's nettle-dev); the file format is sha256sum's. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "outfile.h"

static void to_hex(const unsigned char *d, char hex[MANIFEST_HEX])
{
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

void manifest_digest_buf(const void *buf, size_t len, char hex[MANIFEST_HEX])
{
    struct sha256_ctx ctx;
    unsigned char d[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, len, buf);
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
    to_hex(d, hex);
}

int manifest_digest_file(const char *path, char hex[MANIFEST_HEX])
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    struct sha256_ctx ctx;
    unsigned char d[SHA256_DIGEST_SIZE], buf[65536];
    size_t n;
    sha256_init(&ctx);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(&ctx, n, buf);
    int err = ferror(f);
    fclose(f);
    if (err)
        return -1;
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
    to_hex(d, hex);
    return 0;
}

/* The directory of path (without the last '/') and the file's name. */
static void split_path(const char *path, char *dir, size_t dlen, const char **name)
{
    const char *slash = strrchr(path, '/');
    *name = slash ? slash + 1 : path;
    if (slash == NULL)
        snprintf(dir, dlen, ".");
    else
        snprintf(dir, dlen, "%.*s", (int)(slash == path ? 1 : slash - path), path);
}

/* The manifest's lines: names[i] with digests[i], n of them (the caller frees both arrays and the names). 0; 1 when
 * there is no manifest; -1 (msg) when it cannot be read or a line is not "<64 hex>  <name>". */
static int read_manifest(const char *mpath, char ***names, char (**digests)[MANIFEST_HEX], int *n, char *msg,
                         size_t len)
{
    *names = NULL;
    *digests = NULL;
    *n = 0;
    FILE *f = fopen(mpath, "r");
    if (f == NULL) {
        if (errno == ENOENT)
            return 1;
        snprintf(msg, len, "cannot read %s: %s", mpath, strerror(errno));
        return -1;
    }
    char line[1024];
    int lineno = 0, cap = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        size_t l = strcspn(line, "\r\n");
        line[l] = '\0';
        if (l == 0)
            continue;
        int ok = l > 66 && line[64] == ' ' && line[65] == ' ';
        for (int i = 0; ok && i < 64; i++)
            ok = (line[i] >= '0' && line[i] <= '9') || (line[i] >= 'a' && line[i] <= 'f');
        if (!ok) {
            snprintf(msg, len, "%s:%d: not a sha256sum line (\"<64 hex digits>  <file name>\")", mpath, lineno);
            rc = -1;
            break;
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 32;
            *names = realloc(*names, sizeof **names * (size_t)cap);
            *digests = realloc(*digests, sizeof **digests * (size_t)cap);
            if (*names == NULL || *digests == NULL)
                abort(); /* as jsonw.c: out of memory */
        }
        memcpy((*digests)[*n], line, 64);
        (*digests)[*n][64] = '\0';
        (*names)[(*n)++] = strdup(line + 66);
    }
    if (rc == 0 && ferror(f)) {
        snprintf(msg, len, "cannot read %s: %s", mpath, strerror(errno));
        rc = -1;
    }
    fclose(f);
    return rc;
}

static void free_manifest(char **names, char (*digests)[MANIFEST_HEX], int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(digests);
}

int manifest_verify(const char *path, char *msg, size_t len)
{
    char dir[4096], mpath[4200], hex[MANIFEST_HEX];
    const char *name;
    split_path(path, dir, sizeof dir, &name);
    snprintf(mpath, sizeof mpath, "%s/" MANIFEST_NAME, dir);
    char **names;
    char(*digests)[MANIFEST_HEX];
    int n, rc = read_manifest(mpath, &names, &digests, &n, msg, len);
    if (rc != 0)
        return rc > 0 ? MANIFEST_ABSENT : MANIFEST_ERROR;
    int found = -1;
    for (int i = 0; i < n && found < 0; i++)
        if (strcmp(names[i], name) == 0)
            found = i;
    int result = MANIFEST_OK;
    if (found < 0) {
        snprintf(msg, len, "%s is not listed in %s: a vector file beside a manifest must be in it", path, mpath);
        result = MANIFEST_UNLISTED;
    } else if (manifest_digest_file(path, hex) != 0) {
        snprintf(msg, len, "cannot read %s: %s", path, strerror(errno));
        result = MANIFEST_ERROR;
    } else if (strcmp(hex, digests[found]) != 0) {
        snprintf(msg, len, "%s: its SHA-256 is %.16s..., %s says %.16s...: the file was changed after it was "
                 "generated (edited by hand, or truncated); regenerate it, or use the published copy", path, hex,
                 mpath, digests[found]);
        result = MANIFEST_MISMATCH;
    }
    free_manifest(names, digests, n);
    return result;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a + MANIFEST_HEX, *(char *const *)b + MANIFEST_HEX);
}

int manifest_update(const char *prog, const char *dir, const char *name, const char hex[MANIFEST_HEX])
{
    char mpath[4200], msg[600];
    snprintf(mpath, sizeof mpath, "%s/" MANIFEST_NAME, dir);
    char **names;
    char(*digests)[MANIFEST_HEX];
    int n;
    if (read_manifest(mpath, &names, &digests, &n, msg, sizeof msg) < 0) {
        fprintf(stderr, "%s: %s\n", prog, msg);
        return -1;
    }
    /* each entry as "<hex>\0<name>", sorted by name, the named one replaced or added */
    char **entries = malloc(sizeof *entries * (size_t)(n + 1));
    int m = 0, replaced = 0;
    if (entries == NULL)
        abort();
    for (int i = 0; i <= n; i++) {
        const char *nm = i < n ? names[i] : name, *dg = i < n ? digests[i] : hex;
        if (i < n && strcmp(nm, name) == 0)
            dg = hex, replaced = 1;
        if (i == n && replaced)
            break;
        size_t l = strlen(nm);
        char *e = malloc(MANIFEST_HEX + l + 1);
        if (e == NULL)
            abort();
        memcpy(e, dg, MANIFEST_HEX);
        memcpy(e + MANIFEST_HEX, nm, l + 1);
        entries[m++] = e;
    }
    qsort(entries, (size_t)m, sizeof *entries, cmp_names);
    outfile o = {0};
    int rc = outfile_open(&o, prog, mpath);
    for (int i = 0; rc == 0 && i < m; i++)
        fprintf(o.f, "%s  %s\n", entries[i], entries[i] + MANIFEST_HEX);
    if (rc == 0 && outfile_finish(&o, 1) != 0)
        rc = -1;
    for (int i = 0; i < m; i++)
        free(entries[i]);
    free(entries);
    free_manifest(names, digests, n);
    return rc;
}
