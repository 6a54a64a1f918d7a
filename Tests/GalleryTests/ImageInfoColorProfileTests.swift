import Testing
import TestFixtures
@testable import Gallery

/// The information panel names a file's colour profile and what is done with
/// it (the conversion itself: Tests/ImageDecodingTests/ColorProfileTests.swift).
@Suite struct ImageInfoColorProfileTests {
    @Test func theInformationPanelNamesTheProfileAndWhatIsDoneWithIt() throws {
        let folder = try TemporaryFolder()
        for name in ["p3.jpg", "p3.png"] {
            let info = ImageInfo.read(path: try ProfileFixtures.taggedFile(folder, name))
            #expect(info.colorProfile == "Display P3 (test), converted to sRGB", "\(name)")
            #expect(info.lines(utcOffset: 0).contains { $0.label == "Colour profile" }, "\(name)")
        }
        let plain = folder.file("plain.png")
        #expect(ImageInfo.read(path: plain).colorProfile == nil)
    }
}
