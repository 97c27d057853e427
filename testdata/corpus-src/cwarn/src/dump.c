#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kv.h"

static char *quote(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n * 2 + 3);
    char *p = out;
    *p++ = '"';
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            *p++ = '\\';
        *p++ = *s;
    }
    *p++ = '"';
    *p = '\0';
    return out;
}

int dump_table(const kv_table_t *t, FILE *out)
{
    int written = 0;
    for (size_t i = 0; i < t->nbuckets; i++) {
        for (kv_entry_t *e = t->buckets[i]; e; e = e->next) {
            char *k = quote(e->key);
            char *v = quote(e->value);
            if (fprintf(out, "%s = %s\n", k, v) < 0)
                return -1;
            free(k);
            free(v);
            written++;
        }
    }
    return written;
}
