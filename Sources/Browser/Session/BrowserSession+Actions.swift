import CSDL2
import Gallery
import Pager

/// What each action does: the one place an action of the table (``KeyMap``)
/// meets its handler. Adding an action is its ``KeyMap`` row plus its case
/// in `perform(_:at:)` taking an ``Action``. On the way here the input makes
/// engine calls of the actions that move the pages (``InputTranslator``),
/// the overview keeps its own (``OverviewScreen``), and every other action
/// comes through as it is.
extension BrowserSession {
    /// Performs what the input asked for, in order.
    func perform(_ actions: [BrowserAction], at time: Double) {
        for action in actions {
            switch action {
            case .pager(let command):
                model.apply(command, time: time)
            case .action(let action):
                perform(action, at: time)
            case .shell(.captureMouse(let on)):
                SDL_CaptureMouse(on ? SDL_TRUE : SDL_FALSE)
            }
        }
    }

    /// An action's handler.
    func perform(_ action: Action, at time: Double) {
        switch action {
        case .quit: end()
        case .escape: escape(at: time)
        case .toggleFullscreen: screen.window.toggleFullscreen()
        case .toggleHUD: screen.showsHUD.toggle()
        case .toggleHelp: panels.showsHelp.toggle()
        case .toggleBackdrop: showNotice(screen.scenery.toggleBackdrop(), at: time)
        case .toggleOverview: openOverview(at: time)
        case .toggleAnimation: showNotice(animation.toggle(time: time), at: time)
        case .toggleSlideshow:
            if slideshow.isRunning || slideshow.isAwaitingGallery {
                stopSlideshow(reason: "key", at: time)
            } else {
                startSlideshow(at: time)
            }
        case .copyPath: copyPath(at: time)
        case .copyImage: copyImage(at: time)
        case .openWithDefault: openElsewhere(folder: false, at: time)
        case .openFolder: openElsewhere(folder: true, at: time)
        case .goTo: beginGoTo(at: time)
        case .rotateClockwise: turnView(by: .rotate90, at: time)
        case .rotateAnticlockwise: turnView(by: .rotate270, at: time)
        case .mirrorLeftRight: turnView(by: .mirrorHorizontal, at: time)
        case .mirrorTopBottom: turnView(by: .mirrorVertical, at: time)
        case .saveTurn: saveTurn(at: time)
        case .showInfo: toggleInfo(at: time)
        case .moveToTrash: moveToTrash(at: time)
        case .undo: undoTrash(at: time)
        case .toggleMark, .markClicked: toggleMark(at: time)
        case .markRange: markRange(at: time)
        case .invertMarks: invertMarks(at: time)
        case .clearMarks: clearMarks(at: time)
        case .nextMarked: goToMarked(forward: true, at: time)
        case .previousMarked: goToMarked(forward: false, at: time)
        case .keyHandler: waitForHandlerKey(at: time)
        case .toggleCompare: openCompare(at: time)
        case .keepFirstCompared: keepCompared(0, at: time)
        case .keepSecondCompared: keepCompared(1, at: time)
        case .keepThirdCompared: keepCompared(2, at: time)
        case .keepFourthCompared: keepCompared(3, at: time)
        case .keepClicked: keepCompared(compare.clickedCell, at: time)
        case .trashOthers: trashOthers(at: time)
        case .compareNext, .comparePrevious:
            break   // the compare view's own (CompareScreen)
        case .dragPages, .touchpadSwipe, .wheelFlip, .wheelFlipSideways, .flipLeft, .flipRight, .flipUp, .flipDown,
             .previousRow, .nextRow, .rowStart, .rowEnd, .galleryStart, .galleryEnd,
             .zoomIn, .zoomOut, .zoomGesture, .zoomToggle, .zoomFit, .pan:
            break   // engine calls: the input made them (InputTranslator)
        case .moveHighlightLeft, .moveHighlightRight, .moveHighlightUp, .moveHighlightDown, .screenUp, .screenDown,
             .largerThumbnails, .smallerThumbnails, .openHighlighted, .openClicked, .scrollThumbnails:
            break   // the overview's own (OverviewScreen)
        }
    }

    /// The engine says whether a gesture was interrupted; only when nothing
    /// was does the action close the help, or else quit.
    private func escape(at time: Double) {
        if model.interrupt(.escape, time: time) {
            input.translator.pointer.abandonGesture()
            SDL_CaptureMouse(SDL_FALSE)
        } else if panels.showsHelp {
            panels.showsHelp = false
        } else {
            end()
        }
    }

    private func openOverview(at time: Double) {
        guard !gallery.catalog.isScanning else {
            return showNotice("The overview opens once the folder is scanned", at: time)
        }
        overview.open(catalog: gallery.catalog, currentPage: model.currentPage,
                      width: screen.size.width, height: screen.size.height, time: time, scale: screen.window.scale)
    }
}
