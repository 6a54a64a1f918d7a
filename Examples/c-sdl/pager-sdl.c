/*
 * pager-sdl: a four-direction pager of coloured pages in SDL2, in C, on
 * Fourway's pager engine (fourway/pager.h). Drag with the mouse or a finger,
 * scroll with a touchpad, flip with the arrow keys, zoom with + and -; Escape interrupts a
 * drag, q quits. Every engine event is printed as a JSON line.
 *
 *     cc pager-sdl.c -o pager-sdl $(pkg-config --cflags --libs fourway-pager sdl2)
 *     ./pager-sdl [--h-pages N|inf] [--v-pages N|inf] [--width W] [--height H]
 *                 [--spacing PX] [--reversed h|v|hv] [--long-swipes]
 *                 [--max-swipe-pages N] [--overshoot all|none|left,right,top,bottom]
 *                 [--row-lengths N,N,...]
 *     ./pager-sdl --replay SCRIPT.jsonl [--fps F] [--screenshot FILE.bmp] ...
 *
 * The paging options are pager-replay's flags, set with the fw_pager_set_
 * functions before the first input; + and - zoom, 0 resets it, and a zoomed
 * page is drawn at fw_pager_zoom_content_frame(). 
 *
 * With --replay it opens no window: it draws every frame into an offscreen
 * surface while it plays a pager-replay script (see script.h), prints the
 * same lines pager-replay prints, and can save the last frame.
 */
#include <SDL.h>
#include <fourway/pager.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script.h"

/* A page's colour: hue from its column, lightness from its row. */
static SDL_Color page_colour(fw_page page) {
    static const SDL_Color hues[6] = {
        {220, 70, 60, 255}, {230, 160, 40, 255}, {90, 170, 70, 255},
        {50, 160, 190, 255}, {80, 90, 200, 255}, {170, 80, 180, 255}};
    SDL_Color c = hues[((page.h % 6) + 6) % 6];
    int shade = (int)(((page.v % 4) + 4) % 4) * 30;
    c.r = (Uint8)(c.r > shade ? c.r - shade : 0);
    c.g = (Uint8)(c.g > shade ? c.g - shade : 0);
    c.b = (Uint8)(c.b > shade ? c.b - shade : 0);
    return c;
}

/* Draws the visible slots where the engine puts them. */
static void draw(SDL_Renderer *renderer, const fw_pager *pager) {
    SDL_SetRenderDrawColor(renderer, 24, 24, 24, 255);
    SDL_RenderClear(renderer);
    fw_slot slots[FW_SLOT_COUNT];
    size_t count = fw_pager_slots(pager, slots);
    for (size_t i = 0; i < count; i++) {
        if (!slots[i].has_page || slots[i].visible_fraction <= 0) continue;
        SDL_Color c = page_colour(slots[i].page);
        SDL_Rect r = {(int)slots[i].frame.x, (int)slots[i].frame.y,
                      (int)slots[i].frame.width, (int)slots[i].frame.height};
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255);
        SDL_RenderFillRect(renderer, &r);
        /* The current page's content, zoomed and panned, clipped to its page. */
        fw_rect content = slots[i].column == 0 && slots[i].row == 0 ? fw_pager_zoom_content_frame(pager)
                                                                     : slots[i].frame;
        SDL_Rect inner = {(int)content.x + 8, (int)content.y + 8, (int)content.width - 16, (int)content.height - 16};
        SDL_RenderSetClipRect(renderer, &r);
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255);
        SDL_RenderDrawRect(renderer, &inner);
        SDL_RenderSetClipRect(renderer, NULL);
    }
    SDL_RenderPresent(renderer);
}

static void print_events(fw_pager *pager) {
    fw_event event;
    char line[1024];
    while (fw_pager_poll_event(pager, &event)) {
        fw_pager_event_json(&event, line, sizeof line);
        puts(line);
    }
}

/* Plays a script as pager-replay does: steps at fps between inputs and
 * after the last one until the pager settles (at most 60 s after an input). */
static int replay(fw_pager *pager, const char *path, double fps, SDL_Renderer *renderer) {
    FILE *file = fopen(path, "r");
    if (!file) { fprintf(stderr, "pager-sdl: cannot read the script '%s'\n", path); return 2; }
    char text[4096];
    int line_number = 0, have_last = 0;
    double last = 0;
    script_input input;
    for (;;) {
        int more = fgets(text, sizeof text, file) != NULL;
        if (more) {
            line_number++;
            const char *error = script_parse(text, &input);
            if (error) {
                fprintf(stderr, "pager-sdl: line %d: %s\n", line_number, error);
                fclose(file);
                return 2;
            }
            if (input.kind == SCRIPT_BLANK) continue;
        }
        if (have_last) {
            double limit = last + 60;
            for (double frame = 1;; frame++) {
                double time = last + frame / fps;
                if ((more && time >= input.time) || time > limit) break;
                fw_pager_advance(pager, time);
                print_events(pager);
                draw(renderer, pager);
                if (fw_pager_is_settled(pager)) break;
            }
        }
        if (!more) break;
        script_apply(&input, pager);
        print_events(pager);
        last = input.time;
        have_last = 1;
    }
    fclose(file);
    return 0;
}

/* Interactive: the window's events in, the engine's frames out. */
static void run_window(fw_pager *pager, SDL_Window *window, SDL_Renderer *renderer) {
    for (int running = 1; running;) {
        double now = SDL_GetTicks64() / 1000.0;
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            switch (e.type) {
            case SDL_QUIT: running = 0; break;
            case SDL_MOUSEBUTTONDOWN:
                if (e.button.button == SDL_BUTTON_LEFT) fw_pager_pointer_down(pager, e.button.x, e.button.y, now);
                break;
            case SDL_MOUSEMOTION:
                if (e.motion.state & SDL_BUTTON_LMASK) fw_pager_pointer_moved(pager, e.motion.x, e.motion.y, now);
                break;
            case SDL_MOUSEBUTTONUP:
                if (e.button.button == SDL_BUTTON_LEFT) fw_pager_pointer_up(pager, e.button.x, e.button.y, now);
                break;
            case SDL_MOUSEWHEEL:  /* touchpad: content follows the fingers */
                /* fw_pager_scroll takes touchpad units (libinput's px); SDL's precise
                   values are those / 10 (GTK's convention too). */
                fw_pager_scroll(pager, -e.wheel.preciseX * 10, e.wheel.preciseY * 10, now);
                break;
            case SDL_WINDOWEVENT:
                if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
                    fw_pager_resize(pager, e.window.data1, e.window.data2, now);
                else if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
                    fw_pager_interrupt(pager, FW_INTERRUPT_FOCUS_LOST, now);
                break;
            case SDL_KEYDOWN:
                switch (e.key.keysym.sym) {
                case SDLK_LEFT: fw_pager_flip(pager, FW_LEFT, now); break;
                case SDLK_RIGHT: fw_pager_flip(pager, FW_RIGHT, now); break;
                case SDLK_UP: fw_pager_flip(pager, FW_UP, now); break;
                case SDLK_DOWN: fw_pager_flip(pager, FW_DOWN, now); break;
                case SDLK_HOME: fw_pager_go(pager, 0, 0, true, now); break;
                case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
                    fw_pager_zoom_in(pager, fw_pager_page_size(pager).x / 2, fw_pager_page_size(pager).y / 2, now);
                    break;
                case SDLK_MINUS: case SDLK_KP_MINUS:
                    fw_pager_zoom_out(pager, fw_pager_page_size(pager).x / 2, fw_pager_page_size(pager).y / 2, now);
                    break;
                case SDLK_0: fw_pager_reset_zoom(pager, true, now); break;
                case SDLK_ESCAPE:
                    if (!fw_pager_interrupt(pager, FW_INTERRUPT_ESCAPE, now)) running = 0;
                    break;
                case SDLK_q: running = 0; break;
                }
                break;
            }
        }
        fw_pager_advance(pager, SDL_GetTicks64() / 1000.0);
        print_events(pager);
        draw(renderer, pager);
        if (fw_pager_is_settled(pager)) SDL_WaitEventTimeout(NULL, 100);  /* rest without spinning */
    }
    (void)window;
}

/* "left,right" → a bit set of 1u << FW_EDGE_…; all, none. */
static uint32_t edge_set(const char *text) {
    static const char *const names[] = {"left", "right", "top", "bottom"};
    if (!strcmp(text, "all")) return FW_EDGES_ALL;
    uint32_t edges = 0;
    for (int i = 0; i < 4; i++) {
        const char *at = strstr(text, names[i]);
        if (at) edges |= 1u << i;   /* FW_EDGE_LEFT … FW_EDGE_BOTTOM are 0…3 */
    }
    return edges;
}

/* "5,2,8" → lengths; returns how many. */
static size_t row_lengths(const char *text, int64_t *lengths, size_t capacity) {
    size_t count = 0;
    const char *p = text;
    while (*p && count < capacity) {
        char *end;
        long long length = strtoll(p, &end, 10);
        if (end == p) break;
        lengths[count++] = length;
        p = *end == ',' ? end + 1 : end;
    }
    return count;
}

static int64_t page_count(const char *text) {
    return strcmp(text, "inf") == 0 ? FW_PAGES_INFINITE : strtoll(text, NULL, 10);
}

int main(int argc, char **argv) {
    double width = 1280, height = 800, fps = 120;
    int64_t h_pages = FW_PAGES_INFINITE, v_pages = FW_PAGES_INFINITE;
    const char *script = NULL, *screenshot = NULL;
    double spacing = 0;
    bool reversed_h = false, reversed_v = false, long_swipes = false;
    int32_t max_swipe_pages = 5;
    uint32_t overshoot = FW_EDGES_ALL;
    int64_t lengths[256];
    size_t rows = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--long-swipes")) { long_swipes = true; continue; }
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value) { fprintf(stderr, "pager-sdl: %s needs a value\n", argv[i]); return 2; }
        if (!strcmp(argv[i], "--width")) width = atof(value);
        else if (!strcmp(argv[i], "--height")) height = atof(value);
        else if (!strcmp(argv[i], "--h-pages")) h_pages = page_count(value);
        else if (!strcmp(argv[i], "--v-pages")) v_pages = page_count(value);
        else if (!strcmp(argv[i], "--fps")) fps = atof(value);
        else if (!strcmp(argv[i], "--replay")) script = value;
        else if (!strcmp(argv[i], "--screenshot")) screenshot = value;
        else if (!strcmp(argv[i], "--spacing")) spacing = atof(value);
        else if (!strcmp(argv[i], "--reversed")) { reversed_h = strchr(value, 'h'); reversed_v = strchr(value, 'v'); }
        else if (!strcmp(argv[i], "--max-swipe-pages")) max_swipe_pages = (int32_t)atoi(value);
        else if (!strcmp(argv[i], "--overshoot")) overshoot = edge_set(value);
        else if (!strcmp(argv[i], "--row-lengths")) rows = row_lengths(value, lengths, 256);
        else { fprintf(stderr, "pager-sdl: unknown option %s\n", argv[i]); return 2; }
        i++;
    }
    fw_pager *pager = fw_pager_create(width, height, h_pages, v_pages);
    if (!pager || !(fps > 0)) { fprintf(stderr, "pager-sdl: bad page size, page count or fps\n"); return 2; }
    /* The options before the first input; what setting them reports is not the script's. */
    if (!fw_pager_set_spacing(pager, spacing, 0) || !fw_pager_set_reversed(pager, reversed_h, reversed_v, 0)
        || !fw_pager_set_long_swipes(pager, long_swipes, max_swipe_pages)
        || !fw_pager_set_overshoot_edges(pager, overshoot) || !fw_pager_set_row_lengths(pager, lengths, rows, 0)) {
        fprintf(stderr, "pager-sdl: bad spacing, swipe pages, edges or row lengths\n");
        return 2;
    }
    for (fw_event event; fw_pager_poll_event(pager, &event);) {}
    int status = 0;
    if (script) {
        SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, (int)width, (int)height, 32, SDL_PIXELFORMAT_ARGB8888);
        SDL_Renderer *renderer = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
        if (!renderer) { fprintf(stderr, "pager-sdl: %s\n", SDL_GetError()); return 1; }
        draw(renderer, pager);
        status = replay(pager, script, fps, renderer);
        if (status == 0 && screenshot && SDL_SaveBMP(surface, screenshot) != 0) {
            fprintf(stderr, "pager-sdl: %s\n", SDL_GetError());
            status = 1;
        }
        SDL_DestroyRenderer(renderer);
        SDL_FreeSurface(surface);
    } else {
        if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "pager-sdl: %s\n", SDL_GetError()); return 1; }
        SDL_Window *window = SDL_CreateWindow("pager-sdl", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                              (int)width, (int)height, SDL_WINDOW_RESIZABLE);
        SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
        if (!renderer) { fprintf(stderr, "pager-sdl: %s\n", SDL_GetError()); return 1; }
        run_window(pager, window, renderer);
        SDL_DestroyRenderer(renderer);
        SDL_DestroyWindow(window);
        SDL_Quit();
    }
    fw_pager_destroy(pager);
    return status;
}
