import CSDL2
import CTouchpadInput
import Gallery
import Pager

/// Input: SDL events become ``BrowserInput`` (``WindowInput``), which the
/// overview or the ``InputTranslator`` turns into actions, performed in
/// `BrowserSession+Actions.swift`; and the engine's events, drained once per
/// frame.
extension BrowserSession {
    func handle(_ event: SDL_Event) {
        let now = clock.now
        switch event.type {
        case SDL_QUIT.rawValue:
            end()
        case SDL_WINDOWEVENT.rawValue:
            guard event.window.windowID == screen.window.id else { return }
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SIZE_CHANGED.rawValue,
                 SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue,
                 SDL_WINDOWEVENT_MAXIMIZED.rawValue, SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue:
                schedule.mark(.window)   // the window system wants its pixels again: one frame
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
                schedule.mark(.input)
                process(.focusLost, at: now)
            case SDL_WINDOWEVENT_HIDDEN.rawValue, SDL_WINDOWEVENT_MINIMIZED.rawValue:
                schedule.mark(.input)
                process(.windowHidden, at: now)
            case SDL_WINDOWEVENT_LEAVE.rawValue:
                input.translator.hoverPoint = nil   // zooming by key goes back to the centre
            default:
                break
            }
        case SDL_DROPBEGIN.rawValue, SDL_DROPFILE.rawValue, SDL_DROPTEXT.rawValue, SDL_DROPCOMPLETE.rawValue:
            takeDrop(event, at: now)
        case wakeEventType where PlatformTouchpad.isWake(event):
            takeTouchpadEvents()
        case wakeEventType:
            schedule.mark(.worker)   // results are collected in the frame's update
        case SDL_SYSWMEVENT.rawValue:
            // An X event: its time, for the mouse event SDL queued after it.
            var milliseconds: UInt32 = 0
            var copy = event
            switch fw_x_event_time(&copy, &milliseconds) {
            case Int32(FW_X_POINTER_TIME.rawValue): input.notePointerTime(milliseconds: milliseconds, now: now)
            case Int32(FW_X_OTHER_TIME.rawValue): input.noteServerTime(milliseconds: milliseconds, now: now)
            default: break
            }
        default:
            // The touchpad's events that came with this wheel event go first:
            // on X11 they say whether SDL's notch is the swipe's (TouchpadTranslator).
            if event.type == SDL_MOUSEWHEEL.rawValue { takeTouchpadEvents() }
            // A mouse event has the X server's time, or on Wayland the compositor's
            // (docs/browser.md, "The mouse's times").
            let isMouse = Self.isMouseEvent(event.type)
            if isMouse, let milliseconds = input.touchpad?.pointerMilliseconds(of: event) {
                input.notePointerTime(milliseconds: milliseconds, now: now)
            }
            let serverTime = isMouse ? input.takePointerTime() : nil
            let time = serverTime ?? now
            guard var translated = input.events.translate(event, time: time) else { return }
            if Self.mayChangeScreen(translated) { schedule.mark(.input) }
            // The overview does not zoom: it takes the same event as plain input.
            if case .zoom(_, let otherwise) = translated, overview.isShowing {
                guard let otherwise else { return }
                translated = otherwise
            }
            // Motion with the server's time goes in at once: its own time keeps it
            // apart from the rest of its batch, and a quick drag read in one
            // batch keeps its moves (only its last would lock the axis).
            if WindowInput.isMotion(translated) && serverTime == nil {
                if let earlier = input.hold(translated, at: time) { feed(earlier.input, at: earlier.time) }
            } else {
                process(translated, at: time)
            }
        }
    }

    /// Input the user gave on purpose: keys, buttons, wheels, touches,
    /// pinches; not a pointer merely passing over the window, nor focus.
    static func isUserInput(_ input: BrowserInput) -> Bool {
        switch input {
        case .key, .mouseDown, .wheel, .fingerDown, .zoom: true
        case .mouseMoved, .mouseUp, .fingerMoved, .fingerUp, .focusLost, .windowHidden: false
        }
    }

    /// Whether `input` may change what is shown by itself: all but the
    /// pointer passing over the window with no button held (anything that
    /// starts moving then is drawn as motion: ``RedrawSchedule``).
    static func mayChangeScreen(_ input: BrowserInput) -> Bool {
        if case .mouseMoved(_, _, leftHeld: false) = input { return false }
        return true
    }

    /// Whether `input` is a key asking for the slideshow action, which
    /// toggles the slideshow rather than merely stopping it.
    static func isSlideshowKey(_ input: BrowserInput, in keyMap: KeyMap = .standard) -> Bool {
        guard case .key(let key, let ctrl, let shift) = input else { return false }
        return keyMap.action(for: key, ctrl: ctrl, shift: shift, in: .pager) == .toggleSlideshow
    }

    /// Whether SDL makes events of `type` from the X server's pointer events.
    static func isMouseEvent(_ type: UInt32) -> Bool {
        type == SDL_MOUSEMOTION.rawValue || type == SDL_MOUSEBUTTONDOWN.rawValue
            || type == SDL_MOUSEBUTTONUP.rawValue || type == SDL_MOUSEWHEEL.rawValue
    }

    /// Feeds the motion held for the end of the batch.
    func flushMotion() {
        guard let motion = input.takeMotion() else { return }
        feed(motion.input, at: motion.time)
    }

    private func process(_ browserInput: BrowserInput, at time: Double) {
        flushMotion()
        feed(browserInput, at: time)
    }

    private func feed(_ browserInput: BrowserInput, at time: Double) {
        // Any input stops the slideshow (the user has taken over) and still
        // does what it does; the slideshow's own action stops it itself.
        if slideshow.isRunning || slideshow.isAwaitingGallery, Self.isUserInput(browserInput),
           !Self.isSlideshowKey(browserInput, in: keyMap) {
            stopSlideshow(reason: "input", at: time)
        }
        if case .key(let key, let ctrl, let shift) = browserInput,
           takeCommandKey(key, ctrl: ctrl, shift: shift, repeated: input.events.keyRepeated, at: time) {
            return
        }
        if panels.goTo != nil, case .key(let key, _, _) = browserInput, !overview.isInteractive,
           typeGoTo(key, at: time) {
            return
        }
        if compare.isShowing {
            // Escape closes the help over the compare view first, as it does over the pages.
            if panels.showsHelp, case .key(.escape, _, _) = browserInput {
                panels.showsHelp = false
                return
            }
            return perform(compare.handle(browserInput, time: time), at: time)
        }
        if overview.isInteractive {
            perform(overview.handle(browserInput, viewport: screen.size, time: time,
                                    ctrl: input.events.ctrlHeld, shift: input.events.shiftHeld), at: time)
            return
        }
        perform(input.translator.translate(browserInput, currentPage: model.currentPage, time: time), at: time)
    }

    /// Feeds what the platform's touchpad binding queued (``PlatformTouchpad``).
    /// The overview keeps SDL's wheel events; Ctrl+scrolling stays SDL's zoom.
    func takeTouchpadEvents() {
        guard let touchpad = input.touchpad else { return }
        let now = clock.now
        let events = touchpad.take(time: now, pixelsPerPoint: input.events.pixelsPerPoint,
                                   shift: input.events.shiftHeld)
        guard !events.isEmpty else { return }
        schedule.mark(.input)
        flushMotion()
        for event in events where !overview.isShowing && !compare.isShowing {
            if input.events.ctrlHeld, Self.isTouchpadMotion(event) { continue }
            if slideshow.isRunning, Self.isTouchpadMotion(event) { stopSlideshow(reason: "input", at: now) }
            // The line's time is when the loop read it: the latency to the frame shows.
            log?.write(.touchpad(event), time: now)
            perform(input.translator.translate(event), at: event.time)
        }
    }

    /// Whether `event` is the user scrolling, turning the wheel or starting a pinch.
    static func isTouchpadMotion(_ event: TouchpadEvent) -> Bool {
        switch event {
        case .scroll, .wheelNotch, .pinchBegin, .pinchUpdate: true
        case .lift, .pinchEnd: false
        }
    }

    func drainModelEvents() {
        while let event = model.pollEvent() {
            log?.write(event)
            slotLoader.note(event)
            switch event.kind {
            case .settled:
                finishRemoval(at: event.time)
                refreshInfo(at: event.time)
            case .interrupted(let reason, let page):
                StandardError.line("gesture interrupted (\(reason.rawValue)); settling on page \(page)")
                showNotice("Gesture interrupted (\(Self.describe(reason))) — back to \(page)", at: event.time)
            default:
                break
            }
        }
    }

    static func describe(_ reason: InterruptionReason) -> String {
        switch reason {
        case .focusLost: "window lost focus"
        case .windowHidden: "window hidden"
        case .secondPointer: "second finger or button"
        case .releasedOutside: "released outside the window"
        case .escape: "Escape"
        case .host: "interrupted"
        }
    }

    func showNotice(_ text: String, at time: Double) {
        notices.show(text, at: time)
        log?.write(.notice(text: text), time: time)
    }
}
