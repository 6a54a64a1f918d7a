/*
 * virtual-keyboard: key presses on a Wayland compositor that offers
 * zwp_virtual_keyboard_manager_v1 (sway), for the end-to-end suites.
 *
 *   virtual-keyboard Right 'sleep 100' ctrl+Home q
 *
 * Each argument is a key (an X keysym name, as xdotool takes them: Right,
 * Page_Down, q, Tab, plus, with modifiers: ctrl+c, shift+Tab), pressed and
 * released, or `sleep MS`.
 *
 * Why not wtype: it gives each key the evdev code of its place in its own
 * keymap (1, 2, ...), and SDL takes a key's scancode (and a non-character
 * key's keycode: the arrows) from that evdev code, so Right arrives as
 * Escape. This one sends the us keymap xkbcommon compiles (the one a real
 * keyboard has) and each key's real evdev code.
 *
 * Built by Tests/e2e/lib/harness.py (wayland-scanner + cc) from
 * virtual-keyboard-unstable-v1.xml beside it. Exits 1 with one line on
 * stderr when the compositor or the protocol is missing or a key is unknown.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "virtual-keyboard-unstable-v1-client-protocol.h"

static struct wl_seat *seat;
static struct zwp_virtual_keyboard_manager_v1 *manager;
static struct zwp_virtual_keyboard_v1 *keyboard;
static struct wl_display *display;
static struct xkb_keymap *keymap;

static void on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                      uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

static void pause_ms(long ms) {
    wl_display_flush(display);
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&t, NULL);
}

/* Sends the us keymap; 0 when it cannot be made. */
static int send_keymap(void) {
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    struct xkb_rule_names names = {"evdev", "pc105", "us", "", ""};
    keymap = context ? xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    if (!keymap) return 0;
    char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
    size_t size = strlen(text) + 1;
    int fd = memfd_create("keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, size) != (ssize_t)size) return 0;
    zwp_virtual_keyboard_v1_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
    wl_display_roundtrip(display);
    close(fd);
    free(text);
    return 1;
}

/* The evdev code of the key giving SYM, with *SHIFTED set when it is on the
 * shift level; -1 when no key gives it. */
static int evdev_code(xkb_keysym_t sym, int *shifted) {
    for (xkb_keycode_t code = xkb_keymap_min_keycode(keymap); code <= xkb_keymap_max_keycode(keymap); code++) {
        for (xkb_level_index_t level = 0; level < 2; level++) {
            const xkb_keysym_t *syms;
            int count = xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms);
            for (int i = 0; i < count; i++) {
                if (syms[i] == sym) {
                    *shifted = level == 1;
                    return (int)code - 8;
                }
            }
        }
    }
    return -1;
}

/* The modifier mask of a name (ctrl, shift, alt, super); 0 when unknown. */
static uint32_t modifier(const char *name) {
    const char *xkb = strcasecmp(name, "ctrl") == 0 ? XKB_MOD_NAME_CTRL
                      : strcasecmp(name, "shift") == 0 ? XKB_MOD_NAME_SHIFT
                      : strcasecmp(name, "alt") == 0 ? XKB_MOD_NAME_ALT
                      : strcasecmp(name, "super") == 0 ? XKB_MOD_NAME_LOGO : NULL;
    xkb_mod_index_t index = xkb ? xkb_keymap_mod_get_index(keymap, xkb) : XKB_MOD_INVALID;
    return index == XKB_MOD_INVALID ? 0 : 1u << index;
}

/* Presses and releases one chord ("ctrl+Home"); 0 when it is not one. */
static int chord(const char *text) {
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    uint32_t mods = 0;
    char *key = copy, *plus;
    while ((plus = strchr(key, '+')) && plus[1]) {
        *plus = 0;
        uint32_t mask = modifier(key);
        if (!mask) break;
        mods |= mask;
        key = plus + 1;
    }
    xkb_keysym_t sym = xkb_keysym_from_name(key, XKB_KEYSYM_NO_FLAGS);
    if (sym == XKB_KEY_NoSymbol) sym = xkb_keysym_from_name(key, XKB_KEYSYM_CASE_INSENSITIVE);
    int shifted = 0;
    int code = sym == XKB_KEY_NoSymbol ? -1 : evdev_code(sym, &shifted);
    if (code < 0) {
        fprintf(stderr, "virtual-keyboard: no key gives %s\n", text);
        return 0;
    }
    if (shifted) mods |= modifier("shift");
    if (mods) zwp_virtual_keyboard_v1_modifiers(keyboard, mods, 0, 0, 0);
    zwp_virtual_keyboard_v1_key(keyboard, now_ms(), (uint32_t)code, WL_KEYBOARD_KEY_STATE_PRESSED);
    pause_ms(20);
    zwp_virtual_keyboard_v1_key(keyboard, now_ms(), (uint32_t)code, WL_KEYBOARD_KEY_STATE_RELEASED);
    if (mods) zwp_virtual_keyboard_v1_modifiers(keyboard, 0, 0, 0, 0);
    pause_ms(20);
    return 1;
}

int main(int argc, char **argv) {
    display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "virtual-keyboard: cannot connect to the Wayland display (WAYLAND_DISPLAY, XDG_RUNTIME_DIR)\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager || !seat) {
        fprintf(stderr, "virtual-keyboard: the compositor offers no zwp_virtual_keyboard_manager_v1\n");
        return 1;
    }
    keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat);
    if (!send_keymap()) {
        fprintf(stderr, "virtual-keyboard: cannot make the us keymap (xkbcommon)\n");
        return 1;
    }
    /* The seat gains its keyboard once a virtual keyboard exists; clients
     * bind wl_keyboard and get the focus after that. */
    pause_ms(200);
    int ok = 1;
    for (int i = 1; i < argc && ok; i++) {
        long ms;
        if (sscanf(argv[i], "sleep %ld", &ms) == 1) pause_ms(ms);
        else ok = chord(argv[i]);
    }
    wl_display_roundtrip(display);
    zwp_virtual_keyboard_v1_destroy(keyboard);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return ok ? 0 : 1;
}
