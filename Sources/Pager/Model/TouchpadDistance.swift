/// How far the fingers travel on a touchpad to move the pager one page, in
/// touchpad units: libinput's scroll px, as a Wayland `wl_pointer.axis`
/// value arrives, or an X11 XI2 scroll valuator increment × 10 (GTK's
/// convention). The page follows the fingers by the same share of a page
/// whatever the window's size, as libadwaita's swipe tracker does
/// (`TOUCHPAD_BASE_DISTANCE_H` 400 and `TOUCHPAD_BASE_DISTANCE_V` 300 in
/// adw-swipe-tracker.c).
///
/// ```swift
/// var config = PagerConfiguration()
/// config.touchpadDistance = TouchpadDistance(horizontal: 600, vertical: 450)   // a slower swipe
/// // 300 units to the left now move a 1280 px page by 300 × 1280 / 600 = 640 px.
/// ```
public struct TouchpadDistance: Hashable, Sendable {
    /// Units per page horizontally (libadwaita's 400).
    public var horizontal: Double
    /// Units per page vertically (libadwaita's 300).
    public var vertical: Double

    /// libadwaita's distances: 400 units per page across, 300 down.
    ///
    /// ```swift
    /// let distance = TouchpadDistance()   // 400 × 300
    /// ```
    public init(horizontal: Double = 400, vertical: Double = 300) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Units per page along `axis`; a distance that is not finite and above 0
    /// counts as libadwaita's, and one below 0.001 as 0.001 (a tinier one
    /// made a unit worth an infinite distance, and 0 × ∞ a NaN offset).
    func units(along axis: Axis) -> Double {
        let value = axis == .horizontal ? horizontal : vertical
        guard value.isFinite, value > 0 else { return axis == .horizontal ? 400 : 300 }
        return max(value, 0.001)
    }
}
