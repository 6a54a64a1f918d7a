import Foundation
import ImageDecoding
@testable import IsolatedDecoding
import Testing
import TestFixtures

/// A decoder program from another build (another ``DecoderWire/version``)
/// is never asked to decode: it exits at its start, and the pool decodes in
/// its fallback program instead.
@Suite struct DecoderWireVersionTests {
    /// A program that answers as a decoder of another version does: it exits
    /// at once with ``DecoderWire/otherVersionStatus``.
    static func otherVersionProgram(_ folder: TemporaryFolder) throws -> String {
        let path = try folder.write("fourway-decoder", Array("#!/bin/sh\nexit \(DecoderWire.otherVersionStatus)\n".utf8))
        chmod(path, 0o755)
        return path
    }

    /// The exit status of the decoder program started with `version` as its wire version.
    static func exitStatus(startedWith version: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DecoderFixtures.executable)
        process.arguments = [DecoderService.argument, "0", "0", "all", version]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func theDecoderProgramRefusesAnotherVersionAtItsStart() throws {
        #expect(try Self.exitStatus(startedWith: String(DecoderWire.version + 1)) == DecoderWire.otherVersionStatus)
        #expect(try Self.exitStatus(startedWith: "") == DecoderWire.otherVersionStatus)
    }

    @Test func aProgramOfAnotherVersionIsReplacedByTheFallback() throws {
        let folder = try TemporaryFolder("wire-version")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderPool(processes: 1, niceness: 0, executable: try Self.otherVersionProgram(folder),
                               fallbackExecutable: DecoderFixtures.executable)
        let image = try pool.decodeFile(path, maxWidth: 32, maxHeight: 32, cancellation: nil)
        #expect(image.sourceWidth == 64 && image.sourceHeight == 48)
        let programs = try pool.processIDs.map { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe") }
        #expect(programs == [DecoderFixtures.executable])
        // And every decode after it.
        _ = try pool.decodeFile(path, maxWidth: 16, maxHeight: 16, cancellation: nil)
    }

    @Test func withoutAFallbackTheFileFailsSayingWhy() throws {
        let folder = try TemporaryFolder("wire-version")
        let path = try DecoderFixtures.quadrantsJPEG(folder)
        let pool = DecoderPool(processes: 1, niceness: 0, executable: try Self.otherVersionProgram(folder),
                               fallbackExecutable: nil)
        #expect(throws: DecodeFailure(path: path, message: "the decoder program is from another build of fourway")) {
            try pool.decodeFile(path, maxWidth: 32, maxHeight: 32, cancellation: nil)
        }
    }

    /// This version's requests, byte for byte: a change to them needs a new
    /// ``DecoderWire/version`` (then record the new bytes here).
    @Test func theRequestsAreThisVersionsBytes() {
        let requests: [DecoderRequest] = [
            .image(maxWidth: 1280, maxHeight: 800), .embeddedThumbnail,
            .region(x: 1, y: 2, width: 3, height: 4, scale: 0.5, maximumPixels: 5, turn: 6, turnedWidth: 7, turnedHeight: 8),
            .openAnimation, .nextFrame(maxWidth: 9, maxHeight: 10, turn: 3), .imageInfo,
        ]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a over every request's bytes
        for request in requests {
            for byte in request.message(name: "a.jpg", profile: 42, profileAttached: true).encoded() {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        #expect(DecoderWire.version == 1 && hash == Self.versionOneRequests,
                "the requests' bytes changed: bump DecoderWire.version and record \(String(hash, radix: 16))")
    }

    static let versionOneRequests: UInt64 = 0x5f95_a951_02b5_1a1f
}
