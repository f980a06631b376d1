/// Prints a ``TraceReport`` for people: a summary line, flows as trees with the implementing
/// file:line of every step, lifetimes as tables, and the leak report.
///
/// The output is byte-stable for a deterministic program: ids are serial, threads are named
/// `main`, `T1`, …, and only the lifetimes section shows times. Everything taken from the trace
/// is printed through ``TerminalText/escaped(_:)``, so a trace cannot send control sequences to
/// a terminal.
public struct TextReportRenderer {
    /// A renderer.
    public init() {}

    /// The standard report (summary, flows, leaks) of the trace at `path`, as text: what
    /// `rxtrace report TRACE` prints and what `traces/NAME.txt` holds.
    public static func standardReport(ofTraceAt path: String) throws -> String {
        let reader = try TraceReader(path: path)
        return TextReportRenderer().render(try TraceReport(reader: reader, sections: .standard))
    }

    /// The report as text, ending with a newline.
    public func render(_ report: TraceReport) -> String {
        var blocks: [String] = []
        if let summary = report.summary { blocks.append(render(summary)) }
        if let flows = report.flows { blocks.append(FlowTreeRenderer().render(flows)) }
        if let lifetimes = report.lifetimes { blocks.append(render(lifetimes)) }
        if let leaks = report.leaks { blocks.append(LeakReportRenderer().render(leaks)) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `empty · 2 flows · 1 subscription · 10 calls · 1 event · 2 objects · ended cleanly`.
    func render(_ summary: TraceSummary) -> String {
        let parts = [
            TerminalText.escaped(summary.program),
            counted(summary.flowCount, "flow"),
            counted(summary.subscriptionCount, "subscription"),
            counted(summary.callCount, "call"),
            counted(summary.eventCount, "event"),
            counted(summary.objectCount, "object"),
            summary.end,
        ]
        return parts.joined(separator: " · ")
    }

    func render(_ lifetimes: Lifetimes) -> String {
        var lines = ["Lifetimes", ""]
        let objectRows = lifetimes.objects.map { object in
            [
                "#\(object.id)", object.typeName, milliseconds(object.startNanoseconds),
                object.endNanoseconds.map(milliseconds) ?? "alive at the end",
            ]
        }
        lines += TableRenderer(headers: ["object", "type", "init", "deinit"]).render(objectRows)
        if !lifetimes.subscriptions.isEmpty {
            lines.append("")
            let subscriptionRows = lifetimes.subscriptions.map { subscription in
                [
                    "#\(subscription.id)", subscription.site, milliseconds(subscription.startNanoseconds),
                    subscription.endKind.map { "\($0) at \(milliseconds(subscription.endNanoseconds ?? 0))" }
                        ?? "never ended",
                ]
            }
            lines += TableRenderer(headers: ["subscription", "subscribed at", "start", "end"]).render(subscriptionRows)
        }
        return lines.joined(separator: "\n")
    }

    private func milliseconds(_ nanoseconds: Int64) -> String {
        let tenths = nanoseconds / 1_000
        return "\(tenths / 1_000).\(String(tenths % 1_000).leftPadded(to: 3, with: "0")) ms"
    }
}

/// `1 call`, `2 calls`: a count with its noun, plural when it is not 1.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension String {
    func leftPadded(to width: Int, with character: Character = " ") -> String {
        count >= width ? self : String(repeating: character, count: width - count) + self
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
