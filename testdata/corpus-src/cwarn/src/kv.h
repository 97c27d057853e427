#ifndef KV_H
#define KV_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char  *data;
    size_t len;
    size_t cap;
} buffer_t;

typedef struct kv_entry {
    char            *key;
    char            *value;
    struct kv_entry *next;
} kv_entry_t;

typedef struct {
    kv_entry_t **buckets;
    size_t       nbuckets;
    size_t       count;
} kv_table_t;

int   buf_init(buffer_t *b, size_t cap);
int   buf_append(buffer_t *b, const char *s, size_t n);
void  buf_free(buffer_t *b);
uint32_t kv_hash(const char *s);
kv_table_t *kv_new(size_t nbuckets);
int   kv_put(kv_table_t *t, const char *key, const char *value);
const char *kv_get(const kv_table_t *t, const char *key);
void  kv_free(kv_table_t *t);
char *str_trim(char *s);
int   str_split(char *s, char sep, char **out, int max);
int   csv_row(const char *line, char **fields, int max);
int   parse_line(kv_table_t *t, const char *line, int lineno);
#endif
