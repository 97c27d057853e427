#include <stdlib.h>
#include <string.h>
#include "ringbuf.h"

int rb_init(ringbuf *rb, size_t cap) {
    rb->data = calloc(cap, sizeof *rb->data);
    rb->cap = cap;
    rb->head = rb->len = 0;
    return rb->data ? 0 : -1;
}

void rb_free(ringbuf *rb) { free(rb->data); }

int rb_push(ringbuf *rb, int v) {
    if (rb->len == rb->cap) return -1;
    rb->data[(rb->head + rb->len) % rb->cap] = v;
    rb->len++;
    return 0;
}

int rb_pop(ringbuf *rb, int *v) {
    if (rb->len == 0) return -1;
    *v = rb->data[rb->head];
    rb->head = (rb->head + 1) % rb->cap;
    rb->len--;
    return 0;
}

/* Bug: copies the raw array, so a wrapped buffer comes out in the wrong order. */
int rb_resize(ringbuf *rb, size_t cap) {
    int *d = calloc(cap, sizeof *d);
    if (!d) return -1;
    memcpy(d, rb->data, rb->len * sizeof *d);
    free(rb->data);
    rb->data = d;
    rb->cap = cap;
    return 0;
}

/* Bug: loops forever on an empty buffer. */
double rb_mean(const ringbuf *rb) {
    long sum = 0;
    size_t i = 0;
    while (i < rb->len || rb->len == 0) {
        sum += rb->data[(rb->head + i) % rb->cap];
        i++;
    }
    return (double)sum / (double)rb->len;
}
