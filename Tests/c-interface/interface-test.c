/*
 * Every function of fourway/pager.h, with good and bad arguments: each call
 * has a documented, safe result, checked here. Built with
 * -Wall -Wextra -Werror -std=c99 against the installed header and library.
 * Prints one line per failed check and "interface-test: N checks, M failed".
 */
#define _POSIX_C_SOURCE 200809L  /* pthreads under -std=c99 */
#include <fourway/pager.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int checks, failures;

#define CHECK(condition) check((condition), #condition, __LINE__)
static void check(int ok, const char *text, int line) {
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL line %d: %s\n", line, text);
    }
}

static int drain(fw_pager *pager, fw_event *last) {
    int count = 0;
    fw_event event;
    while (fw_pager_poll_event(pager, &event)) {
        if (last) *last = event;
        count++;
    }
    return count;
}

/* Steps at 120 Hz from `from` until settled; returns the time reached. */
static double settle(fw_pager *pager, double from) {
    double t = from;
    for (int i = 0; i < 600 && !fw_pager_is_settled(pager); i++) {
        t += 1.0 / 120;
        fw_pager_advance(pager, t);
    }
    return t;
}

static void test_version_and_config(void) {
    CHECK(strcmp(fw_pager_version(), FW_PAGER_VERSION) == 0);
    fw_config config = fw_config_default();
    CHECK(config.drag_slop == 16 && config.flip_threshold == 0.5);
    CHECK(config.animation == FW_ANIMATION_SPRING && config.spring_stiffness == 500);
    fw_config bad = config;
    bad.flip_threshold = 2;
    CHECK(fw_pager_create_with_config(100, 100, -1, -1, &bad) == NULL);
    bad = config;
    bad.spring_mass = NAN;
    CHECK(fw_pager_create_with_config(100, 100, -1, -1, &bad) == NULL);
    bad = config;
    bad.animation = 7;
    CHECK(fw_pager_create_with_config(100, 100, -1, -1, &bad) == NULL);
    bad = config;
    bad.easing_minimum_duration = 0.5;
    bad.easing_maximum_duration = 0.1;
    CHECK(fw_pager_create_with_config(100, 100, -1, -1, &bad) == NULL);

    fw_config easing = config;
    easing.animation = FW_ANIMATION_EASING;
    fw_pager *pager = fw_pager_create_with_config(100, 100, -1, -1, &easing);
    CHECK(pager != NULL);
    CHECK(fw_pager_flip(pager, FW_RIGHT, 0));
    fw_pager_advance(pager, 0.1);
    CHECK(!fw_pager_is_settled(pager));
    /* An easing lasts at most easing_maximum_duration (0.4 s). */
    fw_pager_advance(pager, 0.45);
    CHECK(fw_pager_is_settled(pager) && fw_pager_current_page(pager).h == 1);
    fw_pager_destroy(pager);
    fw_pager *defaults = fw_pager_create_with_config(100, 100, -1, -1, NULL);
    CHECK(defaults != NULL);
    fw_pager_destroy(defaults);
}

static void test_create_rejects_bad_sizes_and_counts(void) {
    CHECK(fw_pager_create(0, 800, -1, -1) == NULL);
    CHECK(fw_pager_create(1280, -5, -1, -1) == NULL);
    CHECK(fw_pager_create(NAN, 800, -1, -1) == NULL);
    CHECK(fw_pager_create(INFINITY, 800, -1, -1) == NULL);
    CHECK(fw_pager_create(1280, 800, -2, -1) == NULL);
    CHECK(fw_pager_create(1280, 800, -1, INT64_MIN) == NULL);
    fw_pager *huge = fw_pager_create(1280, 800, INT64_MAX, 0);
    CHECK(huge != NULL);
    fw_pager_destroy(huge);
    fw_pager_destroy(NULL);
}

static void test_create_on_page_starts_there_as_if_created_there(void) {
    /* Page (5, 1) of 3 × 4 pages: clamped to (2, 1), nothing to report. */
    fw_pager *pager = fw_pager_create_on_page(100, 100, 3, 4, 5, 1, NULL);
    CHECK(pager != NULL);
    CHECK(fw_pager_current_page(pager).h == 2 && fw_pager_current_page(pager).v == 1);
    fw_event event;
    CHECK(!fw_pager_poll_event(pager, &event));
    /* Its slots are numbered as a new pager's around its first page: the
       same id at each grid position as fw_pager_create's at (0, 0). */
    fw_slot slots[FW_SLOT_COUNT], origin_slots[FW_SLOT_COUNT];
    fw_pager *origin = fw_pager_create(100, 100, 3, 4);
    CHECK(fw_pager_slots(pager, slots) == FW_SLOT_COUNT);
    CHECK(fw_pager_slots(origin, origin_slots) == FW_SLOT_COUNT);
    int ids[3][3], origin_ids[3][3];
    for (int i = 0; i < FW_SLOT_COUNT; i++) {
        ids[slots[i].row + 1][slots[i].column + 1] = slots[i].id;
        origin_ids[origin_slots[i].row + 1][origin_slots[i].column + 1] = origin_slots[i].id;
    }
    CHECK(memcmp(ids, origin_ids, sizeof ids) == 0);
    /* The same pager made with fw_pager_go reports the move. */
    fw_pager_go(origin, 5, 1, false, 0);
    CHECK(fw_pager_current_page(origin).h == 2 && fw_pager_poll_event(origin, &event));
    fw_pager_destroy(origin);
    fw_pager_destroy(pager);
    /* Hostile starts on unbounded axes are clamped, bad arguments refused. */
    fw_pager *far = fw_pager_create_on_page(100, 100, -1, -1, INT64_MAX, INT64_MIN, NULL);
    CHECK(far != NULL && fw_pager_current_page(far).h > 0 && fw_pager_current_page(far).v < 0);
    fw_pager_destroy(far);
    fw_config bad = fw_config_default();
    bad.flip_threshold = 2;
    CHECK(fw_pager_create_on_page(100, 100, -1, -1, 0, 0, &bad) == NULL);
    CHECK(fw_pager_create_on_page(0, 100, -1, -1, 0, 0, NULL) == NULL);
    CHECK(fw_pager_create_on_page(100, 100, -2, -1, 0, 0, NULL) == NULL);
}

static void test_null_pager_is_a_no_op(void) {
    fw_pager_pointer_down(NULL, 1, 1, 0);
    fw_pager_pointer_moved(NULL, 1, 1, 0);
    fw_pager_pointer_up(NULL, 1, 1, 0);
    fw_pager_scroll(NULL, 1, 1, 0);
    fw_pager_scroll_ended(NULL, 0);
    fw_pager_go(NULL, 1, 1, true, 0);
    fw_pager_advance(NULL, 1);
    CHECK(!fw_pager_flip(NULL, FW_RIGHT, 0));
    CHECK(!fw_pager_interrupt(NULL, FW_INTERRUPT_HOST, 0));
    CHECK(!fw_pager_resize(NULL, 10, 10, 0));
    CHECK(!fw_pager_set_bounds(NULL, 3, 3, 0));
    CHECK(!fw_pager_is_settled(NULL));
    fw_page page = fw_pager_current_page(NULL);
    CHECK(page.h == 0 && page.v == 0);
    fw_point offset = fw_pager_offset(NULL);
    CHECK(offset.x == 0 && offset.y == 0);
    fw_slot slots[FW_SLOT_COUNT];
    CHECK(fw_pager_slots(NULL, slots) == 0);
    fw_event event;
    CHECK(!fw_pager_poll_event(NULL, &event));
}

static void test_flip_go_and_state(void) {
    fw_pager *pager = fw_pager_create(1280, 800, 3, -1);
    CHECK(fw_pager_is_settled(pager));
    CHECK(fw_pager_flip(pager, FW_RIGHT, 0));
    CHECK(!fw_pager_is_settled(pager));
    fw_pager_advance(pager, 0.05);
    CHECK(fw_pager_offset(pager).x < 0);
    double t = settle(pager, 0.05);
    CHECK(fw_pager_current_page(pager).h == 1 && fw_pager_offset(pager).x == 0);
    fw_event last;
    CHECK(drain(pager, &last) >= 4 && last.kind == FW_EVENT_SETTLED && last.page.h == 1);
    CHECK(!fw_pager_flip(pager, 9, t));          /* not a direction */
    CHECK(!fw_pager_flip(pager, -1, t));
    fw_pager_go(pager, 5, -7, false, t);         /* clamped into 0..<3 */
    CHECK(fw_pager_current_page(pager).h == 2 && fw_pager_current_page(pager).v == -7);
    CHECK(!fw_pager_flip(pager, FW_RIGHT, t));   /* the right edge: a bounce */
    fw_pager_go(pager, 0, INT64_MAX, false, t);  /* clamped to FW_PAGE_INDEX_LIMIT */
    CHECK(fw_pager_current_page(pager).v == FW_PAGE_INDEX_LIMIT);
    CHECK(fw_pager_flip(pager, FW_DOWN, t));     /* no overflow past the limit */
    settle(pager, t);
    fw_pager_go(pager, 0, INT64_MIN, true, t + 10);
    settle(pager, t + 10);
    CHECK(fw_pager_current_page(pager).v == -FW_PAGE_INDEX_LIMIT);
    drain(pager, NULL);
    fw_pager_destroy(pager);
}

static void test_slots(void) {
    fw_pager *pager = fw_pager_create(100, 50, 2, 0);
    fw_slot slots[FW_SLOT_COUNT];
    CHECK(fw_pager_slots(pager, NULL) == 0);
    CHECK(fw_pager_slots(pager, slots) == FW_SLOT_COUNT);
    int shown = 0;
    for (int i = 0; i < FW_SLOT_COUNT; i++) {
        CHECK(slots[i].id == i);
        if (slots[i].column == 0 && slots[i].row == 0) {
            CHECK(slots[i].has_page && slots[i].page.h == 0 && slots[i].visible_fraction == 1);
            CHECK(slots[i].frame.x == 0 && slots[i].frame.width == 100 && slots[i].frame.height == 50);
        }
        shown += slots[i].has_page;
    }
    CHECK(shown == 2);   /* pages (0,0) and (1,0): two columns, the vertical axis disabled */
    fw_pager_destroy(pager);
}

static void test_drag_and_bad_coordinates(void) {
    fw_pager *pager = fw_pager_create(1000, 600, -1, -1);
    fw_pager_pointer_down(pager, 500, 300, 0);
    fw_pager_pointer_moved(pager, 400, 300, 0.01);
    CHECK(fw_pager_offset(pager).x < 0);
    double before = fw_pager_offset(pager).x;
    fw_pager_pointer_moved(pager, NAN, 300, 0.02);
    fw_pager_pointer_moved(pager, 300, INFINITY, 0.02);
    CHECK(fw_pager_offset(pager).x == before);   /* ignored */
    fw_pager_pointer_moved(pager, 100, 300, NAN);  /* a NaN time: the latest time is kept */
    CHECK(fw_pager_offset(pager).x < before);
    fw_pager_pointer_up(pager, 50, 300, 0.04);
    settle(pager, 0.04);
    CHECK(fw_pager_current_page(pager).h == 1);
    drain(pager, NULL);
    fw_pager_destroy(pager);
}

static void test_scroll_and_interrupt(void) {
    fw_pager *pager = fw_pager_create(1000, 600, -1, -1);
    /* 200 touchpad units down of 300 a page: 0.67 page, fast */
    for (int i = 1; i <= 10; i++) fw_pager_scroll(pager, 0, -20, i * 0.01);
    fw_pager_scroll(pager, NAN, -40, 0.11);
    CHECK(fw_pager_offset(pager).y < 0);
    fw_pager_scroll_ended(pager, 0.12);
    double t = settle(pager, 0.12);
    CHECK(fw_pager_current_page(pager).v == 1);
    drain(pager, NULL);
    CHECK(!fw_pager_interrupt(pager, FW_INTERRUPT_ESCAPE, t));   /* no gesture */
    fw_pager_pointer_down(pager, 500, 300, t);
    fw_pager_pointer_moved(pager, 200, 300, t + 0.01);
    CHECK(!fw_pager_interrupt(pager, 42, t + 0.02));             /* not a reason */
    CHECK(fw_pager_interrupt(pager, FW_INTERRUPT_SECOND_POINTER, t + 0.02));
    fw_event event;
    int found = 0;
    while (fw_pager_poll_event(pager, &event))
        if (event.kind == FW_EVENT_INTERRUPTED)
            found = event.reason == FW_INTERRUPT_SECOND_POINTER;
    CHECK(found);
    fw_pager_destroy(pager);
}

static void test_resize_and_bounds(void) {
    fw_pager *pager = fw_pager_create(1000, 600, -1, -1);
    CHECK(fw_pager_resize(pager, 800, 400, 0));
    CHECK(!fw_pager_resize(pager, 0, 400, 0));
    CHECK(!fw_pager_resize(pager, 800, NAN, 0));
    CHECK(!fw_pager_resize(pager, -1, 400, 0));
    fw_slot slots[FW_SLOT_COUNT];
    fw_pager_slots(pager, slots);
    CHECK(slots[4].frame.width == 800 && slots[4].frame.height == 400);
    fw_pager_go(pager, 7, 7, false, 0);
    CHECK(fw_pager_set_bounds(pager, 3, FW_PAGES_INFINITE, 1));
    CHECK(fw_pager_current_page(pager).h == 2 && fw_pager_current_page(pager).v == 7);
    CHECK(!fw_pager_set_bounds(pager, -3, 2, 1));
    CHECK(fw_pager_current_page(pager).h == 2);    /* unchanged */
    CHECK(fw_pager_set_bounds(pager, 0, 0, 2));    /* both axes disabled: page (0,0) only */
    CHECK(fw_pager_current_page(pager).h == 0 && fw_pager_current_page(pager).v == 0);
    CHECK(!fw_pager_flip(pager, FW_LEFT, 3));
    drain(pager, NULL);
    fw_pager_destroy(pager);
}

static void test_events_and_json(void) {
    fw_pager *pager = fw_pager_create(1280, 800, -1, -1);
    fw_pager_flip(pager, FW_RIGHT, 0.25);
    fw_event event;
    CHECK(fw_pager_poll_event(pager, &event));
    CHECK(event.kind == FW_EVENT_PAGE_WILL_CHANGE && event.time == 0.25);
    CHECK(event.from.h == 0 && event.to.h == 1 && event.to.v == 0);
    char line[256];
    size_t length = fw_pager_event_json(&event, line, sizeof line);
    const char *expected = "{\"t\":0.25,\"event\":\"page-will-change\",\"from\":[0,0],\"to\":[1,0]}";
    CHECK(strcmp(line, expected) == 0 && length == strlen(expected));
    /* Too small: cut, NUL-terminated, the full length returned. */
    char small[10];
    memset(small, 'x', sizeof small);
    CHECK(fw_pager_event_json(&event, small, sizeof small) == length);
    CHECK(small[9] == 0 && strncmp(small, expected, 9) == 0);
    CHECK(fw_pager_event_json(&event, NULL, 0) == length);
    CHECK(fw_pager_event_json(&event, line, 0) == length);
    CHECK(fw_pager_event_json(NULL, line, sizeof line) == 0 && line[0] == 0);
    fw_event bad = event;
    bad.kind = 99;
    CHECK(fw_pager_event_json(&bad, line, sizeof line) == 0 && line[0] == 0);
    bad = event;
    bad.kind = FW_EVENT_SLOTS_RECYCLED;
    bad.slot_count = 12;
    CHECK(fw_pager_event_json(&bad, line, sizeof line) == 0);
    CHECK(!fw_pager_poll_event(pager, NULL));

    fw_pager_advance(pager, 1.5);
    int recycled = 0;
    while (fw_pager_poll_event(pager, &event)) {
        if (event.kind != FW_EVENT_SLOTS_RECYCLED) continue;
        recycled = event.slot_count == 3;
        fw_pager_event_json(&event, line, sizeof line);
        CHECK(strstr(line, "\"event\":\"slots-recycled\",\"slots\":[{\"id\":") != NULL);
    }
    CHECK(recycled);
    fw_pager_destroy(pager);
}

static void test_two_pagers_are_independent(void) {
    fw_pager *a = fw_pager_create(100, 100, -1, -1);
    fw_pager *b = fw_pager_create(100, 100, -1, -1);
    fw_pager_go(a, 4, 0, false, 0);
    CHECK(fw_pager_current_page(a).h == 4 && fw_pager_current_page(b).h == 0);
    fw_event event;
    CHECK(fw_pager_poll_event(a, &event) && !fw_pager_poll_event(b, &event));
    fw_pager_destroy(a);
    fw_pager_destroy(b);
}

/* A session of flips and drags; returns a digest of every event it saw. */
static void *threaded_session(void *result) {
    fw_pager *pager = fw_pager_create(640, 480, 40, FW_PAGES_INFINITE);
    unsigned long digest = 0;
    double t = 0;
    char line[1024];
    fw_event event;
    for (int i = 0; i < 300; i++) {
        fw_pager_flip(pager, i % 3 ? FW_RIGHT : FW_DOWN, t);
        fw_pager_pointer_down(pager, 300, 200, t += 0.01);
        fw_pager_pointer_moved(pager, 300 - (i % 7) * 40.0, 200, t += 0.01);
        fw_pager_pointer_up(pager, 100, 200, t += 0.01);
        for (int f = 0; f < 30; f++) fw_pager_advance(pager, t += 1.0 / 120);
        while (fw_pager_poll_event(pager, &event)) {
            size_t n = fw_pager_event_json(&event, line, sizeof line);
            for (size_t k = 0; k < n; k++) digest = digest * 31 + (unsigned char)line[k];
        }
    }
    fw_page page = fw_pager_current_page(pager);
    fw_pager_destroy(pager);
    *(unsigned long *)result = digest ^ (unsigned long)(page.h * 1000003 + page.v);
    return NULL;
}

static void test_pagers_on_threads_match_one_thread(void) {
    unsigned long alone, first, second;
    threaded_session(&alone);
    pthread_t a, b;
    CHECK(pthread_create(&a, NULL, threaded_session, &first) == 0);
    CHECK(pthread_create(&b, NULL, threaded_session, &second) == 0);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    CHECK(first == alone && second == alone);
}

/* ------------------------------------------------- 0.2.0: paging options */

static fw_slot slot_at(const fw_pager *pager, int column, int row) {
    fw_slot slots[FW_SLOT_COUNT];
    fw_pager_slots(pager, slots);
    for (int i = 0; i < FW_SLOT_COUNT; i++)
        if (slots[i].column == column && slots[i].row == row) return slots[i];
    return slots[0];
}

/* A quick drag of the content from x0 to x1 along the middle row, released. */
static double quick_drag(fw_pager *pager, double x0, double x1, double t) {
    fw_pager_pointer_down(pager, x0, 40, t);
    for (int i = 1; i <= 4; i++) fw_pager_pointer_moved(pager, x0 + (x1 - x0) * i / 4, 40, t + 0.01 * i);
    fw_pager_pointer_up(pager, x1, 40, t + 0.05);
    return t + 0.05;
}

static void test_spacing(void) {
    fw_pager *pager = fw_pager_create(100, 80, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    CHECK(slot_at(pager, 1, 0).frame.x == 100);
    CHECK(fw_pager_set_spacing(pager, 20, 0));
    /* The next page sits width + spacing away, on both axes. */
    CHECK(slot_at(pager, 1, 0).frame.x == 120 && slot_at(pager, 0, 1).frame.y == 100);
    CHECK(!fw_pager_set_spacing(pager, NAN, 0) && !fw_pager_set_spacing(pager, -1, 0));
    CHECK(!fw_pager_set_spacing(pager, INFINITY, 0) && !fw_pager_set_spacing(NULL, 5, 0));
    CHECK(slot_at(pager, 1, 0).frame.x == 120);
    /* A flip travels the whole pitch before it lands. */
    CHECK(fw_pager_flip(pager, FW_RIGHT, 0));
    double lowest = 0;
    double t = 0;
    for (int i = 0; i < 10; i++) {
        fw_pager_advance(pager, t += 0.01);
        if (fw_pager_current_page(pager).h == 0 && fw_pager_offset(pager).x < lowest) lowest = fw_pager_offset(pager).x;
    }
    CHECK(lowest < -100 && lowest >= -120);
    settle(pager, t);
    CHECK(fw_pager_current_page(pager).h == 1 && fw_pager_offset(pager).x == 0);
    /* Mid-drag the offset keeps its share of the pitch. */
    fw_pager_pointer_down(pager, 90, 40, 10);
    fw_pager_pointer_moved(pager, 30, 40, 10.1);
    double before = fw_pager_offset(pager).x;
    CHECK(fw_pager_set_spacing(pager, 0, 10.1));
    CHECK(fabs(fw_pager_offset(pager).x - before * 100 / 120) < 1e-9);
    fw_pager_destroy(pager);
}

static void test_reversed(void) {
    fw_pager *pager = fw_pager_create(100, 80, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    CHECK(slot_at(pager, 1, 0).page.h == 1);
    CHECK(fw_pager_set_reversed(pager, true, false, 0));
    CHECK(drain(pager, NULL) == 1);   /* slots-recycled: the columns swapped */
    CHECK(slot_at(pager, 1, 0).page.h == -1 && slot_at(pager, -1, 0).page.h == 1);
    CHECK(slot_at(pager, 0, 1).page.v == 1);
    CHECK(fw_pager_flip(pager, FW_RIGHT, 0));
    settle(pager, 0);
    CHECK(fw_pager_current_page(pager).h == -1);
    CHECK(fw_pager_set_reversed(pager, true, true, 1));
    CHECK(fw_pager_flip(pager, FW_DOWN, 1));
    settle(pager, 1);
    CHECK(fw_pager_current_page(pager).h == -1 && fw_pager_current_page(pager).v == -1);
    /* Turned mid-flip, the animation keeps heading for the same page. */
    CHECK(fw_pager_flip(pager, FW_LEFT, 2));
    fw_pager_advance(pager, 2.02);
    CHECK(fw_pager_set_reversed(pager, false, true, 2.02));
    settle(pager, 2.02);
    CHECK(fw_pager_current_page(pager).h == 0);
    CHECK(!fw_pager_set_reversed(NULL, true, true, 0));
    fw_pager_destroy(pager);
}

static void test_long_swipes(void) {
    fw_pager *pager = fw_pager_create(100, 80, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    settle(pager, quick_drag(pager, 90, 10, 0));
    CHECK(fw_pager_current_page(pager).h == 1);   /* one page at most */
    CHECK(fw_pager_set_long_swipes(pager, true, 3));
    double t = settle(pager, quick_drag(pager, 90, 10, 10));
    CHECK(fw_pager_current_page(pager).h == 4);   /* three pages further, at most */
    CHECK(!fw_pager_set_long_swipes(pager, true, 0) && !fw_pager_set_long_swipes(pager, false, -2));
    CHECK(!fw_pager_set_long_swipes(NULL, true, 3));
    CHECK(fw_pager_set_long_swipes(pager, false, 1));
    settle(pager, quick_drag(pager, 90, 10, t + 1));
    CHECK(fw_pager_current_page(pager).h == 5);
    fw_pager_destroy(pager);
}

static void test_touchpad_distance(void) {
    fw_pager *pager = fw_pager_create(1000, 600, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    /* By default 400 units a page across: 300 units move 300/400 of the page. */
    fw_pager_scroll(pager, -300, 0, 0);
    CHECK(fabs(fw_pager_offset(pager).x + 750) < 1e-9);
    fw_pager_scroll_ended(pager, 0.01);
    double t = settle(pager, 0.01);
    CHECK(fw_pager_set_touchpad_distance(pager, 800, 600));
    /* Now 300 units move 300/800 of the page across, 300/600 of it down. */
    fw_pager_scroll(pager, -300, 0, t + 1);
    CHECK(fabs(fw_pager_offset(pager).x + 375) < 1e-9);
    fw_pager_scroll_ended(pager, t + 1.01);
    t = settle(pager, t + 1.01);
    fw_pager_scroll(pager, 0, -300, t + 1);
    CHECK(fabs(fw_pager_offset(pager).y + 300) < 1e-9);
    fw_pager_scroll_ended(pager, t + 1.01);
    t = settle(pager, t + 1.01);
    /* Bad values: false, and the distance stays 800 × 600. */
    CHECK(!fw_pager_set_touchpad_distance(pager, 0, 600) && !fw_pager_set_touchpad_distance(pager, 800, -1));
    CHECK(!fw_pager_set_touchpad_distance(pager, NAN, 600) && !fw_pager_set_touchpad_distance(pager, 800, NAN));
    CHECK(!fw_pager_set_touchpad_distance(pager, INFINITY, 600));
    CHECK(!fw_pager_set_touchpad_distance(pager, 800, INFINITY));
    CHECK(!fw_pager_set_touchpad_distance(NULL, 800, 600));
    fw_pager_scroll(pager, -300, 0, t + 1);
    CHECK(fabs(fw_pager_offset(pager).x + 375) < 1e-9);
    fw_pager_scroll_ended(pager, t + 1.01);
    fw_pager_destroy(pager);
}

static void test_scroll_end_gap(void) {
    fw_pager *pager = fw_pager_create(1000, 600, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    /* By default 0.15 s of quiet ends a swipe. */
    fw_pager_scroll(pager, -100, 0, 0);
    fw_pager_advance(pager, 0.1);
    CHECK(fw_pager_is_dragging(pager));
    fw_pager_advance(pager, 0.2);
    CHECK(!fw_pager_is_dragging(pager));
    double t = settle(pager, 0.2);
    CHECK(fw_pager_set_scroll_end_gap(pager, 0.5));
    fw_pager_scroll(pager, -100, 0, t + 1);
    fw_pager_advance(pager, t + 1.3);
    CHECK(fw_pager_is_dragging(pager));
    fw_pager_advance(pager, t + 1.6);
    CHECK(!fw_pager_is_dragging(pager));
    t = settle(pager, t + 1.6);
    /* INFINITY: resting fingers hold the page until fw_pager_scroll_ended. */
    CHECK(fw_pager_set_scroll_end_gap(pager, INFINITY));
    fw_pager_scroll(pager, -100, 0, t + 1);
    fw_pager_advance(pager, t + 100);
    CHECK(fw_pager_is_dragging(pager) && fabs(fw_pager_offset(pager).x + 250) < 1e-9);
    fw_pager_scroll_ended(pager, t + 100);
    CHECK(!fw_pager_is_dragging(pager));
    t = settle(pager, t + 100);
    /* Bad values: false, and the gap stays INFINITY. */
    CHECK(!fw_pager_set_scroll_end_gap(pager, 0) && !fw_pager_set_scroll_end_gap(pager, -1));
    CHECK(!fw_pager_set_scroll_end_gap(pager, NAN) && !fw_pager_set_scroll_end_gap(pager, -INFINITY));
    CHECK(!fw_pager_set_scroll_end_gap(NULL, 1));
    fw_pager_scroll(pager, -100, 0, t + 1);
    fw_pager_advance(pager, t + 50);
    CHECK(fw_pager_is_dragging(pager));
    fw_pager_scroll_ended(pager, t + 50);
    fw_pager_destroy(pager);
}

static void test_overshoot_edges(void) {
    fw_pager *pager = fw_pager_create(100, 80, 3, 3);
    CHECK(fw_pager_set_overshoot_edges(pager, FW_EDGES_ALL & ~(1u << FW_EDGE_LEFT)));
    CHECK(!fw_pager_set_overshoot_edges(pager, 1u << 4) && !fw_pager_set_overshoot_edges(NULL, 0));
    /* Dragging the content right, towards the left edge: it never moves. */
    fw_pager_pointer_down(pager, 10, 40, 0);
    double moved = 0;
    for (int i = 1; i <= 10; i++) {
        fw_pager_pointer_moved(pager, 10 + 8.0 * i, 40, 0.01 * i);
        moved = fmax(moved, fabs(fw_pager_offset(pager).x));
    }
    fw_pager_pointer_up(pager, 90, 40, 0.11);
    settle(pager, 0.11);
    CHECK(moved == 0 && fw_pager_current_page(pager).h == 0);
    fw_event last;
    drain(pager, &last);
    CHECK(!fw_pager_flip(pager, FW_LEFT, 1));
    /* The top edge still rubber-bands. */
    fw_pager_pointer_down(pager, 50, 10, 2);
    fw_pager_pointer_moved(pager, 50, 60, 2.05);
    CHECK(fw_pager_offset(pager).y > 0);
    fw_pager_pointer_up(pager, 50, 60, 2.1);
    fw_pager_destroy(pager);
}

static void test_row_lengths(void) {
    fw_pager *pager = fw_pager_create(100, 80, FW_PAGES_INFINITE, 3);
    const int64_t lengths[] = {5, 2, 8};
    CHECK(fw_pager_set_row_lengths(pager, lengths, 3, 0));
    int64_t h = 0, v = 0, read[4] = {0};
    CHECK(fw_pager_page_counts(pager, &h, &v) && h == 8 && v == 3);
    CHECK(fw_pager_row_lengths(pager, read, 4) == 3 && read[0] == 5 && read[1] == 2 && read[2] == 8);
    CHECK(fw_pager_row_lengths(pager, NULL, 0) == 3);
    fw_pager_go(pager, 4, 0, false, 0);
    CHECK(fw_pager_current_page(pager).h == 4);
    /* Down into the row of two pages lands on its last page. */
    CHECK(fw_pager_flip(pager, FW_DOWN, 1));
    settle(pager, 1);
    CHECK(fw_pager_current_page(pager).h == 1 && fw_pager_current_page(pager).v == 1);
    CHECK(!fw_pager_flip(pager, FW_RIGHT, 2));   /* its edge */
    const int64_t negative[] = {3, -1};
    CHECK(!fw_pager_set_row_lengths(pager, negative, 2, 3) && !fw_pager_set_row_lengths(pager, NULL, 2, 3));
    CHECK(!fw_pager_set_row_lengths(NULL, lengths, 3, 3));
    CHECK(fw_pager_row_lengths(pager, NULL, 0) == 3);
    /* NULL and 0 end ragged rows: every row spans the longest. */
    CHECK(fw_pager_set_row_lengths(pager, NULL, 0, 3));
    CHECK(fw_pager_row_lengths(pager, read, 4) == 0);
    CHECK(fw_pager_flip(pager, FW_RIGHT, 4));
    fw_pager_destroy(pager);
}

/* -------------------------------------------------------- 0.2.0: zoom */

static void test_zoom(void) {
    fw_pager *pager = fw_pager_create(100, 80, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    CHECK(fw_pager_zoom_scale(pager) == 1 && !fw_pager_is_zoomed(pager));
    CHECK(fw_pager_zoom_maximum_scale(pager) == 4);
    CHECK(fw_pager_zoom_to(pager, 2, 50, 40, false, 0));
    CHECK(fw_pager_zoom_scale(pager) == 2 && fw_pager_is_zoomed(pager));
    CHECK(fw_pager_zoom_by(pager, 1.5, 50, 40, false, 0));
    CHECK(fw_pager_zoom_scale(pager) == 3);
    CHECK(fw_pager_reset_zoom(pager, false, 0));
    CHECK(fw_pager_zoom_scale(pager) == 1 && !fw_pager_is_zoomed(pager));
    CHECK(!fw_pager_reset_zoom(pager, false, 0));   /* already at fit */
    fw_event last;
    drain(pager, &last);
    CHECK(last.kind == FW_EVENT_SETTLED);
    /* Bad arguments change nothing. */
    CHECK(!fw_pager_zoom_to(pager, NAN, 50, 40, false, 1) && !fw_pager_zoom_to(pager, 0, 50, 40, false, 1));
    CHECK(!fw_pager_zoom_to(pager, -2, 50, 40, false, 1) && !fw_pager_zoom_to(pager, 2, NAN, 40, false, 1));
    CHECK(!fw_pager_zoom_by(pager, 0, 50, 40, false, 1) && !fw_pager_zoom_by(pager, INFINITY, 50, 40, false, 1));
    CHECK(!fw_pager_zoom_in(pager, NAN, 0, 1) && !fw_pager_zoom_out(pager, 0, INFINITY, 1));
    CHECK(!fw_pager_toggle_zoom(pager, NAN, NAN, 1));
    CHECK(!fw_pager_set_zoom_content(pager, 0, 40, 1, 1) && !fw_pager_set_zoom_content(pager, 50, NAN, 1, 1));
    CHECK(!fw_pager_set_zoom_content(pager, 50, 40, -1, 1));
    CHECK(fw_pager_zoom_scale(pager) == 1 && drain(pager, NULL) == 0);
    /* Content 50×40 at 1:1 = 3× fit: drawn centred, then zoomed around the centre. */
    CHECK(fw_pager_set_zoom_content(pager, 50, 40, 3, 1));
    CHECK(fw_pager_zoom_maximum_scale(pager) == 6);
    fw_rect frame = fw_pager_zoom_content_frame(pager);
    CHECK(frame.x == 25 && frame.y == 20 && frame.width == 50 && frame.height == 40);
    fw_rect visible = fw_pager_zoom_visible_rect(pager);
    CHECK(visible.x == 0 && visible.y == 0 && visible.width == 1 && visible.height == 1);
    CHECK(fw_pager_zoom_to(pager, 4, 50, 40, false, 1));
    frame = fw_pager_zoom_content_frame(pager);
    CHECK(frame.x == -50 && frame.y == -40 && frame.width == 200 && frame.height == 160);
    visible = fw_pager_zoom_visible_rect(pager);
    CHECK(visible.x == 0.25 && visible.y == 0.25 && visible.width == 0.5 && visible.height == 0.5);
    CHECK(fw_pager_reset_zoom(pager, false, 1));
    /* Animated: the target at once, the scale once settled; one zoom-changed. */
    CHECK(fw_pager_zoom_in(pager, 50, 40, 2));
    CHECK(fw_pager_zoom_target_scale(pager) == 1.5 && fw_pager_zoom_scale(pager) == 1);
    drain(pager, &last);
    CHECK(last.kind == FW_EVENT_ZOOM_CHANGED && last.scale == 1.5 && !last.at_fit);
    double t = settle(pager, 2);
    CHECK(fw_pager_zoom_scale(pager) == 1.5);
    CHECK(fw_pager_zoom_out(pager, 50, 40, t));
    t = settle(pager, t);
    CHECK(fw_pager_zoom_scale(pager) == 1);
    CHECK(fw_pager_toggle_zoom(pager, 50, 40, t));   /* fit → 1:1 */
    t = settle(pager, t);
    CHECK(fw_pager_zoom_scale(pager) == 3);
    /* A drag on the zoomed page pans it; the page stays. */
    fw_pager_pointer_down(pager, 50, 40, t + 1);
    fw_pager_pointer_moved(pager, 80, 40, t + 1.05);
    fw_pager_pointer_moved(pager, 90, 40, t + 1.1);
    CHECK(fw_pager_zoom_translation(pager).x > 0 && fw_pager_offset(pager).x == 0);
    fw_pager_pointer_up(pager, 90, 40, t + 1.2);
    CHECK(fw_pager_zoom_to(pager, 2, 50, 40, true, t + 1.2));
    t = settle(pager, t + 1.2);
    CHECK(fw_pager_current_page(pager).h == 0 && fw_pager_zoom_scale(pager) == 2);
    /* Landing on another page resets the zoom. */
    CHECK(fw_pager_flip(pager, FW_DOWN, t));
    settle(pager, t);
    CHECK(fw_pager_zoom_scale(pager) == 1 && fw_pager_current_page(pager).v == 1);
    fw_pager_destroy(pager);
}

/* ----------------------------------------------- 0.2.0: more state, NULL */

static void test_more_state(void) {
    fw_pager *pager = fw_pager_create(100, 80, 5, 0);
    CHECK(fw_pager_phase(pager) == FW_PHASE_IDLE && !fw_pager_is_dragging(pager) && fw_pager_time(pager) == 0);
    fw_pager_pointer_down(pager, 50, 40, 1);
    CHECK(fw_pager_phase(pager) == FW_PHASE_PRESSED && fw_pager_time(pager) == 1);
    fw_pager_pointer_moved(pager, 20, 40, 1.05);
    CHECK(fw_pager_phase(pager) == FW_PHASE_DRAGGING_H && fw_pager_is_dragging(pager));
    fw_pager_pointer_up(pager, 10, 40, 1.1);
    CHECK(fw_pager_phase(pager) == FW_PHASE_ANIMATING);
    settle(pager, 1.1);
    fw_pager_pointer_down(pager, 50, 40, 3);
    fw_pager_pointer_moved(pager, 50, 0, 3.05);   /* along the disabled axis */
    CHECK(fw_pager_phase(pager) == FW_PHASE_DRAGGING_NONE);
    fw_pager_pointer_up(pager, 50, 0, 3.1);
    fw_pager_scroll(pager, -10, 0, 4);
    CHECK(fw_pager_phase(pager) == FW_PHASE_SCROLLING_H);
    fw_pager_scroll_ended(pager, 4.01);
    settle(pager, 4.01);
    fw_point size = fw_pager_page_size(pager);
    CHECK(size.x == 100 && size.y == 80);
    fw_pager_resize(pager, 60, 50, 5);
    size = fw_pager_page_size(pager);
    CHECK(size.x == 60 && size.y == 50);
    int64_t h = 0, v = 9;
    CHECK(fw_pager_page_counts(pager, &h, NULL) && h == 5);
    CHECK(fw_pager_page_counts(pager, NULL, &v) && v == 0);
    fw_pager_set_bounds(pager, FW_PAGES_INFINITE, 4, 5);
    CHECK(fw_pager_page_counts(pager, &h, &v) && h == FW_PAGES_INFINITE && v == 4);
    CHECK(fw_pager_config(pager).drag_slop == 16 && fw_pager_config(NULL).spring_stiffness == 500);
    fw_config firm = fw_config_default();
    firm.drag_slop = 4;
    fw_pager *configured = fw_pager_create_with_config(100, 80, 1, 1, &firm);
    CHECK(fw_pager_config(configured).drag_slop == 4);
    fw_pager_destroy(configured);
    CHECK(fw_pager_dropped_event_count(pager) == 0);
    for (int i = 0; i < 200; i++) {
        fw_pager_flip(pager, FW_RIGHT, 6 + i);
        fw_pager_advance(pager, 6.5 + i);
    }
    CHECK(fw_pager_dropped_event_count(pager) > 0);
    fw_pager_destroy(pager);
}

static void test_new_functions_with_null(void) {
    int64_t lengths[2] = {1, 2};
    CHECK(!fw_pager_set_row_lengths(NULL, lengths, 2, 0) && !fw_pager_set_spacing(NULL, 1, 0));
    CHECK(!fw_pager_set_zoom_content(NULL, 1, 1, 1, 0) && !fw_pager_zoom_to(NULL, 2, 0, 0, true, 0));
    CHECK(!fw_pager_zoom_by(NULL, 2, 0, 0, true, 0) && !fw_pager_zoom_in(NULL, 0, 0, 0));
    CHECK(!fw_pager_zoom_out(NULL, 0, 0, 0) && !fw_pager_toggle_zoom(NULL, 0, 0, 0));
    CHECK(!fw_pager_reset_zoom(NULL, true, 0) && !fw_pager_is_zoomed(NULL));
    CHECK(fw_pager_zoom_scale(NULL) == 1 && fw_pager_zoom_target_scale(NULL) == 1);
    CHECK(fw_pager_zoom_maximum_scale(NULL) == 1);
    fw_point pan = fw_pager_zoom_translation(NULL), size = fw_pager_page_size(NULL);
    CHECK(pan.x == 0 && pan.y == 0 && size.x == 0 && size.y == 0);
    fw_rect frame = fw_pager_zoom_content_frame(NULL), visible = fw_pager_zoom_visible_rect(NULL);
    CHECK(frame.width == 0 && frame.height == 0 && visible.width == 0 && visible.height == 0);
    CHECK(fw_pager_phase(NULL) == FW_PHASE_IDLE && !fw_pager_is_dragging(NULL) && fw_pager_time(NULL) == 0);
    int64_t h = 7;
    CHECK(fw_pager_dropped_event_count(NULL) == 0 && !fw_pager_page_counts(NULL, &h, &h) && h == 7);
    CHECK(fw_pager_row_lengths(NULL, lengths, 2) == 0 && lengths[0] == 1);
    CHECK(!fw_pager_set_touchpad_distance(NULL, 400, 300) && !fw_pager_set_scroll_end_gap(NULL, 0.15));
    CHECK(FW_PAGER_VERSION_MAJOR == 0 && FW_PAGER_VERSION_MINOR >= 2);
}

/* ------------------------------------------------------- hostile numbers */

/* Every value a host could pass by mistake or malice. Before the engine's
   guards (Sources/Pager/PagerModel+Limits.swift) a huge phase trapped in
   sin/cos (SIGILL), a huge or infinite coordinate looped for ever landing
   pages, and a page of 1e308 px never settled. A hang inside a call cannot
   be caught here: Tests/c-interface/run gives this program a time limit. */
static const double hostile[] = {NAN, INFINITY, -INFINITY, 1e308, -1e308, 1e300, -1e300,
                                 0, -0.0, -1, 1e-300, 4.9e-324, -4.9e-324};
#define HOSTILE_COUNT ((int)(sizeof hostile / sizeof hostile[0]))
static const int64_t hostile_pages[] = {INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
                                        FW_PAGE_INDEX_LIMIT, -FW_PAGE_INDEX_LIMIT, -2, -1, 0};
#define HOSTILE_PAGE_COUNT ((int)(sizeof hostile_pages / sizeof hostile_pages[0]))

/* Advances until settled: 600 frames at 60 fps, then (the slowest spring the
   engine allows creeps for hours) up to 10 000 steps of 10 s. Drains events
   on the way, at most 1000 per step (the queue holds 256). */
static double settle_slowly(fw_pager *pager, double from, int *events_drained) {
    double t = from;
    for (int i = 0; i < 10600 && !fw_pager_is_settled(pager); i++) {
        t += i < 600 ? 1.0 / 60 : 10;
        fw_pager_advance(pager, t);
        fw_event event;
        int polled = 0;
        while (polled < 1000 && fw_pager_poll_event(pager, &event)) polled++;
        if (events_drained && polled == 1000) *events_drained = 0;
    }
    return t;
}

/* The model's invariants: nine slots at the nine distinct cells around the
   current page, the current page within its bounds (an infinite axis ends at
   ±2 × FW_PAGE_INDEX_LIMIT), the offset finite. */
static bool keeps_invariants(fw_pager *pager) {
    fw_slot slots[FW_SLOT_COUNT];
    if (fw_pager_slots(pager, slots) != FW_SLOT_COUNT) return false;
    bool seen[3][3] = {{false}};
    for (int i = 0; i < FW_SLOT_COUNT; i++) {
        if (slots[i].id != i || slots[i].column < -1 || slots[i].column > 1 || slots[i].row < -1 || slots[i].row > 1)
            return false;
        if (seen[slots[i].column + 1][slots[i].row + 1]) return false;
        seen[slots[i].column + 1][slots[i].row + 1] = true;
        if (!isfinite(slots[i].frame.x) || !isfinite(slots[i].frame.y) || !(slots[i].visible_fraction >= 0))
            return false;
    }
    fw_page page = fw_pager_current_page(pager);
    int64_t h = 0, v = 0;
    fw_pager_page_counts(pager, &h, &v);
    const int64_t end = 2 * FW_PAGE_INDEX_LIMIT;  /* where an infinite axis ends */
    bool in_h = h == FW_PAGES_INFINITE ? page.h >= -end && page.h <= end : page.h >= 0 && page.h < (h > 0 ? h : 1);
    bool in_v = v == FW_PAGES_INFINITE ? page.v >= -end && page.v <= end : page.v >= 0 && page.v < (v > 0 ? v : 1);
    fw_point offset = fw_pager_offset(pager);
    return in_h && in_v && isfinite(offset.x) && isfinite(offset.y);
}

/* Whether the pager still works after whatever it was fed: it keeps its
   invariants, settles with the offset exactly 0 and events drained, and
   (back on ordinary options and page (0, 0)) a quick drag to the left flips
   exactly one page and settles again. */
static bool still_works(fw_pager *pager, double *t) {
    int drained = 1;
    if (!keeps_invariants(pager)) return false;
    *t = settle_slowly(pager, *t + 1, &drained);
    fw_point offset = fw_pager_offset(pager);
    if (!fw_pager_is_settled(pager) || offset.x != 0 || offset.y != 0 || !keeps_invariants(pager)) return false;
    fw_pager_set_bounds(pager, FW_PAGES_INFINITE, FW_PAGES_INFINITE, *t);
    fw_pager_set_long_swipes(pager, false, 1);
    fw_pager_reset_zoom(pager, false, *t);
    fw_pager_go(pager, 0, 0, false, *t);
    *t = settle_slowly(pager, *t, &drained);
    fw_pager_pointer_down(pager, 600, 400, *t + 1);
    fw_pager_pointer_moved(pager, 500, 400, *t + 1.01);
    fw_pager_pointer_up(pager, 300, 400, *t + 1.02);
    *t = settle_slowly(pager, *t + 1.02, &drained);
    fw_page page = fw_pager_current_page(pager);
    offset = fw_pager_offset(pager);
    return drained && fw_pager_is_settled(pager) && offset.x == 0 && offset.y == 0 && page.h == 1 && page.v == 0
           && keeps_invariants(pager);
}

/* A pager mid-drag and another mid-animation: hostile input meets every state. */
static fw_pager *pager_in_motion(bool dragging, double *t) {
    fw_pager *pager = fw_pager_create(1280, 800, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    fw_pager_pointer_down(pager, 600, 400, *t);
    fw_pager_pointer_moved(pager, 500, 400, *t + 0.01);
    if (!dragging) {
        fw_pager_pointer_up(pager, 300, 400, *t + 0.02);
        fw_pager_advance(pager, *t + 0.03);
    }
    *t += 0.03;
    return pager;
}

static void feed_every_function(fw_pager *pager, double x, double t) {
    fw_pager_pointer_down(pager, x, 400, t);
    fw_pager_pointer_moved(pager, x, x, t);
    fw_pager_pointer_moved(pager, 300, x, x);
    fw_pager_pointer_up(pager, x, 300, x);
    fw_pager_scroll(pager, x, 0, t);
    fw_pager_scroll(pager, 0, x, x);
    fw_pager_scroll_ended(pager, x);
    fw_pager_advance(pager, x);
    fw_pager_flip(pager, FW_RIGHT, x);
    fw_pager_advance(pager, x);
    fw_pager_go(pager, 3, -2, true, x);
    fw_pager_interrupt(pager, FW_INTERRUPT_HOST, x);
    fw_pager_resize(pager, x, 800, t);
    fw_pager_resize(pager, 1280, x, x);
    fw_pager_set_bounds(pager, FW_PAGES_INFINITE, 3, x);
    fw_pager_set_spacing(pager, x, x);
    fw_pager_set_reversed(pager, false, false, x);
    fw_pager_set_touchpad_distance(pager, x, x);
    fw_pager_scroll(pager, -50, 0, t);
    fw_pager_scroll(pager, 0, -50, t + 0.01);
    fw_pager_set_scroll_end_gap(pager, x);
    fw_pager_set_zoom_content(pager, x, x, x, x);
    fw_pager_zoom_to(pager, x, x, x, true, t);
    fw_pager_zoom_by(pager, x, 0, x, false, x);
    fw_pager_zoom_in(pager, x, x, x);
    fw_pager_zoom_out(pager, x, 0, x);
    fw_pager_toggle_zoom(pager, 0, x, x);
    fw_pager_advance(pager, t + 0.02);
    fw_pager_reset_zoom(pager, true, x);
    fw_pager_set_touchpad_distance(pager, 400, 300);
    fw_pager_set_scroll_end_gap(pager, 0.15);
    fw_pager_set_spacing(pager, 0, t);
    fw_pager_resize(pager, 1280, 800, t);
}

static void test_hostile_numbers_in_every_function(void) {
    /* The positive control: the check passes on a fresh pager and fails on
       one held by a pointer, so a pass below means something. */
    double t = 0;
    fw_pager *control = fw_pager_create(1280, 800, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
    CHECK(still_works(control, &t));
    fw_pager_pointer_down(control, 10, 10, t + 1);
    CHECK(!still_works(control, &t));
    fw_pager_destroy(control);

    for (int i = 0; i < HOSTILE_COUNT; i++) {
        for (int dragging = 0; dragging <= 1; dragging++) {
            t = 0;
            fw_pager *pager = pager_in_motion(dragging, &t);
            feed_every_function(pager, hostile[i], t);
            fw_pager_pointer_up(pager, 300, 400, t + 0.05);  /* ends a drag left pressed */
            t += 0.05;
            if (!still_works(pager, &t)) printf("  hostile value %g (%s)\n", hostile[i], dragging ? "drag" : "animation");
            CHECK(still_works(pager, &t));
            fw_pager_destroy(pager);
        }
    }
}

static void test_hostile_page_indices_and_counts(void) {
    for (int i = 0; i < HOSTILE_PAGE_COUNT; i++) {
        int64_t n = hostile_pages[i];
        double t = 0;
        fw_pager *pager = fw_pager_create(1280, 800, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
        fw_pager_go(pager, n, n, false, t);
        CHECK(keeps_invariants(pager));
        fw_pager_flip(pager, FW_RIGHT, 0.1);
        fw_pager_flip(pager, FW_UP, 0.1);
        fw_pager_go(pager, -n, n, true, 0.2);  /* -INT64_MIN: the C side wraps to INT64_MIN */
        fw_pager_advance(pager, 0.25);
        fw_pager_set_bounds(pager, n, n, 0.3);
        fw_pager_go(pager, n, n, true, 0.4);
        fw_pager_flip(pager, FW_RIGHT, 0.5);
        fw_pager_flip(pager, FW_DOWN, 0.5);
        int64_t lengths[3] = {n, INT64_MAX, n};
        fw_pager_set_row_lengths(pager, lengths, 3, 0.6);
        fw_pager_go(pager, INT64_MAX, 1, true, 0.7);
        fw_pager_flip(pager, FW_DOWN, 0.8);
        fw_pager_set_long_swipes(pager, true, INT32_MAX);
        fw_pager_set_long_swipes(pager, true, INT32_MIN);
        fw_pager_set_overshoot_edges(pager, UINT32_MAX);
        t = 0.8;
        if (!still_works(pager, &t)) printf("  hostile page %lld\n", (long long)n);
        CHECK(still_works(pager, &t));
        fw_pager_destroy(pager);
    }
    fw_pager *bounded = fw_pager_create(1280, 800, INT64_MAX, INT64_MAX);
    fw_pager_go(bounded, INT64_MAX, INT64_MAX, true, 0);
    settle_slowly(bounded, 0, NULL);
    fw_page last = fw_pager_current_page(bounded);
    CHECK(last.h == FW_PAGE_INDEX_LIMIT - 1 && last.v == FW_PAGE_INDEX_LIMIT - 1);
    CHECK(!fw_pager_flip(bounded, FW_RIGHT, 1) && !fw_pager_flip(bounded, FW_DOWN, 1));
    fw_pager_destroy(bounded);
}

/* Springs and easings at the ends of the ranges fw_config accepts (any
   finite value above 0), each released fast and, mid-animation, advanced to
   a time far ahead. */
static void test_extreme_springs_and_durations(void) {
    const double ends[] = {1e-300, 4.9e-324, 1e300, 1.7976931348623157e308, 0.5, 1};
    const int count = (int)(sizeof ends / sizeof ends[0]);
    for (int a = 0; a < count; a++)
        for (int b = 0; b < count; b++)
            for (int easing = 0; easing <= 1; easing++) {
                fw_config config = fw_config_default();
                config.spring_damping_ratio = ends[a];
                config.spring_stiffness = ends[b];
                config.spring_mass = ends[(a + b) % count];
                config.animation = easing ? FW_ANIMATION_EASING : FW_ANIMATION_SPRING;
                config.easing_minimum_duration = ends[a] < ends[b] ? ends[a] : ends[b];
                config.easing_maximum_duration = ends[a] < ends[b] ? ends[b] : ends[a];
                fw_pager *pager = fw_pager_create_with_config(1280, 800, FW_PAGES_INFINITE, 5, &config);
                CHECK(pager != NULL);
                if (!pager) continue;
                fw_pager_pointer_down(pager, 600, 400, 0);
                fw_pager_pointer_moved(pager, 500, 400, 0.01);
                fw_pager_pointer_up(pager, 300, 400, 0.02);
                fw_pager_advance(pager, 0.03);
                fw_pager_advance(pager, 1e300);
                fw_pager_flip(pager, FW_DOWN, 0.04);
                fw_pager_advance(pager, 1e300);
                double t = 0.05;
                bool works = still_works(pager, &t);
                if (!works) printf("  spring %g %g %g easing %d\n", ends[a], config.spring_mass, ends[b], easing);
                CHECK(works);
                fw_pager_destroy(pager);
            }
}

/* Hostile sizes at creation: refused (NULL) or held, never a hang. */
static void test_hostile_sizes_at_creation(void) {
    for (int i = 0; i < HOSTILE_COUNT; i++) {
        fw_pager *pager = fw_pager_create(hostile[i], 800, FW_PAGES_INFINITE, FW_PAGES_INFINITE);
        bool valid = isfinite(hostile[i]) && hostile[i] > 0;
        CHECK((pager != NULL) == valid);
        if (!pager) continue;
        fw_point size = fw_pager_page_size(pager);
        CHECK(size.x >= 1 && size.x <= 16777216);
        fw_pager_resize(pager, 1280, 800, 0);
        double t = 0;
        CHECK(still_works(pager, &t));
        fw_pager_destroy(pager);
    }
}

/* An event with hostile fields: a JSON line or nothing, never a trap. */
static void test_hostile_event_json(void) {
    fw_event event;
    memset(&event, 0, sizeof event);
    char line[1024];
    for (int i = 0; i < HOSTILE_COUNT; i++) {
        event.kind = FW_EVENT_ZOOM_CHANGED;
        event.time = hostile[i];
        event.scale = hostile[i];
        CHECK(fw_pager_event_json(&event, line, sizeof line) > 0);
    }
    event.kind = FW_EVENT_PAGE_CHANGED;
    event.from = (fw_page){INT64_MIN, INT64_MAX};
    event.to = (fw_page){INT64_MAX, INT64_MIN};
    CHECK(fw_pager_event_json(&event, line, sizeof line) > 0);
    event.kind = FW_EVENT_SLOTS_RECYCLED;
    event.slot_count = INT32_MAX;
    CHECK(fw_pager_event_json(&event, line, sizeof line) == 0);
    event.slot_count = INT32_MIN;
    CHECK(fw_pager_event_json(&event, line, sizeof line) == 0);
}

int main(void) {
    test_version_and_config();
    test_create_rejects_bad_sizes_and_counts();
    test_create_on_page_starts_there_as_if_created_there();
    test_null_pager_is_a_no_op();
    test_flip_go_and_state();
    test_slots();
    test_drag_and_bad_coordinates();
    test_scroll_and_interrupt();
    test_resize_and_bounds();
    test_events_and_json();
    test_two_pagers_are_independent();
    test_pagers_on_threads_match_one_thread();
    test_spacing();
    test_reversed();
    test_long_swipes();
    test_touchpad_distance();
    test_scroll_end_gap();
    test_overshoot_edges();
    test_row_lengths();
    test_zoom();
    test_more_state();
    test_new_functions_with_null();
    test_hostile_numbers_in_every_function();
    test_hostile_page_indices_and_counts();
    test_extreme_springs_and_durations();
    test_hostile_sizes_at_creation();
    test_hostile_event_json();
    printf("interface-test: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
