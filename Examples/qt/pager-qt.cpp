/*
 * pager-qt: a four-direction pager of coloured pages in a Qt 6 window, in
 * C++, on Fourway's pager engine through its C interface (fourway/pager.h).
 * Drag with the mouse, swipe with a touchpad (QWheelEvent's phases), turn
 * the mouse wheel for one page per notch (Shift: sideways), zoom with a pinch
 * (QNativeGestureEvent) or Ctrl+wheel, flip with the arrow keys, + and -
 * zoom, 0 resets it, Escape interrupts a drag, q quits. Every engine event is
 * printed as a JSON line.
 *
 *     scripts/install-pager                  # fourway/pager.h, libfourway-pager, its .pc
 *     g++ -std=c++17 -fPIC Examples/qt/pager-qt.cpp Examples/qt/pager-widget.cpp -o pager-qt \
 *         $(pkg-config --cflags --libs fourway-pager Qt6Widgets)
 *     ./pager-qt [--width W] [--height H] [--h-pages N|inf] [--v-pages N|inf]
 *
 * Needs Qt 6's widgets (Debian: qt6-base-dev; qt6-qpa-plugins for the X11
 * and Wayland platforms). No moc: see pager-widget.h.
 */
#include "pager-widget.h"

#include <QApplication>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

/* A whole number in min…max from an option's value, or exits with a message. */
long long number(const char *option, const char *text, long long min, long long max) {
    char *end = nullptr;
    errno = 0;
    long long value = std::strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < min || value > max) {
        std::fprintf(stderr, "pager-qt: %s wants a whole number from %lld to %lld, not '%s'\n", option, min, max,
                     text);
        std::exit(2);
    }
    return value;
}

/* A page count: "inf" for no bounds, 0 to disable the axis, N pages. */
int64_t page_count(const char *option, const char *text) {
    if (std::strcmp(text, "inf") == 0) return FW_PAGES_INFINITE;
    return number(option, text, 0, FW_PAGE_INDEX_LIMIT);
}

}  // namespace

int main(int argc, char **argv) {
    // QApplication may take its own options (-platform ...) out of argv first.
    QApplication app(argc, argv);
    int width = 640, height = 400;
    int64_t horizontal = FW_PAGES_INFINITE, vertical = FW_PAGES_INFINITE;
    for (int i = 1; i < argc; i += 2) {
        const char *option = argv[i];
        if (i + 1 >= argc) {
            std::fprintf(stderr, "pager-qt: %s needs a value\n", option);
            return 2;
        }
        const char *value = argv[i + 1];
        if (std::strcmp(option, "--width") == 0) width = (int)number(option, value, 1, 16384);
        else if (std::strcmp(option, "--height") == 0) height = (int)number(option, value, 1, 16384);
        else if (std::strcmp(option, "--h-pages") == 0) horizontal = page_count(option, value);
        else if (std::strcmp(option, "--v-pages") == 0) vertical = page_count(option, value);
        else {
            std::fprintf(stderr, "pager-qt: unknown option %s (--width, --height, --h-pages, --v-pages)\n", option);
            return 2;
        }
    }
    PagerWidget view(width, height, horizontal, vertical);
    if (!view.pager()) {
        std::fprintf(stderr, "pager-qt: the engine refused a %dx%d page\n", width, height);
        return 1;
    }
    view.setWindowTitle(QStringLiteral("pager-qt"));
    view.show();
    view.setFocus();
    return app.exec();
}
