// RxTesting's own: one leak check, from a test's start to its verdict; shared by the XCTest
// base class and the Swift Testing trait.

import Foundation
import RxCore
import RxTrace

/// One test's leak check: binds a ``TraceScope`` for the test, then, when the test has
/// returned, waits a bounded time for what it created to be released, and words what was
/// not.
///
/// The check passes when the ``LeakTracker`` holds no live object and no open subscription
/// charged to the test's scope and, for tests that run one at a time, when `Resources.total`
/// is back where it was. Objects released on other queues may take a moment, so a failing
/// check looks again, 1 ms later, then at twice the interval each time up to every 50 ms, for
/// about a second before it fails: most such objects are gone within a few milliseconds, and
/// a test that waited a fixed 50 ms each time paid it in full.
///
/// A test that installs a recorder of its own (to test recording) takes the tracker's place
/// while it runs, so the tracker misses what happens then; for such a test only
/// `Resources.total` is compared, which only a test running alone can do. A test running in
/// parallel whose tracker was displaced cannot be checked at all, and fails saying so: a
/// check that cannot see must never pass as clean.
///
/// When the `RXTRACE_LEAK_TRACE_DIRECTORY` environment variable names a folder, the test's
/// trace is written there too, as `<test name>.sqlite`, for `rxtrace report`; tests running in
/// parallel take turns, so a test that starts while another one's trace is being written gets
/// none.
struct LeakCheck {
    /// The environment variable naming the folder for the tests' traces.
    static let traceDirectoryVariable = "RXTRACE_LEAK_TRACE_DIRECTORY"

    /// How many times the check looks again before it fails, by default: 1 + 2 + … + 32 ms,
    /// then 19 times 50 ms, about a second in all.
    static let retryCount = 25
    /// The longest wait between two looks.
    static let longestRetryInterval: Duration = .milliseconds(50)

    /// How long the check waits before its look number `retry` (from 0): 1 ms, doubling, up
    /// to ``longestRetryInterval``.
    static func retryInterval(before retry: Int) -> Duration {
        min(.milliseconds(1 << min(retry, 10)), longestRetryInterval)
    }

    /// The scope the test runs in.
    let scope: TraceScope
    /// `Resources.total` when the test began, when the test runs alone in the process.
    private let resourcesTotalAtStart: Int32?
    private let tracker: LeakTracker
    /// ``Instrumentation/installationCount`` once the tracker was installed for the test.
    private let installationCount: Int
    /// How many times the check looks again before it fails.
    private let retryCount: Int
    /// The recorder writing the test's trace file, when one is.
    private let traceFile: SQLiteTraceRecorder?

    /// Starts the check of the test named `testName`.
    ///
    /// - Parameters:
    ///   - countsResources: whether `Resources.total` speaks for this test alone (XCTest runs
    ///     one test at a time; Swift Testing runs them in parallel).
    ///   - retryCount: how many times a failing check looks again (see ``retryInterval(before:)``).
    init(testName: String, countsResources: Bool, retryCount: Int = LeakCheck.retryCount) {
        (self.tracker, self.installationCount) = LeakTracker.installIfNeeded()
        self.retryCount = retryCount
        self.scope = TraceScope(name: testName)
        self.traceFile = Self.startTraceFile(for: testName, attachingTo: tracker)
        self.resourcesTotalAtStart = countsResources ? Resources.total : nil
    }

    /// Starts writing the test's trace into the folder `RXTRACE_LEAK_TRACE_DIRECTORY` names,
    /// if it names one and no other test's trace is being written.
    private static func startTraceFile(for testName: String, attachingTo tracker: LeakTracker) -> SQLiteTraceRecorder? {
        // `getenv`, not `ProcessInfo.environment`, which copies the whole environment into a
        // dictionary, for every test.
        guard let value = getenv(traceDirectoryVariable) else { return nil }
        let directory = String(cString: value)
        guard !directory.isEmpty else { return nil }
        let fileName = String(testName.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName + ".sqlite").path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let recorder = try SQLiteTraceRecorder(path: path, program: testName)
            guard tracker.attach(recorder) else {
                try? recorder.finish()
                try? FileManager.default.removeItem(atPath: recorder.path)
                return nil
            }
            return recorder
        } catch {
            return nil
        }
    }

    /// Whether another recorder was installed while the test ran, so that the tracker's
    /// account of the scope is incomplete.
    private var wasTrackerDisplaced: Bool {
        Instrumentation.installationCount != installationCount
    }

    /// Whether the tracker's account of the scope is clean, or cannot be relied on.
    private var isScopeClean: Bool {
        wasTrackerDisplaced || tracker.isClean(scope)
    }

    /// Whether the tracker was displaced while a test running in parallel with others ran:
    /// then nothing can tell what the test left behind.
    private var isUncheckable: Bool {
        wasTrackerDisplaced && resourcesTotalAtStart == nil
    }

    /// Whether the test left nothing behind, as far as can be told now.
    private var isClean: Bool {
        !isUncheckable && isScopeClean && untracedObjectCount == 0
    }

    /// How many more objects `Resources.total` counts than at the start, when nothing traced
    /// explains them (they were made on another thread, or under a test's own recorder).
    private var untracedObjectCount: Int {
        guard let resourcesTotalAtStart, isScopeClean else { return 0 }
        return max(Int(Resources.total) - Int(resourcesTotalAtStart), 0)
    }

    /// Waits, blocking the calling thread, for the test's objects to be released; returns the
    /// failure message when they were not.
    ///
    /// On the main thread (where XCTest runs tests) it turns the main run loop while it waits,
    /// so that objects released by work queued on the main queue (a `MainScheduler` timer's
    /// cancellation, say) are released.
    func finish() -> LeakFailureMessage? {
        var waited: Duration = .zero
        // Stops looking once clean: a `where` clause would look again on every remaining
        // iteration, 20 scans of the tracker per clean test.
        for retry in 0..<retryCount {
            if isClean || isUncheckable { break }
            let interval = Self.retryInterval(before: retry)
            let end = Date(timeIntervalSinceNow: Self.seconds(interval))
            // The run loop returns after running a source, or at once when it has none.
            while Thread.isMainThread && Date() < end && RunLoop.current.run(mode: .default, before: end) {}
            let left = end.timeIntervalSinceNow
            if left > 0 {
                Thread.sleep(forTimeInterval: left)
            }
            waited += interval
        }
        return verdict(waited: waited)
    }

    /// Waits, suspending, for the test's objects to be released; returns the failure message
    /// when they were not.
    func finish() async -> LeakFailureMessage? {
        var waited: Duration = .zero
        for retry in 0..<retryCount {
            if isClean || isUncheckable { break }
            let interval = Self.retryInterval(before: retry)
            try? await Task.sleep(for: interval)
            waited += interval
        }
        return verdict(waited: waited)
    }

    /// The failure message, if any; `waited` is the sum of the pauses the check made, not the
    /// clock's reading, so a failure reads the same on a loaded machine.
    private func verdict(waited: Duration) -> LeakFailureMessage? {
        defer { tracker.forget(scope) }
        if let traceFile {
            tracker.detach(traceFile)
            try? traceFile.finish()
        }
        guard !isClean else { return nil }
        let report =
            wasTrackerDisplaced
            ? LeakReport(
                resourcesTotalStart: 0, resourcesTotalEnd: nil, openSubscriptions: [], liveObjects: []
            )
            : tracker.report(
                for: scope,
                resourcesTotalStart: Int(resourcesTotalAtStart ?? 0),
                resourcesTotalEnd: resourcesTotalAtStart.map { _ in Int(Resources.total) }
            )
        let seconds = Self.seconds(waited)
        return LeakFailureMessage(
            testName: scope.name, report: report, untracedObjectCount: untracedObjectCount,
            waitedSeconds: (seconds * 10).rounded() / 10, traceFile: traceFile?.path,
            wasRecorderDisplaced: isUncheckable
        )
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
