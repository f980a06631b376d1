/// Prints the leak report: each subscription that never ended with the user's line that made
/// it, then the objects alive at the end, grouped by type, and what to do about them, in
/// ``LeakWording``'s words, which a failing leak check prints too. Names and places come from
/// the trace, and every line is printed through ``TerminalText/escaped(_:)``.
public struct LeakReportRenderer {
    /// What to do about a subscription that never ended.
    public static var subscriptionAdvice: String { LeakWording.subscriptionAdvice }

    /// A renderer.
    public init() {}

    /// The `Leaks` section.
    public func render(_ report: LeakReport) -> String {
        var lines = ["Leaks", ""]
        let change = resourcesTotalDifference(from: report.resourcesTotalStart, to: report.resourcesTotalEnd)
        let totals = change.map { "Resources.total \($0 >= 0 ? "+" : "")\($0)" } ?? "Resources.total unknown: the run was cut short"
        guard !report.isEmpty else {
            lines.append("No leaks: every subscription ended and no object outlived the run (\(totals)).")
            return lines.joined(separator: "\n")
        }
        lines.append(
            "\(counted(report.openSubscriptions.count, "subscription")) never ended · "
                + "\(counted(report.liveObjectCount, "object")) alive at the end (\(totals))"
        )
        for open in report.openSubscriptions {
            lines.append("")
            lines += LeakWording.lines(for: open)
        }
        if !report.liveObjects.isEmpty {
            lines.append("")
            lines.append("Objects alive at the end:")
            lines += LeakWording.lines(forLiveObjects: report.liveObjects)
        }
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
