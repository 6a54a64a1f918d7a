import ImageDecoding
import TestFixtures
import Testing
@testable import Browser

/// What the display publishes becomes the profile decodes convert to, or
/// sRGB with one line for stderr.
@Suite struct DisplayColorTests {
    @Test func noProfileIsSRGBWithNothingToSay() {
        let choice = DisplayColor.choose([])
        #expect(choice.profile == .sRGB && choice.problem == nil)
    }

    @Test func anAdobeRGBProfileIsUsedByItsDescription() {
        let choice = DisplayColor.choose(ProfileFixtures.adobeRGB())
        #expect(choice.profile.description == "Adobe RGB (1998)" && choice.problem == nil)
    }

    @Test func aBrokenProfileIsOneLineAndSRGB() throws {
        let choice = DisplayColor.choose(Array("garbage".utf8))
        #expect(choice.profile == .sRGB)
        let line = try #require(choice.problem)
        #expect(line.hasPrefix("the display's ICC profile (_ICC_PROFILE) is unusable: ") && line.hasSuffix("; showing sRGB"))
        #expect(!line.contains("\n"))
    }
}
