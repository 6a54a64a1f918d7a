/*
 * The engine's promise of no heap allocation per input or per frame, kept
 * through the C interface: 200 sessions of drags, touchpad scrolls, flips,
 * jumps, resizes and bounds changes, each frame advanced, its slots read and
 * every event polled and written as JSON, with malloc and friends counted
 * (Tests/allocations/counter.c). Exit 0 when none happened.
 */
#include <fourway/pager.h>
#include <stdio.h>
#include <stdlib.h>

void allocations_start(void);
long allocations_stop(void);

static long inputs, frames;
static char line[1024];
static fw_slot slots[FW_SLOT_COUNT];

static void frame(fw_pager *pager, double t) {
    fw_pager_advance(pager, t);
    fw_pager_slots(pager, slots);
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
    double t = session(pager, 0, 0);   /* warm-up: the runtime's one-time setup */
    inputs = frames = 0;
    allocations_start();
    for (int n = 1; n <= 200; n++) t = session(pager, t, n);
    long count = allocations_stop();
    fw_page page = fw_pager_current_page(pager);
    fw_pager_destroy(pager);
    printf("allocations through the C interface: %ld over %ld inputs and %ld frames; page (%lld, %lld)\n",
           count, inputs, frames, (long long)page.h, (long long)page.v);
    return count == 0 ? 0 : 1;
}
