/// What the boxes at the start of a HEIF file (HEIC, AVIF: ISO/IEC 23008-12
/// over ISOBMFF) say about its primary image, read without libheif: its
/// item type (`hvc1` HEVC, `av01` AV1, `grid` tiles, …), its `ispe` size and
/// its `irot` rotation; its thumbnail items (`thmb` references) and which
/// items carry `irot` or `imir`. Enough to refuse a header bomb from the
/// file's first 64 KB, to name the file HEIC or AVIF by its codec, not its
/// brand, and to know a thumbnail is there before libheif is started.
///
/// ```swift
/// let heif = bytes.withUnsafeBufferPointer { HEIFStructure.parse($0) }
/// heif.primaryItemType   // "av01" for an AVIF, whatever its ftyp says
/// heif.uprightSize       // (width: 3000, height: 4000) for a 4000×3000 `ispe` with `irot` 90°
/// heif.thumbnailIDs      // [50]: a phone's 320×240 thumbnail item
/// ```
struct HEIFStructure {
    /// `ftyp`'s major brand ("heic", "avif", "mif1", …).
    var majorBrand: String?
    /// The `infe` item type of the item `pitm` names.
    var primaryItemType: String?
    /// The codec of the primary image: its item type, or for a derived
    /// image (`grid` tiles, `iovl` overlay, `iden`) that of its first coded item.
    var codecItemType: String?
    /// The primary item's `ispe`, as stored (before `irot`).
    var storedSize: (width: Int, height: Int)?
    /// The primary item's `irot`: quarter turns anticlockwise (0…3).
    var quarterTurns = 0
    /// The primary item's ID (`pitm`).
    var primaryID: Int?
    /// Items whose `thmb` reference names the primary: its thumbnails.
    var thumbnailIDs: [Int] = []
    /// The `irot` (quarter turns) and `imir` (axis) of every item that has
    /// either, by item ID.
    var transforms: [Int: Transform] = [:]
    /// Whether the primary item has a `clap` (a crop, applied before `irot`).
    var primaryHasCleanAperture = false

    /// An item's `irot` and `imir` properties.
    struct Transform: Equatable {
        var quarterTurns = 0
        /// `imir`'s axis byte, nil without one.
        var mirrorAxis: Int?
    }

    /// The primary image's size as shown: `ispe` with width and height
    /// swapped when `irot` turns it by 90° or 270°.
    var uprightSize: (width: Int, height: Int)? {
        guard let storedSize else { return nil }
        return quarterTurns % 2 == 1 ? (storedSize.height, storedSize.width) : storedSize
    }

    /// True when the primary image is AV1 (an AVIF), also for a `mif1`-branded
    /// file; a file whose codec is neither AV1 nor HEVC (or unreadable) goes by its brand.
    var isAVIF: Bool {
        switch codecItemType {
        case "av01": return true
        case "hvc1", "hev1": return false
        default: return majorBrand == "avif" || majorBrand == "avis"
        }
    }

    /// The structure `bytes` (a file's head) describes; fields stay nil
    /// where a box is missing, cut off by the end of `bytes`, or malformed.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> HEIFStructure {
        let view = ByteView(bytes)
        var result = HEIFStructure()
        for box in Box.children(of: view, from: 0, to: view.count) {
            if box.type == "ftyp" { result.majorBrand = view.fourCC(box.payload) }
            if box.type == "meta" { result.readMeta(view, box) }
        }
        return result
    }

    private mutating func readMeta(_ view: ByteView, _ meta: Box) {
        // meta is a FullBox: 4 bytes of version and flags before its children.
        let children = Box.children(of: view, from: meta.payload + 4, to: meta.end)
        var primaryID: Int?
        var itemTypes: [Int: String] = [:]
        var properties: [Box] = []
        var associations: [Int: [Int]] = [:]
        var thumbnailsOf: [Int: [Int]] = [:]
        for box in children {
            switch box.type {
            case "pitm":
                primaryID = view.u8(box.payload) == 0 ? view.u16be(box.payload + 4) : view.u32be(box.payload + 4)
            case "iinf":
                let version = view.u8(box.payload) ?? 0
                let first = box.payload + 4 + (version == 0 ? 2 : 4)
                for entry in Box.children(of: view, from: first, to: box.end) where entry.type == "infe" {
                    let entryVersion = view.u8(entry.payload) ?? 0
                    guard entryVersion >= 2 else { continue }   // versions 0 and 1 carry no item type
                    let id = entryVersion == 2 ? view.u16be(entry.payload + 4) : view.u32be(entry.payload + 4)
                    let typeOffset = entry.payload + 4 + (entryVersion == 2 ? 2 : 4) + 2
                    if let id, let type = view.fourCC(typeOffset) { itemTypes[id] = type }
                }
            case "iref":
                thumbnailsOf = Self.thumbnailReferences(view, box)
            case "iprp":
                for child in Box.children(of: view, from: box.payload, to: box.end) {
                    if child.type == "ipco" { properties = Box.children(of: view, from: child.payload, to: child.end) }
                    if child.type == "ipma" { associations = Self.associations(view, child) }
                }
            default:
                break
            }
        }
        guard let primaryID else { return }
        self.primaryID = primaryID
        thumbnailIDs = thumbnailsOf[primaryID] ?? []
        primaryItemType = itemTypes[primaryID]
        let derived: Set<String> = ["grid", "iovl", "iden"]
        let metadata: Set<String> = ["Exif", "mime", "uri "]
        codecItemType = primaryItemType.flatMap { derived.contains($0) ? nil : $0 }
            ?? itemTypes.sorted { $0.key < $1.key }.map(\.value).first { !derived.contains($0) && !metadata.contains($0) }
        for index in associations[primaryID] ?? [] where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            if property.type == "ispe", let width = view.u32be(property.payload + 4),
               let height = view.u32be(property.payload + 8) {
                storedSize = (width, height)
            }
            if property.type == "clap" { primaryHasCleanAperture = true }
        }
        for (id, indices) in associations {
            var transform = Transform(), found = false
            for index in indices where index >= 1 && index <= properties.count {
                let property = properties[index - 1]
                if property.type == "irot", let angle = view.u8(property.payload) {
                    transform.quarterTurns = angle & 3
                    found = true
                }
                if property.type == "imir", let axis = view.u8(property.payload) {
                    transform.mirrorAxis = axis & 1
                    found = true
                }
            }
            if found { transforms[id] = transform }
        }
        quarterTurns = transforms[primaryID]?.quarterTurns ?? 0
    }

    /// `iref`'s `thmb` references: the item a thumbnail is of → the
    /// thumbnails' IDs, in the order the file lists them.
    private static func thumbnailReferences(_ view: ByteView, _ iref: Box) -> [Int: [Int]] {
        // iref is a FullBox; version 0 has 16-bit item IDs, version 1 32-bit.
        guard let version = view.u8(iref.payload) else { return [:] }
        let idBytes = version == 0 ? 2 : 4
        func id(_ offset: Int) -> Int? { idBytes == 2 ? view.u16be(offset) : view.u32be(offset) }
        var result: [Int: [Int]] = [:]
        for reference in Box.children(of: view, from: iref.payload + 4, to: iref.end) where reference.type == "thmb" {
            guard let from = id(reference.payload), let count = view.u16be(reference.payload + idBytes) else { continue }
            for index in 0..<min(count, 64) {
                guard let to = id(reference.payload + idBytes + 2 + index * idBytes) else { break }
                result[to, default: []].append(from)
            }
        }
        return result
    }

    /// `ipma`: item ID → its property indices (1-based into `ipco`).
    private static func associations(_ view: ByteView, _ ipma: Box) -> [Int: [Int]] {
        guard let version = view.u8(ipma.payload), let flags = view.u8(ipma.payload + 3),
              let count = view.u32be(ipma.payload + 4) else { return [:] }
        var result: [Int: [Int]] = [:]
        var offset = ipma.payload + 8
        for _ in 0..<min(count, 4096) {
            guard let id = version < 1 ? view.u16be(offset) : view.u32be(offset) else { break }
            offset += version < 1 ? 2 : 4
            guard let associationCount = view.u8(offset) else { break }
            offset += 1
            var indices: [Int] = []
            for _ in 0..<associationCount {
                // The top bit is "essential"; the rest is the index (15 bits when flags bit 0 is set).
                if flags & 1 == 1 {
                    guard let value = view.u16be(offset) else { return result }
                    indices.append(value & 0x7FFF)
                    offset += 2
                } else {
                    guard let value = view.u8(offset) else { return result }
                    indices.append(value & 0x7F)
                    offset += 1
                }
            }
            result[id] = indices
        }
        return result
    }

    /// One ISOBMFF box: its type and where its payload and the box end.
    struct Box {
        var type: String
        var payload: Int
        var end: Int

        /// The boxes one after another in `from..<to`, stopping at the first
        /// that is malformed or runs past `to` (a box cut off by the end of
        /// the head is still listed, with `end` clipped, so its start is read).
        static func children(of view: ByteView, from start: Int, to limit: Int) -> [Box] {
            var boxes: [Box] = []
            var offset = start
            while boxes.count < 1024, offset + 8 <= limit, let size32 = view.u32be(offset), let type = view.fourCC(offset + 4) {
                var size = size32, header = 8
                if size32 == 1 {
                    guard let high = view.u32be(offset + 8), let low = view.u32be(offset + 12), high == 0 else { break }
                    size = low
                    header = 16
                } else if size32 == 0 {
                    size = limit - offset   // to the end of the file
                }
                guard size >= header else { break }
                let end = offset + size
                boxes.append(Box(type: type, payload: offset + header, end: min(end, limit)))
                if end >= limit { break }
                offset = end
            }
            return boxes
        }
    }
}

extension ByteView {
    /// Four ASCII bytes at `offset` (an ISOBMFF box or brand type), or nil.
    func fourCC(_ offset: Int) -> String? {
        guard has(offset, 4) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 4)]), as: UTF8.self)
    }
}
