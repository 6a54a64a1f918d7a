import CSDL2
import Glibc

/// SDL's drop events as ``DropGathering/Event``s. SDL hands each dropped
/// file's name and each dropped text in a string the receiver frees.
///
/// SDL enables `SDL_DROPFILE` and `SDL_DROPTEXT` by default; ``enable()``
/// says so again (and `SDL_DROPBEGIN`, `SDL_DROPCOMPLETE`), in case a
/// hint or an earlier caller turned them off: without them the window
/// would not take part in XDND or in `wl_data_device` drops at all.
enum SDLDrop {
    /// Turns SDL's drop events on.
    static func enable() {
        for type in [SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPCOMPLETE] {
            _ = SDL_EventState(type.rawValue, SDL_ENABLE)
        }
    }

    /// The drop event `event` is, nil for any other event; frees SDL's string.
    static func event(_ event: SDL_Event) -> DropGathering.Event? {
        switch event.type {
        case SDL_DROPBEGIN.rawValue:
            return .begin
        case SDL_DROPCOMPLETE.rawValue:
            return .complete
        case SDL_DROPFILE.rawValue, SDL_DROPTEXT.rawValue:
            guard let name = event.drop.file else { return nil }
            defer { SDL_free(name) }
            let bytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
            // A name that is not UTF-8 cannot be a `String` path: it goes
            // on as an item that is no path, which the notice names.
            let text = String(validating: bytes, as: UTF8.self)
                ?? "(not UTF-8) " + String(decoding: bytes, as: UTF8.self)
            return event.type == SDL_DROPFILE.rawValue ? .file(text) : .text(text)
        default:
            return nil
        }
    }

    /// This machine's host name, which a `file://HOST/` URI may name.
    static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
