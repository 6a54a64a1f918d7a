import Testing
@testable import Gallery

/// Absolute, normalised paths: the same string however a file was named.
@Suite struct LexicalPathTests {
    @Test(arguments: [
        ("/a/b.jpg", "/a/b.jpg"), ("/", "/"), ("//a//b/", "/a/b"), ("/a/./b", "/a/b"), ("/a/b/..", "/a"),
        ("/a/../../b", "/b"), ("/a/.hidden/b", "/a/.hidden/b"), ("/a/..b/c", "/a/..b/c"), ("/a/b.", "/a/b."),
        ("/.", "/"), ("/a/.", "/a"), ("/é/ü.png", "/é/ü.png"),
    ])
    func normalizes(_ path: String, _ wanted: String) {
        #expect(LexicalPath.normalized(path) == wanted)
    }

    @Test func onlyCleanAbsolutePathsAreAlreadyNormalized() {
        #expect(LexicalPath.isNormalized("/a/b.jpg") && LexicalPath.isNormalized("/") && LexicalPath.isNormalized("/a/..b"))
        for path in ["a/b", "/a/", "//a", "/a/./b", "/a/../b", "/a/..", "/a/.", ""] {
            #expect(!LexicalPath.isNormalized(path), "\(path)")
        }
    }

    @Test func relativePathsAreTakenFromTheDirectoryGiven() {
        #expect(LexicalPath.absolute("b/../c.jpg", from: "/photos") == "/photos/c.jpg")
        #expect(LexicalPath.absolute("/x/y.jpg", from: "/photos") == "/x/y.jpg")
    }

    @Test func lastComponentAndParent() {
        #expect(LexicalPath.lastComponent("/a/b/ü.jpg") == "ü.jpg")
        #expect(LexicalPath.lastComponent("/") == "/")
        #expect(LexicalPath.lastComponent("name") == "name")
        #expect(LexicalPath.parent("/a/b/c.jpg") == "/a/b")
        #expect(LexicalPath.parent("/c.jpg") == "/")
    }
}
