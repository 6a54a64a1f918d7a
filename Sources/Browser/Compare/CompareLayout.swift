import ImageDecoding

/// Where the compare view puts its 2–4 images in the window: one cell
/// each, the picture fitted in the cell's upper part and its label (name and
/// size) in a band below. Two images go side by side or one above the other,
/// whichever shows the smaller of them larger (portrait pairs stack in a tall
/// window, sit side by side in a wide one); three or four fill a 2×2 grid,
/// in reading order. Pure arithmetic on device pixels, so it is tested
/// without a window (`Tests/BrowserTests/CompareLayoutTests.swift`).
///
/// ```swift
/// let layout = CompareLayout(viewport: PixelRect(x: 0, y: 0, width: 1200, height: 600),
///                            imageSizes: [(800, 600), (800, 600)], labelHeight: 30, gap: 8)
/// layout.cells[0].picture   // the left half, less the gap and the label band
/// layout.cellIndex(x: 900, y: 300)   // 1
/// ```
struct CompareLayout: Equatable {
    /// One image's place.
    struct Cell: Equatable {
        /// The whole cell.
        var frame: PixelRect
        /// Where the picture is fitted (the cell above its label band).
        var picture: PixelRect
        /// The band for the name and size, under the picture.
        var label: PixelRect
    }

    /// How the cells are arranged.
    enum Arrangement: Equatable {
        case sideBySide, stacked, grid
    }

    let arrangement: Arrangement
    let cells: [Cell]

    /// The cells for `imageSizes` (2–4 of them; width × height, 0 × 0 when
    /// not known yet) in `viewport`, `gap` pixels apart, each with a label
    /// band `labelHeight` pixels high.
    init(viewport: PixelRect, imageSizes: [(width: Int, height: Int)], labelHeight: Int, gap: Int) {
        let count = min(4, max(1, imageSizes.count))
        let arrangement = count > 2 ? Arrangement.grid : Self.pairArrangement(viewport: viewport, sizes: imageSizes,
                                                                               labelHeight: labelHeight, gap: gap)
        self.arrangement = arrangement
        let frames = Self.frames(arrangement, count: count, in: viewport, gap: gap)
        cells = frames.map { Self.cell($0, labelHeight: labelHeight) }
    }

    /// The cell under (`x`, `y`), if any.
    func cellIndex(x: Double, y: Double) -> Int? {
        cells.firstIndex { cell in
            let frame = cell.frame
            return x >= Double(frame.x) && x < Double(frame.maxX) && y >= Double(frame.y) && y < Double(frame.maxY)
        }
    }

    /// Where an image of `width` × `height` sits in cell `index` unzoomed:
    /// fitted to its picture area, scaled up when smaller, centred.
    func fitted(_ index: Int, width: Int, height: Int) -> PixelRect {
        let picture = cells[index].picture
        guard width > 0, height > 0 else { return picture }
        return Letterbox.fit(sourceWidth: width, sourceHeight: height, in: picture, upscale: true)
    }

    private static func cell(_ frame: PixelRect, labelHeight: Int) -> Cell {
        let band = min(labelHeight, frame.height / 2)
        return Cell(frame: frame,
                    picture: PixelRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height - band),
                    label: PixelRect(x: frame.x, y: frame.maxY - band, width: frame.width, height: band))
    }

    /// Side by side or stacked: the one whose smaller fitted picture is the
    /// larger (side by side on a tie, and while the sizes are not known).
    private static func pairArrangement(viewport: PixelRect, sizes: [(width: Int, height: Int)],
                                        labelHeight: Int, gap: Int) -> Arrangement {
        func smallestArea(_ arrangement: Arrangement) -> Int {
            let frames = Self.frames(arrangement, count: 2, in: viewport, gap: gap)
            return zip(frames, sizes).map { frame, size in
                let picture = cell(frame, labelHeight: labelHeight).picture
                guard size.width > 0, size.height > 0 else { return picture.width * picture.height }
                let fit = Letterbox.fit(sourceWidth: size.width, sourceHeight: size.height, in: picture, upscale: true)
                return fit.width * fit.height
            }.min() ?? 0
        }
        return smallestArea(.stacked) > smallestArea(.sideBySide) ? .stacked : .sideBySide
    }

    /// The cells' frames: the viewport split into columns × rows, `gap`
    /// between them, the last column and row taking the odd pixels.
    private static func frames(_ arrangement: Arrangement, count: Int, in viewport: PixelRect, gap: Int) -> [PixelRect] {
        let (columns, rows) = switch arrangement {
        case .sideBySide: (count, 1)
        case .stacked: (1, count)
        case .grid: (2, 2)
        }
        let width = max(1, (viewport.width - gap * (columns - 1)) / columns)
        let height = max(1, (viewport.height - gap * (rows - 1)) / rows)
        return (0..<count).map { index in
            let (column, row) = (index % columns, index / columns)
            let x = viewport.x + column * (width + gap)
            let y = viewport.y + row * (height + gap)
            return PixelRect(x: x, y: y, width: column == columns - 1 ? viewport.maxX - x : width,
                             height: row == rows - 1 ? viewport.maxY - y : height)
        }
    }
}
