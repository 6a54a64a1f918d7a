#if canImport(Glibc)
import Glibc
#endif

/// Finds the images of everything the user gave: any number of files and
/// folders, mixed, in the order given.
///
/// - One path given alone is ``FolderScanner/scan(_:maximumDepth:progress:firstImage:)``:
///   a folder, or an image opened in its folder (unless it came from a list,
///   ``OpenRequest/opensFolderOfLoneImage``).
/// - Otherwise a folder contributes its images (and its albums, as
///   ``FolderScanner`` finds them), a file itself. Each run of files given
///   one after another is one row in the albums layout, titled by the first
///   file's folder; each folder's own images are another, titled by the
///   folder as given, and each of its albums one more (`trip/2023`).
///   With one run in all (a shell glob), the images are loose (a grid).
/// - An image is shown once, where it first comes: a file given with its
///   folder is not shown twice. Paths are compared lexically (absolute,
///   normalised), not through symbolic links.
/// - A file is taken by its name when it has an image extension, without
///   being opened, as a folder listing does (so tens of thousands of paths
///   from a glob cost one `stat` each); otherwise by its content.
/// - Paths that cannot be opened (missing, unreadable, not an image, a
///   folder without images) are ``FolderContents/problems``, one line each;
///   only when no path gives an image is it an error.
///
/// ```swift
/// let contents = try SourceScanner.scan(OpenRequest(paths: ["a.jpg", "trip", "b.png"]))
/// contents.albums.map(\.name)   // [photos, trip, photos] when trip has no subfolders
/// ```
public enum SourceScanner {
    /// Scan everything `request` names and put it in `request.order`.
    ///
    /// - Parameter progress: called with the number of paths and folder
    ///   entries looked at so far, every ``FolderScanner/progressInterval``.
    /// - Parameter firstImage: called once, as early as it is known, with
    ///   the image that will come first (only for natural order, where it
    ///   can be known before everything is listed).
    /// - Throws: ``GalleryError``: for one path, why it cannot be opened; for
    ///   several, ``GalleryError/nothingToOpen(sources:problems:)`` when none
    ///   holds an image, and ``GalleryError/emptyList`` for no paths.
    public static func scan(_ request: OpenRequest, progress: (@Sendable (Int) -> Void)? = nil,
                            firstImage: (@Sendable (String) -> Void)? = nil) throws(GalleryError) -> FolderContents {
        if request.isOneFolder {
            let contents = try FolderScanner.scan(request.paths[0], maximumDepth: request.maximumDepth,
                                                  progress: progress,
                                                  firstImage: request.order.isNaturalOrder ? firstImage : nil)
            return request.order.apply(to: contents)
        }
        guard !request.paths.isEmpty else { throw GalleryError.emptyList }
        return try scanMany(request, progress: progress, firstImage: firstImage)
    }

    /// One row of the gallery while it is being put together.
    private struct Run {
        var title: String
        var images: [ImageEntry]
        /// Files given one by one (kept in the order given by default).
        var given: Bool
    }

    /// Many paths: each is looked at in turn, by its kind (a folder, a file,
    /// anything else or nothing), and adds to the rows of a ``Gathering``.
    private static func scanMany(_ request: OpenRequest, progress: (@Sendable (Int) -> Void)?,
                                 firstImage: (@Sendable (String) -> Void)?) throws(GalleryError) -> FolderContents {
        let directory = LexicalPath.currentDirectory()
        let absolutes = request.paths.map { $0.isEmpty ? "" : LexicalPath.absolute($0, from: directory) }
        let listings = FolderListings(absolutes)
        var gathering = Gathering(request: request, progress: progress, firstImage: firstImage)
        for (index, path) in request.paths.enumerated() {
            gathering.countPath()
            switch fileType(path, listed: listings.kinds[index]) {
            case .failure(let problem):
                gathering.problems.append(problem)
            case .success(S_IFDIR):
                gathering.addFolder(path, absolute: absolutes[index])
            case .success(S_IFREG):
                gathering.addFile(path, absolute: absolutes[index], name: listings.names[index])
            case .success(let type):
                gathering.problems.append(FolderScanner.specialFileError(path: path, type: type))
            }
        }
        return try gathering.contents()
    }

    /// `S_IFDIR`, `S_IFREG` or another type of `path`: as its folder's
    /// listing said (`listed`), else from `stat` (links followed); why it
    /// cannot be opened when it is empty or cannot be looked at.
    private static func fileType(_ path: String, listed: mode_t?) -> Result<mode_t, GalleryError> {
        guard !path.isEmpty else { return .failure(.notFound(path: path)) }
        if let listed { return .success(listed) }
        var info = stat()
        // The path as given: the kernel walks fewer components.
        guard stat(path, &info) == 0 else { return .failure(FolderScanner.statError(path: path, code: errno)) }
        return .success(info.st_mode & S_IFMT)
    }

    /// The rows of many paths while they are looked at one by one, and what
    /// went wrong with them.
    private struct Gathering {
        let request: OpenRequest
        let progress: (@Sendable (Int) -> Void)?
        var runs: [Run] = []
        /// The run of files given one after another, until a folder ends it.
        var files = Run(title: "", images: [], given: true)
        /// Every image added, absolute: an image is shown where it first comes.
        var seen: Set<String> = []
        var problems: [GalleryError] = []
        var skipped = 0
        var unnamable: [String] = []
        /// Paths looked at (folders count their entries too), for `progress`.
        var looked = 0
        /// The name of each path that gave an image, for the title.
        var sourcesWithImages: [String] = []
        /// Told the first image, then nil: only when nothing reorders it.
        var firstToReport: (@Sendable (String) -> Void)?

        init(request: OpenRequest, progress: (@Sendable (Int) -> Void)?, firstImage: (@Sendable (String) -> Void)?) {
            self.request = request
            self.progress = progress
            seen.reserveCapacity(request.paths.count)
            firstToReport = request.order.isNaturalOrder && !request.order.sortsGivenFiles ? firstImage : nil
        }

        /// One more path looked at.
        mutating func countPath() {
            looked += 1
            if looked % FolderScanner.progressInterval == 0 { progress?(looked) }
        }

        /// A folder: its own images are one run, each of its albums another.
        mutating func addFolder(_ path: String, absolute: String) {
            endFiles()
            let base = looked
            let contents: FolderContents
            do throws(GalleryError) {
                contents = try FolderScanner.scanFolder(
                    absolute, shownAs: path, maximumDepth: request.maximumDepth,
                    progress: progress.map { report in { @Sendable seen in report(base + seen) } },
                    firstImage: firstToReport)
            } catch {
                problems.append(error)
                return
            }
            // The first image is this folder's (told by the scan, or in an
            // album and not known early).
            if contents.count > 0 { firstToReport = nil }
            skipped += contents.skipped
            unnamable.append(contentsOf: contents.unnamableImages)
            guard contents.count > 0 else {
                problems.append(.noImages(path: path, skipped: contents.skipped))
                return
            }
            let title = SourceScanner.shownName(path)
            sourcesWithImages.append(title)
            let loose = contents.looseImages.filter { seen.insert($0.path).inserted }
            if !loose.isEmpty { runs.append(Run(title: title, images: loose, given: false)) }
            for album in contents.albums {
                let images = album.images.filter { seen.insert($0.path).inserted }
                if !images.isEmpty { runs.append(Run(title: title + "/" + album.name, images: images, given: false)) }
            }
        }

        /// A file, taken by its name when that is an image's, else by its
        /// content; it joins the run of files given before it.
        mutating func addFile(_ path: String, absolute: String, name: String) {
            if !ImageExtensions.matches(name) {
                do throws(GalleryError) {
                    try FolderScanner.checkIsImage(absolute, shownAs: path)
                } catch {
                    problems.append(error)
                    return
                }
            }
            guard seen.insert(absolute).inserted else { return }
            if files.images.isEmpty {
                files.title = LexicalPath.lastComponent(LexicalPath.parent(absolute))
                sourcesWithImages.append(name)
            }
            files.images.append(ImageEntry(path: absolute, name: name, album: nil))
            if let report = firstToReport {
                report(absolute)
                firstToReport = nil
            }
        }

        /// Ends the run of files given one after another.
        mutating func endFiles() {
            if !files.images.isEmpty { runs.append(files) }
            files = Run(title: "", images: [], given: true)
        }

        /// The gallery of every path looked at, each run in the request's
        /// order; an error when none gave an image.
        mutating func contents() throws(GalleryError) -> FolderContents {
            endFiles()
            if looked % FolderScanner.progressInterval != 0 { progress?(looked) }
            guard !runs.isEmpty else {
                if request.paths.count == 1, let only = problems.first { throw only }
                throw GalleryError.nothingToOpen(sources: request.paths.count, problems: problems)
            }
            let order = request.order
            var shuffler = order.makeShuffler()
            for index in runs.indices {
                runs[index].images = order.sorted(runs[index].images, given: runs[index].given, shuffler: &shuffler)
            }
            if order.reverse { runs.reverse() }
            let title = SourceScanner.galleryTitle(sourcesWithImages, runs: runs)
            let root = LexicalPath.parent(runs[0].images[0].path)
            if runs.count == 1 {
                return FolderContents(root: root, title: title, looseImages: runs[0].images, albums: [],
                                      skipped: skipped, unnamableImages: unnamable,
                                      sources: request.paths.count, problems: problems)
            }
            let albums = runs.map { run in
                Album(name: run.title, images: run.images.map { ImageEntry(path: $0.path, name: $0.name, album: run.title) })
            }
            return FolderContents(root: root, title: title, looseImages: [], albums: albums, skipped: skipped,
                                  unnamableImages: unnamable, sources: request.paths.count, problems: problems)
        }
    }

    /// What kind of file each of many paths is, where many share a folder:
    /// from one listing of that folder instead of one `stat` each (20,000
    /// `stat` calls take 32 ms here, listing their folder 9 ms).
    struct FolderListings {
        /// Paths in one folder, at least, before it is listed.
        static let threshold = 16
        /// Per path: `S_IFREG` or `S_IFDIR` when a listing said so; nil
        /// when the path must be looked at (its folder not listed, a link,
        /// an unknown type, not found).
        let kinds: [mode_t?]
        /// Per path, its last component.
        let names: [String]

        init(_ absolutes: [String]) {
            var names: [String] = []
            names.reserveCapacity(absolutes.count)
            // Per folder, the indices of its paths that have an image's name.
            var byFolder: [String: [Int]] = [:]
            // A glob's paths share one folder: gathered here, a dictionary
            // lookup per folder instead of per path.
            var folder = ""
            var run: [Int] = []
            for (index, path) in absolutes.enumerated() {
                let name = path.isEmpty ? "" : LexicalPath.lastComponent(path)
                names.append(name)
                guard ImageExtensions.matches(name) else { continue }
                let parent = LexicalPath.parent(path)
                if parent != folder {
                    if !run.isEmpty { byFolder[folder, default: []].append(contentsOf: run) }
                    folder = parent
                    run.removeAll(keepingCapacity: true)
                }
                run.append(index)
            }
            if !run.isEmpty { byFolder[folder, default: []].append(contentsOf: run) }
            var kinds = [mode_t?](repeating: nil, count: absolutes.count)
            for (folder, indices) in byFolder where indices.count >= Self.threshold {
                var wanted: [String: [Int]] = [:]
                wanted.reserveCapacity(indices.count)
                for index in indices { wanted[names[index], default: []].append(index) }
                Self.list(folder) { name, type in
                    guard let found = wanted[name] else { return }
                    let kind: mode_t? = switch type {
                    case UInt8(DT_REG): S_IFREG
                    case UInt8(DT_DIR): S_IFDIR
                    default: nil
                    }
                    for index in found { kinds[index] = kind }
                }
            }
            self.kinds = kinds
            self.names = names
        }

        /// Calls `entry` with each name (valid UTF-8) in `folder` and its `d_type`.
        private static func list(_ folder: String, _ entry: (String, UInt8) -> Void) {
            guard let directory = opendir(folder) else { return }
            defer { closedir(directory) }
            while let found = readdir(directory) {
                if let name = FolderScanner.entryName(found) { entry(name, found.pointee.d_type) }
            }
        }
    }

    /// A folder as the user typed it, without trailing slashes (`/` stays).
    static func shownName(_ path: String) -> String {
        var name = Substring(path)
        while name.count > 1 && name.hasSuffix("/") { name = name.dropLast() }
        return String(name)
    }

    /// The window title: the one source's name (or its run's folder), else
    /// the first two, else the first and how many more.
    private static func galleryTitle(_ sources: [String], runs: [Run]) -> String {
        if runs.count == 1 { return runs[0].title }
        switch sources.count {
        case 0, 1: return runs[0].title
        case 2: return sources[0] + ", " + sources[1]
        default: return sources[0] + " and \(sources.count - 1) more"
        }
    }
}
