/*
 * script.h: reads the input lines of a pager-replay script (the JSON Lines
 * format of docs/pager-replay.md) and applies them to a fw_pager. Enough
 * JSON for that format: one object per line, a number "t" and one input key
 * ("down", "move", "up", "scroll", "scroll-end", "flip", "go" with an
 * optional "animated", "interrupt", "resize", "bounds", "zoom-content", and
 * "zoom" with an optional "at" and "animated").
 */
#ifndef PAGER_SDL_SCRIPT_H
#define PAGER_SDL_SCRIPT_H

#include <ctype.h>
#include <fourway/pager.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    SCRIPT_BLANK, SCRIPT_DOWN, SCRIPT_MOVE, SCRIPT_UP, SCRIPT_SCROLL, SCRIPT_SCROLL_END,
    SCRIPT_FLIP, SCRIPT_GO, SCRIPT_INTERRUPT, SCRIPT_RESIZE, SCRIPT_BOUNDS,
    SCRIPT_ZOOM_CONTENT, SCRIPT_ZOOM
} script_kind;

typedef struct {
    script_kind kind;
    double time;
    double a, b, c;      /* x, y / dx, dy / width, height (, pixel scale) / zoom: scale */
    int64_t h, v;        /* go: the page; bounds: page counts (-1 for null) */
    bool animated;       /* go, zoom */
    bool has_at;         /* zoom: around (b, c) rather than the page's centre */
    int32_t code;        /* flip: fw_direction; interrupt: fw_interruption */
} script_input;

/* The value after "key": in the line (no spaces), or NULL. */
static const char *script_value(const char *line, const char *key) {
    char pattern[32];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(line, pattern);
    return at ? at + strlen(pattern) : NULL;
}

/* "[a,b]" of two numbers (or null, as -1 when nulls are allowed). */
static int script_pair(const char *value, double *a, double *b, int nulls) {
    if (!value || *value != '[') return 0;
    char *end;
    const char *p = value + 1;
    if (nulls && !strncmp(p, "null", 4)) { *a = -1; end = (char *)p + 4; }
    else { *a = strtod(p, &end); if (end == p) return 0; }
    if (*end != ',') return 0;
    p = end + 1;
    if (nulls && !strncmp(p, "null", 4)) { *b = -1; end = (char *)p + 4; }
    else { *b = strtod(p, &end); if (end == p) return 0; }
    return *end == ']';
}

/* The index of the quoted word at value among names, or -1. */
static int script_word(const char *value, const char *const *names, int count) {
    if (!value || *value != '"') return -1;
    for (int i = 0; i < count; i++) {
        size_t n = strlen(names[i]);
        if (!strncmp(value + 1, names[i], n) && value[1 + n] == '"') return i;
    }
    return -1;
}

/* Parses one line into *in; returns NULL, or what is wrong with it. */
static const char *script_parse(const char *text, script_input *in) {
    static const char *const directions[] = {"left", "right", "up", "down"};
    static const char *const reasons[] = {"focus-lost", "window-hidden", "second-pointer",
                                          "released-outside", "escape", "host"};
    char line[4096];
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < sizeof line; p++)
        if (!isspace((unsigned char)*p)) line[n++] = *p;
    line[n] = 0;
    memset(in, 0, sizeof *in);
    if (n == 0) { in->kind = SCRIPT_BLANK; return NULL; }
    const char *t = script_value(line, "t");
    char *end;
    if (!t || (in->time = strtod(t, &end), end == t)) return "missing \"t\" (seconds)";
    const char *v;
    if ((v = script_value(line, "down"))) in->kind = SCRIPT_DOWN;
    else if ((v = script_value(line, "move"))) in->kind = SCRIPT_MOVE;
    else if ((v = script_value(line, "up"))) in->kind = SCRIPT_UP;
    else if ((v = script_value(line, "scroll"))) in->kind = SCRIPT_SCROLL;
    else if ((v = script_value(line, "scroll-end"))) in->kind = SCRIPT_SCROLL_END;
    else if ((v = script_value(line, "flip"))) in->kind = SCRIPT_FLIP;
    else if ((v = script_value(line, "go"))) in->kind = SCRIPT_GO;
    else if ((v = script_value(line, "interrupt"))) in->kind = SCRIPT_INTERRUPT;
    else if ((v = script_value(line, "resize"))) in->kind = SCRIPT_RESIZE;
    else if ((v = script_value(line, "bounds"))) in->kind = SCRIPT_BOUNDS;
    else if ((v = script_value(line, "zoom-content"))) in->kind = SCRIPT_ZOOM_CONTENT;
    else if ((v = script_value(line, "zoom"))) in->kind = SCRIPT_ZOOM;
    else return "no input this example knows";
    double a, b;
    switch (in->kind) {
    case SCRIPT_FLIP:
        if ((in->code = script_word(v, directions, 4)) < 0) return "unknown flip direction";
        break;
    case SCRIPT_INTERRUPT:
        if ((in->code = script_word(v, reasons, 6)) < 0) return "unknown interrupt reason";
        break;
    case SCRIPT_SCROLL_END:
        if (strncmp(v, "true", 4)) return "\"scroll-end\" must be true";
        break;
    case SCRIPT_GO:
    case SCRIPT_BOUNDS:
        if (!script_pair(v, &a, &b, in->kind == SCRIPT_BOUNDS)) return "expected [h,v]";
        in->h = (int64_t)a;
        in->v = (int64_t)b;
        in->animated = !(script_value(line, "animated") && !strncmp(script_value(line, "animated"), "false", 5));
        break;
    case SCRIPT_ZOOM_CONTENT: {
        /* [width,height,pixelScale]: the first two as a pair, then the third. */
        char *end;
        if (*v != '[') return "expected [width,height,pixelScale]";
        in->a = strtod(v + 1, &end);
        if (*end != ',') return "expected [width,height,pixelScale]";
        in->b = strtod(end + 1, &end);
        if (*end != ',') return "expected [width,height,pixelScale]";
        in->c = strtod(end + 1, &end);
        if (*end != ']') return "expected [width,height,pixelScale]";
        break;
    }
    case SCRIPT_ZOOM: {
        char *end;
        in->a = strtod(v, &end);
        if (end == v) return "expected a scale";
        const char *at = script_value(line, "at");
        if (at && !script_pair(at, &in->b, &in->c, 0)) return "expected \"at\":[x,y]";
        in->has_at = at != NULL;
        in->animated = !(script_value(line, "animated") && !strncmp(script_value(line, "animated"), "false", 5));
        break;
    }
    default:
        if (!script_pair(v, &in->a, &in->b, 0)) return "expected two numbers";
    }
    return NULL;
}

static void script_apply(const script_input *in, fw_pager *pager) {
    switch (in->kind) {
    case SCRIPT_BLANK: break;
    case SCRIPT_DOWN: fw_pager_pointer_down(pager, in->a, in->b, in->time); break;
    case SCRIPT_MOVE: fw_pager_pointer_moved(pager, in->a, in->b, in->time); break;
    case SCRIPT_UP: fw_pager_pointer_up(pager, in->a, in->b, in->time); break;
    case SCRIPT_SCROLL: fw_pager_scroll(pager, in->a, in->b, in->time); break;
    case SCRIPT_SCROLL_END: fw_pager_scroll_ended(pager, in->time); break;
    case SCRIPT_FLIP: fw_pager_flip(pager, in->code, in->time); break;
    case SCRIPT_GO: fw_pager_go(pager, in->h, in->v, in->animated, in->time); break;
    case SCRIPT_INTERRUPT: fw_pager_interrupt(pager, in->code, in->time); break;
    case SCRIPT_RESIZE: fw_pager_resize(pager, in->a, in->b, in->time); break;
    case SCRIPT_BOUNDS: fw_pager_set_bounds(pager, in->h, in->v, in->time); break;
    case SCRIPT_ZOOM_CONTENT: fw_pager_set_zoom_content(pager, in->a, in->b, in->c, in->time); break;
    case SCRIPT_ZOOM: {
        fw_point size = fw_pager_page_size(pager);
        double x = in->has_at ? in->b : size.x / 2, y = in->has_at ? in->c : size.y / 2;
        fw_pager_zoom_to(pager, in->a, x, y, in->animated, in->time);
        break;
    }
    }
}

#endif
