/*
 * PagerWidget (pager-widget.h): the engine's slots drawn with QPainter and
 * the widget's input fed to it, every call stamped with the widget's clock.
 */
#include "pager-widget.h"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QWheelEvent>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace {

/* Frame interval, ms: about 60 frames a second while the pager moves. */
constexpr int frame_interval = 16;
/* The square at the centre of every page, px at fit: zooming grows it. */
constexpr double marker = 40;
/* fw_pager_set_scroll_end_gap's default, restored for touchpads without phases. */
constexpr double default_scroll_end_gap = 0.15;

/* A page's colour: hue from its column, lightness from its row (as Examples/c-sdl
   and Examples/gtk). */
QColor page_colour(fw_page page) {
    static const int hues[6][3] = {{220, 70, 60}, {230, 160, 40}, {90, 170, 70},
                                   {50, 160, 190}, {80, 90, 200}, {170, 80, 180}};
    const int *c = hues[((page.h % 6) + 6) % 6];
    int shade = (int)(((page.v % 4) + 4) % 4) * 30;
    return QColor(std::max(0, c[0] - shade), std::max(0, c[1] - shade), std::max(0, c[2] - shade));
}

}  // namespace

WheelAction WheelTranslator::translate(const WheelInput &input) {
    WheelAction action;
    switch (input.phase) {
    case Qt::ScrollBegin:
        swiping = true;
        action.phased = true;
        return action;
    case Qt::ScrollUpdate: {
        swiping = true;
        action.phased = true;
        QPointF delta = input.pixel_delta.isNull() ? QPointF(input.angle_delta) * units_per_angle
                                                   : QPointF(input.pixel_delta);
        if (delta.isNull()) return action;
        action.kind = WheelAction::TOUCHPAD_SCROLL;
        action.dx = delta.x();
        action.dy = delta.y();
        return action;
    }
    case Qt::ScrollMomentum:
    case Qt::ScrollEnd:
        action.phased = true;
        if (swiping) action.kind = WheelAction::TOUCHPAD_END;
        swiping = false;
        return action;
    case Qt::NoScrollPhase:
        break;
    }
    if (!input.pixel_delta.isNull() && !input.control) {
        action.kind = WheelAction::TOUCHPAD_SCROLL;
        action.dx = input.pixel_delta.x();
        action.dy = input.pixel_delta.y();
        return action;
    }
    QPoint travel = input.angle_delta;
    if (input.control) {
        if (travel.y() == 0) return action;
        action.kind = WheelAction::ZOOM;
        action.factor = std::pow(zoom_per_notch, (double)travel.y() / notch);
        return action;
    }
    if (input.shift && travel.x() == 0) travel = QPoint(travel.y(), 0);
    notch_remainder += travel;
    int across = notch_remainder.x() / notch, down = notch_remainder.y() / notch;
    notch_remainder -= QPoint(across * notch, down * notch);
    /* One direction per event: the larger travel; a wheel turns one way at a time. */
    if (across == 0 && down == 0) return action;
    action.kind = WheelAction::FLIP;
    if (std::abs(across) > std::abs(down)) {
        action.direction = across < 0 ? FW_RIGHT : FW_LEFT;
        action.flips = std::abs(across);
    } else {
        /* Wheel down (negative angleDelta) shows the page below. */
        action.direction = down < 0 ? FW_DOWN : FW_UP;
        action.flips = std::abs(down);
    }
    return action;
}

PagerWidget::PagerWidget(int width, int height, int64_t horizontal_pages, int64_t vertical_pages,
                         QWidget *parent)
    : QWidget(parent) {
    since_start.start();
    clock = [this] { return since_start.nsecsElapsed() / 1e9; };
    event_sink = [](const char *line) {
        std::puts(line);
        std::fflush(stdout);
    };
    engine = fw_pager_create(width, height, horizontal_pages, vertical_pages);
    resize(width, height);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

PagerWidget::~PagerWidget() { fw_pager_destroy(engine); }

void PagerWidget::drain_events() {
    fw_event event;
    char line[1024];
    while (fw_pager_poll_event(engine, &event)) {
        fw_pager_event_json(&event, line, sizeof line);
        event_sink(line);
    }
}

void PagerWidget::changed() {
    drain_events();
    update();
    if (!fw_pager_is_settled(engine) && !frame_timer.isActive())
        frame_timer.start(frame_interval, Qt::PreciseTimer, this);
}

void PagerWidget::frame() {
    fw_pager_advance(engine, clock());
    drain_events();
    update();
    if (fw_pager_is_settled(engine)) frame_timer.stop();
}

void PagerWidget::timerEvent(QTimerEvent *event) {
    if (event->timerId() == frame_timer.timerId())
        frame();
    else
        QWidget::timerEvent(event);
}

void PagerWidget::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), QColor(24, 24, 24));
    if (!engine) return;
    fw_slot placed[FW_SLOT_COUNT];  // not "slots": a Qt macro
    size_t count = fw_pager_slots(engine, placed);
    fw_rect zoomed = fw_pager_zoom_content_frame(engine);
    for (size_t i = 0; i < count; i++) {
        const fw_slot &slot = placed[i];
        if (!slot.has_page || slot.visible_fraction <= 0) continue;
        QRectF frame(slot.frame.x, slot.frame.y, slot.frame.width, slot.frame.height);
        painter.save();
        painter.setClipRect(frame);
        painter.fillRect(frame, page_colour(slot.page));
        /* The current page's content is zoomed and panned; the others are at fit. */
        QRectF content = slot.column == 0 && slot.row == 0
                             ? QRectF(zoomed.x, zoomed.y, zoomed.width, zoomed.height)
                             : frame;
        double scale = content.width() / frame.width();
        QPointF centre = content.center();
        painter.fillRect(QRectF(centre.x() - marker * scale / 2, centre.y() - marker * scale / 2,
                                marker * scale, marker * scale),
                         QColor(25, 25, 25));
        painter.setPen(QPen(Qt::white, 2));
        painter.drawRect(content.adjusted(8 * scale, 8 * scale, -8 * scale, -8 * scale));
        QFont font = painter.font();
        font.setPixelSize(std::max(1, (int)std::lround(18 * scale)));
        painter.setFont(font);
        painter.drawText(content.adjusted(20 * scale, 16 * scale, 0, 0), Qt::AlignLeft | Qt::AlignTop,
                         QStringLiteral("(%1, %2)").arg(slot.page.h).arg(slot.page.v));
        painter.restore();
    }
}

void PagerWidget::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    fw_point size = fw_pager_page_size(engine);
    if (width() > 0 && height() > 0 && (size.x != width() || size.y != height())) {
        fw_pager_resize(engine, width(), height(), clock());
        changed();
    }
}

void PagerWidget::mousePressEvent(QMouseEvent *event) {
    QPointF at = event->position();
    if (event->button() != Qt::LeftButton) {
        /* A second button joins the drag: it ends, settling on the nearest page. */
        if (pointer_down && fw_pager_interrupt(engine, FW_INTERRUPT_SECOND_POINTER, clock())) pointer_down = false;
        changed();
        return;
    }
    pointer_down = true;
    fw_pager_pointer_down(engine, at.x(), at.y(), clock());
    changed();
}

void PagerWidget::mouseMoveEvent(QMouseEvent *event) {
    if (!pointer_down) return;
    QPointF at = event->position();
    fw_pager_pointer_moved(engine, at.x(), at.y(), clock());
    changed();
}

void PagerWidget::mouseReleaseEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton || !pointer_down) return;
    pointer_down = false;
    QPointF at = event->position();
    fw_pager_pointer_up(engine, at.x(), at.y(), clock());
    changed();
}

void PagerWidget::apply(const WheelAction &action, QPointF at, double time) {
    if (action.kind != WheelAction::NONE && action.phased != gap_is_infinite) {
        /* A platform that reports the lift (ScrollEnd) ends the swipe; one
           that does not leaves it to the engine's quiet gap. */
        gap_is_infinite = action.phased;
        fw_pager_set_scroll_end_gap(engine, action.phased ? INFINITY : default_scroll_end_gap);
    }
    switch (action.kind) {
    case WheelAction::NONE:
        break;
    case WheelAction::TOUCHPAD_SCROLL:
        fw_pager_scroll(engine, action.dx, action.dy, time);
        break;
    case WheelAction::TOUCHPAD_END:
        fw_pager_scroll_ended(engine, time);
        break;
    case WheelAction::FLIP:
        for (int i = 0; i < action.flips; i++) fw_pager_flip(engine, action.direction, time);
        break;
    case WheelAction::ZOOM:
        fw_pager_zoom_by(engine, action.factor, at.x(), at.y(), true, time);
        break;
    }
}

void PagerWidget::wheelEvent(QWheelEvent *event) {
    WheelInput input;
    input.phase = event->phase();
    input.pixel_delta = event->pixelDelta();
    input.angle_delta = event->angleDelta();
    input.control = event->modifiers() & Qt::ControlModifier;
    input.shift = event->modifiers() & Qt::ShiftModifier;
    apply(wheel.translate(input), event->position(), clock());
    event->accept();
    changed();
}

bool PagerWidget::event(QEvent *event) {
    if (event->type() != QEvent::NativeGesture) return QWidget::event(event);
    auto *gesture = static_cast<QNativeGestureEvent *>(event);
    QPointF at = gesture->position();
    switch (gesture->gestureType()) {
    case Qt::ZoomNativeGesture:
        /* value() is this step's change of scale: the scale is multiplied by 1 + value. */
        fw_pager_zoom_by(engine, 1 + gesture->value(), at.x(), at.y(), false, clock());
        break;
    case Qt::SmartZoomNativeGesture:
        fw_pager_toggle_zoom(engine, at.x(), at.y(), clock());
        break;
    default:
        break;
    }
    event->accept();
    changed();
    return true;
}

void PagerWidget::keyPressEvent(QKeyEvent *event) {
    double t = clock();
    double x = width() / 2.0, y = height() / 2.0;
    switch (event->key()) {
    case Qt::Key_Left: fw_pager_flip(engine, FW_LEFT, t); break;
    case Qt::Key_Right: fw_pager_flip(engine, FW_RIGHT, t); break;
    case Qt::Key_Up: fw_pager_flip(engine, FW_UP, t); break;
    case Qt::Key_Down: fw_pager_flip(engine, FW_DOWN, t); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: fw_pager_zoom_in(engine, x, y, t); break;
    case Qt::Key_Minus: fw_pager_zoom_out(engine, x, y, t); break;
    case Qt::Key_0: fw_pager_reset_zoom(engine, true, t); break;
    case Qt::Key_Escape:
        if (!fw_pager_interrupt(engine, FW_INTERRUPT_ESCAPE, t)) window()->close();
        pointer_down = false;
        break;
    case Qt::Key_Q: window()->close(); break;
    default: QWidget::keyPressEvent(event); return;
    }
    changed();
}

void PagerWidget::focusOutEvent(QFocusEvent *event) {
    QWidget::focusOutEvent(event);
    /* A drag or swipe cut off by losing focus would never see its release. */
    fw_pager_interrupt(engine, FW_INTERRUPT_FOCUS_LOST, clock());
    pointer_down = false;
    changed();
}

void PagerWidget::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    fw_pager_interrupt(engine, FW_INTERRUPT_WINDOW_HIDDEN, clock());
    pointer_down = false;
    changed();
}
