import Gallery
import Testing

/// The names the folder scanner picks (ImageExtensions): every format the
/// decoders read, camera raw files included, whatever the case.
@Suite struct ImageExtensionsTests {
    @Test func cameraRawNamesAreImages() {
        for name in ["IMG_0001.CR2", "IMG_0002.CR3", "DSC_0003.NEF", "DSC04.ARW", "DSCF0005.RAF", "P6.ORF",
                     "P1000007.RW2", "IMGP8.PEF", "shot.dng", "SAM_9.SRW"] {
            #expect(ImageExtensions.matches(name), "\(name)")
        }
    }

    @Test func otherNamesAreNot() {
        for name in ["notes.txt", "raw", "movie.mov", "archive.zip", ".dng"] {
            #expect(!ImageExtensions.matches(name), "\(name)")
        }
    }
}
