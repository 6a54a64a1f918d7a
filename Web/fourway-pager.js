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
     * A pager on page (0, 0). Page counts: null or Infinity for no bounds, 0
     * to disable the axis, N for pages 0…N-1. `config` changes fields of the
     * default configuration. Throws a RangeError for a bad size, count or config.
     */
    create({ width, height, horizontalPages = null, verticalPages = null, config } = {}) {
        const h = pageCount(horizontalPages, "horizontalPages");
        const v = pageCount(verticalPages, "verticalPages");
        let handle;
        if (config) {
            const at = this.scratch + SCRATCH_RESULT;
            this.exports.fw_config_default(at);
            this.writeConfig(at, config);
            handle = this.exports.fw_pager_create_with_config(width, height, h, v, at);
        } else {
            handle = this.exports.fw_pager_create(width, height, h, v);
        }
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

const KEY_DIRECTIONS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
    PageUp: "up", PageDown: "down" };
// Wheel deltas in lines or pages, as pixels (DOM_DELTA_LINE, DOM_DELTA_PAGE).
const WHEEL_LINE = 16;

/**
 * A pager in `element`: nine slot elements positioned by CSS transforms,
 * driven by Pointer Events, the wheel (touchpad scrolling), arrow keys and a
 * ResizeObserver, stepped once per animation frame while it moves.
 * options: {engine (from loadEngine), horizontalPages, verticalPages, config,
 * renderPage(slotElement, page) — fills a slot that now shows page [h, v]
 * (null: none), onEvent(event)}. Returns {pager, slots, destroy()}.
 */
export function createPager(element, { engine, horizontalPages = null, verticalPages = null, config,
    renderPage = () => {}, onEvent = () => {} } = {}) {
    if (!engine) throw new TypeError("fourway-pager: createPager needs options.engine (from loadEngine)");
    const now = () => performance.now() / 1000;
    const bounds = element.getBoundingClientRect();
    const pager = engine.create({ width: Math.max(1, bounds.width), height: Math.max(1, bounds.height),
        horizontalPages, verticalPages, config });
    element.style.position ||= "relative";
    element.style.overflow = "hidden";
    element.style.touchAction = "none";
    if (!element.hasAttribute("tabindex")) element.tabIndex = 0;
    const slotElements = pager.slots().map((slot) => {
        const child = element.ownerDocument.createElement("div");
        child.className = "fourway-slot";
        child.dataset.slot = String(slot.id);
        Object.assign(child.style, { position: "absolute", left: "0", top: "0", willChange: "transform" });
        element.appendChild(child);
        renderPage(child, slot.page);
        return child;
    });
    let frame = 0, pointer = null;

    function draw() {
        for (const slot of pager.slots()) {
            const style = slotElements[slot.id].style;
            style.width = `${slot.frame.width}px`;
            style.height = `${slot.frame.height}px`;
            style.transform = `translate(${slot.frame.x}px, ${slot.frame.y}px)`;
            style.visibility = slot.page && slot.visibleFraction > 0 ? "visible" : "hidden";
        }
    }
    function drain() {
        for (let event; (event = pager.pollEvent()); ) {
            if (event.event === "slots-recycled") {
                for (const change of event.slots) renderPage(slotElements[change.id], change.page);
            }
            onEvent(event);
        }
    }
    function tick() {
        frame = 0;
        pager.advance(now());
        drain();
        draw();
        if (!pager.isSettled) frame = requestAnimationFrame(tick);
    }
    function kick() {
        drain();
        draw();
        if (!frame) frame = requestAnimationFrame(tick);
    }
    const point = (event) => {
        const box = element.getBoundingClientRect();
        return [event.clientX - box.left, event.clientY - box.top];
    };
    const listeners = {
        pointerdown(event) {
            if (pointer !== null) { pager.interrupt("second-pointer", now()); pointer = null; return kick(); }
            pointer = event.pointerId;
            element.setPointerCapture?.(event.pointerId);
            pager.pointerDown(...point(event), now());
            kick();
        },
        pointermove(event) { if (event.pointerId === pointer) { pager.pointerMoved(...point(event), now()); kick(); } },
        pointerup(event) { if (event.pointerId === pointer) { pointer = null; pager.pointerUp(...point(event), now()); kick(); } },
        pointercancel(event) { if (event.pointerId === pointer) { pointer = null; pager.interrupt("host", now()); kick(); } },
        wheel(event) {
            event.preventDefault();
            const scale = event.deltaMode === 1 ? WHEEL_LINE : event.deltaMode === 2 ? element.clientHeight : 1;
            // The content moves against the wheel's delta, as a drag's.
            pager.scroll(-event.deltaX * scale, -event.deltaY * scale, now());
            kick();
        },
        keydown(event) {
            const direction = KEY_DIRECTIONS[event.key];
            if (event.key === "Escape") pager.interrupt("escape", now());
            else if (direction) { event.preventDefault(); pager.flip(direction, now()); } else return;
            kick();
        },
        blur() { if (pointer !== null) { pointer = null; pager.interrupt("focus-lost", now()); kick(); } },
    };
    for (const [name, listener] of Object.entries(listeners)) element.addEventListener(name, listener, { passive: name !== "wheel" });
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(([entry]) => {
        const { width, height } = entry.contentRect;
        if (width > 0 && height > 0 && pager.resize(width, height, now())) kick();
    }) : null;
    observer?.observe(element);
    draw();
    return {
        pager,
        slots: slotElements,
        destroy() {
            observer?.disconnect();
            if (frame) cancelAnimationFrame(frame);
            for (const [name, listener] of Object.entries(listeners)) element.removeEventListener(name, listener);
            for (const child of slotElements) child.remove();
            pager.destroy();
        },
    };
}
