#include "ringbuf.h"
#include "check.h"
int main(void) {
    ringbuf rb;
    CHECK_EQ(rb_init(&rb, 4), 0);
    for (int i = 0; i < 4; i++) CHECK_EQ(rb_push(&rb, i), 0);
    CHECK_EQ(rb_push(&rb, 9), -1);
    CHECK_EQ(rb.len, 4);
    rb_free(&rb);
    DONE();
}
