/* X11: XInput 2.1 smooth-scroll valuators and XI 2.4 pinch on a second X
 * connection, selected on SDL's window for the master pointer (SDL 2.26 on
 * X11 passes only whole wheel notches). A thread waits for the connection
 * to become readable and wakes the loop; the main thread reads the events
 * (fw_touchpad_next), so Xlib is used from one thread only. One valuator
 * increment is 10 units (GTK's convention). */
#define _GNU_SOURCE   /* pipe2 */
#include "touchpad_private.h"

#include <X11/Xlib.h>
#include <X11/Xproto.h>
#include <X11/extensions/XInput2.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FW_MAX_SCROLL_VALUATORS 8

typedef struct {
    int number;
    int vertical;
    double increment;
    double last;
} scroll_valuator;

typedef struct {
    fw_touchpad base;
    Display *display;
    Window window;
    int opcode;
    scroll_valuator valuators[FW_MAX_SCROLL_VALUATORS];
    int valuator_count;
    pthread_t watcher;
    pthread_mutex_t lock;
    pthread_cond_t drained;
    int awaiting_drain, stopping;
    int stop_pipe[2];
} x11_touchpad;

static int select_error;
static int record_error(Display *display, XErrorEvent *error) {
    select_error = error->error_code;
    return 0;
}

/* The scroll valuators of `device` and their current values. */
static void read_valuators(x11_touchpad *t, int device) {
    int count = 0;
    XIDeviceInfo *info = XIQueryDevice(t->display, device, &count);
    t->valuator_count = 0;
    if (!info) return;
    for (int c = 0; c < info[0].num_classes; c++) {
        XIAnyClassInfo *any = info[0].classes[c];
        if (any->type != XIScrollClass || t->valuator_count == FW_MAX_SCROLL_VALUATORS) continue;
        XIScrollClassInfo *scroll = (XIScrollClassInfo *)any;
        if (scroll->increment == 0) continue;
        scroll_valuator *v = &t->valuators[t->valuator_count++];
        v->number = scroll->number;
        v->vertical = scroll->scroll_type == XIScrollTypeVertical;
        v->increment = scroll->increment;
        v->last = NAN;
        for (int k = 0; k < info[0].num_classes; k++) {
            XIValuatorClassInfo *value = (XIValuatorClassInfo *)info[0].classes[k];
            if (value->type == XIValuatorClass && value->number == scroll->number) v->last = value->value;
        }
    }
    XIFreeDeviceInfo(info);
}

/* A motion's scroll valuators become a scroll in units; whole increments
 * (a mouse wheel's clicks, which SDL also brings as notches) are marked
 * as a wheel's. */
static void read_motion(x11_touchpad *t, XIDeviceEvent *event) {
    double units[2] = {0, 0};
    int whole = 1, moved = 0;
    const double *values = event->valuators.values;
    for (int i = 0; i < event->valuators.mask_len * 8; i++) {
        if (!XIMaskIsSet(event->valuators.mask, i)) continue;
        double value = *values++;
        for (int k = 0; k < t->valuator_count; k++) {
            scroll_valuator *v = &t->valuators[k];
            if (v->number != i) continue;
            double previous = v->last;
            v->last = value;
            if (isnan(previous) || value == previous) continue;
            double increments = (value - previous) / v->increment;
            if (fabs(increments - round(increments)) > 1e-6) whole = 0;
            units[v->vertical ? 1 : 0] += increments * 10;
            moved = 1;
        }
    }
    if (!moved) return;
    fw_touchpad_event e = {.kind = FW_TP_SCROLL, .source = whole ? FW_TP_SOURCE_WHEEL : FW_TP_SOURCE_UNKNOWN,
                           .dx = units[0], .dy = units[1], .time_ms = (uint32_t)event->time, .has_time = 1};
    fw_touchpad_queue_push(&t->base.queue, e);
}

static void read_pinch(x11_touchpad *t, XIGesturePinchEvent *pinch) {
    fw_touchpad_event e = {0};
    switch (pinch->evtype) {
    case XI_GesturePinchBegin:
        e = (fw_touchpad_event){.kind = FW_TP_PINCH_BEGIN, .x = pinch->event_x, .y = pinch->event_y, .scale = 1};
        break;
    case XI_GesturePinchUpdate:
        e = (fw_touchpad_event){.kind = FW_TP_PINCH_UPDATE, .scale = pinch->scale,
                                .dx = pinch->delta_x, .dy = pinch->delta_y};
        break;
    default:
        e = (fw_touchpad_event){.kind = FW_TP_PINCH_END,
                                .cancelled = (pinch->flags & XIGesturePinchEventCancelled) != 0};
        break;
    }
    e.time_ms = (uint32_t)pinch->time;
    e.has_time = 1;
    fw_touchpad_queue_push(&t->base.queue, e);
}

static void x11_drain(fw_touchpad *base) {
    x11_touchpad *t = (x11_touchpad *)base;
    while (XPending(t->display)) {
        XEvent event;
        XNextEvent(t->display, &event);
        XGenericEventCookie *cookie = &event.xcookie;
        if (cookie->type != GenericEvent || cookie->extension != t->opcode) continue;
        if (!XGetEventData(t->display, cookie)) continue;
        switch (cookie->evtype) {
        case XI_Motion: read_motion(t, cookie->data); break;
        case XI_Enter: read_valuators(t, ((XIEnterEvent *)cookie->data)->deviceid); break;
        case XI_DeviceChanged: read_valuators(t, ((XIDeviceChangedEvent *)cookie->data)->deviceid); break;
        case XI_GesturePinchBegin:
        case XI_GesturePinchUpdate:
        case XI_GesturePinchEnd: read_pinch(t, cookie->data); break;
        default: break;
        }
        XFreeEventData(t->display, cookie);
    }
    pthread_mutex_lock(&t->lock);
    t->awaiting_drain = 0;
    pthread_cond_signal(&t->drained);
    pthread_mutex_unlock(&t->lock);
}

/* Waits for the connection to become readable, wakes the loop, and waits
 * for the main thread to have read it before looking again. */
static void *watch(void *argument) {
    x11_touchpad *t = argument;
    for (;;) {
        pthread_mutex_lock(&t->lock);
        while (t->awaiting_drain && !t->stopping) pthread_cond_wait(&t->drained, &t->lock);
        int stopping = t->stopping;
        pthread_mutex_unlock(&t->lock);
        if (stopping) return NULL;
        struct pollfd fds[2] = {{.fd = ConnectionNumber(t->display), .events = POLLIN},
                                {.fd = t->stop_pipe[0], .events = POLLIN}};
        if (poll(fds, 2, -1) < 0) continue;
        if (fds[1].revents) return NULL;
        if (fds[0].revents & (POLLERR | POLLHUP)) return NULL;
        if (fds[0].revents & POLLIN) {
            pthread_mutex_lock(&t->lock);
            t->awaiting_drain = 1;
            pthread_mutex_unlock(&t->lock);
            fw_touchpad_wake(&t->base.queue);
        }
    }
}

static void x11_close(fw_touchpad *base) {
    x11_touchpad *t = (x11_touchpad *)base;
    pthread_mutex_lock(&t->lock);
    t->stopping = 1;
    pthread_cond_signal(&t->drained);
    pthread_mutex_unlock(&t->lock);
    (void)!write(t->stop_pipe[1], "x", 1);
    pthread_join(t->watcher, NULL);
    close(t->stop_pipe[0]);
    close(t->stop_pipe[1]);
    XCloseDisplay(t->display);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->drained);
    free(t);
}

/* Selects the events on the window; 0 when the server refuses. */
static int select_events(x11_touchpad *t, int with_pinch) {
    unsigned char bits[XIMaskLen(XI_LASTEVENT)];
    memset(bits, 0, sizeof bits);
    XISetMask(bits, XI_Motion);
    XISetMask(bits, XI_Enter);
    XISetMask(bits, XI_DeviceChanged);
    if (with_pinch) {
        XISetMask(bits, XI_GesturePinchBegin);
        XISetMask(bits, XI_GesturePinchUpdate);
        XISetMask(bits, XI_GesturePinchEnd);
    }
    XIEventMask mask = {.deviceid = XIAllMasterDevices, .mask_len = sizeof bits, .mask = bits};
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(record_error);
    select_error = 0;
    XISelectEvents(t->display, t->window, &mask, 1);
    XSync(t->display, False);
    XSetErrorHandler(previous);
    return select_error == 0;
}

fw_touchpad *fw_touchpad_x11_open(unsigned long window, uint32_t wake_event_type) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return NULL;
    int opcode, event, error, major = 2, minor = 4;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        || XIQueryVersion(display, &major, &minor) != Success || major < 2 || (major == 2 && minor < 1)) {
        XCloseDisplay(display);
        return NULL;
    }
    x11_touchpad *t = calloc(1, sizeof *t);
    t->base.kind = FW_TOUCHPAD_X11;
    t->base.queue.wake_event_type = wake_event_type;
    t->base.drain = x11_drain;
    t->base.close = x11_close;
    t->display = display;
    t->window = (Window)window;
    t->opcode = opcode;
    int pinch = major > 2 || minor >= 4;
    /* Another client may hold the window's gesture events: go without pinch. */
    if (!select_events(t, pinch)) pinch = 0;
    if (!pinch && !select_events(t, 0)) {
        XCloseDisplay(display);
        free(t);
        return NULL;
    }
    t->base.has_pinch = pinch;
    int pointer = 0;
    XIGetClientPointer(display, None, &pointer);
    read_valuators(t, pointer);
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->drained, NULL);
    if (pipe2(t->stop_pipe, O_CLOEXEC) != 0 || pthread_create(&t->watcher, NULL, watch, t) != 0) {
        XCloseDisplay(display);
        free(t);
        return NULL;
    }
    return &t->base;
}

static int (*fw_previous_x_error)(Display *, XErrorEvent *);

static int fw_tolerant_x_error(Display *display, XErrorEvent *error) {
    if (error->error_code == BadWindow && error->request_code == X_SendEvent) return 0;
    return fw_previous_x_error ? fw_previous_x_error(display, error) : 0;
}

void fw_x11_tolerate_late_wakeups(void) {
    /* Xlib asks for this before any other call; SDL makes it too (it is idempotent). */
    XInitThreads();
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(fw_tolerant_x_error);
    if (previous != fw_tolerant_x_error) fw_previous_x_error = previous;
}
