/// An image format recognised from a file's first bytes.
///
/// ```swift
/// ImageFormat.png.name            // "PNG"
/// ImageFormat.avif.isDecodable    // true: libheif decodes it (HEIFDecoder)
/// ImageFormat.cameraRaw.name      // "camera raw": DNG, CR2, NEF… (LibRaw, RawDecoder)
/// ```
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, bmp, webp, tiff, qoi, pnm, xpm, xcf, lbm, pcx, svg, ico, cur, tga
    case avif, jxl, heic
    /// A camera's raw sensor data (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2…),
    /// recognised by ``CameraRawSignature``.
    case cameraRaw

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
        case .cameraRaw: return "camera raw"
        }
    }

    /// False for formats we recognise but cannot decode on this system.
    /// Every format is decodable today: JPEG through libjpeg-turbo, HEIC and
    /// AVIF through libheif, JPEG XL through libjxl, camera raw files through
    /// LibRaw, the rest through SDL_image
    /// (DecoderRegistry.standard); the property stays for a format that is
    /// recognised before it has a decoder.
    public var isDecodable: Bool {
        true
    }

    /// Its media types as shared-mime-info names them (the first is the
    /// canonical one). `fourway --mime-types` prints those of every
    /// decodable format for the desktop entry's `MimeType=` (scripts/install),
    /// so the entry offers fourway for exactly what it opens.
    public var mimeTypes: [String] {
        switch self {
        case .jpeg: return ["image/jpeg"]
        case .png: return ["image/png", "image/apng"]
        case .gif: return ["image/gif"]
        case .bmp: return ["image/bmp", "image/x-bmp"]
        case .webp: return ["image/webp"]
        case .tiff: return ["image/tiff"]
        case .qoi: return ["image/qoi"]
        case .pnm: return ["image/x-portable-anymap", "image/x-portable-bitmap",
                           "image/x-portable-graymap", "image/x-portable-pixmap"]
        case .xpm: return ["image/x-xpixmap"]
        case .xcf: return ["image/x-xcf"]
        case .lbm: return ["image/x-ilbm"]
        case .pcx: return ["image/vnd.zbrush.pcx", "image/x-pcx"]
        case .svg: return ["image/svg+xml"]
        case .ico: return ["image/vnd.microsoft.icon"]
        case .cur: return ["image/x-win-bitmap"]
        case .tga: return ["image/x-tga"]
        case .avif: return ["image/avif"]
        case .jxl: return ["image/jxl"]
        case .heic: return ["image/heic", "image/heif"]
        case .cameraRaw:
            return ["image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-canon-crw",
                    "image/x-nikon-nef", "image/x-nikon-nrw", "image/x-sony-arw", "image/x-sony-sr2",
                    "image/x-sony-srf", "image/x-fuji-raf", "image/x-olympus-orf", "image/x-panasonic-rw2",
                    "image/x-panasonic-rw", "image/x-pentax-pef", "image/x-sigma-x3f", "image/x-minolta-mrw",
                    "image/x-kodak-dcr", "image/x-kodak-kdc", "image/x-samsung-srw"]
        }
    }

    /// The media types of every format this build decodes, in
    /// ``allCases`` order, each once.
    public static var decodableMimeTypes: [String] {
        allCases.filter(\.isDecodable).flatMap(\.mimeTypes)
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
