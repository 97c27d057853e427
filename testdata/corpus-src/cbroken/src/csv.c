#include <stdlib.h>
#include <string.h>
#include "kv.h"

int csv_row(const char *line, char **fields, int max)
{
    static char scratch[4096];
    int n = 0, quoted = 0;
    size_t len = strlen(line);
    char *out = scratch;
    fields[n++] = out;
    for (int i = 0; i < len; i++) {
        char c = line[i];
        switch (c) {
        case '"':
            quoted = !quoted;
            break;
        case ',':
            if (!quoted) {
                *out++ = '\0';
                if (n >= max)
                    return n;
                fields[n++] = out;
                break;
            }
        default:
            *out++ = c;
        }
    }
    *out = '\0';
    return n;
}

int csv_width(char **fields, int n)
{
    int width = 0;
    for (int i = 0; i < n; i++) {
        int width = strlen(fields[i]);
        if (width > 0)
            width++;
    }
    return width;
}
