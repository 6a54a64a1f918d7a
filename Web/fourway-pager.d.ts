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

export interface CreatePagerOptions {
    engine: PagerEngine;
    horizontalPages?: PageCount;
    verticalPages?: PageCount;
    config?: Partial<PagerConfig>;
    /** Fills a slot element that now shows `page` (null: none). */
    renderPage?(slot: HTMLElement, page: Page | null): void;
    onEvent?(event: PagerEvent): void;
}

/** A pager in `element`: nine slot elements moved by CSS transforms, driven by
    pointer, wheel and key events and a ResizeObserver. */
export function createPager(element: HTMLElement, options: CreatePagerOptions): {
    pager: Pager;
    slots: HTMLElement[];
    destroy(): void;
};
