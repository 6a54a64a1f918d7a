import Foundation
import ImageDecoding
@testable import IsolatedDecoding
import Testing
import TestFixtures

/// Decodes in real sandboxed decoder processes (`fourway --decoder-process`).
@Suite struct DecoderPoolTests {
    @Test func aJPEGDecodesToTheSamePixelsAsInTheBrowsersOwnProcess() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool()
        let isolated = try pool.decodeFile(path, maxWidth: 32, maxHeight: 32, cancellation: nil)
        let local = try ImageDecoder.decodeFile(path, maxWidth: 32, maxHeight: 32)
        #expect(isolated.width == local.width && isolated.height == local.height)
        #expect(isolated.pixels == local.pixels)
        #expect(isolated.format == "JPEG")
        #expect(isolated.sourceWidth == 64 && isolated.sourceHeight == 48)
        #expect(isolated.isOpaque == local.isOpaque)
    }

    @Test func aFailureNamesTheFileAndSaysWhy() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try folder.write("empty.jpg", [])
        let pool = DecoderFixtures.pool()
        #expect(throws: DecodeFailure(path: path, message: "empty file (0 bytes)")) {
            try pool.decodeFile(path, maxWidth: 32, maxHeight: 32, cancellation: nil)
        }
    }

    @Test func aFileTheBrowserCannotOpenFailsAsItWouldInProcess() throws {
        let folder = try TemporaryFolder("decoders")
        let path = folder.file("gone.jpg")
        let pool = DecoderFixtures.pool()
        #expect(throws: DecodeFailure(path: path, message: "file vanished (it no longer exists)")) {
            try pool.decodeFile(path, maxWidth: 32, maxHeight: 32, cancellation: nil)
        }
    }

    @Test func everyProcessRunsUnderSeccompNoNewPrivsAndANetworkNamespaceOfItsOwn() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool(processes: 2)
        // Two decodes at once, so both processes have said hello.
        let first = DecoderFixtures.Background { try? pool.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil) }
        _ = try pool.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil)
        _ = first.wait()
        let ownNetwork = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")
        #expect(pool.processIDs.count == 2)
        for pid in pool.processIDs {
            #expect(DecoderFixtures.field("Seccomp", of: pid) == "2")
            #expect(DecoderFixtures.field("NoNewPrivs", of: pid) == "1")
            let network = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/net")
            #expect(network != ownNetwork)
        }
        #expect(pool.layers?.missingNames == [])
    }

    @Test func aProcessHoldsNoDescriptorButTheSocketTheSharedPageAndDevNull() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        // Descriptors of this process that a careless spawn would pass on.
        let leaked = open(path, O_RDONLY)
        defer { close(leaked) }
        let pool = DecoderFixtures.pool()
        _ = try pool.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil)
        let pid = try #require(pool.processIDs.first)
        // Idle again once it closed the decoded file and the answer's memfd,
        // just after answering.
        func descriptors() -> [Int] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap(Int.init).sorted()
        }
        #expect(DecoderFixtures.eventually(seconds: 5) { descriptors() == [0, 1, 2, 3, 4] }, "\(descriptors())")
        for standard in 0...2 {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(standard)") == "/dev/null")
        }
    }

    @Test func theFirstFilesProcessLoadsOnlyWhatTheFormatNeeds() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool(libraries: .firstFile)
        _ = try pool.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil)
        // JPEGDecoder passes no JPEG on to the last resort: nothing to load.
        #expect(pool.loadedLibraries == [])
        // A BMP goes to SDL_image.
        let bmp = folder.path + "/a.bmp"
        ImageFixtures.writeBMP(bmp, width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 4 * 4 * 4))
        let forBMP = DecoderFixtures.pool(libraries: .firstFile)
        let image = try forBMP.decodeFile(bmp, maxWidth: 8, maxHeight: 8, cancellation: nil)
        #expect(image.width == 4)
        #expect(forBMP.loadedLibraries == ["SDL_image"])
        let every = DecoderFixtures.pool(libraries: .all)
        _ = try every.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil)
        #expect(Set(every.loadedLibraries ?? []).isSuperset(of: ["libheif", "libjxl", "librsvg", "SDL_image"]))
    }

    @Test func aRasterPoolsProcessesLoadEveryLibraryButLibrsvg() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool(libraries: .raster)
        _ = try pool.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil)
        let loaded = Set(pool.loadedLibraries ?? [])
        #expect(loaded.isSuperset(of: ["libheif", "libjxl", "SDL_image"]))
        #expect(!loaded.contains("librsvg"))
    }

    @Test func aRasterPoolStartsNoProcessForSVGUntilAnSVGComes() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderFixtures.pool(libraries: .raster)
        _ = try pool.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil)
        #expect(pool.processIDs.count == 1)
    }

    @Test func anSVGThroughARasterPoolIsDrawnByLibrsvgInAProcessOfItsOwn() throws {
        let folder = try TemporaryFolder("decoders")
        let jpeg = try DecoderFixtures.quadrantsJPEG(folder)
        let svg = try folder.write("a.svg", Array("""
            <svg xmlns="http://www.w3.org/2000/svg" width="60" height="40">\
            <rect width="60" height="40" fill="#fff"/><circle cx="30" cy="20" r="17" fill="#c02040"/></svg>
            """.utf8))
        let pool = DecoderFixtures.pool(libraries: .raster)
        _ = try pool.decodeFile(jpeg, maxWidth: 8, maxHeight: 8, cancellation: nil)
        let pagePIDs = pool.processIDs
        let isolated = try pool.decodeFile(svg, maxWidth: 60, maxHeight: 40, cancellation: nil)
        let local = try ImageDecoder.decodeFile(svg, maxWidth: 60, maxHeight: 40)
        #expect(isolated.format == "SVG")
        #expect(isolated.width == local.width && isolated.height == local.height)
        let samePixels = isolated.pixels == local.pixels
        #expect(samePixels)
        let own = pool.processIDs.filter { !pagePIDs.contains($0) }
        #expect(own.count == 1)
        for pid in own {
            #expect(DecoderFixtures.maps(of: pid).contains("/librsvg-2.so"))
            #expect(DecoderFixtures.field("Seccomp", of: pid) == "2")
            #expect(DecoderFixtures.field("NoNewPrivs", of: pid) == "1")
        }
        for pid in pagePIDs {
            let maps = DecoderFixtures.maps(of: pid)
            #expect(maps.contains("/libheif.so") && !maps.contains("/librsvg-2.so"))
        }
    }

    @Test func aRegionDecodesToTheSamePixelsAsInTheBrowsersOwnProcess() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder, width: 256, height: 128)
        let pool = DecoderFixtures.pool()
        let region = PixelRect(x: 100, y: 20, width: 64, height: 64)
        let isolated = try pool.decodeRegion(path, region: region, scale: 0.5, maximumPixels: 100_000, turn: .rotate90,
                                             turnedWidth: 128, turnedHeight: 256).get()
        let local = try RegionDecoder.decode(path: path, region: region, scale: 0.5, maximumPixels: 100_000,
                                             turn: .rotate90, turnedWidth: 128, turnedHeight: 256).get()
        #expect(isolated.region == local.region)
        #expect(isolated.image.pixels == local.image.pixels)
    }

    @Test func anEmbeddedThumbnailComesBackAndAFileWithoutOneGivesNone() throws {
        let folder = try TemporaryFolder("decoders")
        let thumbnail = ImageFixtures.jpeg(width: 16, height: 12, pixels: ImageFixtures.quadrants(width: 16, height: 12))
        let photo = ImageFixtures.jpeg(width: 160, height: 120, pixels: ImageFixtures.quadrants(width: 160, height: 120))
        let with = try folder.write("with.jpg", ImageFixtures.withExifThumbnail(photo, thumbnail: thumbnail))
        let without = try folder.write("without.jpg", photo)
        let pool = DecoderFixtures.pool()
        let sketch = try #require(pool.embeddedThumbnail(with))
        #expect(sketch.pixels == EmbeddedThumbnail.decode(path: with)?.pixels)
        #expect(pool.embeddedThumbnail(without) == nil)
    }

    @Test func anAnimationsFramesComeFromAProcessOfItsOwnAsInTheBrowsersOwnProcess() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try folder.write("three.gif", ImageFixtures.gif(width: 40, height: 30, frames: [
            ImageFixtures.Color(r: 255, g: 0, b: 0), ImageFixtures.Color(r: 0, g: 255, b: 0),
            ImageFixtures.Color(r: 0, g: 0, b: 255),
        ]))
        let pool = DecoderFixtures.pool()
        let isolated = try #require(pool.openAnimation(path))
        let local = try #require(AnimatedImage.open(path: path))
        #expect(isolated.summary == local.summary)
        #expect(isolated.format == "GIF")
        for _ in 0..<4 {   // round the loop once
            let a = try #require(isolated.nextFrame(maxWidth: 20, maxHeight: 20, turn: .rotate90))
            let b = try #require(local.nextFrame(maxWidth: 20, maxHeight: 20, turn: .rotate90))
            #expect(a.index == b.index)
            #expect(a.image.pixels == b.image.pixels)
        }
    }

    @Test func aStillImageIsNoAnimation() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        #expect(DecoderFixtures.pool().openAnimation(path) == nil)
    }

    @Test func aPoolStartedLaterHasNoProcessUntilItIsToldOrUsed() throws {
        let folder = try TemporaryFolder("decoders")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let later = DecoderPool(processes: 2, niceness: 0, executable: DecoderFixtures.executable, startsAtOnce: false)
        #expect(later.processIDs.isEmpty)
        later.startProcesses()
        #expect(later.processIDs.count == 2)
        let used = DecoderPool(processes: 2, niceness: 0, executable: DecoderFixtures.executable, startsAtOnce: false)
        #expect(try used.decodeFile(path, maxWidth: 8, maxHeight: 8, cancellation: nil).format == "JPEG")
        #expect(used.processIDs.count == 1)
    }
}
