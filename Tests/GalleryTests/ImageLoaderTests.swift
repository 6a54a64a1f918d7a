import Dispatch
import Foundation
import Pager
import Synchronization
import TestFixtures
import Testing
@testable import Gallery

/// A thread-safe inbox the loader's callback writes into.
final class ResultInbox: Sendable {
    private let results = Mutex<[DecodeResult]>([])
    private let threads = Mutex<[UInt]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func receive(_ result: DecodeResult) {
        results.withLock { $0.append(result) }
        threads.withLock { $0.append(UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))) }
        arrived.signal()
    }

    /// Waits for `count` more results; false if they do not come within a
    /// generous safety margin (a hang guard, not a timing assertion).
    func wait(for count: Int) -> Bool {
        for _ in 0..<count where arrived.wait(timeout: .now() + 60) == .timedOut { return false }
        return true
    }

    var all: [DecodeResult] { results.withLock { $0 } }
    /// The pthread ids the callbacks ran on.
    var callbackThreads: [UInt] { threads.withLock { $0 } }
}

@Suite(.serialized) struct ImageLoaderTests {
    static func demo(_ slot: Int, generation: Int = 1, priority: Int = 0, size: Int = 32) -> DecodeRequest {
        DecodeRequest(slot: slot, generation: generation, source: .demo(PageIndex(h: slot, v: 0)),
                      maxWidth: size, maxHeight: size, priority: priority)
    }

    @Test func decodesOnWorkerThreadsAndDeliversEverything() throws {
        let folder = try TemporaryFolder()
        let jpeg = try folder.write("a.jpg", ImageFixtures.jpeg(width: 200, height: 100, pixels: ImageFixtures.quadrants(width: 200, height: 100)))
        let inbox = ResultInbox()
        let loader = ImageLoader(workerCount: 2) { inbox.receive($0) }
        defer { loader.shutdown() }
        loader.submit(DecodeRequest(slot: 0, generation: 7, source: .file(ImageEntry(path: jpeg, name: "a.jpg", album: nil)),
                                    maxWidth: 50, maxHeight: 50, priority: 1))
        loader.submit(DecodeRequest(slot: 1, generation: 3, source: .file(ImageEntry(path: folder.file("nope.jpg"), name: "nope.jpg", album: nil)),
                                    maxWidth: 50, maxHeight: 50))
        loader.submit(Self.demo(2))
        #expect(inbox.wait(for: 3))
        let bySlot = Dictionary(uniqueKeysWithValues: inbox.all.map { ($0.request.slot, $0) })
        #expect(bySlot[0]?.request.generation == 7)
        let image = try #require(try? bySlot[0]?.outcome.get())
        #expect(image.width == 50 && image.height == 25)
        if case .failure(let failure)? = bySlot[1]?.outcome {
            #expect(failure.message == "file vanished (it no longer exists)")
        } else {
            Issue.record("a missing file must fail")
        }
        #expect((try? bySlot[2]?.outcome.get())?.format == "demo")
        // Never on the caller's thread; at most `workerCount` distinct threads.
        let caller = UInt(pthread_self())
        #expect(!inbox.callbackThreads.contains(caller))
        #expect(Set(inbox.callbackThreads).count <= 2)
    }

    /// With one worker held inside the callback, the queue's order is exact:
    /// replace-per-slot, cancel and priority are all visible.
    @Test func priorityReplacementAndCancel() {
        let inbox = ResultInbox()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let loader = ImageLoader(workerCount: 1) { result in
            if result.request.slot == 99 {
                entered.signal()
                gate.wait()
            }
            inbox.receive(result)
        }
        defer { loader.shutdown() }
        loader.submit(Self.demo(99))
        #expect(entered.wait(timeout: .now() + 60) == .success)
        // The worker is busy; everything below is queued.
        loader.submit(Self.demo(1, priority: 1))
        loader.submit(Self.demo(2, priority: 5))
        loader.submit(Self.demo(3, priority: 3))
        loader.submit(Self.demo(4, priority: 3))
        loader.submit(Self.demo(2, generation: 2, priority: 5))   // replaces slot 2's queued request
        loader.submit(Self.demo(5, priority: 9))
        loader.cancel(slot: 5)
        #expect(loader.pendingCount == 4)
        gate.signal()
        #expect(inbox.wait(for: 5))
        let order = inbox.all.map { [$0.request.slot, $0.request.generation] }
        #expect(order == [[99, 1], [2, 2], [3, 1], [4, 1], [1, 1]])
    }

    @Test func aRunningDecodeFinishesWithItsOldGeneration() {
        let inbox = ResultInbox()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let loader = ImageLoader(workerCount: 1) { result in
            if result.request.generation == 1 { entered.signal(); gate.wait() }
            inbox.receive(result)
        }
        defer { loader.shutdown() }
        loader.submit(Self.demo(0, generation: 1))
        #expect(entered.wait(timeout: .now() + 60) == .success)
        loader.cancel(slot: 0)                      // too late for generation 1
        loader.submit(Self.demo(0, generation: 2))
        gate.signal()
        #expect(inbox.wait(for: 2))
        #expect(inbox.all.map(\.request.generation) == [1, 2])
    }

    @Test func shutdownStopsDeliveryAndDropsTheQueue() {
        let inbox = ResultInbox()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let delivered = Mutex(0)
        let loader = ImageLoader(workerCount: 1) { result in
            if result.request.slot == 0 { entered.signal(); gate.wait() }
            delivered.withLock { $0 += 1 }
            inbox.receive(result)
        }
        loader.submit(Self.demo(0))
        #expect(entered.wait(timeout: .now() + 60) == .success)
        for slot in 1...8 { loader.submit(Self.demo(slot)) }
        // Release the worker from another thread once shutdown has emptied the
        // queue (nothing else can: the only worker is held in its callback).
        DispatchQueue.global().async {
            while loader.pendingCount != 0 { usleep(500) }
            gate.signal()
        }
        loader.shutdown()
        #expect(loader.pendingCount == 0)
        #expect(loader.runningCount == 0)
        loader.submit(Self.demo(1))                 // ignored after shutdown
        #expect(loader.pendingCount == 0)
        #expect(delivered.withLock { $0 } == 1)     // only the one already in its callback
    }

    @Test func shutdownFromInsideTheCallbackDoesNotDeadlock() {
        let done = DispatchSemaphore(value: 0)
        let holder = Mutex<ImageLoader?>(nil)
        let loader = ImageLoader(workerCount: 2) { _ in
            holder.withLock { $0 }?.shutdown()
            done.signal()
        }
        holder.withLock { $0 = loader }
        loader.submit(Self.demo(0))
        #expect(done.wait(timeout: .now() + 60) == .success)
        loader.shutdown()
        holder.withLock { $0 = nil }
    }
}
