// RxTesting's own: RxTest has no leak checks. The one place that words a leak-check failure,
// for the XCTest base class and the Swift Testing trait alike.

import Foundation
import RxTrace

/// The text a leak-checked test fails with: what leaked, where it was subscribed or created,
/// how its chain looked, and what to do next, in RxTrace's ``LeakWording``, the words
/// `rxtrace report --leaks` prints the same leak in.
///
/// Both ``RxLeakCheckedTestCase`` and the `.rxLeakCheck` trait build one and report its
/// ``text``; a test in RxTestingTests pins the wording.
public struct LeakFailureMessage: Sendable {
    /// The test that leaked, as its framework names it.
    public var testName: String
    /// What the trace charges to the test: its open subscriptions and its objects alive at the
    /// end.
    public var report: LeakReport
    /// How many live objects `Resources.total` counted beyond the report's, when the checker
    /// could tell (tests that run one at a time); objects created on another thread or while
    /// another recorder was installed are counted but not traced.
    public var untracedObjectCount: Int
    /// How long the check waited for objects released on other queues before failing, in
    /// seconds: the sum of the pauses it made between its looks (the clock would read more
    /// under load, and a pinned message would change with it).
    public var waitedSeconds: Double
    /// Where the test's trace was written, if it was (`RXTRACE_LEAK_TRACE_DIRECTORY`).
    public var traceFile: String?
    /// Whether another recorder took the leak checks' place while the test ran beside others,
    /// so that nothing could tell what it left behind; the test fails for that alone.
    public var wasRecorderDisplaced: Bool

    /// The message for `report`, charged to `testName`.
    public init(
        testName: String, report: LeakReport, untracedObjectCount: Int = 0, waitedSeconds: Double,
        traceFile: String? = nil, wasRecorderDisplaced: Bool = false
    ) {
        self.testName = testName
        self.report = report
        self.untracedObjectCount = untracedObjectCount
        self.waitedSeconds = waitedSeconds
        self.traceFile = traceFile
        self.wasRecorderDisplaced = wasRecorderDisplaced
    }

    /// What to do about a subscription that never ended.
    public static var subscriptionAdvice: String { LeakWording.subscriptionAdvice }

    /// What to do about objects that outlived the test.
    public static var objectAdvice: String { LeakWording.objectAdvice }

    /// What to do when another recorder displaced the leak checks'.
    public static let displacedAdvice =
        "run tests that install a TraceRecorder of their own one at a time (XCTest, or `swift test --no-parallel`)"

    /// Whether there is anything to report.
    public var isEmpty: Bool {
        report.isEmpty && untracedObjectCount <= 0 && !wasRecorderDisplaced
    }

    /// The failure message, several lines long.
    public var text: String {
        if wasRecorderDisplaced, report.isEmpty, untracedObjectCount <= 0 {
            return """
                \(testName) could not be checked for leaks: another TraceRecorder was installed while it ran \
                beside other tests, so the check could not see what it created.
                  fix            \(Self.displacedAdvice)
                """
        }
        let objectCount = report.liveObjectCount + max(untracedObjectCount, 0)
        var leaked: [String] = []
        if !report.openSubscriptions.isEmpty {
            leaked.append(counted(report.openSubscriptions.count, "subscription"))
        }
        if objectCount > 0 {
            leaked.append(counted(objectCount, "Rx object"))
        }
        var lines = ["\(testName) leaked \(leaked.joined(separator: " and ")):"]

        // The same leak made several times (a loop) reads once, with how often, as in a trace's report.
        for group in LeakWording.identicalGroups(report.openSubscriptions) {
            lines.append("")
            lines += LeakWording.lines(for: group)
        }

        if objectCount > 0 {
            lines.append("")
            lines.append("Rx objects alive when the test ended:")
            lines += LeakWording.lines(forLiveObjects: report.liveObjects, untracedCount: max(untracedObjectCount, 0))
        }

        lines.append("")
        lines.append("#n numbers the objects and subscriptions the test made, in the order it made them.")
        let waited = String(format: "%.1f", waitedSeconds)
        lines.append("The check waited \(waited) s for objects released on other queues before failing.")
        if let traceFile {
            lines.append("The test's trace is \(traceFile); read it with `rxtrace report \(traceFile)`.")
        } else {
            lines.append("To keep the test's trace for `rxtrace report`, set RXTRACE_LEAK_TRACE_DIRECTORY to a folder.")
        }
        return lines.joined(separator: "\n")
    }

    /// `1 subscription`, `2 Rx objects`.
    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
