import Glibc
import Synchronization
import Testing
@testable import ImageDecoding

/// The threads the loaders run on, started without Foundation.
@Suite struct WorkerThreadTests {
    /// Waits (bounded, for a thread that never ran) until `condition` holds.
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func theBodyRunsOnAnotherThread() {
        let caller = pthread_self()
        let ranElsewhere = Mutex<Bool?>(nil)
        WorkerThread.start { ranElsewhere.withLock { $0 = pthread_equal(pthread_self(), caller) == 0 } }
        #expect(Self.eventually { ranElsewhere.withLock { $0 } != nil })
        #expect(ranElsewhere.withLock { $0 } == true)
    }

    @Test func theThreadCarriesItsNameCutToFifteenBytes() {
        let name = Mutex<String?>(nil)
        WorkerThread.start(name: "fourway-first-image", stackBytes: 1 << 20) {
            // What `top -H` shows: the kernel's name for this thread.
            let file = open("/proc/thread-self/comm", O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            close(file)
            let shown = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
            name.withLock { $0 = shown.hasSuffix("\n") ? String(shown.dropLast()) : shown }
        }
        #expect(Self.eventually { name.withLock { $0 } != nil })
        #expect(name.withLock { $0 } == "fourway-first-i")
    }

    @Test func aNicenessLowersOnlyTheWorkersPriority() {
        let callerBefore = WorkerThread.currentThreadNiceness()
        let seen = Mutex<Int32?>(nil)
        WorkerThread.start(niceness: callerBefore + 5) {
            seen.withLock { $0 = WorkerThread.currentThreadNiceness() }
        }
        #expect(Self.eventually { seen.withLock { $0 } != nil })
        #expect(seen.withLock { $0 } == callerBefore + 5)
        #expect(WorkerThread.currentThreadNiceness() == callerBefore)
    }
}
