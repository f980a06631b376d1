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
    /// by piece: each flow is encoded (by ``FlowJSON``) and written as soon as it is built, so
    /// `--all` on a trace with a million flows holds one flow at a time.
    ///
    /// The leak report's open subscriptions are written one at a time too, none held.
    ///
    /// - Returns: the leak report's summary, when the `leaks` section was written; it counts the
    ///   objects alive at the end (``LeakSummary/liveObjectTally``) but holds none of their groups.
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` for an unknown subscription id.
    @discardableResult
    public func write(
        reader: TraceReader, sections: ReportSections, subscription: Int64? = nil, flowLimit: Int? = nil,
        tag: String? = nil, to output: (String) -> Void
    ) throws -> LeakSummary? {
        // The members in the encoder's sorted order: flows, flows_not_shown, leaks, lifetimes,
        // summary; each one's text is indented to its place.
        var isFirstMember = true
        let encoder = Self.encoder
        func member(_ key: String, _ value: some Encodable) throws {
            output(
                (isFirstMember ? "{\n" : ",\n") + "  \"\(key)\" : "
                    + (try Self.encoded(value, indent: "  ", by: encoder)))
            isFirstMember = false
        }
        if sections.contains(.flows) {
            if let subscription {
                let report = try TraceReport(reader: reader, sections: .flows, subscription: subscription)
                try member("flows", report.flows ?? [])
            } else {
                var shown = 0
                // Read and built on a helper thread while this one prints (the reader is the
                // helper's until it returns).
                let read = try FlowBuilder(reader: reader).forEachFlowReadAhead(limit: flowLimit, tag: tag) { flow in
                    let start = shown == 0 ? (isFirstMember ? "{\n" : ",\n") + "  \"flows\" : [\n" : ",\n"
                    output(start + "    " + FlowJSON.encoded(flow, indent: "    "))
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
        var leaks: LeakSummary?
        if sections.contains(.leaks) {
            output((isFirstMember ? "{\n" : ",\n") + "  \"leaks\" : ")
            isFirstMember = false
            leaks = try writeLeaks(reader: reader, tag: tag, to: output)
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

    /// Writes the ``LeakReport`` (or its ``LeakReport/only(taggedAs:)``) as the encoder writes
    /// it at the report's second level, in one pass over the leaks: each finding is written as
    /// it is found (by ``LeakJSON``, byte for byte as the encoder would write it) into a
    /// ``TextSpool`` (the encoder's sorted order puts the open subscriptions after the live
    /// objects that the same pass finds), and the spool is copied out after them. The groups of
    /// objects alive at the end are spooled the same way as each is complete
    /// (``LeakFinder/findLeaks(scope:found:liveObject:)``). Returns its summary, which counts
    /// those groups (``LeakSummary/liveObjectTally``) but holds none.
    private func writeLeaks(reader: TraceReader, tag: String?, to output: (String) -> Void) throws -> LeakSummary {
        let finder = LeakFinder(reader: reader)
        let encoder = Self.encoder
        func isShown(_ open: OpenSubscription) -> Bool { tag.map { open.tags?.contains($0) == true } ?? true }
        let indent = "    "
        let element = indent + "  "
        let openSubscriptions = TextSpool()
        var count = 0
        var groups: [IdenticalLeaks] = []
        var indexOfKey: [String: Int] = [:]
        // The live objects' groups, each written as it is complete, wait in a spool too: the
        // encoder's order puts the objects the test harness holds, found in the same pass,
        // before them.
        let liveObjects = TextSpool()
        var tally = LiveObjectTally()
        let found = try finder.findLeaks(scope: nil) { open, key in
            guard isShown(open) else { return }
            try openSubscriptions.append(
                (count == 0 ? "[\n" : ",\n") + element + LeakJSON.text(of: open, indent: element))
            count += 1
            if let index = indexOfKey[key] {
                groups[index].add(open)
            } else {
                indexOfKey[key] = groups.count
                groups.append(IdenticalLeaks(first: open))
            }
        } liveObject: { group in
            guard tag == nil else { return }
            try liveObjects.append(
                (tally.groupCount == 0 ? "[\n" : ",\n") + element + LeakJSON.text(of: group, indent: element))
            tally.add(group)
        }
        let rest = tag == nil ? found : (aliveAtExit: nil, heldByTestHarness: nil)
        let run = reader.run
        // The members in the encoder's sorted order: alive_at_exit, held_by_test_harness,
        // live_objects, open_subscriptions, resources_total_end, resources_total_start; an
        // absent optional is left out, as the encoder leaves it.
        var members: [String] = []
        func member(_ key: String, _ value: some Encodable) throws {
            members.append(indent + "\"\(key)\" : " + (try Self.encoded(value, indent: indent, by: encoder)))
        }
        if let aliveAtExit = rest.aliveAtExit { try member("alive_at_exit", aliveAtExit) }
        if let harness = rest.heldByTestHarness { try member("held_by_test_harness", harness) }
        output("{\n" + members.map { $0 + ",\n" }.joined() + indent + "\"live_objects\" : ")
        // One group at a time, as the encoder lays out an array: encoding a million groups
        // at once took minutes and gigabytes.
        if tally.groupCount == 0 {
            output(try Self.encoded([LiveObjectGroup](), indent: indent, by: encoder))
        } else {
            try liveObjects.replay(to: output)
            output("\n" + indent + "]")
        }
        output(",\n" + indent + "\"open_subscriptions\" : ")
        if count == 0 {
            output(try Self.encoded([OpenSubscription](), indent: indent, by: encoder))
        } else {
            try openSubscriptions.replay(to: output)
            output("\n" + indent + "]")
        }
        members = []
        if let end = run.resourcesTotalEnd { try member("resources_total_end", end) }
        try member("resources_total_start", run.resourcesTotalStart)
        output(",\n" + members.joined(separator: ",\n") + "\n  }")
        var summary = LeakSummary(
            resourcesTotalStart: run.resourcesTotalStart, resourcesTotalEnd: run.resourcesTotalEnd,
            openSubscriptionCount: count, identicalLeaks: groups, liveObjects: [],
            aliveAtExit: rest.aliveAtExit, heldByTestHarness: rest.heldByTestHarness)
        summary.liveObjectTally = tally
        return summary
    }

    /// `value` as pretty-printed JSON whose lines after the first start with `indent`, but for
    /// empty ones (the encoder writes an empty array as `[`, an empty line, `]`); what
    /// ``LeakJSON`` writes by hand is tested against it.
    static func encoded(
        _ value: some Encodable, indent: String, by encoder: JSONEncoder = JSONReportRenderer.encoder
    ) throws
        -> String
    {
        let newline = UInt8(ascii: "\n")
        let bytes = try encoder.encode(value)
        var indented: [UInt8] = []
        indented.reserveCapacity(bytes.count + bytes.count / 8)
        var isAtLineStart = false
        for byte in bytes {
            if isAtLineStart, byte != newline { indented.append(contentsOf: indent.utf8) }
            indented.append(byte)
            isAtLineStart = byte == newline
        }
        return String(decoding: indented, as: UTF8.self)
    }
}
