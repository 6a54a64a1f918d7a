// fourway-pager.wasm and fourway-pager.js under Node: what the module imports
// and exports, that input and frames allocate nothing (the memory does not
// grow over a long drag), and what the wrapper makes of events and slots.
//
//     node Tests/web/engine.mjs DIR     # DIR: scripts/package-web's output
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = process.argv[2];
if (!dir) {
    console.error("usage: node Tests/web/engine.mjs DIR (scripts/package-web's output)");
    process.exit(2);
}
const { loadEngine, EVENT_NAMES, createPager } = await import(pathToFileURL(`${dir}/fourway-pager.js`).href);
const wasmPath = `${dir}/fourway-pager.wasm`;
const header = readFileSync(fileURLToPath(new URL("../../Sources/CFourwayPager/include/fourway/pager.h", import.meta.url)), "utf8");

let passed = 0, failed = 0;
async function check(name, body) {
    try {
        await body();
        passed++;
        console.log(`ok   ${name}`);
    } catch (error) {
        failed++;
        console.log(`FAIL ${name}: ${error.message}`);
    }
}
function expect(condition, message) { if (!condition) throw new Error(message); }

const module = new WebAssembly.Module(readFileSync(wasmPath));
const engine = await loadEngine(module);

await check("the module imports nothing", () => {
    const imports = WebAssembly.Module.imports(module);
    expect(imports.length === 0, `imports ${imports.map((i) => `${i.module}.${i.name}`).join(", ")}`);
});

await check("every function pager.h declares is exported", () => {
    const declared = [...header.matchAll(/^[a-z][a-z_ *]* ?\*?(fw_[a-z_]+)\(/gm)].map((m) => m[1]);
    const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
    const missing = declared.filter((name) => !exported.has(name));
    expect(declared.length > 40, `only ${declared.length} functions found in pager.h`);
    expect(missing.length === 0, `missing ${missing.join(", ")}`);
});

await check("the version is the header's", () => {
    const version = header.match(/#define FW_PAGER_VERSION "([^"]+)"/)[1];
    expect(engine.version === version, `${engine.version}, header ${version}`);
});

/** Drives `pager` through a long drag back and forth, a frame per move, reading everything a host reads. */
function longDrag(pager, moves) {
    let t = 0;
    pager.pointerDown(640, 400, t);
    for (let i = 0; i < moves; i++) {
        t += 1 / 120;
        // 0…1200 px and back, repeatedly: past the slop, both ways, never released.
        const x = 640 - 600 * Math.abs(((i / 200) % 2) - 1) * 2 + 600;
        pager.pointerMoved(x, 400 + (i % 7), t);
        pager.advance(t);
        pager.slots();
        while (pager.pollEvent()) { /* drained */ }
        void pager.offset, pager.phase, pager.currentPage;
    }
    pager.pointerUp(640, 400, t);
    for (let i = 0; i < 240; i++) { t += 1 / 120; pager.advance(t); while (pager.pollEventLine()) { /* drained */ } }
    return t;
}

await check("a long drag grows no memory and allocates nothing", () => {
    const pager = engine.create({ width: 1280, height: 800 });
    const bytes = engine.memory.buffer.byteLength, allocations = engine.allocationCount;
    longDrag(pager, 50000);
    expect(pager.isSettled, "the drag did not settle");
    expect(engine.memory.buffer.byteLength === bytes, `memory grew from ${bytes} to ${engine.memory.buffer.byteLength} bytes`);
    expect(engine.allocationCount === allocations, `${engine.allocationCount - allocations} allocations during the drag`);
    pager.destroy();
});

await check("flips, scrolling and zoom allocate nothing", () => {
    const pager = engine.create({ width: 1280, height: 800, horizontalPages: 40 });
    const allocations = engine.allocationCount;
    let t = 0;
    for (let i = 0; i < 2000; i++) {
        t += 0.05;
        pager.flip(i % 50 < 25 ? "right" : "left", t);
        pager.scroll(-12, 1, t + 0.01);
        if (i % 10 === 0) pager.zoomTo(2, 100, 100, true, t + 0.02);
        if (i % 10 === 5) pager.resetZoom(true, t + 0.02);
        pager.advance(t + 0.03);
        pager.pollEvents();
    }
    expect(engine.allocationCount === allocations, `${engine.allocationCount - allocations} allocations`);
    pager.destroy();
});

await check("pagers created and destroyed reuse their memory", () => {
    engine.create({ width: 100, height: 100 }).destroy();
    const bytes = engine.memory.buffer.byteLength;
    for (let i = 0; i < 5000; i++) engine.create({ width: 100 + i, height: 100 }).destroy();
    expect(engine.memory.buffer.byteLength === bytes, `memory grew from ${bytes} to ${engine.memory.buffer.byteLength} bytes`);
});

/** The same fling on two pagers: one read as objects, one as the engine's JSON lines. */
function fling(pager, read) {
    const out = [];
    pager.setRowLengths([5, 2, 8], 0);
    pager.pollEvents();
    pager.pointerDown(640, 400, 0);
    pager.pointerMoved(600, 401, 0.016);
    pager.pointerMoved(500, 402, 0.032);
    pager.pointerUp(420, 405, 0.048);
    for (let t = 0.05; t < 1; t += 1 / 60) { pager.advance(t); out.push(...read(pager)); }
    pager.flip("down", 1); pager.advance(2); out.push(...read(pager));
    pager.flip("right", 3); pager.flip("right", 3.01); pager.advance(4); out.push(...read(pager));
    pager.interrupt("escape", 4.1); pager.setZoomContent(1000, 800, 3, 4.2); pager.zoomIn(10, 10, 4.3);
    pager.advance(5); out.push(...read(pager));
    return out;
}

await check("events as objects carry what the engine's lines say", () => {
    const objects = fling(engine.create({ width: 1280, height: 800, verticalPages: 3 }), (p) => p.pollEvents());
    const lines = fling(engine.create({ width: 1280, height: 800, verticalPages: 3 }), (p) => {
        const read = [];
        for (let line; (line = p.pollEventLine()) !== null; ) read.push(JSON.parse(line));
        return read;
    });
    expect(objects.length === lines.length && objects.length > 8, `${objects.length} objects, ${lines.length} lines`);
    const kinds = new Set(objects.map((e) => e.event));
    for (const kind of ["drag-began", "axis-locked", "page-will-change", "page-changed", "slots-recycled", "settled", "zoom-changed"]) {
        expect(kinds.has(kind), `no ${kind} event`);
    }
    objects.forEach((object, i) => {
        const line = lines[i];
        expect(EVENT_NAMES.includes(object.event), `unknown event ${object.event}`);
        expect(Math.abs(object.t - line.t) < 1e-6, `event ${i}: t ${object.t} vs ${line.t}`);
        const rounded = { ...object, t: line.t };
        if (object.event === "zoom-changed") rounded.scale = Math.round(object.scale * 1e4) / 1e4;
        expect(JSON.stringify(Object.keys(object)) === JSON.stringify(Object.keys(line)), `event ${i}: keys ${Object.keys(object)}`);
        expect(JSON.stringify(rounded) === JSON.stringify(line), `event ${i}: ${JSON.stringify(object)} vs ${JSON.stringify(line)}`);
    });
});

await check("slots: nine ids, the current page at column 0, row 0, where the offset puts it", () => {
    const pager = engine.create({ width: 1280, height: 800, horizontalPages: 3 });
    pager.pointerDown(640, 400, 0);
    pager.pointerMoved(500, 400, 0.02);
    pager.advance(0.03);
    const slots = pager.slots();
    const ids = slots.map((s) => s.id).sort();
    expect(JSON.stringify(ids) === "[0,1,2,3,4,5,6,7,8]", `ids ${ids}`);
    const centre = slots.find((s) => s.column === 0 && s.row === 0);
    expect(JSON.stringify(centre.page) === "[0,0]", `centre shows ${JSON.stringify(centre.page)}`);
    expect(centre.frame.x === pager.offset.x && pager.offset.x < 0, `centre at ${centre.frame.x}, offset ${pager.offset.x}`);
    expect(slots.find((s) => s.column === -1 && s.row === 0).page === null, "a page left of page 0 of 3");
    expect(pager.phase === "dragging-h" && pager.isDragging, `phase ${pager.phase}`);
    pager.destroy();
});

await check("bad arguments throw a clear error, never reach the engine", () => {
    const throws = (body, kind, words) => {
        try { body(); } catch (error) {
            expect(error instanceof kind && error.message.includes(words), `threw ${error}`);
            return;
        }
        throw new Error(`did not throw (${words})`);
    };
    throws(() => engine.create({ width: 0, height: 800 }), RangeError, "cannot create");
    throws(() => engine.create({ width: 10, height: 10, verticalPages: -3 }), RangeError, "verticalPages");
    throws(() => engine.create({ width: 10, height: 10, config: { springMass: -1 } }), RangeError, "config");
    const pager = engine.create({ width: 10, height: 10 });
    throws(() => pager.flip("sideways", 0), RangeError, "sideways");
    throws(() => pager.interrupt("bored", 0), RangeError, "bored");
    throws(() => pager.go(NaN, 0, false, 0), TypeError, "h must be a number");
    expect(pager.resize(0, 10, 0) === false, "resize to 0 accepted");
    pager.destroy();
});

/** Just enough of an element for createPager: styles, children, listeners, a box. */
function fakeElement(width, height) {
    const listeners = {};
    const element = {
        style: {}, dataset: {}, children: [], clientHeight: height,
        hasAttribute: () => false,
        getBoundingClientRect: () => ({ left: 0, top: 0, width, height }),
        appendChild(child) { this.children.push(child); },
        addEventListener(name, listener) { listeners[name] = listener; },
        removeEventListener(name) { delete listeners[name]; },
        dispatch(name, fields) { listeners[name]?.({ preventDefault() {}, ...fields }); },
    };
    element.ownerDocument = { createElement: () => ({ style: {}, dataset: {}, remove() {}, appendChild() {} }) };
    return element;
}

await check("createPager: an arrow key flips, the slots follow by transforms, pages are rendered", async () => {
    let clock = 0;
    globalThis.performance = { now: () => clock * 1000 };
    const frames = [];
    globalThis.requestAnimationFrame = (callback) => frames.push(callback);
    globalThis.cancelAnimationFrame = () => {};
    const element = fakeElement(800, 600);
    const rendered = new Map();
    const events = [];
    const view = createPager(element, { engine, horizontalPages: 5,
        renderPage: (slot, page) => rendered.set(slot.dataset.slot, page && page.join(",")),
        onEvent: (event) => events.push(event.event) });
    expect(element.children.length === 9, `${element.children.length} slot elements`);
    const centre = view.slots.find((child) => rendered.get(child.dataset.slot) === "0,0");
    expect(centre && centre.style.transform === "translate(0px, 0px)", `centre at ${centre?.style.transform}`);
    element.dispatch("keydown", { key: "ArrowRight" });
    for (let i = 0; i < 120 && frames.length; i++) { clock += 1 / 60; frames.shift()(); }
    expect(frames.length === 0, "still animating after 2 s");
    expect(JSON.stringify(view.pager.currentPage) === "[1,0]", `on ${view.pager.currentPage}`);
    expect(events.includes("page-changed") && events.at(-1) === "settled", `events ${events}`);
    const shown = view.slots.find((child) => child.style.transform === "translate(0px, 0px)");
    expect(rendered.get(shown.dataset.slot) === "1,0", `the centre slot shows ${rendered.get(shown.dataset.slot)}`);
    expect([...rendered.values()].includes("2,0"), "page 2,0 was never rendered");
    view.destroy();
});

console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
