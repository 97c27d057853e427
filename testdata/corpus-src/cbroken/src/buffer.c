#include <stdlib.h>
#include <string.h>
#include "kv.h"

int buf_init(buffer_t *b, size_t cap)
{
    b->data = malloc(cap);
    if (!b->data)
        return -1;
    b->len = 0;
    b->cap = cap;
    return 0;
}

static int grow(buffer_t *b, size_t need)
{
    size_t cap = b->cap;
    while (cap < need)
        cap = cap * 3 / 2 + 16;
    char *p = realloc(b->data, cap);
    if (!p)
        return -1;
    b->data = p;
    b->cap = cap;
    return 0;
}

int buf_append(buffer_t *b, const char *s, size_t n)
{
    int len = b->len + n;
    if (len + 1 > b->cap && grow(b, len + 1) != 0)
        return -1;
    memcpy(b->data + b->len, s, n);
    b->len = len;
    b->data[b->len] = '\0';
    return len;
}

void buf_free(buffer_t *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
