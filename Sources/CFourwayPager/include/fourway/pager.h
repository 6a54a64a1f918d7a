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
 * Bad arguments never crash or hang. Each function says what it does with
 * them: a NULL pager makes every function a no-op that returns false, 0 or a
 * zero value; a NaN or infinite time, or one beyond ±2^40 s (about 35 000
 * years), is ignored (the engine keeps the latest such time it has seen, and
 * time never runs backwards: an earlier time counts as the latest); input
 * with a NaN or infinite coordinate or delta is ignored, and finite ones are
 * clamped to ±2^40 px (touchpad units for a delta); page indices are clamped
 * to ±FW_PAGE_INDEX_LIMIT. Values the engine accepts but could not settle
 * from are held within a range, named where they are taken: page sizes,
 * spacing, springs, easing durations, long swipes, touchpad distances, zoom
 * content. Whatever the input, the pager keeps nine distinct slots and its
 * current page within its bounds, and settles with the offset exactly 0 once
 * time passes.
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
#define FW_PAGER_VERSION "0.2.0"

/** The version's parts, for compile-time checks: FW_PAGER_VERSION_MINOR >= 2
    has the paging options and zoom functions. */
#define FW_PAGER_VERSION_MAJOR 0
#define FW_PAGER_VERSION_MINOR 2
#define FW_PAGER_VERSION_PATCH 0

/** How many slots a pager has: the 3×3 arrangement around the current page. */
#define FW_SLOT_COUNT 9

/** Page counts: an axis without bounds. */
#define FW_PAGES_INFINITE (-1)

/** Page indices given to the interface are clamped to ±this (2^60); an
    infinite axis ends at ±2 × this (a bounded edge there), and a page count
    above this counts as this many, so that no step can overflow. */
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
    /** Distance a touchpad scroll travels before it locks an axis, touchpad
        units (4; see fw_pager_scroll). */
    double scroll_slop;
    /** Release speed above which a pointer drag is a fling, px/s (300). */
    double pointer_fling_velocity;
    /** Release speed above which a touchpad scroll is a fling, touchpad
        units/s (600). */
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
        (500), each > 0. Any finite values are taken; the motion holds the
        frequency sqrt(stiffness / mass) within 0.1…10^4 rad/s and the damping
        ratio within 0.01…100, so every spring settles (the slowest within
        hours of time passing). Releases and returns use it with FW_ANIMATION_SPRING;
        bounces from an edge always do. fw_pager_flip() and an animated
        fw_pager_go() do not: they use the engine's key flip, a 120 ms
        quintic ease-out (no field here sets it yet: a new field would change
        this struct's layout). */
    double spring_damping_ratio;
    double spring_mass;
    double spring_stiffness;
    /** Easing durations, s, 0 < minimum ≤ maximum (0.2 and 0.4). An easing
        lasts at most 60 s; one shorter than 1 ms ends at once. */
    double easing_minimum_duration;
    double easing_maximum_duration;
} fw_config;

/** What the pager is doing (fw_pager_phase); its name in pager-replay's
    --frames lines is in brackets. Since 0.2.0. */
typedef int32_t fw_phase;
enum {
    /** [idle] At rest on the current page. */
    FW_PHASE_IDLE = 0,
    /** [pressed] A pointer is down but has not moved past the slop. */
    FW_PHASE_PRESSED = 1,
    /** [dragging-h] [dragging-v] A pointer drag locked to an axis. */
    FW_PHASE_DRAGGING_H = 2,
    FW_PHASE_DRAGGING_V = 3,
    /** [dragging-none] A drag locked to a disabled axis: it moves nothing. */
    FW_PHASE_DRAGGING_NONE = 4,
    /** [scrolling-h] [scrolling-v] [scrolling-none] A touchpad scroll, likewise. */
    FW_PHASE_SCROLLING_H = 5,
    FW_PHASE_SCROLLING_V = 6,
    FW_PHASE_SCROLLING_NONE = 7,
    /** [animating] Animating towards another page. */
    FW_PHASE_ANIMATING = 8,
    /** [settling] Animating back to the current page (a return, a bounce). */
    FW_PHASE_SETTLING = 9
};

/** All four edges, as a bit set for fw_pager_set_overshoot_edges(): bit
    1u << FW_EDGE_LEFT and so on. Since 0.2.0. */
#define FW_EDGES_ALL ((1u << FW_EDGE_LEFT) | (1u << FW_EDGE_RIGHT) | (1u << FW_EDGE_TOP) | (1u << FW_EDGE_BOTTOM))

/** An engine; opaque. Create with fw_pager_create(), free with fw_pager_destroy(). */
typedef struct fw_pager fw_pager;

/* --------------------------------------------------------------- lifecycle */

/** The interface's version, FW_PAGER_VERSION: a static string, never freed. */
const char *fw_pager_version(void);

/** The default configuration. */
fw_config fw_config_default(void);

/**
 * A pager showing page (0, 0) of pages page_width × page_height px (the
 * viewport; each held within 1…2^24 px). Page counts per axis:
 * FW_PAGES_INFINITE (-1) for no bounds, 0 to disable the axis, N for pages
 * 0…N-1 (at most FW_PAGE_INDEX_LIMIT).
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

/**
 * fw_pager_create_with_config() showing page (start_h, start_v), clamped
 * into the bounds (config NULL: the default), as if it had always been
 * there: the nine slots are numbered as around page (0, 0) of a pager
 * created there, where an fw_pager_go() after fw_pager_create() moves
 * them and reports the change. Returns NULL as fw_pager_create_with_config().
 * Since 0.3.0.
 */
fw_pager *fw_pager_create_on_page(double page_width, double page_height,
                                  int64_t horizontal_pages, int64_t vertical_pages,
                                  int64_t start_h, int64_t start_v, const fw_config *config);

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
 * Touchpad scrolling by (dx, dy) touchpad units (the same sign as a drag: a
 * negative dx moves the content left and brings the page on the right): one
 * page per 400 units across and 300 down, whatever the page's size (see
 * fw_pager_set_touchpad_distance). The gesture ends with
 * fw_pager_scroll_ended() or after 0.15 s of quiet (see
 * fw_pager_set_scroll_end_gap).
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
 * nothing, when a size is not a finite number above 0; sizes are held
 * within 1…2^24 px.
 */
bool fw_pager_resize(fw_pager *pager, double width, double height, double time);

/**
 * New page counts per axis (as fw_pager_create). The current page is clamped
 * into them. Returns false, changing nothing, when a count is below -1.
 */
bool fw_pager_set_bounds(fw_pager *pager, int64_t horizontal_pages, int64_t vertical_pages,
                         double time);

/** Moves time forward to `time`: steps animations, lands on pages, recycles
    slots. A time far ahead (up to 2^40 s) ends every motion; beyond it, or
    before the latest time, it changes nothing. However far a motion or a drag
    went, landing is bounded work: the first pages land one by one, each
    reported; the rest of a far move at once. */
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

/* --------------------------------------------------------- paging options */

/*
 * Since 0.2.0: the paging options of the Swift PagerConfiguration, changed on
 * a running pager (fw_config keeps its 0.1.0 layout). Each returns false,
 * changing nothing, for a NULL pager and for the bad arguments it names; the
 * current page and the slots' ids are kept. A time is a time of the host's
 * clock, as for input.
 */

/**
 * A gap of `spacing` px (finite, >= 0; above 2^24 counts as 2^24) between
 * neighbouring pages, where the host draws its background: slot (column, row) is drawn at
 * column·(width + spacing) + offset.x, and every page step (the half-way
 * threshold, landing, a flip's travel, the rubber band) is measured in that
 * pitch. The offset, a running animation and a drag keep their share of the
 * pitch, as on a resize. 0 (the default) puts pages edge to edge.
 */
bool fw_pager_set_spacing(fw_pager *pager, double spacing, double time);

/**
 * Runs an axis against the screen: horizontal true puts h + 1 on the left
 * (right-to-left reading), vertical true puts v + 1 above (a bottom-up feed).
 * Screen terms keep their meaning (offsets, slot columns and rows, FW_RIGHT
 * is the page on the right of the screen, edges); only which page shows
 * where changes. Along an axis that turns, the slots get the pages of its new
 * direction (a slots-recycled event), a running animation keeps heading for
 * the same page, and a drag along it ends with no release decision, settling
 * on the nearest page. Both false is the default.
 */
bool fw_pager_set_reversed(fw_pager *pager, bool horizontal, bool vertical, double time);

/**
 * Long swipes: when allowed, one release travels as far as its decelerated
 * projection reaches, at most maximum_pages (>= 1; above 1000 counts as
 * 1000) pages, landing on each;
 * otherwise (the default) one release moves at most one page. The next
 * release decides by it. false for maximum_pages < 1.
 */
bool fw_pager_set_long_swipes(fw_pager *pager, bool allowed, int32_t maximum_pages);

/**
 * Touchpad units per page: fw_pager_scroll moves the page by
 * dx · (width + spacing) / horizontal px and dy · (height + spacing) /
 * vertical px (both finite, > 0, below 0.001 counting as 0.001; 400 and
 * 300 by default, libadwaita's). A
 * scroll under way keeps what it has moved; its next units use the new
 * distance. A pan on a zoomed page stays 1:1. Since 0.3.0.
 */
bool fw_pager_set_touchpad_distance(fw_pager *pager, double horizontal, double vertical);

/**
 * How long, s (> 0), a quiet touchpad scroll lasts before it ends by itself
 * and the release decides (0.15 by default). INFINITY: only
 * fw_pager_scroll_ended() ends a swipe, so resting fingers hold the page; for
 * a host whose source reports the lift (Wayland's axis_stop). false for NaN
 * and values <= 0. Since 0.3.0.
 */
bool fw_pager_set_scroll_end_gap(fw_pager *pager, double seconds);

/**
 * The bounded edges past which content overshoots, a bit set of
 * 1u << FW_EDGE_LEFT, FW_EDGE_RIGHT, FW_EDGE_TOP, FW_EDGE_BOTTOM
 * (FW_EDGES_ALL, the default; 0 for none). At an edge not in the set a drag
 * stops dead, a release towards it carries no speed and a flip into it does
 * nothing, with no bounced event. A drag already pulled past such an edge is
 * held at it. false for a bit outside FW_EDGES_ALL.
 */
bool fw_pager_set_overshoot_edges(fw_pager *pager, uint32_t edges);

/**
 * Ragged rows: row v holds lengths[v] pages (each >= 0; 0 counts as 1, as in
 * the Swift API), count rows; the vertical page count becomes count and the
 * horizontal one the longest row. Along h the current row's own length is the
 * edge, and a move up or down into a shorter row lands on its last page when
 * the column lies past its end. NULL or count 0 ends ragged rows (every row
 * spans the longest; fw_pager_set_bounds() ends them too). The current page
 * is placed into its row. The lengths are copied: as many rows as the pager
 * has held before allocate nothing. false for NULL with a count > 0 and for a
 * negative length.
 */
bool fw_pager_set_row_lengths(fw_pager *pager, const int64_t *lengths, size_t count, double time);

/* -------------------------------------------------------------------- zoom */

/*
 * Since 0.2.0: zoom and pan of the current page. A scale is relative to fit
 * (1 = the content fitted on the page), clamped to 1…fw_pager_zoom_maximum_scale().
 * On a zoomed page a drag or a touchpad scroll pans the content, and at its
 * edge the rest of the same drag moves the pager (a pan-handed-over event);
 * landing on another page or a resize resets the zoom to fit. Each change of
 * the target scale reports a zoom-changed event. Points are viewport px: the
 * point that stays still while zooming.
 */

/**
 * The current page's content: its size as fitted on the page (px, finite,
 * > 0) and the scale at which one image pixel is one screen pixel (finite,
 * > 0; 1 for an image shown at its own size when fitted). Before any call the
 * content is the page itself at pixel_scale 1. The zoom is kept (clamped).
 * Sizes are held within 1…2^24 px and pixel_scale within 0.001…2^20.
 * false for a bad size or scale.
 *
 *     // a 4000×3000 photo fitted into 1280×800 is 1067×800: 1:1 is 3.75× fit
 *     fw_pager_set_zoom_content(pager, 1067, 800, 3.75, t);
 */
bool fw_pager_set_zoom_content(fw_pager *pager, double width, double height, double pixel_scale,
                               double time);

/**
 * Zooms to `scale` (finite, > 0; clamped) holding the viewport point (x, y)
 * still, unless that would show past the content's edge; animated with the
 * zoom spring, or at once. Returns whether the target scale changed: false for
 * bad arguments (changing nothing), during a drag (zoom is ignored then) and
 * when the pager was already heading for that scale.
 */
bool fw_pager_zoom_to(fw_pager *pager, double scale, double x, double y, bool animated, double time);

/** Multiplies the target scale by `factor` (finite, > 0): Ctrl+wheel notches,
    a pinch's step. Returns as fw_pager_zoom_to(). */
bool fw_pager_zoom_by(fw_pager *pager, double factor, double x, double y, bool animated, double time);

/** One step in (1.5×), animated, around (x, y). Returns as fw_pager_zoom_to(). */
bool fw_pager_zoom_in(fw_pager *pager, double x, double y, double time);

/** One step out, animated, never below fit. Returns as fw_pager_zoom_to(). */
bool fw_pager_zoom_out(fw_pager *pager, double x, double y, double time);

/** Fit ↔ 1:1 (a double-click): zoomed goes back to fit; at fit zooms to the
    content's own pixels (2× when those are not bigger than fit), around
    (x, y). Returns as fw_pager_zoom_to(). */
bool fw_pager_toggle_zoom(fw_pager *pager, double x, double y, double time);

/** Back to fit around the page's centre, animated or at once. Returns as
    fw_pager_zoom_to() (false when already at fit). */
bool fw_pager_reset_zoom(fw_pager *pager, bool animated, double time);

/** The scale shown now, relative to fit (1 for NULL). */
double fw_pager_zoom_scale(const fw_pager *pager);

/** The scale the zoom is heading for (equal to the shown one when still; 1 for NULL). */
double fw_pager_zoom_target_scale(const fw_pager *pager);

/** The largest scale: max(4, 2 × pixel_scale) (1 for NULL). */
double fw_pager_zoom_maximum_scale(const fw_pager *pager);

/** Whether the page is zoomed in or zooming (then a drag pans); false for NULL. */
bool fw_pager_is_zoomed(const fw_pager *pager);

/** The pan: the content's displacement from its centred position, px
    (positive x moves it right); {0, 0} for NULL. */
fw_point fw_pager_zoom_translation(const fw_pager *pager);

/**
 * Where to draw the current page's whole content now: scaled and panned,
 * inside the current page's slot (the slot at column 0, row 0, which slides
 * with the pager), in viewport px. Clip it to that slot's frame. At fit it is
 * the fitted content, centred. {0, 0, 0, 0} for NULL.
 */
fw_rect fw_pager_zoom_content_frame(const fw_pager *pager);

/**
 * The part of the content visible now (inside the current page's slot and
 * the viewport), as fractions of the content's width and height (0…1 each):
 * multiplied by the image's pixel size, the source rectangle of a host that
 * draws only what shows (or decodes it sharp). {0, 0, 1, 1} when the whole
 * content shows; {0, 0, 0, 0} when none does, and for NULL.
 */
fw_rect fw_pager_zoom_visible_rect(const fw_pager *pager);

/* ------------------------------------------------------------- more state */

/** The configuration the pager was created with (fw_config_default() for
    NULL); the paging options set since are not fields of it. Since 0.2.0. */
fw_config fw_pager_config(const fw_pager *pager);

/** What the pager is doing (FW_PHASE_IDLE for NULL). Since 0.2.0. */
fw_phase fw_pager_phase(const fw_pager *pager);

/** Whether a drag or scroll has moved past the slop: a host suppresses taps
    on page content meanwhile. false for NULL. Since 0.2.0. */
bool fw_pager_is_dragging(const fw_pager *pager);

/** The latest time the pager has seen, s (0 before any, and for NULL). Since 0.2.0. */
double fw_pager_time(const fw_pager *pager);

/** Events dropped because the queue was full (not drained in time); 0 for NULL. Since 0.2.0. */
size_t fw_pager_dropped_event_count(const fw_pager *pager);

/** The page (viewport) size, px, as x = width, y = height ({0, 0} for NULL). Since 0.2.0. */
fw_point fw_pager_page_size(const fw_pager *pager);

/**
 * The page counts per axis (FW_PAGES_INFINITE, 0 or N) into *horizontal and
 * *vertical (either may be NULL). With ragged rows the horizontal count is the
 * longest row. Returns false, writing nothing, for NULL. Since 0.2.0.
 */
bool fw_pager_page_counts(const fw_pager *pager, int64_t *horizontal, int64_t *vertical);

/**
 * The ragged rows' lengths into out[0…capacity-1]; returns the number of rows
 * (0 when rows are not ragged, and for NULL), like snprintf: when it is above
 * capacity only capacity lengths were written. out may be NULL to measure.
 * Since 0.2.0.
 */
size_t fw_pager_row_lengths(const fw_pager *pager, int64_t *out, size_t capacity);

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
