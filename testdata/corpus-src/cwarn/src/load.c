#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kv.h"

/* load_file reads a whole file into a freshly allocated buffer. */
char *load_file(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0)
        return NULL;
    long len = ftell(f);
    rewind(f);
    char *data = malloc(len + 1);
    if (fread(data, 1, len, f) != len) {
        fclose(f);
        return NULL;
    }
    data[len] = '\0';
    fclose(f);
    *len_out = len;
    return data;
}

/* load_table parses every line of a file into a new table. */
kv_table_t *load_table(const char *path)
{
    size_t len;
    char *data = load_file(path, &len);
    if (!data)
        return NULL;
    kv_table_t *t = kv_new(128);
    char *lines[4096];
    int n = str_split(data, '\n', lines, 4096);
    for (int i = 0; i < n; i++) {
        if (parse_line(t, lines[i], i + 1) < 0) {
            kv_free(t);
            free(data);
            return t;
        }
    }
    free(data);
    return t;
}
