/* minivec.c: small vector files (fuzz.h): `ccref gen` of a few suites, then the first test of a few groups (regular,
 * with alternatives, bad input), the tcIds renumbered 1..n (vfile_load wants them within numberOfTests) and the prose
 * members dropped (never read). Small, because cmd_check loads them again for every input. */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "../cli/gen.h"
#include "../cli/manifest.h"
#include "fuzz.h"

/* A kind with decision-band alternatives, a contact class with the rope-sign alternative, and the classifier. */
static const char *const suites[] = {"rod", "rope", "unilateral_classify"};

static const char *const families[] = {"random", "coincident_points", "cor_speeds", "tolerance_ties", "bad_input"};

static int kept(json_t *group)
{
    const char *f = json_string_value(json_object_get(group, "family"));
    for (size_t i = 0; f != NULL && i < sizeof families / sizeof families[0]; i++)
        if (strcmp(f, families[i]) == 0)
            return 1;
    return 0;
}

static int trim(const char *path)
{
    json_error_t e;
    json_t *root = json_load_file(path, 0, &e), *groups = json_object_get(root, "testGroups");
    if (!json_is_array(groups))
        return -1;
    size_t gi;
    json_t *g;
    json_int_t id = 0;
    for (size_t i = json_array_size(groups); i-- > 0;)
        if (!kept(json_array_get(groups, i)))
            json_array_remove(groups, i);
    json_array_foreach(groups, gi, g) {
        json_t *tests = json_object_get(g, "tests");
        while (json_array_size(tests) > 1)
            json_array_remove(tests, json_array_size(tests) - 1);
        json_t *t = json_array_get(tests, 0);
        if (t != NULL)
            json_object_set_new(t, "tcId", json_integer(++id));
    }
    json_object_set_new(root, "numberOfTests", json_integer(id));
    json_object_del(root, "header");
    json_object_del(root, "conventions");
    json_object_del(root, "notes");
    int rc = json_dump_file(root, path, JSON_PRESERVE_ORDER | JSON_COMPACT);
    json_decref(root);
    return rc;
}

int fuzz_mini_vectors(const char *dir)
{
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        char *argv[] = {"gen", "--quiet", "--out", (char *)dir, "--suite", (char *)suites[i], NULL};
        if (cmd_gen(6, argv) != 0)
            return -1;
        char path[512], name[64], hex[MANIFEST_HEX];
        snprintf(path, sizeof path, "%s/%s.json", dir, suites[i]);
        snprintf(name, sizeof name, "%s.json", suites[i]);
        /* trimmed, the file gets its new digest in the SHA256SUMS gen wrote (check verifies it) */
        if (trim(path) != 0 || manifest_digest_file(path, hex) != 0 || manifest_update("fuzz", dir, name, hex) != 0)
            return -1;
    }
    return 0;
}
