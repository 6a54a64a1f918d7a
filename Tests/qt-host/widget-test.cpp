/*
 * The Qt host's input mapping, on input Xvfb cannot make: a touchpad's
 * scroll phases (ScrollBegin … ScrollEnd, ScrollMomentum), a pinch
 * (QNativeGestureEvent), focus lost or a second button mid-drag.
 * WheelTranslator is checked on its own; then real Qt events are sent to a
 * PagerWidget on Qt's offscreen platform, stepped by a clock of the test's
 * own (no wall clock), and the engine's state and event lines are checked.
 *
 *     QT_QPA_PLATFORM=offscreen widget-test
 *
 * Prints PASS/FAIL per check and "N passed, N failed"; exits non-zero on failure.
 */
#include "pager-widget.h"

#include <QApplication>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPointingDevice>
#include <QWheelEvent>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

int passed = 0, failed = 0;

void check(bool ok, const char *description, const std::string &detail = "") {
    if (ok) {
        passed++;
        std::printf("PASS: %s\n", description);
    } else {
        failed++;
        std::printf("FAIL: %s %s\n", description, detail.c_str());
    }
}

WheelInput wheel_input(Qt::ScrollPhase phase, QPoint pixel, QPoint angle = QPoint(), bool control = false,
                       bool shift = false) {
    WheelInput input;
    input.phase = phase;
    input.pixel_delta = pixel;
    input.angle_delta = angle;
    input.control = control;
    input.shift = shift;
    return input;
}

/* A PagerWidget of 640 × 400 on a clock the test moves, its event lines kept. */
struct Rig {
    PagerWidget widget{640, 400, FW_PAGES_INFINITE, FW_PAGES_INFINITE};
    double now = 1;
    std::vector<std::string> lines;

    Rig() {
        widget.clock = [this] { return now; };
        widget.event_sink = [this](const char *line) { lines.push_back(line); };
        widget.show();
    }
    /* Frames at 60 Hz for `seconds` of the test's clock. */
    void run(double seconds) {
        for (double end = now + seconds; now < end;) {
            now += 1.0 / 60;
            widget.frame();
        }
    }
    void wheel(Qt::ScrollPhase phase, QPoint pixel, QPoint angle = QPoint(),
               Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QPointF at(320, 200);
        QWheelEvent event(at, at, pixel, angle, Qt::NoButton, modifiers, phase, false);
        QCoreApplication::sendEvent(&widget, &event);
    }
    bool logged(const std::string &part) const {
        for (const auto &line : lines)
            if (line.find(part) != std::string::npos) return true;
        return false;
    }
    std::string log() const {
        std::string all;
        for (const auto &line : lines) all += line + "\n";
        return all;
    }
    fw_page page() const { return fw_pager_current_page(widget.pager()); }
};

std::string page_text(fw_page page) {
    return "(" + std::to_string(page.h) + ", " + std::to_string(page.v) + ")";
}

void translator_checks() {
    WheelTranslator wheel;
    WheelAction begin = wheel.translate(wheel_input(Qt::ScrollBegin, QPoint()));
    WheelAction update = wheel.translate(wheel_input(Qt::ScrollUpdate, QPoint(-30, 4)));
    WheelAction end = wheel.translate(wheel_input(Qt::ScrollEnd, QPoint()));
    check(begin.kind == WheelAction::NONE && begin.phased, "ScrollBegin starts a phased swipe and moves nothing");
    check(update.kind == WheelAction::TOUCHPAD_SCROLL && update.dx == -30 && update.dy == 4,
          "ScrollUpdate scrolls the touchpad by pixelDelta, sign kept");
    check(end.kind == WheelAction::TOUCHPAD_END, "ScrollEnd ends the touchpad swipe");
    WheelTranslator angles;
    angles.translate(wheel_input(Qt::ScrollBegin, QPoint()));
    WheelAction by_angle = angles.translate(wheel_input(Qt::ScrollUpdate, QPoint(), QPoint(-120, 0)));
    check(by_angle.kind == WheelAction::TOUCHPAD_SCROLL && by_angle.dx == -10 && by_angle.dy == 0,
          "a ScrollUpdate without pixelDelta scrolls 10 units per notch of angleDelta");

    WheelTranslator coasting;
    coasting.translate(wheel_input(Qt::ScrollBegin, QPoint()));
    coasting.translate(wheel_input(Qt::ScrollUpdate, QPoint(-30, 0)));
    WheelAction first = coasting.translate(wheel_input(Qt::ScrollMomentum, QPoint(-25, 0)));
    WheelAction later = coasting.translate(wheel_input(Qt::ScrollMomentum, QPoint(-20, 0)));
    WheelAction after = coasting.translate(wheel_input(Qt::ScrollEnd, QPoint()));
    check(first.kind == WheelAction::TOUCHPAD_END, "the first ScrollMomentum is the lift: the swipe ends");
    check(later.kind == WheelAction::NONE && after.kind == WheelAction::NONE,
          "later momentum and the ScrollEnd after it are ignored");

    WheelTranslator notches;
    WheelAction down = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(), QPoint(0, -120)));
    WheelAction up = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(), QPoint(0, 240)));
    check(down.kind == WheelAction::FLIP && down.direction == FW_DOWN && down.flips == 1 && !down.phased,
          "a wheel notch down flips one page down");
    check(up.kind == WheelAction::FLIP && up.direction == FW_UP && up.flips == 2, "two notches up flip two pages up");
    WheelAction half = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(), QPoint(0, -60)));
    WheelAction whole = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(), QPoint(0, -60)));
    check(half.kind == WheelAction::NONE && whole.kind == WheelAction::FLIP && whole.flips == 1,
          "a high-resolution wheel flips once its travel makes a whole notch");
    WheelAction sideways = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(), QPoint(0, -120), false, true));
    check(sideways.kind == WheelAction::FLIP && sideways.direction == FW_RIGHT, "Shift+wheel down flips right");
    WheelAction zoom = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(), QPoint(0, 120), true));
    check(zoom.kind == WheelAction::ZOOM && std::fabs(zoom.factor - 1.25) < 1e-12, "Ctrl+wheel up zooms by 1.25");
    WheelAction unphased = notches.translate(wheel_input(Qt::NoScrollPhase, QPoint(-12, 0)));
    check(unphased.kind == WheelAction::TOUCHPAD_SCROLL && !unphased.phased,
          "pixelDelta without a phase scrolls, ended by the engine's quiet gap");
}

void swipe_held_until_scroll_end() {
    Rig rig;
    rig.wheel(Qt::ScrollBegin, QPoint());
    for (int i = 0; i < 12; i++) {   // 240 units: 0.6 of a page (400 units), slowly
        rig.now += 0.05;
        rig.wheel(Qt::ScrollUpdate, QPoint(-20, 0));
    }
    rig.run(1.0);   // fingers resting: no event, no lift
    fw_phase held = fw_pager_phase(rig.widget.pager());
    check(held == FW_PHASE_SCROLLING_H, "resting fingers hold a phased swipe (no quiet-gap end)",
          "phase " + std::to_string(held));
    rig.wheel(Qt::ScrollEnd, QPoint());
    rig.run(1.0);
    check(rig.page().h == 1 && rig.page().v == 0 && rig.logged("\"event\":\"page-changed\""),
          "ScrollEnd releases the swipe: 0.6 of a page lands on (1, 0)", page_text(rig.page()) + "\n" + rig.log());
}

void unphased_scroll_ends_by_gap() {
    Rig rig;
    for (int i = 0; i < 12; i++) {
        rig.now += 0.05;
        rig.wheel(Qt::NoScrollPhase, QPoint(-20, 0));
    }
    rig.run(1.0);
    check(rig.page().h == 1 && fw_pager_is_settled(rig.widget.pager()),
          "a touchpad without phases ends by the quiet gap and lands on (1, 0)", page_text(rig.page()));
}

void notches_flip_pages() {
    Rig rig;
    rig.wheel(Qt::NoScrollPhase, QPoint(), QPoint(0, -240));
    rig.run(1.0);
    check(rig.page().h == 0 && rig.page().v == 2, "a QWheelEvent of two notches down lands on (0, 2)",
          page_text(rig.page()));
}

void pinch_zooms() {
    Rig rig;
    QPointF at(320, 200);
    QNativeGestureEvent begin(Qt::BeginNativeGesture, QPointingDevice::primaryPointingDevice(), 2, at, at, at, 0,
                              QPointF());
    QNativeGestureEvent step(Qt::ZoomNativeGesture, QPointingDevice::primaryPointingDevice(), 2, at, at, at, 0.5,
                             QPointF());
    QCoreApplication::sendEvent(&rig.widget, &begin);
    QCoreApplication::sendEvent(&rig.widget, &step);
    double target = fw_pager_zoom_target_scale(rig.widget.pager());
    check(std::fabs(target - 1.5) < 1e-9 && rig.logged("\"event\":\"zoom-changed\""),
          "a ZoomNativeGesture of 0.5 zooms to 1.5", std::to_string(target) + "\n" + rig.log());
}

void smart_zoom_toggles() {
    Rig rig;
    QPointF at(320, 200);
    QNativeGestureEvent tap(Qt::SmartZoomNativeGesture, QPointingDevice::primaryPointingDevice(), 2, at, at, at, 0,
                            QPointF());
    QCoreApplication::sendEvent(&rig.widget, &tap);
    double target = fw_pager_zoom_target_scale(rig.widget.pager());
    check(std::fabs(target - 2) < 1e-9, "a SmartZoomNativeGesture at fit zooms to 2x", std::to_string(target));
}

void focus_out_interrupts_drag() {
    Rig rig;
    QPointF from(500, 200), to(300, 200);
    QMouseEvent press(QEvent::MouseButtonPress, from, from, Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, to, to, Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&rig.widget, &press);
    rig.now += 0.05;
    QCoreApplication::sendEvent(&rig.widget, &move);
    QFocusEvent out(QEvent::FocusOut, Qt::ActiveWindowFocusReason);
    QCoreApplication::sendEvent(&rig.widget, &out);
    check(rig.logged("\"event\":\"interrupted\"") && rig.logged("focus-lost"),
          "losing focus mid-drag interrupts it (focus-lost)", rig.log());
}

void second_button_interrupts_drag() {
    Rig rig;
    QPointF from(500, 200), to(300, 200);
    QMouseEvent press(QEvent::MouseButtonPress, from, from, Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, to, to, Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent second(QEvent::MouseButtonPress, to, to, Qt::RightButton, Qt::LeftButton | Qt::RightButton,
                       Qt::NoModifier);
    QCoreApplication::sendEvent(&rig.widget, &press);
    rig.now += 0.05;
    QCoreApplication::sendEvent(&rig.widget, &move);
    QCoreApplication::sendEvent(&rig.widget, &second);
    check(rig.logged("\"event\":\"interrupted\"") && rig.logged("second-pointer"),
          "a second button mid-drag interrupts it (second-pointer)", rig.log());
}

void timer_only_while_moving() {
    Rig rig;
    bool at_start = rig.widget.is_ticking();
    QKeyEvent right(QEvent::KeyPress, Qt::Key_Right, Qt::NoModifier);
    QCoreApplication::sendEvent(&rig.widget, &right);
    bool flipping = rig.widget.is_ticking();
    rig.run(1.0);
    check(!at_start && flipping && !rig.widget.is_ticking() && rig.page().h == 1,
          "the frame timer runs during a flip and stops once settled",
          std::string("start ") + (at_start ? "ticking" : "still") + ", flip " + (flipping ? "ticking" : "still") +
              ", end " + (rig.widget.is_ticking() ? "ticking" : "still"));
}

}  // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    translator_checks();
    swipe_held_until_scroll_end();
    unphased_scroll_ends_by_gap();
    notches_flip_pages();
    pinch_zooms();
    smart_zoom_toggles();
    focus_out_interrupts_drag();
    second_button_interrupts_drag();
    timer_only_while_moving();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
