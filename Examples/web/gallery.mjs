// The demo gallery in the browser: albums as rows of different lengths (ragged rows),
// photos drawn here as colours with labels (no image files), in Fourway's pager
// (Web/fourway-pager.js). The module is found at ../../dist/web/fourway-pager.js,
// scripts/package-web's output, or at ?module=URL.
const moduleURL = new URLSearchParams(location.search).get("module") ?? "../../dist/web/fourway-pager.js";
const { loadEngine, createPager } = await import(new URL(moduleURL, location.href).href);

/** Photos per album: the rows' lengths. */
export const ALBUMS = [
    { name: "Coast", photos: 6 },
    { name: "Mountains", photos: 3 },
    { name: "City at night", photos: 8 },
    { name: "Portrait", photos: 1 },
    { name: "Garden", photos: 5 },
];

/** The colour of photo h of album v, [r, g, b] 0…255: distinct for neighbours in both directions. */
export function photoColour(h, v) {
    const hue = (v * 72 + h * 29) % 360;
    return hslToRgb(hue, 0.65, 0.45 + 0.08 * (h % 3));
}

function hslToRgb(hue, saturation, lightness) {
    const a = saturation * Math.min(lightness, 1 - lightness);
    const f = (n) => {
        const k = (n + hue / 30) % 12;
        return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)];
}

const element = document.getElementById("pager");
const status = document.getElementById("status");
const engine = await loadEngine();
const view = createPager(element, {
    engine,
    verticalPages: ALBUMS.length,
    rowLengths: ALBUMS.map((album) => album.photos),
    slotContent(h, v, page) {
        page.replaceChildren();
        if (h === null) return;
        const photo = document.createElement("div");
        photo.className = "photo";
        photo.style.background = `rgb(${photoColour(h, v).join(",")})`;
        const subject = document.createElement("div");
        subject.className = "subject";
        subject.textContent = `${ALBUMS[v].name} — ${h + 1}/${ALBUMS[v].photos}`;
        photo.append(subject);
        page.append(photo);
    },
});
const showStatus = () => {
    const [h, v] = view.pager.currentPage;
    status.textContent = `${ALBUMS[v].name}: photo ${h + 1} of ${ALBUMS[v].photos}` +
        (view.pager.isZoomed ? ` · ${view.pager.zoomTargetScale.toFixed(2)}×` : "");
};
element.addEventListener("settled", showStatus);
element.addEventListener("zoom-changed", showStatus);
showStatus();
element.focus();
// For the browser tests (Tests/web/browser.py) and the benchmark (Benchmarks/web/bench.py).
window.fourway = { view, engine, photoColour, ALBUMS };
document.documentElement.dataset.ready = "true";
