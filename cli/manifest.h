/* manifest.h: the SHA-256 digests of vector files, in a file SHA256SUMS beside them (the format of sha256sum, so that
 * `sha256sum -c SHA256SUMS` checks them too; spec/vectors.md section 1). `ccref gen` and `ccref merge` write the
 * entry of each suite file they write; `ccref check` and `ccref show` verify every vector file that has a manifest
 * beside it. */
#ifndef CCREF_CLI_MANIFEST_H
#define CCREF_CLI_MANIFEST_H

#include <stddef.h>

#define MANIFEST_NAME "SHA256SUMS"
#define MANIFEST_HEX 65 /* 64 hex digits and a NUL */

void manifest_digest_buf(const void *buf, size_t len, char hex[MANIFEST_HEX]);
int manifest_digest_file(const char *path, char hex[MANIFEST_HEX]); /* 0, or -1 (errno) */

/* File path against the manifest of its directory: MANIFEST_OK; MANIFEST_ABSENT (no manifest there: nothing to
 * verify); else the reason in msg. */
enum { MANIFEST_OK = 0, MANIFEST_ABSENT, MANIFEST_UNLISTED, MANIFEST_MISMATCH, MANIFEST_ERROR };
int manifest_verify(const char *path, char *msg, size_t len);

/* dir/SHA256SUMS with name's digest set (the file created when absent; its lines sorted by name; written whole).
 * 0, or -1 with the error printed after "prog: ". */
int manifest_update(const char *prog, const char *dir, const char *name, const char hex[MANIFEST_HEX]);

#endif
