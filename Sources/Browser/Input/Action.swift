/// Everything the user can ask of the browser, named once. Which keys,
/// buttons or gestures ask for it, where, and what its help says is
/// ``KeyMap``'s table; what it does is its handler: one case of the
/// session's `perform(_:at:)` (`Session/BrowserSession+Actions.swift`),
/// which the input hands actions to as they are. Only the actions that move
/// the pages become engine calls on the way (``InputTranslator``), and the
/// overview handles its own (`OverviewScreen`).
///
/// ```swift
/// KeyMap.action(for: .right, ctrl: false, in: .pager)   // .flipRight
/// ```
public enum Action: String, CaseIterable, Sendable, Hashable {
    // Pages
    case dragPages, touchpadSwipe, wheelFlip, wheelFlipSideways
    case flipLeft, flipRight, flipUp, flipDown
    case previousRow, nextRow
    case rowStart, rowEnd, galleryStart, galleryEnd
    // Zoom
    case zoomIn, zoomOut, zoomGesture, zoomToggle, zoomFit, pan
    // Overview
    case toggleOverview, moveHighlightLeft, moveHighlightRight, moveHighlightUp, moveHighlightDown
    case screenUp, screenDown, largerThumbnails, smallerThumbnails, openHighlighted, openClicked, scrollThumbnails
    // The image on the current page, and the gallery
    case rotateClockwise, rotateAnticlockwise, mirrorLeftRight, mirrorTopBottom
    case saveTurn
    case copyPath, copyImage, moveToTrash, undo, toggleSlideshow, showInfo, openWithDefault, openFolder, goTo
    case toggleAnimation
    // Marks: images picked to act on together
    case toggleMark, invertMarks, clearMarks, nextMarked, previousMarked, markClicked, markRange
    // Compare: 2–4 images side by side, zoomed and panned together
    case toggleCompare, compareNext, comparePrevious, keepFirstCompared, keepSecondCompared, keepThirdCompared
    case keepFourthCompared, keepClicked, trashOthers
    // Programs: nsxiv's key handler (the configured commands are bound by name: KeyMap.commands)
    case keyHandler
    // The shell
    case toggleHUD, toggleBackdrop, toggleHelp, toggleFullscreen, escape, quit
}
