// Fourway's pager engine in the browser and in Node: loads fourway-pager.wasm
// (the engine and its C interface, Sources/CFourwayPager/include/fourway/pager.h,
// built by scripts/package-web) and wraps the fw_ functions in a class. No
// dependencies; the module imports nothing.
//
//     import { loadEngine } from "./fourway-pager.js";
//     const engine = await loadEngine();              // fourway-pager.wasm next to this file
//     const pager = engine.create({ width: 1280, height: 800, verticalPages: 12 });
//     pager.pointerDown(640, 400, 0);
//     pager.pointerMoved(500, 402, 0.016);
//     pager.pointerUp(300, 405, 0.05);
//     pager.advance(0.066);                            // once per frame
//     for (const slot of pager.slots()) if (slot.page && slot.visibleFraction > 0) draw(slot);
//     for (let event; (event = pager.pollEvent()); ) console.log(event.event, event);
//     pager.destroy();
//
// Times are seconds on the host's clock (performance.now() / 1000). Events are
// plain objects with the keys of pager-replay's JSON lines ({t, event, from,
// to, ...}); pollEventLine() gives the line itself, written by the engine.

/** The event names, in the order of the header's FW_EVENT_ constants. */
export const EVENT_NAMES = Object.freeze(["drag-began", "axis-locked", "page-will-change", "page-changed",
    "slots-recycled", "bounced", "interrupted", "settled", "zoom-changed", "pan-handed-over"]);
/** The phase names (fw_phase), as pager-replay's --frames lines print them. */
export const PHASES = Object.freeze(["idle", "pressed", "dragging-h", "dragging-v", "dragging-none",
    "scrolling-h", "scrolling-v", "scrolling-none", "animating", "settling"]);
export const DIRECTIONS = Object.freeze(["left", "right", "up", "down"]);
export const EDGES = Object.freeze(["left", "right", "top", "bottom"]);
export const AXES = Object.freeze(["h", "v"]);
export const INTERRUPTION_REASONS = Object.freeze(["focus-lost", "window-hidden", "second-pointer",
    "released-outside", "escape", "host"]);

// Byte offsets of the header's structs; the same on wasm32 as everywhere
// (Sources/CFourwayPager/abi.c pins their sizes, scripts/package-web checks them for wasm32).
const EVENT_SIZE = 312;
const SLOT_SIZE = 72;
const SLOT_COUNT = 9;
const CONFIG_FIELDS = [
    ["dragSlop", 0], ["scrollSlop", 8], ["pointerFlingVelocity", 16], ["scrollFlingVelocity", 24],
    ["maximumReleaseSpeed", 32], ["flipThreshold", 40], ["rubberBandCoefficient", 48],
    ["springDampingRatio", 64], ["springMass", 72], ["springStiffness", 80],
    ["easingMinimumDuration", 88], ["easingMaximumDuration", 96]];
const CONFIG_ANIMATION = 56;
const CONFIG_SIZE = 104;
const ANIMATIONS = ["spring", "easing"];
// The scratch block: one per engine, shared by its pagers (calls are synchronous).
const SCRATCH_EVENT = 0;
const SCRATCH_SLOTS = 320;
const SCRATCH_RESULT = SCRATCH_SLOTS + SLOT_COUNT * SLOT_SIZE;   // struct returns, up to fw_config
const SCRATCH_JSON = SCRATCH_RESULT + 112;
const JSON_CAPACITY = 1024;                                      // holds any event line (pager.h)
const SCRATCH_SIZE = SCRATCH_JSON + JSON_CAPACITY;
const PAGE_INDEX_LIMIT = 2n ** 60n;

/**
 * Loads the engine. `source`: the wasm's URL (a string or URL; by default
 * fourway-pager.wasm next to this module), its bytes, a Response or a
 * compiled WebAssembly.Module.
 */
export async function loadEngine(source = new URL("./fourway-pager.wasm", import.meta.url)) {
    let module;
    if (source instanceof WebAssembly.Module) {
        module = source;
    } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
        module = await WebAssembly.compile(source);
    } else {
        const url = typeof source === "string" ? new URL(source, import.meta.url) : source;
        if (url instanceof URL && url.protocol === "file:") {
            // Node: fetch() does not read files.
            const { readFile } = await import("node:fs/promises");
            module = await WebAssembly.compile(await readFile(url));
        } else {
            const response = url instanceof Response ? url : await fetch(url);
            if (!response.ok) throw new Error(`fourway-pager: cannot load ${response.url}: HTTP ${response.status}`);
            module = await WebAssembly.compile(await response.arrayBuffer());
        }
    }
    const instance = await WebAssembly.instantiate(module, {});
    return new PagerEngine(instance.exports);
}

/** One instance of the wasm module: creates pagers, which share its memory. */
export class PagerEngine {
    constructor(exports) {
        this.exports = exports;
        this.memory = exports.memory;
        this.scratch = exports.fourway_wasm_malloc(SCRATCH_SIZE);
        if (this.scratch === 0) throw new Error("fourway-pager: out of memory");
        this.buffer = null;
        this.view = null;
        this.bytes = null;
    }

    /** The engine's version, "MAJOR.MINOR.PATCH" (fw_pager_version). */
    get version() {
        const start = this.exports.fw_pager_version();
        const bytes = this.u8();
        let end = start;
        while (bytes[end] !== 0) end++;
        return new TextDecoder().decode(bytes.subarray(start, end));
    }

    /** The default configuration (fw_config_default), as an object. */
    defaultConfig() {
        this.exports.fw_config_default(this.scratch + SCRATCH_RESULT);
        return this.readConfig(this.scratch + SCRATCH_RESULT);
    }

    /**
     * A pager on page `start` ([h, v], clamped into the bounds; [0, 0] by
     * default), as if created there (fw_pager_create_on_page). Page counts:
     * null or Infinity for no bounds, 0 to disable the axis, N for pages
     * 0…N-1. `config` changes fields of the default configuration. Throws a
     * RangeError for a bad size, count, start or config.
     */
    create({ width, height, horizontalPages = null, verticalPages = null, start = [0, 0], config } = {}) {
        const h = pageCount(horizontalPages, "horizontalPages");
        const v = pageCount(verticalPages, "verticalPages");
        const [startH, startV] = [pageIndex(start[0], "start h"), pageIndex(start[1], "start v")];
        let at = 0;
        if (config) {
            at = this.scratch + SCRATCH_RESULT;
            this.exports.fw_config_default(at);
            this.writeConfig(at, config);
        }
        const handle = this.exports.fw_pager_create_on_page(width, height, h, v, startH, startV, at);
        if (handle === 0) {
            throw new RangeError(`fourway-pager: cannot create a pager of ${width}×${height} px with ` +
                `${horizontalPages}×${verticalPages} pages${config ? " and this config" : ""}: ` +
                "sizes must be finite numbers above 0, counts null, 0 or N, config fields in range");
        }
        return new Pager(this, handle);
    }

    /** Allocations the module has made (runtime.c): constant while pagers run. */
    get allocationCount() { return this.exports.fourway_wasm_allocation_count(); }

    /** A DataView of the memory, remade only when the memory has grown. */
    dv() {
        if (this.buffer !== this.memory.buffer) {
            this.buffer = this.memory.buffer;
            this.view = new DataView(this.buffer);
            this.bytes = new Uint8Array(this.buffer);
        }
        return this.view;
    }

    u8() {
        this.dv();
        return this.bytes;
    }

    readConfig(at) {
        const view = this.dv();
        const config = {};
        for (const [name, offset] of CONFIG_FIELDS) config[name] = view.getFloat64(at + offset, true);
        config.animation = ANIMATIONS[view.getInt32(at + CONFIG_ANIMATION, true)] ?? "spring";
        return config;
    }

    writeConfig(at, config) {
        const view = this.dv();
        for (const [name, offset] of CONFIG_FIELDS) {
            if (config[name] !== undefined) view.setFloat64(at + offset, Number(config[name]), true);
        }
        if (config.animation !== undefined) {
            const index = ANIMATIONS.indexOf(config.animation);
            if (index < 0) throw new RangeError(`fourway-pager: animation must be "spring" or "easing", not ${JSON.stringify(config.animation)}`);
            view.setInt32(at + CONFIG_ANIMATION, index, true);
        }
    }
}

function pageCount(count, name) {
    if (count === null || count === Infinity) return -1n;
    if (!Number.isInteger(count) || count < 0) {
        throw new RangeError(`fourway-pager: ${name} must be null (infinite), 0 (disabled) or a page count, not ${count}`);
    }
    return BigInt(count);
}

/** A page index for the interface: a whole number, clamped to ±2^60 as the header clamps it. */
function pageIndex(value, name) {
    if (typeof value === "bigint") return value;
    if (typeof value !== "number" || Number.isNaN(value)) throw new TypeError(`fourway-pager: ${name} must be a number, not ${value}`);
    if (!Number.isFinite(value)) return value > 0 ? PAGE_INDEX_LIMIT : -PAGE_INDEX_LIMIT;
    return BigInt(Math.trunc(value));
}

function named(list, value, what) {
    const index = list.indexOf(value);
    if (index < 0) throw new RangeError(`fourway-pager: unknown ${what} ${JSON.stringify(value)} (expected one of ${list.join(", ")})`);
    return index;
}

function readPage(view, at) {
    return [Number(view.getBigInt64(at, true)), Number(view.getBigInt64(at + 8, true))];
}

/**
 * One pager: a handle on a fw_pager in the engine's memory. Call destroy()
 * when done; the memory is not collected with the object.
 */
export class Pager {
    constructor(engine, handle) {
        this.engine = engine;
        this.handle = handle;
        this.x = engine.exports;
        // Filled in place by slots(): no objects made per frame.
        this.slotObjects = Array.from({ length: SLOT_COUNT }, () => ({
            id: 0, column: 0, row: 0, page: null, frame: { x: 0, y: 0, width: 0, height: 0 }, visibleFraction: 0 }));
    }

    /** Frees the engine's pager; the object must not be used afterwards. */
    destroy() {
        if (this.handle) this.x.fw_pager_destroy(this.handle);
        this.handle = 0;
    }

    // ---------------------------------------------------------------- input

    pointerDown(x, y, time) { this.x.fw_pager_pointer_down(this.handle, x, y, time); }
    pointerMoved(x, y, time) { this.x.fw_pager_pointer_moved(this.handle, x, y, time); }
    pointerUp(x, y, time) { this.x.fw_pager_pointer_up(this.handle, x, y, time); }
    /** Touchpad scrolling, touchpad units (the sign of a drag's). */
    scroll(dx, dy, time) { this.x.fw_pager_scroll(this.handle, dx, dy, time); }
    scrollEnded(time) { this.x.fw_pager_scroll_ended(this.handle, time); }
    /** "left", "right", "up" or "down"; whether a flip started. */
    flip(direction, time) { return this.x.fw_pager_flip(this.handle, named(DIRECTIONS, direction, "direction"), time) !== 0; }
    go(h, v, animated, time) { this.x.fw_pager_go(this.handle, pageIndex(h, "h"), pageIndex(v, "v"), animated ? 1 : 0, time); }
    /** One of INTERRUPTION_REASONS; whether there was a gesture. */
    interrupt(reason, time) {
        return this.x.fw_pager_interrupt(this.handle, named(INTERRUPTION_REASONS, reason, "interrupt reason"), time) !== 0;
    }
    resize(width, height, time) { return this.x.fw_pager_resize(this.handle, width, height, time) !== 0; }
    /** Page counts as for PagerEngine.create. */
    setBounds(horizontalPages, verticalPages, time) {
        return this.x.fw_pager_set_bounds(this.handle, pageCount(horizontalPages, "horizontalPages"),
            pageCount(verticalPages, "verticalPages"), time) !== 0;
    }
    /** Moves time forward: once per frame. */
    advance(time) { this.x.fw_pager_advance(this.handle, time); }

    // ------------------------------------------------------------- options

    setSpacing(spacing, time) { return this.x.fw_pager_set_spacing(this.handle, spacing, time) !== 0; }
    setReversed(horizontal, vertical, time) {
        return this.x.fw_pager_set_reversed(this.handle, horizontal ? 1 : 0, vertical ? 1 : 0, time) !== 0;
    }
    setLongSwipes(allowed, maximumPages = 5) {
        return this.x.fw_pager_set_long_swipes(this.handle, allowed ? 1 : 0, maximumPages | 0) !== 0;
    }
    /** The edges that overshoot: an array of EDGES names. */
    setOvershootEdges(edges) {
        let bits = 0;
        for (const edge of edges) bits |= 1 << named(EDGES, edge, "edge");
        return this.x.fw_pager_set_overshoot_edges(this.handle, bits) !== 0;
    }
    /** Ragged rows: the page count of each row; null or [] ends them. */
    setRowLengths(lengths, time) {
        if (!lengths || lengths.length === 0) return this.x.fw_pager_set_row_lengths(this.handle, 0, 0, time) !== 0;
        const at = this.x.fourway_wasm_malloc(lengths.length * 8);
        if (at === 0) throw new Error("fourway-pager: out of memory");
        try {
            const view = this.engine.dv();
            lengths.forEach((length, row) => view.setBigInt64(at + row * 8, pageIndex(length, "a row length"), true));
            return this.x.fw_pager_set_row_lengths(this.handle, at, lengths.length, time) !== 0;
        } finally {
            this.x.fourway_wasm_free(at);
        }
    }
    setTouchpadDistance(horizontal, vertical) {
        return this.x.fw_pager_set_touchpad_distance(this.handle, horizontal, vertical) !== 0;
    }
    setScrollEndGap(seconds) { return this.x.fw_pager_set_scroll_end_gap(this.handle, seconds) !== 0; }

    // ----------------------------------------------------------------- zoom

    setZoomContent(width, height, pixelScale, time) {
        return this.x.fw_pager_set_zoom_content(this.handle, width, height, pixelScale, time) !== 0;
    }
    zoomTo(scale, x, y, animated, time) { return this.x.fw_pager_zoom_to(this.handle, scale, x, y, animated ? 1 : 0, time) !== 0; }
    zoomBy(factor, x, y, animated, time) { return this.x.fw_pager_zoom_by(this.handle, factor, x, y, animated ? 1 : 0, time) !== 0; }
    zoomIn(x, y, time) { return this.x.fw_pager_zoom_in(this.handle, x, y, time) !== 0; }
    zoomOut(x, y, time) { return this.x.fw_pager_zoom_out(this.handle, x, y, time) !== 0; }
    toggleZoom(x, y, time) { return this.x.fw_pager_toggle_zoom(this.handle, x, y, time) !== 0; }
    resetZoom(animated, time) { return this.x.fw_pager_reset_zoom(this.handle, animated ? 1 : 0, time) !== 0; }
    get zoomScale() { return this.x.fw_pager_zoom_scale(this.handle); }
    get zoomTargetScale() { return this.x.fw_pager_zoom_target_scale(this.handle); }
    get zoomMaximumScale() { return this.x.fw_pager_zoom_maximum_scale(this.handle); }
    get isZoomed() { return this.x.fw_pager_is_zoomed(this.handle) !== 0; }
    get zoomTranslation() { return this.point(this.x.fw_pager_zoom_translation); }
    get zoomContentFrame() { return this.rect(this.x.fw_pager_zoom_content_frame); }
    get zoomVisibleRect() { return this.rect(this.x.fw_pager_zoom_visible_rect); }

    // ---------------------------------------------------------------- state

    get isSettled() { return this.x.fw_pager_is_settled(this.handle) !== 0; }
    get isDragging() { return this.x.fw_pager_is_dragging(this.handle) !== 0; }
    /** [h, v]. */
    get currentPage() {
        const at = this.engine.scratch + SCRATCH_RESULT;
        this.x.fw_pager_current_page(at, this.handle);
        return readPage(this.engine.dv(), at);
    }
    /** The content's displacement from rest, px: {x, y}. */
    get offset() { return this.point(this.x.fw_pager_offset); }
    /** One of PHASES. */
    get phase() { return PHASES[this.x.fw_pager_phase(this.handle)] ?? "idle"; }
    /** The latest time the pager has seen, s. */
    get time() { return this.x.fw_pager_time(this.handle); }
    get droppedEventCount() { return this.x.fw_pager_dropped_event_count(this.handle); }
    /** {x: width, y: height}, px. */
    get pageSize() { return this.point(this.x.fw_pager_page_size); }
    /** {horizontal, vertical}: null (infinite), 0 or N. */
    get pageCounts() {
        const at = this.engine.scratch + SCRATCH_RESULT;
        this.x.fw_pager_page_counts(this.handle, at, at + 8);
        const view = this.engine.dv();
        const count = (offset) => { const n = Number(view.getBigInt64(at + offset, true)); return n === -1 ? null : n; };
        return { horizontal: count(0), vertical: count(8) };
    }
    /** The ragged rows' lengths, or null when rows are not ragged. */
    get rowLengths() {
        const count = this.x.fw_pager_row_lengths(this.handle, 0, 0);
        if (count === 0) return null;
        const at = this.x.fourway_wasm_malloc(count * 8);
        if (at === 0) throw new Error("fourway-pager: out of memory");
        try {
            this.x.fw_pager_row_lengths(this.handle, at, count);
            const view = this.engine.dv();
            return Array.from({ length: count }, (_, row) => Number(view.getBigInt64(at + row * 8, true)));
        } finally {
            this.x.fourway_wasm_free(at);
        }
    }
    /** The configuration it was created with. */
    get config() {
        const at = this.engine.scratch + SCRATCH_RESULT;
        this.x.fw_pager_config(at, this.handle);
        return this.engine.readConfig(at);
    }

    /**
     * The nine slots in id order: {id, column, row, page: [h, v] or null,
     * frame: {x, y, width, height}, visibleFraction}. The same nine objects
     * each call, updated in place: copy what you keep.
     */
    slots() {
        const at = this.engine.scratch + SCRATCH_SLOTS;
        this.x.fw_pager_slots(this.handle, at);
        const view = this.engine.dv();
        for (let id = 0; id < SLOT_COUNT; id++) {
            const base = at + id * SLOT_SIZE;
            const slot = this.slotObjects[id];
            slot.id = view.getInt32(base, true);
            slot.column = view.getInt32(base + 4, true);
            slot.row = view.getInt32(base + 8, true);
            const h = Number(view.getBigInt64(base + 16, true)), v = Number(view.getBigInt64(base + 24, true));
            if (view.getUint8(base + 12) === 0) slot.page = null;
            else if (slot.page && slot.page[0] === h && slot.page[1] === v) { /* unchanged */ }
            else slot.page = [h, v];
            slot.frame.x = view.getFloat64(base + 32, true);
            slot.frame.y = view.getFloat64(base + 40, true);
            slot.frame.width = view.getFloat64(base + 48, true);
            slot.frame.height = view.getFloat64(base + 56, true);
            slot.visibleFraction = view.getFloat64(base + 64, true);
        }
        return this.slotObjects;
    }

    // --------------------------------------------------------------- events

    /** The oldest event not yet read, as pager-replay's keys, or null. */
    pollEvent() {
        const at = this.engine.scratch + SCRATCH_EVENT;
        if (this.x.fw_pager_poll_event(this.handle, at) === 0) return null;
        return readEvent(this.engine.dv(), at);
    }

    /** Every event not yet read. */
    pollEvents() {
        const events = [];
        for (let event; (event = this.pollEvent()); ) events.push(event);
        return events;
    }

    /** The oldest event not yet read as the JSON line pager-replay prints (the engine writes it), or null. */
    pollEventLine() {
        const at = this.engine.scratch + SCRATCH_EVENT;
        if (this.x.fw_pager_poll_event(this.handle, at) === 0) return null;
        const json = this.engine.scratch + SCRATCH_JSON;
        const length = this.x.fw_pager_event_json(at, json, JSON_CAPACITY);
        return decodeLatin(this.engine.u8(), json, Math.min(length, JSON_CAPACITY - 1));
    }

    point(read) {
        const at = this.engine.scratch + SCRATCH_RESULT;
        read(at, this.handle);
        const view = this.engine.dv();
        return { x: view.getFloat64(at, true), y: view.getFloat64(at + 8, true) };
    }

    rect(read) {
        const at = this.engine.scratch + SCRATCH_RESULT;
        read(at, this.handle);
        const view = this.engine.dv();
        return { x: view.getFloat64(at, true), y: view.getFloat64(at + 8, true),
                 width: view.getFloat64(at + 16, true), height: view.getFloat64(at + 24, true) };
    }
}

/** The event line's bytes are ASCII (names, digits, punctuation). */
function decodeLatin(bytes, start, length) {
    let text = "";
    for (let i = 0; i < length; i++) text += String.fromCharCode(bytes[start + i]);
    return text;
}

function readEvent(view, at) {
    const kind = view.getInt32(at, true);
    const event = { t: view.getFloat64(at + 8, true), event: EVENT_NAMES[kind] ?? `unknown-${kind}` };
    switch (kind) {
    case 1: event.axis = AXES[view.getInt32(at + 16, true)]; break;
    case 2: case 3:
        event.from = readPage(view, at + 24);
        event.to = readPage(view, at + 40);
        break;
    case 4: {
        const count = Math.min(Math.max(view.getInt32(at + 92, true), 0), SLOT_COUNT);
        event.slots = [];
        for (let i = 0; i < count; i++) {
            const base = at + 96 + i * 24;
            event.slots.push({ id: view.getInt32(base, true), page: view.getUint8(base + 4) ? readPage(view, base + 8) : null });
        }
        break;
    }
    case 5: event.edge = EDGES[view.getInt32(at + 72, true)]; break;
    case 6:
        event.reason = INTERRUPTION_REASONS[view.getInt32(at + 76, true)];
        event.page = readPage(view, at + 56);
        break;
    case 7: event.page = readPage(view, at + 56); break;
    case 8:
        event.scale = view.getFloat64(at + 80, true);
        event.fit = view.getUint8(at + 88) !== 0;
        break;
    case 9:
        event.axis = AXES[view.getInt32(at + 16, true)];
        event.direction = DIRECTIONS[view.getInt32(at + 20, true)];
        break;
    }
    return event;
}

// ------------------------------------------------------------------- DOM

// ---- The web's wheel as touchpad gestures: WheelGestures below. Tuning, with units.
/** Quiet time after a pixel-delta wheel event that counts as the fingers' lift, s
    (the SDL shell's gap for a source without a lift, Sources/Browser/Input/TouchpadTranslator.swift). */
export const WHEEL_LIFT_GAP_S = 0.15;
/** After a lift, wheel events are the browser's momentum tail while each follows the one
    before within this, s; a longer quiet ends the tail (the engine settles on its own). */
export const WHEEL_TAIL_PAUSE_S = 0.3;
/** Touchpad units per CSS pixel of a pixel-mode wheel delta (the engine: 400 units a page across, 300 down). */
export const WHEEL_UNITS_PER_PIXEL = 1;
/** A pixel-mode event that opens a gesture with a delta at least this big, px, and a legacy
    wheelDelta in whole 120ths, is a mouse's notch (Chromium: 53 to 120 px a notch; a
    trackpad's first event is a few px). */
export const WHEEL_NOTCH_MIN_PX = 50;
/** Ctrl+wheel in pixels (Chromium's and Firefox's trackpad pinch): the zoom is multiplied by
    exp(-deltaY / this), px (Chromium reports a pinch's scale s as deltaY = -100·ln s). */
export const PINCH_PIXELS_PER_E = 100;

/**
 * Turns the web's `wheel` events into the engine's touchpad and notch input, as the SDL
 * shell does with Wayland's touchpad (Sources/Browser/Input/TouchpadTranslator.swift):
 * - deltaMode LINE or PAGE: a mouse; each event flips one page per axis it moves;
 * - deltaMode PIXEL: a trackpad's fingers, scrolled as touchpad units (the content
 *   follows the fingers); a quiet WHEEL_LIFT_GAP_S is the lift (the engine ends the
 *   swipe itself after the same gap); events after a lift that keep coming within
 *   WHEEL_TAIL_PAUSE_S and never grow are the browser's momentum tail and ignored;
 *   a big whole-notch delta opening a gesture is a mouse's notch (one page);
 * - with Ctrl (a trackpad's pinch, or Ctrl+mouse wheel): zoom around the pointer.
 * Gaps are measured between the events' own timeStamps; `time` (the engine's clock, which
 * never goes back) is what the pager is told.
 * `wheel(event, time, x, y)` returns whether the pager has something to animate.
 */
export class WheelGestures {
    constructor(pager) {
        this.pager = pager;
        pager.setScrollEndGap(WHEEL_LIFT_GAP_S);
        this.last = -Infinity;        // time of the latest wheel event, s
        this.mode = "idle";           // "idle" | "swipe" | "notches" | "tail"
        this.lastSize = 0;            // |delta| of the latest event, px (a tail only shrinks)
    }

    wheel(event, time, x, y) {
        const pager = this.pager;
        const stamp = Number.isFinite(event.timeStamp) ? event.timeStamp / 1000 : time;
        const quiet = stamp - this.last;
        this.last = stamp;
        const pixels = event.deltaMode === 0;
        const size = Math.hypot(event.deltaX, event.deltaY);
        if (event.ctrlKey) {
            this.mode = "idle";
            if (!pixels) return event.deltaY < 0 ? pager.zoomIn(x, y, time) : pager.zoomOut(x, y, time);
            return pager.zoomBy(Math.exp(-event.deltaY / PINCH_PIXELS_PER_E), x, y, false, time);
        }
        if (!pixels) { this.mode = "notches"; return this.flips(event, time); }
        // The state after the quiet: a swipe or notches whose gap passed was lifted.
        if (this.mode === "swipe" && quiet >= WHEEL_LIFT_GAP_S) this.mode = "tail";
        if ((this.mode === "tail" || this.mode === "notches") && quiet >= WHEEL_TAIL_PAUSE_S) this.mode = "idle";
        if (this.mode === "tail" && size > this.lastSize) this.mode = "idle";   // fingers again: it grew
        const previous = this.lastSize;
        this.lastSize = size;
        if (this.mode === "tail") return false;
        if (this.mode === "idle" || this.mode === "notches") {
            const wheelDelta = Math.abs(event.wheelDeltaY || event.wheelDeltaX || 0);
            const notch = size >= WHEEL_NOTCH_MIN_PX && wheelDelta > 0 && wheelDelta % 120 === 0;
            if (notch || (this.mode === "notches" && size >= previous * 0.5 && size >= WHEEL_NOTCH_MIN_PX)) {
                this.mode = "notches";
                return this.flips(event, time);
            }
            this.mode = "swipe";
        }
        // Scrolling down shows what is below: the content moves up, as a drag's.
        pager.scroll(-event.deltaX * WHEEL_UNITS_PER_PIXEL, -event.deltaY * WHEEL_UNITS_PER_PIXEL, time);
        return true;
    }

    /** One page per event along each axis it moves; Shift turns a vertical wheel horizontal. */
    flips(event, time) {
        let dx = Math.sign(event.deltaX), dy = Math.sign(event.deltaY);
        if (event.shiftKey && dx === 0) [dx, dy] = [dy, 0];
        let moved = false;
        if (dx) moved = this.pager.flip(dx > 0 ? "right" : "left", time) || moved;
        if (dy) moved = this.pager.flip(dy > 0 ? "down" : "up", time) || moved;
        return moved;
    }

    /** Forgets the gesture (focus lost, page hidden): the next event opens a new one. */
    reset() { this.mode = "idle"; this.last = -Infinity; this.lastSize = 0; }
}

const KEY_DIRECTIONS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
    PageUp: "up", PageDown: "down" };
/** The DOM events a pager dispatches on its element: the engine's, as CustomEvents. */
export const DOM_EVENT_NAMES = EVENT_NAMES;

/**
 * A pager in `element`: nine slot elements positioned by CSS transforms only (sizes are
 * written when the page size changes, never per frame), each holding a page element that
 * the host fills through `slotContent(h, v, pageElement)` when the slot gets a page.
 * Input: Pointer Events (mouse, pen, touch; pointer capture; a second pointer interrupts),
 * `wheel` (WheelGestures), keys when focused (arrows, Page Up/Down, +/-, Escape), a
 * ResizeObserver; `pointercancel`, `visibilitychange` (hidden) and `blur` interrupt.
 * requestAnimationFrame runs only while something moves; at rest nothing runs.
 * The engine's events are dispatched on `element` as CustomEvents of the same names
 * (`page-changed`, `settled`, …; `detail`: the event object).
 * options: {engine (from loadEngine), horizontalPages, verticalPages, rowLengths, config,
 * slotContent(h, v, pageElement), zoomContent(h, v) → {width, height, pixelScale} or null
 * (the page's content for zoom; default: the page itself at pixel scale 4),
 * reducedMotion (default: the prefers-reduced-motion media query), onEvent(event)}.
 * Returns {pager, slots (the slot elements), pages (their page elements), wheel, destroy()}.
 */
export function createPager(element, options = {}) {
    const { engine, horizontalPages = null, verticalPages = null, rowLengths = null, onEvent = () => {} } = options;
    if (!engine) throw new TypeError("fourway-pager: createPager needs options.engine (from loadEngine)");
    const view = element.ownerDocument?.defaultView ?? globalThis;
    const reducedMotion = options.reducedMotion ?? !!view.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    // Reduced motion: releases end at once (an easing under 1 ms), flips jump (go, not animated).
    const config = reducedMotion
        ? { ...options.config, animation: "easing", easingMinimumDuration: 0.0005, easingMaximumDuration: 0.0005 }
        : options.config;
    const slotContent = options.slotContent
        ?? (options.renderPage ? (h, v, page) => options.renderPage(page, h === null ? null : [h, v]) : () => {});
    const zoomContent = options.zoomContent ?? (() => null);
    let lastTime = 0;
    // Engine time: the host's clock (s), never going back (event stamps can precede a frame's).
    const now = (stamp) => (lastTime = Math.max(lastTime, (stamp ?? performance.now()) / 1000));
    const bounds = element.getBoundingClientRect();
    const pager = engine.create({ width: Math.max(1, bounds.width), height: Math.max(1, bounds.height),
        horizontalPages, verticalPages, config });
    if (rowLengths) pager.setRowLengths(rowLengths, 0);
    const wheel = new WheelGestures(pager);
    // The slots are placed in the element: it must be positioned (a host's fixed or absolute stays).
    if ((view.getComputedStyle?.(element).position ?? "static") === "static") element.style.position = "relative";
    element.style.overflow = "hidden";
    element.style.touchAction = "none";
    element.style.userSelect = "none";
    if (!element.hasAttribute("tabindex")) element.tabIndex = 0;
    const document = element.ownerDocument;
    const slotElements = [], pageElements = [];
    // What each slot's style was last set to: a frame writes only what changed.
    const shown = Array.from({ length: SLOT_COUNT }, () => ({ x: NaN, y: NaN, width: NaN, height: NaN, visible: null, zoom: "" }));
    for (const slot of pager.slots()) {
        const outer = document.createElement("div");
        outer.className = "fourway-slot";
        outer.dataset.slot = String(slot.id);
        Object.assign(outer.style, { position: "absolute", left: "0", top: "0", overflow: "hidden",
            willChange: "transform", contain: "strict" });
        const inner = document.createElement("div");
        inner.className = "fourway-page";
        inner.dataset.slot = String(slot.id);
        Object.assign(inner.style, { position: "absolute", left: "0", top: "0", width: "100%", height: "100%",
            transformOrigin: "0 0" });
        outer.appendChild(inner);
        element.appendChild(outer);
        slotElements.push(outer);
        pageElements.push(inner);
        fill(slot.id, slot.page);
    }
    let frame = 0, pointer = null, destroyed = false;
    // The zoom content's fitted rectangle in its page, px: what the page element shows at scale 1.
    let fitted = { x: 0, y: 0, width: 1, height: 1 };

    function fill(id, page) {
        if (page) slotContent(page[0], page[1], pageElements[id]);
        else slotContent(null, null, pageElements[id]);
    }
    function setZoomContent() {
        const [h, v] = pager.currentPage;
        const size = pager.pageSize;
        const content = zoomContent(h, v) ?? { width: size.x, height: size.y, pixelScale: 4 };
        if (pager.setZoomContent(content.width, content.height, content.pixelScale ?? 1, lastTime)) {
            fitted = { x: (size.x - content.width) / 2, y: (size.y - content.height) / 2,
                width: content.width, height: content.height };
        }
    }
    function draw() {
        const zoomed = pager.isZoomed;
        const content = zoomed ? pager.zoomContentFrame : null;
        for (const slot of pager.slots()) {
            const was = shown[slot.id], style = slotElements[slot.id].style;
            const { x, y, width, height } = slot.frame;
            if (width !== was.width || height !== was.height) {
                style.width = `${width}px`;
                style.height = `${height}px`;
                was.width = width;
                was.height = height;
            }
            if (x !== was.x || y !== was.y) {
                style.transform = `translate(${x}px, ${y}px)`;
                was.x = x;
                was.y = y;
            }
            const visible = !!slot.page && slot.visibleFraction > 0;
            if (visible !== was.visible) { style.visibility = visible ? "visible" : "hidden"; was.visible = visible; }
            // The current page (column 0, row 0) shows the zoom: its page element scaled and
            // panned so that the fitted content lands on the engine's content frame.
            let zoom = "";
            if (content && slot.column === 0 && slot.row === 0) {
                const scale = content.width / fitted.width;
                zoom = `translate(${content.x - x - fitted.x * scale}px, ${content.y - y - fitted.y * scale}px) scale(${scale})`;
            }
            if (zoom !== was.zoom) { pageElements[slot.id].style.transform = zoom; was.zoom = zoom; }
        }
    }
    function drain() {
        for (let event; (event = pager.pollEvent()); ) {
            if (event.event === "slots-recycled") for (const change of event.slots) fill(change.id, change.page);
            if (event.event === "page-changed" || event.event === "settled") setZoomContent();
            onEvent(event);
            if (typeof CustomEvent === "function" && element.dispatchEvent) {
                element.dispatchEvent(new CustomEvent(event.event, { detail: event }));
            }
        }
    }
    function tick(stamp) {
        frame = 0;
        if (destroyed) return;
        pager.advance(now(stamp));
        drain();
        draw();
        if (!pager.isSettled) frame = requestAnimationFrame(tick);
    }
    function kick() {
        drain();
        draw();
        if (!frame && !pager.isSettled) frame = requestAnimationFrame(tick);
    }
    const point = (event) => {
        const box = element.getBoundingClientRect();
        return [event.clientX - box.left, event.clientY - box.top];
    };
    function interrupt(reason, stamp) {
        pointer = null;
        wheel.reset();
        if (pager.interrupt(reason, now(stamp))) kick();
    }
    function flip(direction, time) {
        if (!reducedMotion) return pager.flip(direction, time);
        const [h, v] = pager.currentPage;
        const step = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
        pager.go(h + step[0], v + step[1], false, time);
        return true;
    }
    const listeners = {
        pointerdown(event) {
            if (pointer !== null) { if (event.pointerId !== pointer) interrupt("second-pointer", event.timeStamp); return; }
            if (event.pointerType === "mouse" && event.button !== 0) return;
            pointer = event.pointerId;
            element.setPointerCapture?.(event.pointerId);
            element.focus?.({ preventScroll: true });
            pager.pointerDown(...point(event), now(event.timeStamp));
            kick();
        },
        pointermove(event) {
            if (event.pointerId !== pointer) return;
            pager.pointerMoved(...point(event), now(event.timeStamp));
            kick();
        },
        pointerup(event) {
            if (event.pointerId !== pointer) return;
            pointer = null;
            pager.pointerUp(...point(event), now(event.timeStamp));
            kick();
        },
        pointercancel(event) { if (event.pointerId === pointer) interrupt("host", event.timeStamp); },
        wheel(event) {
            event.preventDefault();
            const [x, y] = point(event);
            wheel.wheel(event, now(event.timeStamp), x, y);
            kick();
        },
        keydown(event) {
            const time = now(event.timeStamp);
            const direction = KEY_DIRECTIONS[event.key];
            const centre = pager.pageSize;
            if (event.key === "Escape") interrupt("escape", event.timeStamp);
            else if (direction) flip(direction, time);
            else if (event.key === "+" || event.key === "=") pager.zoomIn(centre.x / 2, centre.y / 2, time);
            else if (event.key === "-") pager.zoomOut(centre.x / 2, centre.y / 2, time);
            else return;
            event.preventDefault();
            kick();
        },
        blur() { if (pointer !== null) interrupt("focus-lost"); },
    };
    for (const [name, listener] of Object.entries(listeners)) element.addEventListener(name, listener, { passive: name !== "wheel" && name !== "keydown" });
    const visibility = () => { if (document.visibilityState === "hidden") interrupt("window-hidden"); };
    document.addEventListener?.("visibilitychange", visibility);
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(([entry]) => {
        const { width, height } = entry.contentRect;
        if (width > 0 && height > 0 && pager.resize(width, height, now())) { setZoomContent(); kick(); }
    }) : null;
    observer?.observe(element);
    setZoomContent();
    draw();
    return {
        pager,
        slots: slotElements,
        pages: pageElements,
        wheel,
        destroy() {
            destroyed = true;
            observer?.disconnect();
            if (frame) cancelAnimationFrame(frame);
            frame = 0;
            document.removeEventListener?.("visibilitychange", visibility);
            for (const [name, listener] of Object.entries(listeners)) element.removeEventListener(name, listener);
            for (const child of slotElements) child.remove();
            pager.destroy();
        },
    };
}
