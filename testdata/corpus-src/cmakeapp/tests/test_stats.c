#include "ringbuf.h"
#include "check.h"
int main(void) {
    ringbuf rb;
    rb_init(&rb, 4);
    rb_push(&rb, 2);
    rb_push(&rb, 4);
    CHECK_EQ(rb_mean(&rb) * 10, 30);
    int v;
    rb_pop(&rb, &v);
    rb_pop(&rb, &v);
    printf("mean of an empty buffer: %f\n", rb_mean(&rb));
    rb_free(&rb);
    DONE();
}
