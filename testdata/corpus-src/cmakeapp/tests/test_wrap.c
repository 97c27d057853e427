#include "ringbuf.h"
#include "check.h"
int main(void) {
    ringbuf rb;
    int v = 0;
    rb_init(&rb, 4);
    for (int round = 0; round < 50; round++) {
        CHECK_EQ(rb_push(&rb, round), 0);
        CHECK_EQ(rb_pop(&rb, &v), 0);
        CHECK_EQ(v, round);
    }
    rb_free(&rb);
    DONE();
}
