// RxTesting's own: RxTest has no leak checks. The one place that words a leak-check failure,
// for the XCTest base class and the Swift Testing trait alike.

import Foundation
import RxTrace

/// The text a leak-checked test fails with: what leaked, where it was subscribed or created,
/// how its chain looked, and what to do next.
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
    /// seconds.
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
    public static let subscriptionAdvice =
        "keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source"

    /// What to do about objects that outlived the test.
    public static let objectAdvice =
        "release them before the test ends: dispose the subscriptions that hold them, or end their sequences"

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

        for open in report.openSubscriptions {
            let subscription = open.subscription
            let target = subscription.observableTypeName.map { typeName in
                TypeNames.short(typeName) + (subscription.observableObjectID.map { " #\($0)" } ?? "")
            } ?? "an observable"
            lines.append("")
            lines.append("Subscription #\(subscription.id) to \(target) was never disposed, and its source never terminated.")
            lines.append("  subscribed at  \(subscription.site)")
            if !open.chain.isEmpty {
                lines.append("  chain          " + open.chain.joined(separator: " → "))
            }
            if !open.alive.isEmpty {
                lines.append("  keeps alive    " + open.alive.joined(separator: ", "))
            }
            lines.append("  fix            " + Self.subscriptionAdvice)
        }

        if objectCount > 0 {
            lines.append("")
            lines.append("Rx objects alive when the test ended:")
            var rows = report.liveObjects.map { group in
                (
                    count: "\(group.objectIDs.count) ×", type: TypeNames.short(group.typeName),
                    ids: group.objectIDs.map { "#\($0)" }.joined(separator: " "),
                    place: "created in " + group.createdIn.joined(separator: "; ")
                )
            }
            if untracedObjectCount > 0 {
                rows.append((
                    count: "\(untracedObjectCount) ×", type: "untraced", ids: "",
                    place: "counted by Resources.total, not in the trace: made on another thread or under another recorder"
                ))
            }
            let countWidth = rows.map(\.count.count).max() ?? 0
            let typeWidth = rows.map(\.type.count).max() ?? 0
            let idsWidth = rows.map(\.ids.count).max() ?? 0
            for row in rows {
                lines.append(
                    "  " + row.count.padding(toLength: countWidth, withPad: " ", startingAt: 0) + "  "
                        + row.type.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "  "
                        + (idsWidth > 0 ? row.ids.padding(toLength: idsWidth, withPad: " ", startingAt: 0) + "  " : "")
                        + row.place
                )
            }
            lines.append("  fix            " + Self.objectAdvice)
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
