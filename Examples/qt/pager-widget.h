/*
 * PagerWidget: a QWidget that owns a Fourway pager engine (fourway/pager.h),
 * draws its nine slots as coloured pages labelled (h, v), and feeds it the
 * widget's input: mouse drags, touchpad swipes (QWheelEvent's phases), mouse
 * wheel notches (one page each), Ctrl+wheel and pinches (QNativeGestureEvent)
 * to zoom, arrow keys to flip. Every engine event goes to the event sink as
 * one JSON line, exactly as pager-replay prints it.
 *
 * No moc: it overrides QWidget's event handlers and runs its frames on a
 * QBasicTimer, which needs no signals or slots. The frame timer runs only
 * while the pager moves; at rest nothing ticks.
 */
#ifndef FOURWAY_PAGER_WIDGET_H
#define FOURWAY_PAGER_WIDGET_H

#include <fourway/pager.h>

#include <QBasicTimer>
#include <QElapsedTimer>
#include <QPoint>
#include <QPointF>
#include <QWidget>

#include <functional>

/* What one QWheelEvent asks of the pager (WheelTranslator::translate). */
struct WheelAction {
    enum Kind {
        NONE,            /* nothing to do (momentum, a partial notch, an empty event) */
        TOUCHPAD_SCROLL, /* fw_pager_scroll(dx, dy) */
        TOUCHPAD_END,    /* fw_pager_scroll_ended(): the fingers lifted */
        FLIP,            /* fw_pager_flip(direction), `flips` times */
        ZOOM             /* fw_pager_zoom_by(factor) at the pointer */
    };
    Kind kind = NONE;
    double dx = 0, dy = 0;
    fw_direction direction = FW_DOWN;
    int flips = 0;
    double factor = 1;
    /* The event came with a scroll phase: the platform reports the lift, so
       resting fingers hold the page (no quiet-gap end). */
    bool phased = false;
};

/* The fields of a QWheelEvent the translation reads. */
struct WheelInput {
    Qt::ScrollPhase phase = Qt::NoScrollPhase;
    QPoint pixel_delta;   /* touchpads: px, positive moves the content right / down */
    QPoint angle_delta;   /* eighths of a degree, 120 a notch, positive up / left */
    bool control = false;
    bool shift = false;
};

/*
 * QWheelEvent → pager calls, with the little state it needs: whether a
 * touchpad swipe is running (between ScrollBegin and its lift) and the wheel
 * travel short of a whole notch. Kept apart from the widget so a test can
 * feed it phases no X server sends.
 *
 *   ScrollBegin                → nothing yet (the swipe starts with its first delta)
 *   ScrollUpdate               → TOUCHPAD_SCROLL by pixelDelta
 *   ScrollMomentum (first one) → TOUCHPAD_END: the fingers lifted (Qt sends momentum
 *                                after the lift; the engine animates on its own)
 *   ScrollMomentum (later)     → NONE
 *   ScrollEnd                  → TOUCHPAD_END, unless momentum already ended it
 *   NoScrollPhase, pixelDelta  → TOUCHPAD_SCROLL (a touchpad without phases: the
 *                                engine's quiet gap ends it)
 *   NoScrollPhase, angleDelta  → FLIP per whole notch (120), Shift turns it sideways;
 *                                with Ctrl, ZOOM by 1.25 per notch
 */
class WheelTranslator {
public:
    /* Zoom per Ctrl+wheel notch, as Examples/gtk/pager-gtk.py. */
    static constexpr double zoom_per_notch = 1.25;
    /* A whole notch, in QWheelEvent::angleDelta() units. */
    static constexpr int notch = 120;
    /* Touchpad units per angleDelta unit for a phased event without a
       pixelDelta: a notch is 10 units, the XI2 valuator convention
       (docs/ARCHITECTURE.md). */
    static constexpr double units_per_angle = 10.0 / notch;

    WheelAction translate(const WheelInput &input);
    bool in_swipe() const { return swiping; }

private:
    bool swiping = false;
    QPoint notch_remainder;
};

class PagerWidget : public QWidget {
public:
    /* A pager of pages width × height (the widget's size) and page counts as
       fw_pager_create() takes them. */
    PagerWidget(int width, int height, int64_t horizontal_pages, int64_t vertical_pages,
                QWidget *parent = nullptr);
    ~PagerWidget() override;
    PagerWidget(const PagerWidget &) = delete;
    PagerWidget &operator=(const PagerWidget &) = delete;

    /* NULL only when fw_pager_create() refused the arguments. */
    fw_pager *pager() const { return engine; }
    /* The time stamped on every call, s; the monotonic clock by default. */
    std::function<double()> clock;
    /* Where each event's JSON line goes; stdout (flushed) by default. */
    std::function<void(const char *line)> event_sink;

    /* One frame: advance to now, drain the events, repaint; the frame timer
       stops once the pager is settled. */
    void frame();
    /* Whether the frame timer runs. */
    bool is_ticking() const { return frame_timer.isActive(); }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void timerEvent(QTimerEvent *event) override;
    bool event(QEvent *event) override;

private:
    /* After any input: drain the events, repaint, and tick while the pager moves. */
    void changed();
    void drain_events();
    void apply(const WheelAction &action, QPointF at, double time);

    fw_pager *engine = nullptr;
    QElapsedTimer since_start;
    QBasicTimer frame_timer;
    WheelTranslator wheel;
    bool pointer_down = false;
    /* The scroll end gap the engine has: infinite while the platform reports lifts. */
    bool gap_is_infinite = false;
};

#endif
