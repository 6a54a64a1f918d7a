#!/usr/bin/env node
// pager-replay on the web build: plays a pager-replay script (a file, or
// standard input) through fourway-pager.wasm under Node and prints the same
// lines pager-replay prints, byte for byte (Tests/web/run compares them).
//
//     scripts/package-web                  # builds dist/web/fourway-pager.wasm
//     node Examples/web/replay.mjs [--width W] [--height H] [--h-pages N|inf] [--v-pages N|inf]
//         [--start H,V] [--overshoot all|none|left,right,...] [--row-lengths N,N,...]
//         [--spacing PX] [--reversed h|v|hv] [--long-swipes] [--max-swipe-pages N]
//         [--fps F] [--frames] [SCRIPT.jsonl]  < SCRIPT.jsonl
//
// The wasm: $FOURWAY_PAGER_WASM, or else dist/web/fourway-pager.wasm.
// A malformed line stops the run with "pager-replay: line N: ..." on stderr
// and exit code 2, as pager-replay does (Sources/pager-replay/ScriptParser.swift);
// a bad option prints "Error: ..." and exits 64.
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadEngine, PHASES, DIRECTIONS, EDGES, INTERRUPTION_REASONS } from "../../Web/fourway-pager.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT_ERROR_EXIT = 2;
const USAGE_ERROR_EXIT = 64;   // ArgumentParser's validation failures
const MAXIMUM_STEPPING = 60;   // s after an input (Sources/pager-replay/Replay.swift)
const MAXIMUM_FPS = 10000;
const DEFAULT_MAXIMUM_SWIPE_PAGES = 5;
const INPUT_KEYS = ["down", "move", "up", "interrupt", "scroll", "scroll-end", "flip", "go", "resize", "bounds",
    "zoom", "zoom-content"];
const MODIFIER_KEYS = ["animated", "at"];

class UsageError extends Error {}
class ScriptError extends Error {}

// ------------------------------------------------------------ number format

/** ReplayFormat.write(number:decimals:) (Sources/Pager/Replay/ReplayFormat.swift), digit for digit. */
export function formatNumber(value, decimals) {
    if (!Number.isFinite(value)) return "null";
    const scale = 10 ** decimals;
    const scaled = value * scale;
    if (Math.abs(scaled) >= 2 ** 53) return String(value);
    const magnitude = Math.abs(scaled);
    const whole = Math.trunc(magnitude);
    const rounded = magnitude - whole >= 0.5 ? whole + 1 : whole;
    if (rounded === 0) return "0";
    let fraction = rounded % scale;   // exact: both are integers below 2^53
    let text = (scaled < 0 ? "-" : "") + String((rounded - fraction) / scale);
    if (fraction !== 0) {
        let digits = decimals;
        while (fraction % 10 === 0) { fraction /= 10; digits--; }
        text += "." + String(fraction).padStart(digits, "0");
    }
    return text;
}

const time = (seconds) => formatNumber(seconds, 6);

// --------------------------------------------------------------- options

function parseOptions(argv) {
    const options = { width: 1280, height: 800, hPages: null, vPages: null, start: [0, 0], overshoot: EDGES,
        rowLengths: null, spacing: 0, reversed: [false, false], longSwipes: false,
        maximumSwipePages: DEFAULT_MAXIMUM_SWIPE_PAGES, fps: 120, frames: false, script: null };
    const number = (name, text) => {
        const value = Number(text);
        if (text.trim() === "" || Number.isNaN(value)) throw new UsageError(`The value '${text}' is invalid for '--${name} <${name}>'`);
        return value;
    };
    const pages = (name, text) => {
        if (text === "inf") return null;
        if (!/^\d+$/.test(text)) throw new UsageError(`The value '${text}' is invalid for '--${name} <${name}>'`);
        return Number(text);
    };
    for (let i = 0; i < argv.length; i++) {
        let word = argv[i], value = null;
        const equals = word.indexOf("=");
        if (word.startsWith("--") && equals > 0) { value = word.slice(equals + 1); word = word.slice(0, equals); }
        const next = () => {
            if (value !== null) return value;
            if (i + 1 >= argv.length) throw new UsageError(`Missing value for '${word} <value>'`);
            return argv[++i];
        };
        switch (word) {
        case "--width": options.width = number("width", next()); break;
        case "--height": options.height = number("height", next()); break;
        case "--h-pages": options.hPages = pages("h-pages", next()); break;
        case "--v-pages": options.vPages = pages("v-pages", next()); break;
        case "--start": {
            const text = next();
            if (!/^-?\d+,-?\d+$/.test(text)) throw new UsageError(`The value '${text}' is invalid for '--start <start>'`);
            options.start = text.split(",").map(Number);
            break;
        }
        case "--overshoot": {
            const text = next();
            if (text === "all") options.overshoot = EDGES;
            else if (text === "none") options.overshoot = [];
            else {
                const edges = text.split(",");
                if (edges.some((edge) => !EDGES.includes(edge))) throw new UsageError(`The value '${text}' is invalid for '--overshoot <EDGES>'`);
                options.overshoot = edges;
            }
            break;
        }
        case "--row-lengths": {
            const text = next();
            if (!/^0*[1-9]\d*(,0*[1-9]\d*)*$/.test(text)) throw new UsageError(`The value '${text}' is invalid for '--row-lengths <N,N,…>'`);
            options.rowLengths = text.split(",").map(Number);
            break;
        }
        case "--spacing": options.spacing = number("spacing", next()); break;
        case "--reversed": {
            const text = next();
            if (!["h", "v", "hv"].includes(text)) throw new UsageError(`The value '${text}' is invalid for '--reversed <reversed>'`);
            options.reversed = [text.includes("h"), text.includes("v")];
            break;
        }
        case "--long-swipes": options.longSwipes = true; break;
        case "--max-swipe-pages": options.maximumSwipePages = number("max-swipe-pages", next()); break;
        case "--fps": options.fps = number("fps", next()); break;
        case "--frames": options.frames = true; break;
        default:
            if (word.startsWith("--") || options.script !== null) throw new UsageError(`Unknown option '${word}'`);
            options.script = word;
        }
    }
    return validate(options);
}

/** PagerReplay.validate(), message for message. */
function validate(options) {
    if (!(Number.isFinite(options.width) && options.width > 0)) throw new UsageError("--width must be a positive number of px.");
    if (!(Number.isFinite(options.height) && options.height > 0)) throw new UsageError("--height must be a positive number of px.");
    if (options.rowLengths && options.vPages !== options.rowLengths.length) {
        const rows = options.rowLengths.length;
        throw new UsageError(`--row-lengths gives ${rows} rows: --v-pages must be ${rows}.`);
    }
    if (!(Number.isFinite(options.spacing) && options.spacing >= 0)) throw new UsageError("--spacing must be a number of px >= 0.");
    if (!(Number.isInteger(options.maximumSwipePages) && options.maximumSwipePages >= 1)) {
        throw new UsageError("--max-swipe-pages must be at least 1.");
    }
    if (!(Number.isFinite(options.fps) && options.fps > 0 && options.fps <= MAXIMUM_FPS)) {
        throw new UsageError(`--fps must be above 0 and at most ${MAXIMUM_FPS}.`);
    }
    return options;
}

// ---------------------------------------------------------------- parser

/** ScriptParser.describe: a value as it might have been written, shortened. */
function describe(value) {
    if (value === null) return "null";
    if (typeof value === "boolean") return String(value);
    if (typeof value === "number") return time(value);
    if (typeof value === "string") {
        const characters = Array.from(value);
        return `"${characters.length > 40 ? characters.slice(0, 40).join("") + "…" : value}"`;
    }
    if (Array.isArray(value)) return "[" + value.map(describe).join(",") + "]";
    return "an object";
}

const isNumber = (value) => typeof value === "number" && Number.isFinite(value);

function numberPair(key, value, shape) {
    if (!Array.isArray(value) || value.length !== 2 || !isNumber(value[0]) || !isNumber(value[1])) {
        throw new ScriptError(`"${key}" must be ${shape}, two numbers, not ${describe(value)}`);
    }
    return value;
}

const wholeNumber = (value) => typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= 2 ** 53;

function isAnimated(animated) {
    if (animated === undefined) return true;
    if (typeof animated !== "boolean") throw new ScriptError(`"animated" must be true or false, not ${describe(animated)}`);
    return animated;
}

function named(key, list, value, what) {
    if (typeof value !== "string") throw new ScriptError(`"${key}" must be a ${what} (${list.join(", ")}), not ${describe(value)}`);
    if (!list.includes(value)) {
        throw new ScriptError(`unknown ${key === "flip" ? "flip direction" : "interrupt reason"} "${value}" (expected one of ${list.join(", ")})`);
    }
    return value;
}

/** One input of `key` from `value`: [method, arguments...] of the replayer. */
function command(key, value, fields) {
    switch (key) {
    case "down": case "move": case "up": return [key, ...numberPair(key, value, "[x,y]")];
    case "scroll": return [key, ...numberPair(key, value, "[dx,dy]")];
    case "scroll-end":
        if (value !== true) throw new ScriptError(`"scroll-end" must be true, not ${describe(value)}`);
        return [key];
    case "interrupt": return [key, named(key, INTERRUPTION_REASONS, value, "reason")];
    case "flip": return [key, named(key, DIRECTIONS, value, "direction")];
    case "go":
        if (!Array.isArray(value) || value.length !== 2 || !wholeNumber(value[0]) || !wholeNumber(value[1])) {
            throw new ScriptError(`"go" must be [h,v], two whole numbers, not ${describe(value)}`);
        }
        return [key, value[0], value[1], isAnimated(fields.animated)];
    case "resize": {
        const [width, height] = numberPair(key, value, "[width,height]");
        if (!(width > 0 && height > 0)) throw new ScriptError(`"resize" must be [width,height] above 0, not ${describe(value)}`);
        return [key, width, height];
    }
    case "bounds": {
        const count = (item) => item === null || (wholeNumber(item) && item >= 0);
        if (!Array.isArray(value) || value.length !== 2 || !count(value[0]) || !count(value[1])) {
            throw new ScriptError(`"bounds" must be [h,v], each null (infinite) or a page count >= 0, not ${describe(value)}`);
        }
        return [key, value[0], value[1]];
    }
    case "zoom-content":
        if (!Array.isArray(value) || value.length !== 3 || !value.every((item) => isNumber(item) && item > 0)) {
            throw new ScriptError(`"zoom-content" must be [width,height,pixelScale], three numbers above 0, not ${describe(value)}`);
        }
        return [key, ...value];
    case "zoom": {
        if (!(isNumber(value) && value > 0)) throw new ScriptError(`"zoom" must be a scale above 0 (1 = fit), not ${describe(value)}`);
        const at = fields.at === undefined ? null : numberPair("at", fields.at, "[x,y]");
        return [key, value, at, isAnimated(fields.animated)];
    }
    }
    throw new Error(`${key} is in INPUT_KEYS but has no parser`);
}

/** ScriptParser.parse: {time, input} for a line, null for a blank one. */
function parseLine(text, lastTime) {
    if (/^[ \t]*$/.test(text)) return null;
    let fields;
    try {
        fields = JSON.parse(text);
    } catch {
        throw new ScriptError("not valid JSON");
    }
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
        throw new ScriptError("expected a JSON object, one input per line");
    }
    for (const key of Object.keys(fields).sort()) {
        if (key !== "t" && !INPUT_KEYS.includes(key) && !MODIFIER_KEYS.includes(key)) throw new ScriptError(`unknown key "${key}"`);
    }
    if (!("t" in fields)) throw new ScriptError('missing "t" (seconds)');
    const t = fields.t;
    if (!isNumber(t)) throw new ScriptError(`"t" must be a number of seconds, not ${describe(t)}`);
    if (lastTime !== null && t < lastTime) {
        throw new ScriptError(`"t" goes backwards: ${time(t)} is before the previous line's ${time(lastTime)}`);
    }
    const present = INPUT_KEYS.filter((key) => key in fields);
    if (present.length === 0) throw new ScriptError(`no input: expected one of ${INPUT_KEYS.join(", ")}`);
    if (present.length > 1) throw new ScriptError(`more than one input: ${present.map((key) => `"${key}"`).join(" and ")}`);
    const key = present[0];
    if ("animated" in fields && key !== "go" && key !== "zoom") throw new ScriptError('"animated" only goes with "go" or "zoom"');
    if ("at" in fields && key !== "zoom") throw new ScriptError('"at" only goes with "zoom"');
    return { time: t, input: command(key, fields[key], fields) };
}

// ---------------------------------------------------------------- replay

/** Replay.swift's run loop over a Pager of fourway-pager.js. */
class Replay {
    constructor(pager, options, write) {
        this.pager = pager;
        this.options = options;
        this.write = write;
        this.lastInputTime = null;
    }

    /** The options the pager was not created with, set just before the first input and what they report dropped. */
    configure(time) {
        const { pager, options } = this;
        if (options.rowLengths) pager.setRowLengths(options.rowLengths, time);
        if (options.spacing !== 0) pager.setSpacing(options.spacing, time);
        if (options.reversed[0] || options.reversed[1]) pager.setReversed(options.reversed[0], options.reversed[1], time);
        if (options.longSwipes || options.maximumSwipePages !== DEFAULT_MAXIMUM_SWIPE_PAGES) {
            pager.setLongSwipes(options.longSwipes, options.maximumSwipePages);
        }
        if (options.overshoot.length !== EDGES.length) pager.setOvershootEdges(options.overshoot);
        while (pager.pollEvent()) { /* the pager-replay model starts configured: nothing to report */ }
    }

    apply({ time: t, input }) {
        if (this.lastInputTime === null) this.configure(t);
        else this.step(this.lastInputTime, t);
        const pager = this.pager;
        const [key, a, b, c] = input;
        switch (key) {
        case "down": pager.pointerDown(a, b, t); break;
        case "move": pager.pointerMoved(a, b, t); break;
        case "up": pager.pointerUp(a, b, t); break;
        case "scroll": pager.scroll(a, b, t); break;
        case "scroll-end": pager.scrollEnded(t); break;
        case "interrupt": pager.interrupt(a, t); break;
        case "flip": pager.flip(a, t); break;
        case "go": pager.go(a, b, c, t); break;
        case "resize": pager.resize(a, b, t); break;
        case "bounds": pager.setBounds(a, b, t); break;
        case "zoom-content": pager.setZoomContent(a, b, c, t); break;
        case "zoom": {
            // No "at": the viewport's centre.
            const size = pager.pageSize;
            const [x, y] = b ?? [size.x / 2, size.y / 2];
            pager.zoomTo(a, x, y, c, t);
            break;
        }
        }
        this.writeEvents();
        this.lastInputTime = t;
    }

    finish() {
        if (this.lastInputTime !== null) this.step(this.lastInputTime, null);
    }

    step(start, end) {
        const limit = start + MAXIMUM_STEPPING;
        let frame = 1;
        do {
            const t = start + frame / this.options.fps;
            if (end !== null && t >= end) return;
            if (t > limit) return;
            this.pager.advance(t);
            this.writeEvents();
            if (this.options.frames) this.write(this.frameLine(t));
            frame += 1;
        } while (!this.pager.isSettled);
    }

    writeEvents() {
        for (let line; (line = this.pager.pollEventLine()) !== null; ) this.write(line);
    }

    /** ReplayFormat.frameLine. */
    frameLine(t) {
        const [h, v] = this.pager.currentPage;
        const offset = this.pager.offset;
        return `{"t":${time(t)},"frame":{"page":[${h},${v}],"offset":[${formatNumber(offset.x, 3)},` +
            `${formatNumber(offset.y, 3)}],"phase":"${this.pager.phase}"}}`;
    }
}

function scriptLines(text) {
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

async function main(argv) {
    let options;
    try {
        options = parseOptions(argv);
    } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        process.stderr.write(`Error: ${error.message}\n`);
        return USAGE_ERROR_EXIT;
    }
    let text;
    try {
        text = readFileSync(options.script ?? 0, "utf8");
    } catch {
        process.stderr.write(`Error: cannot read the script '${options.script ?? "standard input"}'.\n`);
        return USAGE_ERROR_EXIT;
    }
    const wasm = process.env.FOURWAY_PAGER_WASM ? pathToFileURL(process.env.FOURWAY_PAGER_WASM)
        : new URL("dist/web/fourway-pager.wasm", pathToFileURL(ROOT));
    const engine = await loadEngine(wasm);
    const pager = engine.create({ width: options.width, height: options.height,
        horizontalPages: options.rowLengths ? Math.max(...options.rowLengths.map((n) => Math.max(n, 1))) : options.hPages,
        verticalPages: options.vPages, start: options.start });
    const output = [];
    const replay = new Replay(pager, options, (line) => output.push(line));
    const flush = () => { if (output.length) process.stdout.write(output.join("\n") + "\n"); output.length = 0; };
    let lastTime = null;
    const lines = scriptLines(text);
    for (let number = 1; number <= lines.length; number++) {
        let parsed;
        try {
            parsed = parseLine(lines[number - 1], lastTime);
        } catch (error) {
            if (!(error instanceof ScriptError)) throw error;
            flush();
            process.stderr.write(`pager-replay: line ${number}: ${error.message}\n`);
            return SCRIPT_ERROR_EXIT;
        }
        if (parsed === null) continue;
        lastTime = parsed.time;
        replay.apply(parsed);
    }
    replay.finish();
    flush();
    pager.destroy();
    return 0;
}

process.exitCode = await main(process.argv.slice(2));
