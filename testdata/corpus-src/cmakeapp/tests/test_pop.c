#include "ringbuf.h"
#include "check.h"
int main(void) {
    ringbuf rb;
    int v = 0;
    rb_init(&rb, 3);
    rb_push(&rb, 7);
    rb_push(&rb, 8);
    CHECK_EQ(rb_pop(&rb, &v), 0);
    CHECK_EQ(v, 7);
    CHECK_EQ(rb_pop(&rb, &v), 0);
    CHECK_EQ(v, 8);
    CHECK_EQ(rb_pop(&rb, &v), -1);
    rb_free(&rb);
    DONE();
}
