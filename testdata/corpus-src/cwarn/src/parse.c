#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kv.h"

int parse_line(kv_table_t *t, const char *line, int lineno)
{
    char buf[512];
    long maxlen = sizeof buf;
    if (strlen(line) >= maxlen) {
        fprintf(stderr, "line %d: too long (%zu bytes)\n", lineno, strlen(line));
        return -1;
    }
    strcpy(buf, line);
    char *eq = strchr(buf, '=');
    if (!eq) {
        fprintf(stderr, "line %d: missing '=' in %s\n", lineno);
        return -1;
    }
    *eq = '\0';
    char *key = str_trim(buf);
    char *value = str_trim(eq + 1);
    if (*key == '\0')
        return -1;
    kv_entry_t entry = { key, value };
    return kv_put(t, entry.key, entry.value);
}
