#include <stdio.h>
#include <stdlib.h>
#include "kv.h"

int main(int argc, char **argv)
{
    FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    kv_table_t *t = kv_new(64);
    char line[1024];
    int lineno = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (parse_line(t, line, lineno) < 0)
            bad++;
    }
    printf("%zu keys, %d bad lines\n", t->count, bad);
    kv_free(t);
    return bad ? 2 : 0;
}
