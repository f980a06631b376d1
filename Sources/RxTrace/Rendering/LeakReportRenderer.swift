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
        var text = ""
        write(
            report, hasLiveObjects: !report.liveObjects.isEmpty,
            liveObjectLines: { line in for text in LeakWording.lines(forLiveObjects: report.liveObjects) { line(text) }
            },
            to: { text += $0 })
        return text
    }

    /// Writes the `Leaks` section of `report`, whose objects alive at the end are `liveObjects`'
    /// groups (the summary holding only their ``LeakSummary/liveObjectTally``), a line at a
    /// time: the same text as ``render(_:)-swift.method`` of the summary holding them.
    func write(_ report: LeakSummary, liveObjects: LiveObjectTable, to output: (String) -> Void) throws {
        try withoutActuallyEscaping(output) { output in
            try write(
                report, hasLiveObjects: !liveObjects.isEmpty, liveObjectLines: { try liveObjects.forEachLine($0) },
                to: output)
        }
    }

    /// Writes the `Leaks` section, its lines joined by newlines, each escaped; the objects
    /// alive at the end are the lines `liveObjectLines` hands on.
    private func write(
        _ report: LeakSummary, hasLiveObjects: Bool,
        liveObjectLines: ((String) -> Void) throws -> Void, to output: @escaping (String) -> Void
    ) rethrows {
        var isFirstLine = true
        func line(_ text: String) {
            output((isFirstLine ? "" : "\n") + TerminalText.escaped(text))
            isFirstLine = false
        }
        line("Leaks")
        line("")
        let change = resourcesTotalDifference(from: report.resourcesTotalStart, to: report.resourcesTotalEnd)
        let totals =
            change.map { "Resources.total \($0 >= 0 ? "+" : "")\($0)" }
            ?? "Resources.total unknown: the run was cut short"
        let aliveAtExit = report.aliveAtExit ?? []
        let harness = report.heldByTestHarness ?? []
        guard !report.isEmpty else {
            if hasLiveObjects {
                line(
                    "No leaks: every subscription ended, and no object alive at the end is a leak, as its verdict says (\(totals))."
                )
                line("")
                line("Objects alive at the end:")
                try liveObjectLines(line)
            } else if aliveAtExit.isEmpty, harness.isEmpty {
                line("No leaks: every subscription ended and no object outlived the run (\(totals)).")
            } else if harness.isEmpty {
                line(
                    "No leaks: every subscription ended or is held by a global's DisposeBag, and no other object outlived the run (\(totals))."
                )
            } else {
                line(
                    "No leaks: every subscription ended, and the objects alive at the end are held by design (\(totals))."
                )
            }
            for text in aliveAtExitLines(aliveAtExit) + harnessLines(harness) { line(text) }
            return
        }
        line(
            "\(counted(report.openSubscriptionCount, "subscription")) never ended · "
                + "\(counted(report.liveObjectCount, "object")) alive at the end (\(totals))"
        )
        for group in report.identicalLeaks {
            line("")
            for text in LeakWording.lines(for: group) { line(text) }
        }
        if hasLiveObjects {
            line("")
            line("Objects alive at the end:")
            try liveObjectLines(line)
        }
        for text in aliveAtExitLines(aliveAtExit) + harnessLines(harness) { line(text) }
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
