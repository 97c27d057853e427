#include "ringbuf.h"
#include "check.h"
int main(void) {
    ringbuf rb;
    int v = 0;
    rb_init(&rb, 4);
    for (int i = 0; i < 4; i++) rb_push(&rb, i);
    rb_pop(&rb, &v);
    rb_pop(&rb, &v);
    rb_push(&rb, 4);
    rb_push(&rb, 5);
    CHECK_EQ(rb_resize(&rb, 8), 0);
    for (int want = 2; want <= 5; want++) {
        CHECK_EQ(rb_pop(&rb, &v), 0);
        CHECK_EQ(v, want);
    }
    rb_free(&rb);
    DONE();
}
