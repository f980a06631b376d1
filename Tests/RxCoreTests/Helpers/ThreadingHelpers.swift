import Dispatch
import Foundation
import RxCore
import XCTest

/// A list that several threads append to; tests read it once they waited for the work.
final class SynchronizedLog<Element>: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    var count: Int { values.count }
}

/// Names dispatch queues, so that work can tell which queue (or which queue it targets) it
/// runs on.
enum QueueName {
    private static let key = DispatchSpecificKey<String>()

    /// Gives `queue` the name `name`.
    static func mark(_ queue: DispatchQueue, as name: String) {
        queue.setSpecific(key: key, value: name)
    }

    /// The name of the queue the caller runs on, or of the nearest queue it targets.
    static var current: String? {
        DispatchQueue.getSpecific(key: key)
    }
}

extension XCTestCase {
    /// Waits up to `timeout` seconds for `semaphore`, failing the test when it times out.
    func waitForSignal(
        of semaphore: DispatchSemaphore, timeout: Double = 5, _ what: String = "the scheduled work",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        if semaphore.wait(timeout: .now() + timeout) == .timedOut {
            XCTFail("Timed out waiting for \(what)", file: file, line: line)
        }
    }

    /// Waits until everything `scheduler` was given before this call has run, by scheduling
    /// one more action behind it; for serial schedulers. Not for the main queue (the waiting
    /// thread would block it): use an expectation there.
    func waitForQueuedWork(
        on scheduler: ImmediateSchedulerType, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line
    ) {
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            done.signal()
            return Disposables.create()
        }
        waitForSignal(of: done, timeout: timeout, "the work queued on the scheduler", file: file, line: line)
    }
}
