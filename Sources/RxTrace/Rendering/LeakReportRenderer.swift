/// Prints the leak report: each subscription that never ended with the user's line that made
/// it, then the objects alive at the end, grouped by type, and what to do about them. Names and
/// places come from the trace, and every line is printed through ``TerminalText/escaped(_:)``.
public struct LeakReportRenderer {
    /// What to do about a subscription that never ended.
    public static let subscriptionAdvice =
        "keep the Disposable and dispose it, add it to a DisposeBag, or complete the source"

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
            let subscription = open.subscription
            let target = subscription.observableObjectID.map { id in
                "\(TypeNames.short(subscription.observableTypeName ?? "object")) #\(id)"
            } ?? "an observable"
            lines.append("")
            lines.append("Subscription #\(subscription.id) to \(target): never disposed, and never terminated")
            lines.append("  subscribed at \(subscription.site) · thread \(subscription.threadName)")
            if let builtAt = open.builtAt {
                lines.append("  built at \(builtAt.file):\(builtAt.line) (\(builtAt.name))")
            }
            if !open.chain.isEmpty {
                lines.append("  chain    " + open.chain.joined(separator: " → "))
            }
            if !open.alive.isEmpty {
                lines.append("  alive    " + open.alive.joined(separator: ", "))
            }
            lines.append("  fix      " + Self.subscriptionAdvice)
        }
        if !report.liveObjects.isEmpty {
            lines.append("")
            lines.append("Objects alive at the end")
            let rows = report.liveObjects.map { group in
                [
                    "\(group.objectIDs.count) ×", group.typeName,
                    group.objectIDs.map { "#\($0)" }.joined(separator: " "),
                    group.createdIn.joined(separator: "; "),
                ]
            }
            lines += TableRenderer(headers: ["count", "type", "ids", "created in"]).render(rows).map { "  " + $0 }
        }
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
