/*
 * The engine's promise of no heap allocation per input or per frame, kept
 * through the C interface: 200 sessions of drags, touchpad scrolls, flips,
 * jumps, resizes and bounds changes, the paging options changed (spacing,
 * reversed axes, long swipes, overshoot, ragged rows), zooms with a pan, each
 * frame advanced, its slots, zoom and state read and every event polled and
 * written as JSON, with malloc and friends counted
 * (Tests/allocations/counter.c). Exit 0 when none happened.
 */
#include <fourway/pager.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void allocations_start(void);
long allocations_stop(void);

static long inputs, frames;
static char line[1024];
static fw_slot slots[FW_SLOT_COUNT];

static double sink;

static void frame(fw_pager *pager, double t) {
    fw_pager_advance(pager, t);
    fw_pager_slots(pager, slots);
    fw_rect content = fw_pager_zoom_content_frame(pager), visible = fw_pager_zoom_visible_rect(pager);
    int64_t rows[4];
    sink += content.x + visible.width + fw_pager_zoom_scale(pager) + fw_pager_zoom_translation(pager).x
            + fw_pager_phase(pager) + (double)fw_pager_row_lengths(pager, rows, 4) + fw_pager_time(pager);
    fw_event event;
    while (fw_pager_poll_event(pager, &event)) fw_pager_event_json(&event, line, sizeof line);
    frames++;
}

static double session(fw_pager *pager, double t, int n) {
    /* A drag to the left, released fast: a flip. */
    fw_pager_pointer_down(pager, 600, 400, t);
    for (int i = 1; i <= 20; i++) {
        t += 0.008;
        fw_pager_pointer_moved(pager, 600 - i * 25.0, 400 + (i % 3), t);
        frame(pager, t);
    }
    fw_pager_pointer_up(pager, 100, 402, t);
    inputs += 22;
    for (int i = 0; i < 40; i++) frame(pager, t += 1.0 / 120);
    /* A touchpad scroll down, ended. */
    for (int i = 0; i < 15; i++) {
        fw_pager_scroll(pager, 0.3, -30, t += 0.01);
        frame(pager, t);
    }
    fw_pager_scroll_ended(pager, t);
    inputs += 16;
    for (int i = 0; i < 40; i++) frame(pager, t += 1.0 / 120);
    /* Flips, an interrupted drag, a jump, a resize and new bounds. */
    fw_pager_flip(pager, n % 2 ? FW_UP : FW_RIGHT, t);
    frame(pager, t += 0.05);
    fw_pager_flip(pager, FW_LEFT, t);
    fw_pager_pointer_down(pager, 300, 300, t += 0.01);
    fw_pager_pointer_moved(pager, 300, 100, t += 0.01);
    fw_pager_interrupt(pager, FW_INTERRUPT_FOCUS_LOST, t);
    fw_pager_go(pager, n % 5, -(n % 3), n % 2, t += 0.01);
    fw_pager_resize(pager, n % 2 ? 1280 : 1024, n % 2 ? 800 : 768, t);
    fw_pager_set_bounds(pager, n % 3 ? FW_PAGES_INFINITE : 50, 50, t);
    inputs += 8;
    for (int i = 0; i < 80; i++) frame(pager, t += 1.0 / 120);
    /* The paging options, changed while it runs. */
    static const int64_t lengths[3][3] = {{4, 2, 6}, {9, 1, 3}, {2, 2, 2}};
    fw_pager_set_spacing(pager, n % 4 * 10.0, t);
    fw_pager_set_reversed(pager, n % 2, n % 3 == 0, t);
    fw_pager_set_long_swipes(pager, n % 2, 1 + n % 4);
    fw_pager_set_overshoot_edges(pager, (uint32_t)n % 16);
    fw_pager_set_row_lengths(pager, n % 3 ? lengths[n % 3] : NULL, n % 3 ? 3 : 0, t);
    fw_pager_pointer_down(pager, 600, 400, t += 0.01);
    fw_pager_pointer_moved(pager, 200, 400, t += 0.02);
    fw_pager_pointer_up(pager, 100, 400, t += 0.02);
    inputs += 8;
    /* The touchpad's options, then a swipe that only the lift ends when the gap is infinite. */
    fw_pager_set_touchpad_distance(pager, 400 + n % 3 * 200.0, 300 + n % 3 * 150.0);
    fw_pager_set_scroll_end_gap(pager, n % 2 ? INFINITY : 0.15);
    for (int i = 1; i <= 6; i++) {
        fw_pager_scroll(pager, -40, 0, t += 0.01);
        frame(pager, t);
    }
    fw_pager_scroll_ended(pager, t += 0.01);
    inputs += 9;
    for (int i = 0; i < 60; i++) frame(pager, t += 1.0 / 120);
    /* Zoom, a pan handed over to the pager, and back to fit. */
    fw_pager_set_zoom_content(pager, 1000, 700, 2.5, t);
    fw_pager_zoom_to(pager, 2, 640, 400, n % 2, t);
    fw_pager_zoom_by(pager, 1.5, 300, 200, false, t);
    for (int i = 0; i < 30; i++) frame(pager, t += 1.0 / 120);
    fw_pager_pointer_down(pager, 640, 400, t += 0.01);
    for (int i = 1; i <= 20; i++) {
        fw_pager_pointer_moved(pager, 640 - i * 60.0, 400, t += 0.008);
        frame(pager, t);
    }
    fw_pager_pointer_up(pager, 640 - 20 * 60.0, 400, t);
    fw_pager_zoom_in(pager, 100, 100, t);
    fw_pager_zoom_out(pager, 100, 100, t);
    fw_pager_toggle_zoom(pager, 500, 300, t);
    fw_pager_reset_zoom(pager, n % 2, t);
    inputs += 30;
    for (int i = 0; i < 80; i++) frame(pager, t += 1.0 / 120);
    fw_pager_set_bounds(pager, FW_PAGES_INFINITE, 50, t);
    fw_pager_set_spacing(pager, 0, t);
    fw_pager_set_reversed(pager, false, false, t);
    return t;
}

int main(void) {
    /* The counter itself works: one malloc is one allocation. */
    allocations_start();
    void *volatile control = malloc(64);
    long controlled = allocations_stop();
    free(control);
    if (controlled != 1) {
        printf("the allocation counter counted %ld for one malloc\n", controlled);
        return 1;
    }
    fw_pager *pager = fw_pager_create(1280, 800, FW_PAGES_INFINITE, 50);
    /* Warm-up: the runtime's one-time setup, and the first ragged rows, whose
       lengths get the storage the pager then keeps (session 1 sets three). */
    double t = session(pager, session(pager, 0, 0), 1);
    inputs = frames = 0;
    allocations_start();
    for (int n = 1; n <= 200; n++) t = session(pager, t, n);
    long count = allocations_stop();
    fw_page page = fw_pager_current_page(pager);
    fw_pager_destroy(pager);
    printf("allocations through the C interface: %ld over %ld inputs and %ld frames; page (%lld, %lld)%s\n",
           count, inputs, frames, (long long)page.h, (long long)page.v, sink == sink ? "" : " (NaN)");
    return count == 0 ? 0 : 1;
}
