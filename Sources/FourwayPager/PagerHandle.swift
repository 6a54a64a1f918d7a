import CFourwayPager
import Pager

// The C interface (`include/fourway/pager.h` in `Sources/CFourwayPager`): each
// `fw_` function is one `@_cdecl` function in this module, named after what it
// calls. A `fw_pager *` is a `PagerModel` in memory of its own; there is no
// global state, so two pagers never share anything.

/// The model behind a `fw_pager *`, or `nil` for a null handle.
func model(_ handle: OpaquePointer?) -> UnsafeMutablePointer<PagerModel>? {
    handle.map { UnsafeMutablePointer<PagerModel>($0) }
}

/// Page indices stay within ±`FW_PAGE_INDEX_LIMIT` (2^60), so that no page
/// step or difference of two pages can overflow; ±2^28 where `Int` has 32
/// bits (wasm32), a quarter of the engine's limit there as here.
let pageIndexLimit: Int64 = 1 << (Int64(Int.bitWidth) - 4)

func clampedPageIndex(_ value: Int64) -> Int {
    Int(min(max(value, -pageIndexLimit), pageIndexLimit))
}

/// The bounds a page count from C gives: -1 (`FW_PAGES_INFINITE`) infinite,
/// 0 disabled, N pages; `nil` when the count is invalid (below -1).
func axisBounds(_ pageCount: Int64) -> AxisBounds? {
    switch pageCount {
    case -1: AxisBounds(pageCount: nil)
    case 0...: AxisBounds(pageCount: Int(min(pageCount, pageIndexLimit)))
    default: nil
    }
}

/// A page size from C: finite and above 0.
func isValidLength(_ value: Double) -> Bool { value.isFinite && value > 0 }

extension fw_page {
    init(_ page: PageIndex) { self.init(h: Int64(page.h), v: Int64(page.v)) }
}

extension PageIndex {
    init(_ page: fw_page) { self.init(h: clampedPageIndex(page.h), v: clampedPageIndex(page.v)) }
}
