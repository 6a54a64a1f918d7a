import Foundation
import ImageDecoding
import Testing
import TestFixtures
@testable import Gallery

/// What opening paths starts, decided without a window: the start image,
/// what decodes at once, the first-image cache's guess, the scan's
/// niceness and the title while it scans.
@Suite struct OpeningPlanTests {
    /// Paths and cache entries made up, relative to `/home/me`.
    struct Probe: OpeningProbe {
        var currentDirectory = "/home/me"
        var kinds: [String: PathKind] = [:]
        /// Per absolute folder: the remembered first image (nil: an entry
        /// that holds nothing trustworthy). A folder not here has no entry.
        var remembered: [String: String?] = [:]

        func kind(of path: String) -> PathKind? { kinds[path] }

        func rememberedFolder(_ folder: String) -> RememberedFolder? {
            guard let image = remembered[folder], let identity = FolderIdentity(of: "/") else { return nil }
            return RememberedFolder(cache: FirstImageCache(folder: "/nonexistent/first-images"), folder: folder,
                                    identity: identity, firstImage: image)
        }
    }

    static func plan(_ paths: [String], start: StartImage? = nil, usesCache: Bool = true,
                     order: ImageOrder = ImageOrder(), fromList: Bool = false, probe: Probe) -> OpeningPlan {
        let request = OpenRequest(paths: paths, opensFolderOfLoneImage: paths.count == 1 && !fromList, order: order)
        return OpeningPlan(request: request, start: start, usesCache: usesCache, probe: probe)
    }

    /// `trip` a folder holding `b.jpg`, remembered to start with `a.jpg`.
    static let trip = Probe(kinds: ["trip": .folder, "trip/b.jpg": .regularFile],
                            remembered: ["/home/me/trip": "/home/me/trip/a.jpg"])

    // MARK: - Where it opens

    @Test func anImageGivenAloneOpensAtThatImage() {
        #expect(Self.plan(["trip/b.jpg"], probe: Self.trip).start == .file("trip/b.jpg"))
    }

    @Test func aFolderGivenAloneOpensAtItsFirstImage() {
        #expect(Self.plan(["trip"], probe: Self.trip).start == nil)
    }

    @Test func aStartGivenWinsOverTheImageGivenAlone() {
        #expect(Self.plan(["trip/b.jpg"], start: .ordinal(3), probe: Self.trip).start == .ordinal(3))
    }

    @Test func aMissingPathGivenAloneOpensAtTheFirstImageAndTheScanSaysWhy() {
        let plan = Self.plan(["gone.jpg"], probe: Self.trip)
        #expect(plan.start == nil)
        #expect(plan.decodesAtOnce == nil)
    }

    @Test func aPathThatIsNeitherFolderNorFileGivenAloneIsTheStartButNotDecoded() {
        let plan = Self.plan(["pipe"], probe: Probe(kinds: ["pipe": .other]))
        #expect(plan.start == .file("pipe"))
        #expect(plan.decodesAtOnce == nil)
    }

    @Test func anImageFromAListIsNotOpenedInItsFolder() {
        #expect(Self.plan(["trip/b.jpg"], fromList: true, probe: Self.trip).start == nil)
    }

    // MARK: - What decodes at once

    @Test func anImageGivenAloneDecodesAtOnceByItsAbsolutePath() {
        #expect(Self.plan(["trip/b.jpg"], probe: Self.trip).decodesAtOnce == "/home/me/trip/b.jpg")
    }

    @Test func aStartFileNamedByItsPathDecodesAtOnce() {
        var probe = Self.trip
        probe.kinds["trip/./b.jpg"] = .regularFile
        let plan = Self.plan(["trip"], start: .file("trip/./b.jpg"), probe: probe)
        #expect(plan.decodesAtOnce == "/home/me/trip/b.jpg")
    }

    @Test func aStartFileNamedOnlyByItsNameWaitsForTheScan() {
        #expect(Self.plan(["trip"], start: .file("b.jpg"), probe: Self.trip).decodesAtOnce == nil)
    }

    @Test func aStartByNumberWaitsForTheScan() {
        #expect(Self.plan(["trip"], start: .ordinal(2), probe: Self.trip).decodesAtOnce == nil)
    }

    @Test func anAbsoluteStartFileIsDecodedAsGiven() {
        var probe = Self.trip
        probe.kinds["/photos/x.jpg"] = .regularFile
        #expect(Self.plan(["trip"], start: .file("/photos/x.jpg"), probe: probe).decodesAtOnce == "/photos/x.jpg")
    }

    // MARK: - The first-image cache

    @Test func aFolderGivenAloneDecodesItsRememberedFirstImageAsAGuess() {
        let plan = Self.plan(["trip"], probe: Self.trip)
        #expect(plan.guess == "/home/me/trip/a.jpg")
        #expect(plan.rememberedFolder?.folder == "/home/me/trip")
    }

    @Test func aGuessNicesTheScanFromItsStart() {
        #expect(Self.plan(["trip"], probe: Self.trip).scanNiceness == WorkerThread.backgroundNiceness)
    }

    @Test func aGuessDoesNotHoldTheWindowForTheScan() {
        #expect(!Self.plan(["trip"], probe: Self.trip).waitsForFirstImage)
    }

    @Test func withoutAGuessTheScanRunsAtFullPriorityAndTheWindowWaits() {
        var probe = Self.trip
        probe.remembered["/home/me/trip"] = .some(nil)
        let plan = Self.plan(["trip"], probe: probe)
        #expect(plan.guess == nil)
        #expect(plan.scanNiceness == 0)
        #expect(plan.waitsForFirstImage)
    }

    @Test func aFolderWithoutAGuessIsStillRememberedAfterItsScan() {
        var probe = Self.trip
        probe.remembered["/home/me/trip"] = .some(nil)
        #expect(Self.plan(["trip"], probe: probe).rememberedFolder?.folder == "/home/me/trip")
    }

    @Test func noCacheNeitherGuessesNorRemembers() {
        let plan = Self.plan(["trip"], usesCache: false, probe: Self.trip)
        #expect(plan.rememberedFolder == nil)
        #expect(plan.scanNiceness == 0)
    }

    @Test func aStartIgnoresTheCache() {
        #expect(Self.plan(["trip"], start: .ordinal(2), probe: Self.trip).rememberedFolder == nil)
    }

    @Test func anImageGivenAloneIgnoresTheCache() {
        var probe = Self.trip
        probe.remembered["/home/me/trip/b.jpg"] = "/home/me/trip/b.jpg/x.jpg"
        #expect(Self.plan(["trip/b.jpg"], probe: probe).rememberedFolder == nil)
    }

    @Test func anotherOrderThanNaturalIgnoresTheCache() {
        for order in [ImageOrder(key: .mtime), ImageOrder(reverse: true), ImageOrder(key: .random, seed: 1)] {
            #expect(Self.plan(["trip"], order: order, probe: Self.trip).rememberedFolder == nil, "\(order)")
        }
    }

    @Test func severalPathsIgnoreTheCache() {
        var probe = Self.trip
        probe.kinds["other"] = .folder
        probe.remembered["/home/me/other"] = "/home/me/other/a.jpg"
        #expect(Self.plan(["trip", "other"], probe: probe).rememberedFolder == nil)
    }

    // MARK: - The scan's first image

    @Test func theScanReportsTheFirstImageWhenTheGalleryOpensAtIt() {
        #expect(Self.plan(["trip"], probe: Self.trip).reportsFirstImage)
        #expect(Self.plan(["trip", "trip/b.jpg"], probe: Self.trip).reportsFirstImage)
    }

    @Test func theScanDoesNotReportTheFirstImageWhenTheGalleryOpensElsewhere() {
        #expect(!Self.plan(["trip/b.jpg"], probe: Self.trip).reportsFirstImage)
        #expect(!Self.plan(["trip"], start: .ordinal(2), probe: Self.trip).reportsFirstImage)
    }

    // MARK: - The title while it scans

    @Test func aFolderGivenAloneIsTitledByItsName() {
        #expect(Self.plan(["trip/"], probe: Probe(kinds: ["trip/": .folder])).title == "trip")
    }

    @Test func anImageGivenAloneIsTitledByItsFolder() {
        #expect(Self.plan(["trip/b.jpg"], probe: Self.trip).title == "trip")
    }

    @Test func theTitleIgnoresDotsInThePath() {
        let probe = Probe(kinds: ["./2024/../trip/b.jpg": .regularFile, "trip/..": .folder])
        #expect(Self.plan(["./2024/../trip/b.jpg"], probe: probe).title == "trip")
        #expect(Self.plan(["trip/.."], probe: probe).title == "me")
        #expect(Self.plan(["."], probe: Probe(kinds: [".": .folder])).title == "me")
    }

    @Test func theRootFolderIsTitledSlash() {
        #expect(Self.plan(["/"], probe: Probe(kinds: ["/": .folder])).title == "/")
    }

    @Test func severalPathsAreTitledByTheirCount() {
        #expect(Self.plan(["trip", "trip/b.jpg", "x.png"], probe: Self.trip).title == "3 paths")
        #expect(Self.plan(["trip/b.jpg"], fromList: true, probe: Self.trip).title == "1 path")
    }

    // MARK: - The file system's facts

    @Test func theFileSystemProbeTellsFoldersFilesAndOthersFollowingLinks() throws {
        let folder = try TemporaryFolder("opening")
        let image = try folder.write("a.jpg", text: "x")
        try folder.link("link.jpg", to: image)
        #expect(mkfifo(folder.file("pipe"), 0o600) == 0)
        let probe = FileSystemProbe()
        #expect(probe.kind(of: folder.path) == .folder)
        #expect(probe.kind(of: image) == .regularFile)
        #expect(probe.kind(of: folder.file("link.jpg")) == .regularFile)
        #expect(probe.kind(of: folder.file("pipe")) == .other)
        #expect(probe.kind(of: folder.file("gone.jpg")) == nil)
    }

    @Test func aPlanOfRealFilesDecodesTheImageGivenAlone() throws {
        let folder = try TemporaryFolder("opening")
        let image = try folder.write("b.jpg", text: "x")
        let plan = OpeningPlan(request: OpenRequest(paths: [image]), start: nil, usesCache: false, probe: FileSystemProbe())
        #expect(plan.decodesAtOnce == image)
        #expect(plan.title == LexicalPath.lastComponent(folder.path))
    }
}
