import CFourwayPager
import Pager

/// `const char *fw_pager_version(void)`: `PagerLibrary.version`, a static,
/// NUL-terminated string (a `StaticString` literal's bytes).
@_cdecl("fw_pager_version")
public func pagerVersion() -> UnsafePointer<CChar> {
    UnsafeRawPointer(PagerLibrary.version.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `fw_config fw_config_default(void)`.
@_cdecl("fw_config_default")
public func configDefault() -> fw_config {
    fw_config(PagerConfiguration())
}

/// `fw_pager *fw_pager_create(double, double, int64_t, int64_t)`.
@_cdecl("fw_pager_create")
public func pagerCreate(_ pageWidth: Double, _ pageHeight: Double,
                        _ horizontalPages: Int64, _ verticalPages: Int64) -> OpaquePointer? {
    pagerCreateWithConfig(pageWidth, pageHeight, horizontalPages, verticalPages, nil)
}

/// `fw_pager *fw_pager_create_with_config(double, double, int64_t, int64_t, const fw_config *)`.
@_cdecl("fw_pager_create_with_config")
public func pagerCreateWithConfig(_ pageWidth: Double, _ pageHeight: Double,
                                  _ horizontalPages: Int64, _ verticalPages: Int64,
                                  _ config: UnsafePointer<fw_config>?) -> OpaquePointer? {
    pagerCreateOnPage(pageWidth, pageHeight, horizontalPages, verticalPages, 0, 0, config)
}

/// `fw_pager *fw_pager_create_on_page(double, double, int64_t, int64_t, int64_t, int64_t, const fw_config *)`.
@_cdecl("fw_pager_create_on_page")
@inline(never)   // the other two call it: one copy of the model's set-up in the wasm
public func pagerCreateOnPage(_ pageWidth: Double, _ pageHeight: Double,
                              _ horizontalPages: Int64, _ verticalPages: Int64,
                              _ startH: Int64, _ startV: Int64,
                              _ config: UnsafePointer<fw_config>?) -> OpaquePointer? {
    guard isValidLength(pageWidth), isValidLength(pageHeight),
          let horizontal = axisBounds(horizontalPages), let vertical = axisBounds(verticalPages)
    else { return nil }
    var configuration = PagerConfiguration()
    if let config {
        guard let given = PagerConfiguration(config.pointee) else { return nil }
        configuration = given
    }
    let pager = UnsafeMutablePointer<PagerModel>.allocate(capacity: 1)
    pager.initialize(to: PagerModel(
        pageWidth: pageWidth, pageHeight: pageHeight,
        horizontalPages: horizontal.pageCount, verticalPages: vertical.pageCount,
        initialPage: PageIndex(fw_page(h: startH, v: startV)), configuration: configuration))
    return OpaquePointer(pager)
}

/// `void fw_pager_destroy(fw_pager *)`.
@_cdecl("fw_pager_destroy")
public func pagerDestroy(_ handle: OpaquePointer?) {
    guard let pager = model(handle) else { return }
    pager.deinitialize(count: 1)
    pager.deallocate()
}
