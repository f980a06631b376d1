/// The events a subscription's observer received, bounded: how many of each kind, the first
/// and the last few with the flow each arrived in, so a subscription that received millions
/// prints in a few lines.
public struct SubscriptionEvents: Codable, Equatable, Sendable {
    /// One event the observer received.
    public struct Received: Codable, Equatable, Sendable {
        /// The event's serial id, what `rxtrace why --event` takes.
        public var eventID: Int64
        /// `next(1)`, `completed`.
        public var event: String
        /// The flow it arrived in; `nil` at top level or when the trace has no calls.
        public var flowNumber: Int?
    }

    /// How many events the observer received in all.
    public var count: Int
    /// How many of each kind: `next`, `error`, `completed`.
    public var counts: [String: Int]
    /// The first events, in order.
    public var first: [Received]
    /// The last events, in order; empty when ``first`` holds them all.
    public var last: [Received]

    /// How many events between ``first`` and ``last`` are left out.
    public var notShown: Int { count - first.count - last.count }

    /// How many events are shown at each end.
    public static let shownAtEachEnd = 3

    /// The events delivered to `observer`, read through `reader`.
    init(reader: TraceReader, observer: Int64) throws {
        counts = try reader.eventCounts(deliveredTo: observer)
        count = counts.values.reduce(0, +)
        let shown = Self.shownAtEachEnd
        let firstEvents = try reader.firstEvents(deliveredTo: observer, count: count <= 2 * shown ? 2 * shown : shown)
        let lastEvents = count <= 2 * shown ? [] : try reader.lastEvents(deliveredTo: observer, count: shown)
        var flows = FlowNumbers(reader: reader)
        first = try firstEvents.map { Received(eventID: $0.id, event: $0.description, flowNumber: try flows.of($0)) }
        last = try lastEvents.map { Received(eventID: $0.id, event: $0.description, flowNumber: try flows.of($0)) }
    }

    /// `events: 1,000,002 (1,000,000 next, 1 completed)`, then one line per shown event.
    var lines: [String] {
        let kinds = ["next", "error", "completed"].compactMap { kind in counts[kind].map { "\($0) \(kind)" } }
        var lines = ["events: \(count)" + (kinds.isEmpty ? "" : " (" + kinds.joined(separator: ", ") + ")")]
        func line(_ received: Received, _ index: Int) -> String {
            "  \(index). \(received.event) · event #\(received.eventID)"
                + (received.flowNumber.map { " · Flow \($0)" } ?? "")
        }
        for (offset, received) in first.enumerated() { lines.append(line(received, offset + 1)) }
        if notShown > 0 { lines.append("  … \(notShown) more …") }
        for (offset, received) in last.enumerated() { lines.append(line(received, count - last.count + offset + 1)) }
        return lines
    }
}
