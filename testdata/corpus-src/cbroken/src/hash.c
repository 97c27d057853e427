#include <stdlib.h>
#include <string.h>
#include "kv.h"

uint32_t kv_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= *s++;
        h *= 16777619u;
    }
    return h;
}

kv_table_t *kv_new(size_t nbuckets)
{
    kv_table_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->buckets = calloc(nbuckets, sizeof *t->buckets);
    t->nbuckets = nbuckets;
    return t;
}

int kv_put(kv_table_t *t, const char *key, const char *value)
{
    int idx = kv_hash(key) % t->nbuckets;
    for (kv_entry_t *e = t->buckets[idx]; e; e = e->next) {
        if (strcmp(e->key, key) == 0) {
            free(e->value);
            e->value = strdup(value);
            return 0;
        }
    }
    kv_entry_t *e = malloc(sizeof *e);
    e->key = strdup(key);
    e->value = strdup(value);
    e->next = t->buckets[idx];
    t->buckets[idx] = e;
    t->count++;
    return 1;
}

const char *kv_get(const kv_table_t *t, const char *key)
{
    for (kv_entry_t *e = t->buckets[kv_hash(key) % t->nbuckets]; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e->value;
    return NULL;
}

void kv_free(kv_table_t *t)
{
    for (int i = 0; i < t->nbuckets; i++) {
        kv_entry_t *e = t->buckets[i];
        while (e) {
            kv_entry_t *next = e->next;
            free(e->key);
            free(e->value);
            free(e);
            e = next;
        }
    }
    free(t->buckets);
    free(t);
}

size_t kv_load_percent(const kv_table_t *t)
{
    double load = (double)t->count / t->nbuckets;
    return load * 100;
}
