import Foundation

/// Prints a ``TraceReport`` as JSON, for scripts: the same content as the text report, with
/// stable key order.
public struct JSONReportRenderer {
    /// A renderer.
    public init() {}

    /// The report as pretty-printed JSON with sorted keys, ending with a newline.
    public func render(_ report: TraceReport) throws -> String {
        String(decoding: try Self.encoder.encode(report), as: UTF8.self) + "\n"
    }

    /// Why an event happened (`rxtrace why --format json`), as pretty-printed JSON with
    /// sorted keys, ending with a newline.
    public func render(_ explanation: EventExplanation) throws -> String {
        String(decoding: try Self.encoder.encode(explanation), as: UTF8.self) + "\n"
    }

    /// Writes the same JSON as ``render(_:)`` of a ``TraceReport`` with these arguments, piece
    /// by piece: each flow is encoded and written as soon as it is built, so `--all` on a trace
    /// with a million flows holds one flow at a time.
    ///
    /// - Returns: the leak report, when the `leaks` section was written.
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` for an unknown subscription id.
    @discardableResult
    public func write(
        reader: TraceReader, sections: ReportSections, subscription: Int64? = nil, flowLimit: Int? = nil,
        tag: String? = nil, to output: (String) -> Void
    ) throws -> LeakReport? {
        // The members in the encoder's sorted order: flows, flows_not_shown, leaks, lifetimes,
        // summary; each one's text is indented to its place.
        var isFirstMember = true
        func member(_ key: String, _ value: some Encodable) throws {
            output((isFirstMember ? "{\n" : ",\n") + "  \"\(key)\" : " + (try Self.encoded(value, indent: "  ")))
            isFirstMember = false
        }
        if sections.contains(.flows) {
            if let subscription {
                let report = try TraceReport(reader: reader, sections: .flows, subscription: subscription)
                try member("flows", report.flows ?? [])
            } else {
                var shown = 0
                let read = try FlowBuilder(reader: reader).forEachFlow(limit: flowLimit, tag: tag) { flow in
                    let start = shown == 0 ? (isFirstMember ? "{\n" : ",\n") + "  \"flows\" : [\n" : ",\n"
                    output(start + "    " + (try Self.encoded(flow, indent: "    ")))
                    isFirstMember = false
                    shown += 1
                }
                if shown == 0 {
                    try member("flows", [Flow]())
                } else {
                    output("\n  ]")
                }
                if tag == nil, let flowLimit, read == flowLimit {
                    let notShown = try reader.topLevelCallCount() - read
                    if notShown > 0 { try member("flows_not_shown", notShown) }
                }
            }
        }
        var leaks: LeakReport?
        if sections.contains(.leaks) {
            let all = try LeakFinder(reader: reader).report()
            let report = tag.map { all.only(taggedAs: $0) } ?? all
            try member("leaks", report)
            leaks = report
        }
        if sections.contains(.lifetimes) {
            try member("lifetimes", try LifetimeBuilder(reader: reader).lifetimes())
        }
        if let subscription {
            try member("subscription", try SubscriptionSummary(reader: reader, id: subscription))
        }
        if sections.contains(.summary), let summary = try TraceReport(reader: reader, sections: .summary).summary {
            try member("summary", summary)
        }
        output(isFirstMember ? "{\n\n}\n" : "\n}\n")
        return leaks
    }

    private static var encoder: JSONEncoder { JSONText.encoder() }

    /// `value` as pretty-printed JSON whose lines after the first start with `indent`, but for
    /// empty ones (the encoder writes an empty array as `[`, an empty line, `]`).
    private static func encoded(_ value: some Encodable, indent: String) throws -> String {
        let lines = String(decoding: try encoder.encode(value), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        return lines.enumerated().map { index, line in
            index == 0 || line.isEmpty ? String(line) : indent + line
        }.joined(separator: "\n")
    }
}
