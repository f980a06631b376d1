/// Prints the leak report: each subscription that never ended with the user's line that made
/// it, then the objects alive at the end, grouped by type in blocks of one verdict, and what to
/// do about each block, in
/// ``LeakWording``'s words, which a failing leak check prints too. Names and places come from
/// the trace, and every line is printed through ``TerminalText/escaped(_:)``.
public struct LeakReportRenderer {
    /// What to do about a subscription that never ended.
    public static var subscriptionAdvice: String { LeakWording.subscriptionAdvice }

    /// A renderer.
    public init() {}

    /// The `Leaks` section.
    public func render(_ report: LeakReport) -> String {
        render(LeakSummary(report))
    }

    /// The `Leaks` section of a report held as its summary (``LeakFinder/summary(scope:taggedAs:)``).
    public func render(_ report: LeakSummary) -> String {
        var lines = ["Leaks", ""]
        let change = resourcesTotalDifference(from: report.resourcesTotalStart, to: report.resourcesTotalEnd)
        let totals =
            change.map { "Resources.total \($0 >= 0 ? "+" : "")\($0)" }
            ?? "Resources.total unknown: the run was cut short"
        let aliveAtExit = report.aliveAtExit ?? []
        let harness = report.heldByTestHarness ?? []
        guard !report.isEmpty else {
            if !report.liveObjects.isEmpty {
                lines.append(
                    "No leaks: every subscription ended, and no object alive at the end is a leak, as its verdict says (\(totals))."
                )
                lines += liveObjectLines(report.liveObjects)
            } else if aliveAtExit.isEmpty, harness.isEmpty {
                lines.append("No leaks: every subscription ended and no object outlived the run (\(totals)).")
            } else if harness.isEmpty {
                lines.append(
                    "No leaks: every subscription ended or is held by a global's DisposeBag, and no other object outlived the run (\(totals))."
                )
            } else {
                lines.append(
                    "No leaks: every subscription ended, and the objects alive at the end are held by design (\(totals))."
                )
            }
            lines += aliveAtExitLines(aliveAtExit) + harnessLines(harness)
            return lines.map(TerminalText.escaped).joined(separator: "\n")
        }
        lines.append(
            "\(counted(report.openSubscriptionCount, "subscription")) never ended · "
                + "\(counted(report.liveObjectCount, "object")) alive at the end (\(totals))"
        )
        for group in report.identicalLeaks {
            lines.append("")
            lines += LeakWording.lines(for: group)
        }
        lines += liveObjectLines(report.liveObjects)
        lines += aliveAtExitLines(aliveAtExit) + harnessLines(harness)
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }

    /// The objects alive at the end, in blocks of one verdict each, after their heading.
    private func liveObjectLines(_ groups: [LiveObjectGroup]) -> [String] {
        guard !groups.isEmpty else { return [] }
        return ["", "Objects alive at the end:"] + LeakWording.lines(forLiveObjects: groups)
    }

    /// The objects XCTest's test cases hold, after a line saying why they are not leaks.
    private func harnessLines(_ groups: [LiveObjectGroup]) -> [String] {
        guard !groups.isEmpty else { return [] }
        return [
            "",
            "Held by the test harness, not leaks: XCTest keeps each test case instance, and what its stored properties hold, until the process ends.",
        ] + LeakWording.rowLines(forLiveObjects: groups) + ["  verdict        " + LeakWording.verdictText(groups[0])]
    }

    /// The bags made in `main.swift` and what they held, after a line saying why they are not leaks.
    private func aliveAtExitLines(_ bags: [BagAliveAtExit]) -> [String] {
        guard !bags.isEmpty else { return [] }
        var lines = [
            "",
            "Alive at exit by design, not leaks: a DisposeBag made in main.swift belongs to a global, which lives until the program exits.",
        ]
        for bag in bags {
            lines += LeakWording.lines(forAliveAtExit: bag).map { "  " + $0 }
        }
        return lines
    }
}
