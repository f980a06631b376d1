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
        if let subscription = report.subscription { blocks.append(subscription.text) }
        if let flows = report.flows {
            var block =
                flows.isEmpty && report.detail == .events
                ? "Call flows\n\n" + Self.callsNotRecordedNote : FlowTreeRenderer().render(flows)
            if let notShown = report.flowsNotShown {
                block += "\n\n" + Self.flowsNotShownNote(notShown)
            }
            blocks.append(block)
        }
        if let lifetimes = report.lifetimes { blocks.append(render(lifetimes)) }
        if let leaks = report.leaks { blocks.append(LeakReportRenderer().render(leaks)) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Writes the same text as ``render(_:)`` of a ``TraceReport`` with these arguments, piece
    /// by piece as it is built: flows are read, printed and dropped one at a time, so a trace
    /// with a million flows prints in the memory of its largest flow.
    ///
    /// With `tag`, only the flows and open subscriptions of chains tagged `tag` are written.
    ///
    /// - Returns: the leak report's summary, when the `leaks` section was written; it counts the
    ///   objects alive at the end (``LeakSummary/liveObjectTally``) but holds none of their groups.
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` for an unknown subscription id.
    @discardableResult
    public func write(
        reader: TraceReader, sections: ReportSections, subscription: Int64? = nil, flowLimit: Int? = nil,
        tag: String? = nil, to output: (String) -> Void
    ) throws -> LeakSummary? {
        var isFirstBlock = true
        func startBlock(_ text: String) {
            output(isFirstBlock ? text : "\n\n" + text)
            isFirstBlock = false
        }
        if sections.contains(.summary), let summary = try TraceReport(reader: reader, sections: .summary).summary {
            startBlock(render(summary))
        }
        if sections.contains(.flows) {
            if let subscription {
                let summary = try SubscriptionSummary(reader: reader, id: subscription)
                startBlock(summary.text)
                let flows = try TraceReport(reader: reader, sections: .flows, subscription: subscription).flows ?? []
                startBlock(
                    flows.isEmpty && reader.run.detail == .events
                        ? "Call flows\n\n" + Self.callsNotRecordedNote : FlowTreeRenderer().render(flows)
                )
            } else {
                startBlock("Call flows")
                var shown = 0
                // Read and built on a helper thread while this one prints (the reader is the
                // helper's until it returns).
                let read = try FlowBuilder(reader: reader).forEachFlowReadAhead(limit: flowLimit, tag: tag) { flow in
                    output("\n\n" + FlowTreeRenderer().render(flow))
                    shown += 1
                }
                if shown == 0, reader.run.detail == .events {
                    output("\n\n" + Self.callsNotRecordedNote)
                } else if shown == 0 {
                    output(tag.map { "\n\nNo flow runs on a chain tagged \"\($0)\"." } ?? "\n\nNo calls were recorded.")
                } else if tag == nil, let flowLimit, read == flowLimit {
                    let notShown = try reader.topLevelCallCount() - read
                    if notShown > 0 { output("\n\n" + Self.flowsNotShownNote(notShown)) }
                }
            }
        }
        if sections.contains(.lifetimes) {
            startBlock(render(try LifetimeBuilder(reader: reader).lifetimes()))
        }
        var leaks: LeakSummary?
        if sections.contains(.leaks) {
            // Each leak found many times is held once: a million identical findings print in
            // the memory of one. The objects alive at the end wait in a table on disk, a row
            // per group, until their columns' widths are known.
            let table = LiveObjectTable()
            let report = try LeakFinder(reader: reader).summary(
                taggedAs: tag, inFullFirst: 0, found: { _ in }, liveObject: { try table.add($0) })
            if !isFirstBlock { output("\n\n") }
            isFirstBlock = false
            try LeakReportRenderer().write(report, liveObjects: table, to: output)
            leaks = report
        }
        output("\n")
        return leaks
    }

    /// What a report says instead of flows for a trace recorded without calls.
    public static let callsNotRecordedNote =
        "No call flows: the trace was recorded with RXTRACE_DETAIL=events (objects, subscriptions and events only)."

    /// What a report limited to its first flows says about the rest.
    static func flowsNotShownNote(_ count: Int) -> String {
        "… \(counted(count, "more flow")) not shown: `rxtrace report --all` shows every flow, "
            + "`--limit N` the first N."
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

extension String {
    func leftPadded(to width: Int, with character: Character = " ") -> String {
        count >= width ? self : String(repeating: character, count: width - count) + self
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
