/*
 * fourway/pager.h — the C interface to Fourway's pager engine.
 *
 * An infinite four-direction pager as a pure, deterministic state machine:
 * time and input go in, state and events come out. The engine never reads a
 * clock, never draws and never allocates per input or per frame; the host
 * feeds it pointer, wheel and key input with its own timestamps (seconds),
 * calls fw_pager_advance() once per frame, draws the nine slots where the
 * engine puts them and drains the events.
 *
 *     fw_pager *pager = fw_pager_create(1280, 800, -1, 12);   // infinite rows, 12 columns down
 *     fw_pager_pointer_down(pager, 640, 400, 0.000);
 *     fw_pager_pointer_moved(pager, 500, 402, 0.016);
 *     fw_pager_pointer_up(pager, 300, 405, 0.050);
 *     fw_pager_advance(pager, 0.066);                          // once per frame
 *     fw_slot slots[FW_SLOT_COUNT];
 *     size_t count = fw_pager_slots(pager, slots);
 *     for (size_t i = 0; i < count; i++)
 *         if (slots[i].has_page && slots[i].visible_fraction > 0) draw(&slots[i]);
 *     fw_event event;
 *     while (fw_pager_poll_event(pager, &event)) handle(&event);
 *     fw_pager_destroy(pager);
 *
 * Build against the installed library with pkg-config:
 *
 *     cc app.c $(pkg-config --cflags --libs fourway-pager)
 *
 * The library is built with Embedded Swift: it needs no Swift runtime, only
 * libc and libm. It exports only the fw_ functions below.
 *
 * Threads and state: there is no global state. Two pagers are independent;
 * each may be used from its own thread, but one pager must not be used from
 * two threads at once.
 *
 * Bad arguments never crash. Each function says what it does with them:
 * a NULL pager makes every function a no-op that returns false, 0 or a zero
 * value; a NaN or infinite time is ignored (the engine keeps the latest
 * finite time it has seen, and time never runs backwards); input with a NaN
 * or infinite coordinate or delta is ignored; page indices are clamped to
 * ±FW_PAGE_INDEX_LIMIT.
 *
 * Versioning follows semantic versioning (see fw_pager_version): a change
 * that breaks a program compiled against an earlier header of the same major
 * version (a removed or renamed function, type or constant, a changed
 * signature or struct layout — a new fw_config or fw_event field included —,
 * a changed meaning of a value, a changed event JSON line) bumps the major
 * version. Adding functions, constants or event kinds is a minor version.
 */
#ifndef FOURWAY_PAGER_H
#define FOURWAY_PAGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ values */

/** The version of this interface and of the engine in it, "MAJOR.MINOR.PATCH". */
#define FW_PAGER_VERSION "0.1.0"

/** How many slots a pager has: the 3×3 arrangement around the current page. */
#define FW_SLOT_COUNT 9

/** Page counts: an axis without bounds. */
#define FW_PAGES_INFINITE (-1)

/** Page indices are clamped to ±this (2^60), so that no step can overflow. */
#define FW_PAGE_INDEX_LIMIT ((int64_t)1 << 60)

/** A page of the grid: column h (grows to the right), row v (grows downward). */
typedef struct fw_page {
    int64_t h;
    int64_t v;
} fw_page;

/** A point or a displacement in viewport pixels. */
typedef struct fw_point {
    double x;
    double y;
} fw_point;

/** A rectangle in viewport pixels; the viewport is (0, 0, page width, page height). */
typedef struct fw_rect {
    double x;
    double y;
    double width;
    double height;
} fw_rect;

/** One of the nine page slots, as fw_pager_slots() fills it. */
typedef struct fw_slot {
    /** 0…8, stable for the life of the pager: key textures by it. */
    int32_t id;
    /** Grid position around the current page, each -1…1 (0, 0 = the current page). */
    int32_t column, row;
    /** Whether the slot shows a page; false outside the bounds. */
    bool has_page;
    /** The page shown (zero when has_page is false). */
    fw_page page;
    /** Where to draw it. */
    fw_rect frame;
    /** Share of the viewport it covers, 0…1. */
    double visible_fraction;
} fw_slot;

/** The direction the view moves to: FW_RIGHT shows h + 1, FW_DOWN shows v + 1. */
typedef int32_t fw_direction;
enum { FW_LEFT = 0, FW_RIGHT = 1, FW_UP = 2, FW_DOWN = 3 };

/** Why a gesture ended abnormally (fw_pager_interrupt). */
typedef int32_t fw_interruption;
enum {
    /** The window lost keyboard or pointer focus mid-gesture. */
    FW_INTERRUPT_FOCUS_LOST = 0,
    /** The window was hidden or minimised mid-gesture. */
    FW_INTERRUPT_WINDOW_HIDDEN = 1,
    /** A second finger or button joined the gesture. */
    FW_INTERRUPT_SECOND_POINTER = 2,
    /** The pointer was released outside the window and the release was lost. */
    FW_INTERRUPT_RELEASED_OUTSIDE = 3,
    /** The user pressed Escape. */
    FW_INTERRUPT_ESCAPE = 4,
    /** Any other reason the host has. */
    FW_INTERRUPT_HOST = 5
};

/** One of the two axes. */
typedef int32_t fw_axis;
enum { FW_AXIS_HORIZONTAL = 0, FW_AXIS_VERTICAL = 1 };

/** A bounded edge of the page grid, named for where it is on screen. */
typedef int32_t fw_edge;
enum { FW_EDGE_LEFT = 0, FW_EDGE_RIGHT = 1, FW_EDGE_TOP = 2, FW_EDGE_BOTTOM = 3 };

/** What an event reports; its name in the event JSON is in brackets. */
typedef int32_t fw_event_kind;
enum {
    /** [drag-began] A drag or scroll moved past the slop, or caught a moving page. */
    FW_EVENT_DRAG_BEGAN = 0,
    /** [axis-locked] The gesture locked to `axis` for the rest of its life. */
    FW_EVENT_AXIS_LOCKED = 1,
    /** [page-will-change] The pager is now heading from `from` to `to`. */
    FW_EVENT_PAGE_WILL_CHANGE = 2,
    /** [page-changed] The pager landed on `to`, now the current page. */
    FW_EVENT_PAGE_CHANGED = 3,
    /** [slots-recycled] `slot_count` slots got new pages: `slots`. */
    FW_EVENT_SLOTS_RECYCLED = 4,
    /** [bounced] A gesture or flip hit the bounded `edge` and springs back. */
    FW_EVENT_BOUNCED = 5,
    /** [interrupted] A gesture ended for `reason`; the pager settles on `page`. */
    FW_EVENT_INTERRUPTED = 6,
    /** [settled] Nothing moves; the pager rests on `page`. */
    FW_EVENT_SETTLED = 7,
    /** [zoom-changed] The page's zoom heads for `scale` (relative to fit); `at_fit`. */
    FW_EVENT_ZOOM_CHANGED = 8,
    /** [pan-handed-over] A pan reached the image's edge along `axis`; the drag moves
        the pager towards `direction`. */
    FW_EVENT_PAN_HANDED_OVER = 9
};

/** A slot and the page it shows now, in a slots-recycled event. */
typedef struct fw_slot_change {
    int32_t slot;
    /** false when the slot now lies outside the bounds. */
    bool has_page;
    fw_page page;
} fw_slot_change;

/**
 * Something the engine did, stamped with the time of the call that caused it.
 * Only the fields the kind names are set; the others are zero.
 */
typedef struct fw_event {
    fw_event_kind kind;
    /** Seconds, on the host's clock. */
    double time;
    fw_axis axis;                 /* axis-locked, pan-handed-over */
    fw_direction direction;       /* pan-handed-over */
    fw_page from, to;             /* page-will-change, page-changed */
    fw_page page;                 /* interrupted, settled */
    fw_edge edge;                 /* bounced */
    fw_interruption reason;       /* interrupted */
    double scale;                 /* zoom-changed */
    bool at_fit;                  /* zoom-changed */
    int32_t slot_count;           /* slots-recycled: 1…9 */
    fw_slot_change slots[FW_SLOT_COUNT];
} fw_event;

/** Which animation flips and returns use. */
typedef int32_t fw_animation;
enum {
    /** A damped spring from the release velocity (spring_* fields). */
    FW_ANIMATION_SPRING = 0,
    /** A cubic ease-out whose duration follows the distance and the release
        velocity, within easing_minimum_duration…easing_maximum_duration. */
    FW_ANIMATION_EASING = 1
};

/**
 * The tuning constants that matter, with their units. Start from
 * fw_config_default() and change fields; the defaults follow libadwaita's
 * swipe tracker, UIScrollView and Android's ViewPager.
 */
typedef struct fw_config {
    /** Distance a pointer travels before a drag starts, px (16). */
    double drag_slop;
    /** Distance a touchpad scroll travels before it locks an axis, px (4). */
    double scroll_slop;
    /** Release speed above which a pointer drag is a fling, px/s (300). */
    double pointer_fling_velocity;
    /** Release speed above which a touchpad scroll is a fling, px/s (600). */
    double scroll_fling_velocity;
    /** Release speeds are capped here, px/s (8000). */
    double maximum_release_speed;
    /** Share of a page a projected release must pass to flip, 0…1 (0.5). */
    double flip_threshold;
    /** Rubber-band constant c in d·(1 − 1/(x·c/d + 1)), > 0 (0.55). */
    double rubber_band_coefficient;
    /** FW_ANIMATION_SPRING (default) or FW_ANIMATION_EASING. */
    fw_animation animation;
    /** The spring: damping ratio (1 = critical), mass (0.5) and stiffness
        (500), each > 0. Releases and returns use it with FW_ANIMATION_SPRING;
        bounces from an edge always do. fw_pager_flip() and an animated
        fw_pager_go() do not: they use the engine's key flip, a 120 ms
        quintic ease-out (no field here sets it yet: a new field would change
        this struct's layout). */
    double spring_damping_ratio;
    double spring_mass;
    double spring_stiffness;
    /** Easing durations, s, 0 < minimum ≤ maximum (0.2 and 0.4). */
    double easing_minimum_duration;
    double easing_maximum_duration;
} fw_config;

/** An engine; opaque. Create with fw_pager_create(), free with fw_pager_destroy(). */
typedef struct fw_pager fw_pager;

/* --------------------------------------------------------------- lifecycle */

/** The interface's version, FW_PAGER_VERSION: a static string, never freed. */
const char *fw_pager_version(void);

/** The default configuration. */
fw_config fw_config_default(void);

/**
 * A pager showing page (0, 0) of pages page_width × page_height px (the
 * viewport). Page counts per axis: FW_PAGES_INFINITE (-1) for no bounds,
 * 0 to disable the axis, N for pages 0…N-1.
 * Returns NULL when a page size is not a finite number above 0, when a page
 * count is below -1, or when memory runs out.
 */
fw_pager *fw_pager_create(double page_width, double page_height,
                          int64_t horizontal_pages, int64_t vertical_pages);

/**
 * fw_pager_create() with a configuration (NULL: the default). Returns NULL
 * also when a field of config is out of its range (see fw_config) or not finite.
 */
fw_pager *fw_pager_create_with_config(double page_width, double page_height,
                                      int64_t horizontal_pages, int64_t vertical_pages,
                                      const fw_config *config);

/** Frees the pager. NULL is allowed and does nothing. */
void fw_pager_destroy(fw_pager *pager);

/* ------------------------------------------------------------------- input */

/** A mouse button or finger went down at (x, y), viewport px; catches a moving page. */
void fw_pager_pointer_down(fw_pager *pager, double x, double y, double time);

/** The pointer moved. Before the slop nothing moves; then the drag locks to one axis. */
void fw_pager_pointer_moved(fw_pager *pager, double x, double y, double time);

/** The pointer was released: flip, return or bounce, from position and velocity. */
void fw_pager_pointer_up(fw_pager *pager, double x, double y, double time);

/**
 * Touchpad scrolling by (dx, dy) content px (the same sign as a drag: a
 * negative dx moves the content left and brings the page on the right).
 * The gesture ends with fw_pager_scroll_ended() or after 0.15 s of quiet.
 */
void fw_pager_scroll(fw_pager *pager, double dx, double dy, double time);

/** The touchpad's fingers lifted: the scroll gesture ends now. */
void fw_pager_scroll_ended(fw_pager *pager, double time);

/**
 * Animates one page in `direction` with the key flip (a 120 ms quintic
 * ease-out; a flip during a flip retargets it, so N flips end N pages on);
 * at a bounded edge the page nudges and bounces back. Returns whether a flip started (false during a gesture, at
 * an edge, for a direction that is not FW_LEFT…FW_DOWN, or for NULL).
 */
bool fw_pager_flip(fw_pager *pager, fw_direction direction, double time);

/** Shows page (h, v), clamped into the bounds: at once or animated. */
void fw_pager_go(fw_pager *pager, int64_t h, int64_t v, bool animated, double time);

/**
 * Ends the gesture in progress abnormally; the pager settles on the nearest
 * page and reports an interrupted event. Returns whether there was a gesture
 * (false also for an unknown reason, which is ignored).
 */
bool fw_pager_interrupt(fw_pager *pager, fw_interruption reason, double time);

/**
 * The viewport (one page) is now width × height px; the page and the
 * relative position are kept, even mid-gesture. Returns false, changing
 * nothing, when a size is not a finite number above 0.
 */
bool fw_pager_resize(fw_pager *pager, double width, double height, double time);

/**
 * New page counts per axis (as fw_pager_create). The current page is clamped
 * into them. Returns false, changing nothing, when a count is below -1.
 */
bool fw_pager_set_bounds(fw_pager *pager, int64_t horizontal_pages, int64_t vertical_pages,
                         double time);

/** Moves time forward to `time`: steps animations, lands on pages, recycles slots. */
void fw_pager_advance(fw_pager *pager, double time);

/* ------------------------------------------------------------------- state */

/** At rest on a whole page: no gesture, no animation, offset zero. false for NULL. */
bool fw_pager_is_settled(const fw_pager *pager);

/** The current page ({0, 0} for NULL). */
fw_page fw_pager_current_page(const fw_pager *pager);

/** Displacement of the content from rest, px: positive x shows the page on the left. */
fw_point fw_pager_offset(const fw_pager *pager);

/**
 * Fills out[0…8] with the nine slots in id order and returns 9 (0 for a NULL
 * pager or a NULL out, which is then not written).
 */
size_t fw_pager_slots(const fw_pager *pager, fw_slot out[FW_SLOT_COUNT]);

/* ------------------------------------------------------------------ events */

/**
 * Takes the oldest event not yet read into *out and returns true; returns
 * false (leaving *out alone) when there is none. The queue holds 256 events:
 * drain it after each input or advance.
 */
bool fw_pager_poll_event(fw_pager *pager, fw_event *out);

/**
 * Writes the event as one JSON line, exactly as the engine's pager-replay
 * tool prints it (no newline), NUL-terminated, into buffer, and returns its
 * length without the NUL, like snprintf: when the result is ≥ capacity the
 * line was cut (still NUL-terminated when capacity > 0). 256 bytes hold any
 * event but a slots-recycled one far from page (0, 0); 1024 hold any. A NULL
 * buffer (with any capacity) only measures. A NULL event, or one whose kind or
 * fields are not values this header defines, writes an empty string and returns 0.
 *
 *     {"t":0.3,"event":"page-changed","from":[0,0],"to":[1,0]}
 */
size_t fw_pager_event_json(const fw_event *event, char *buffer, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* FOURWAY_PAGER_H */
