/// An image format recognised from a file's first bytes.
///
/// ```swift
/// ImageFormat.png.name            // "PNG"
/// ImageFormat.avif.isDecodable    // false: no AVIF decoder in SDL_image here
/// ```
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, bmp, webp, tiff, qoi, pnm, xpm, xcf, lbm, pcx, svg, ico, cur, tga
    case avif, jxl, heic

    /// The name shown to people, also `DecodedImage.format`.
    public var name: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .webp: return "WebP"
        case .tiff: return "TIFF"
        case .qoi: return "QOI"
        case .pnm: return "PNM"
        case .xpm: return "XPM"
        case .xcf: return "XCF"
        case .lbm: return "ILBM"
        case .pcx: return "PCX"
        case .svg: return "SVG"
        case .ico: return "ICO"
        case .cur: return "CUR"
        case .tga: return "TGA"
        case .avif: return "AVIF"
        case .jxl: return "JPEG XL"
        case .heic: return "HEIC"
        }
    }

    /// False for formats we recognise but cannot decode on this system
    /// (SDL_image 2.6 here was built without AVIF and JPEG XL; HEIC has no loader).
    public var isDecodable: Bool {
        switch self {
        case .avif, .jxl, .heic: return false
        default: return true
        }
    }

    /// The type hint SDL_image's `IMG_LoadTyped_RW` takes; needed for TGA,
    /// which has no magic bytes.
    var sdlTypeHint: String {
        switch self {
        case .jpeg: return "JPG"
        case .tiff: return "TIF"
        case .webp: return "WEBP"
        case .lbm: return "LBM"
        case .tga: return "TGA"
        default: return name.uppercased()
        }
    }
}
