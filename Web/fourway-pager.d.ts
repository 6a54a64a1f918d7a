// Types of fourway-pager.js: Fourway's pager engine (fourway-pager.wasm) from
// JavaScript. Names follow the C interface, Sources/CFourwayPager/include/fourway/pager.h.

/** [h, v]: column (grows to the right), row (grows downward). */
export type Page = [number, number];
export type Direction = "left" | "right" | "up" | "down";
export type Edge = "left" | "right" | "top" | "bottom";
export type AxisName = "h" | "v";
export type InterruptionReason = "focus-lost" | "window-hidden" | "second-pointer" | "released-outside" | "escape" | "host";
export type Phase = "idle" | "pressed" | "dragging-h" | "dragging-v" | "dragging-none"
    | "scrolling-h" | "scrolling-v" | "scrolling-none" | "animating" | "settling";
/** null or Infinity: no bounds; 0: the axis is disabled; N: pages 0…N-1. */
export type PageCount = number | null;

export interface Point { x: number; y: number; }
export interface Rect { x: number; y: number; width: number; height: number; }

/** fw_config's fields. */
export interface PagerConfig {
    dragSlop: number;
    scrollSlop: number;
    pointerFlingVelocity: number;
    scrollFlingVelocity: number;
    maximumReleaseSpeed: number;
    flipThreshold: number;
    rubberBandCoefficient: number;
    animation: "spring" | "easing";
    springDampingRatio: number;
    springMass: number;
    springStiffness: number;
    easingMinimumDuration: number;
    easingMaximumDuration: number;
}

/** One of the nine slots; `page` null outside the bounds. */
export interface Slot {
    id: number;
    column: number;
    row: number;
    page: Page | null;
    frame: Rect;
    visibleFraction: number;
}

/** Events, with the keys of pager-replay's JSON lines. `t`: seconds. */
export type PagerEvent =
    | { t: number; event: "drag-began" }
    | { t: number; event: "axis-locked"; axis: AxisName }
    | { t: number; event: "page-will-change" | "page-changed"; from: Page; to: Page }
    | { t: number; event: "slots-recycled"; slots: { id: number; page: Page | null }[] }
    | { t: number; event: "bounced"; edge: Edge }
    | { t: number; event: "interrupted"; reason: InterruptionReason; page: Page }
    | { t: number; event: "settled"; page: Page }
    | { t: number; event: "zoom-changed"; scale: number; fit: boolean }
    | { t: number; event: "pan-handed-over"; axis: AxisName; direction: Direction };

export const EVENT_NAMES: readonly PagerEvent["event"][];
export const PHASES: readonly Phase[];
export const DIRECTIONS: readonly Direction[];
export const EDGES: readonly Edge[];
export const AXES: readonly AxisName[];
export const INTERRUPTION_REASONS: readonly InterruptionReason[];

export interface CreateOptions {
    width: number;
    height: number;
    horizontalPages?: PageCount;
    verticalPages?: PageCount;
    /** The first page, [h, v], clamped into the bounds: the pager starts there as if created there. */
    start?: readonly [number, number];
    config?: Partial<PagerConfig>;
}

/** Loads fourway-pager.wasm (by default the one next to fourway-pager.js). */
export function loadEngine(source?: string | URL | Response | ArrayBuffer | ArrayBufferView | WebAssembly.Module): Promise<PagerEngine>;

export class PagerEngine {
    readonly memory: WebAssembly.Memory;
    readonly version: string;
    /** Allocations made by the module so far; constant while pagers run. */
    readonly allocationCount: number;
    defaultConfig(): PagerConfig;
    /** Throws a RangeError for a bad size, page count or config. */
    create(options: CreateOptions): Pager;
}

export class Pager {
    destroy(): void;

    pointerDown(x: number, y: number, time: number): void;
    pointerMoved(x: number, y: number, time: number): void;
    pointerUp(x: number, y: number, time: number): void;
    scroll(dx: number, dy: number, time: number): void;
    scrollEnded(time: number): void;
    flip(direction: Direction, time: number): boolean;
    go(h: number, v: number, animated: boolean, time: number): void;
    interrupt(reason: InterruptionReason, time: number): boolean;
    resize(width: number, height: number, time: number): boolean;
    setBounds(horizontalPages: PageCount, verticalPages: PageCount, time: number): boolean;
    advance(time: number): void;

    setSpacing(spacing: number, time: number): boolean;
    setReversed(horizontal: boolean, vertical: boolean, time: number): boolean;
    setLongSwipes(allowed: boolean, maximumPages?: number): boolean;
    setOvershootEdges(edges: Iterable<Edge>): boolean;
    setRowLengths(lengths: readonly number[] | null, time: number): boolean;
    setTouchpadDistance(horizontal: number, vertical: number): boolean;
    setScrollEndGap(seconds: number): boolean;

    setZoomContent(width: number, height: number, pixelScale: number, time: number): boolean;
    zoomTo(scale: number, x: number, y: number, animated: boolean, time: number): boolean;
    zoomBy(factor: number, x: number, y: number, animated: boolean, time: number): boolean;
    zoomIn(x: number, y: number, time: number): boolean;
    zoomOut(x: number, y: number, time: number): boolean;
    toggleZoom(x: number, y: number, time: number): boolean;
    resetZoom(animated: boolean, time: number): boolean;
    readonly zoomScale: number;
    readonly zoomTargetScale: number;
    readonly zoomMaximumScale: number;
    readonly isZoomed: boolean;
    readonly zoomTranslation: Point;
    readonly zoomContentFrame: Rect;
    readonly zoomVisibleRect: Rect;

    readonly isSettled: boolean;
    readonly isDragging: boolean;
    readonly currentPage: Page;
    readonly offset: Point;
    readonly phase: Phase;
    readonly time: number;
    readonly droppedEventCount: number;
    /** x: width, y: height. */
    readonly pageSize: Point;
    readonly pageCounts: { horizontal: PageCount; vertical: PageCount };
    readonly rowLengths: number[] | null;
    readonly config: PagerConfig;

    /** The same nine objects each call, updated in place. */
    slots(): readonly Slot[];
    pollEvent(): PagerEvent | null;
    pollEvents(): PagerEvent[];
    /** The event as pager-replay prints it, written by the engine. */
    pollEventLine(): string | null;
}

/** Quiet time after a pixel-delta wheel event that counts as the fingers' lift, s (0.15). */
export const WHEEL_LIFT_GAP_S: number;
/** After a lift, wheel events are the momentum tail while each follows the last within this, s (0.3). */
export const WHEEL_TAIL_PAUSE_S: number;
/** Touchpad units per CSS pixel of a pixel-mode wheel delta (1). */
export const WHEEL_UNITS_PER_PIXEL: number;
/** A pixel-mode event opening a gesture with at least this delta, px, and a wheelDelta in 120ths, is a notch (50). */
export const WHEEL_NOTCH_MIN_PX: number;
/** Ctrl+wheel pixels: the zoom is multiplied by exp(-deltaY / this) (100). */
export const PINCH_PIXELS_PER_E: number;
/** The names of the CustomEvents a pager dispatches on its element (the engine's). */
export const DOM_EVENT_NAMES: readonly PagerEvent["event"][];

/** The web's `wheel` as the engine's touchpad, notch and zoom input (see the module). */
export class WheelGestures {
    constructor(pager: Pager);
    /** `time`: the engine's clock, s; (x, y): the pointer in the element, px. Whether the pager moves. */
    wheel(event: WheelEvent, time: number, x: number, y: number): boolean;
    /** Forgets the gesture in progress. */
    reset(): void;
}

export interface CreatePagerOptions {
    engine: PagerEngine;
    horizontalPages?: PageCount;
    verticalPages?: PageCount;
    /** Ragged rows: the page count of each row. */
    rowLengths?: readonly number[] | null;
    config?: Partial<PagerConfig>;
    /** Fills `page`, the page element of a slot that now shows page (h, v); h and v are null
        when the slot shows no page. Called when a slot is recycled, never per frame. */
    slotContent?(h: number | null, v: number | null, page: HTMLElement): void;
    /** The current page's content for zoom: its fitted size, px, and the scale at which one of
        its pixels is one screen pixel. Default: the page itself at pixel scale 4. */
    zoomContent?(h: number, v: number): { width: number; height: number; pixelScale?: number } | null;
    /** Default: the prefers-reduced-motion media query. Then releases end at once and flips jump. */
    reducedMotion?: boolean;
    /** Older form of slotContent: the page element and [h, v] or null. */
    renderPage?(page: HTMLElement, at: Page | null): void;
    /** Called for each engine event, before the element's CustomEvent. */
    onEvent?(event: PagerEvent): void;
}

/** The element's CustomEvents: `detail` is the engine's event. */
export type PagerDOMEvent<Name extends PagerEvent["event"]> = CustomEvent<EventNamed<PagerEvent, Name>>;
/** The member of the PagerEvent union that has the name `Name`. */
type EventNamed<E, Name> = E extends { event: infer N } ? (Name extends N ? E : never) : never;

/** A pager in `element`: nine slot elements moved by CSS transforms only, driven by Pointer
    Events, the wheel, keys when focused and a ResizeObserver; requestAnimationFrame only while
    something moves. The engine's events are dispatched on `element` as CustomEvents. */
export function createPager(element: HTMLElement, options: CreatePagerOptions): {
    pager: Pager;
    /** The nine slot elements (positioned, clipping), in slot id order. */
    slots: HTMLElement[];
    /** Their page elements, which slotContent fills. */
    pages: HTMLElement[];
    wheel: WheelGestures;
    destroy(): void;
};
