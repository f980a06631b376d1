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

/// What was sent into a subscription's chain after it ended: the steps that pushed an event
/// into one of its observables (a subject's `on`), which reached no one of this subscription.
public struct SentAfterEnd: Codable, Equatable, Sendable {
    /// One send after the end.
    public struct Send: Codable, Equatable, Sendable {
        /// `PublishSubject.on(.next(2)) on PublishSubject<Int> #1 at App/main.swift:6`.
        public var text: String
        /// The flow the send ran in.
        public var flowNumber: Int?
        /// Whether anyone received it (another subscription); `false`: it reached no one.
        public var reachedAnyone: Bool
    }

    /// How many sends there were after the end.
    public var count: Int
    /// The first of them.
    public var first: [Send]

    /// The sends into `objects` after call `endCall`, read through `reader`.
    init(reader: TraceReader, objects: [Int64], after endCall: Int64) throws {
        let sends = try reader.eventSends(toAnyOf: objects, after: endCall, limit: SubscriptionEvents.shownAtEachEnd)
        count = sends.count
        var flows = FlowNumbers(reader: reader)
        var labels = ChainLabels(reader: reader)
        first = try sends.first.map { call in
            var text = call.name + (call.detail.map { "(.\($0))" } ?? "")
            if let object = call.objectID { text += " on \(try labels.plain(object))" }
            if case .line(let frame) = try reader.callerLine(ofCall: call.id) { text += " at \(frame.location)" }
            return Send(
                text: text, flowNumber: try flows.of(call: call.id),
                reachedAnyone: try reader.eventCount(under: call.id) > 0
            )
        }
    }

    /// `after it ended: 2 events were sent into its chain, none reaching it:`, then one line per
    /// shown send.
    var lines: [String] {
        var lines = ["after it ended: \(counted(count, "event")) sent into its chain, none reaching it"]
        for send in first {
            lines.append(
                "  " + send.text + (send.flowNumber.map { " · Flow \($0)" } ?? "") + " · "
                    + (send.reachedAnyone ? "reached other subscribers" : "reached no one"))
        }
        if count > first.count { lines.append("  … \(count - first.count) more …") }
        return lines
    }
}

/// The flow numbers of calls, each flow's looked up once.
struct FlowNumbers {
    private let reader: TraceReader
    private var byRoot: [Int64: Int] = [:]

    init(reader: TraceReader) {
        self.reader = reader
    }

    /// The flow event `event` was delivered in, `nil` at top level.
    mutating func of(_ event: EventRecord) throws -> Int? {
        try event.callID.flatMap { try of(call: $0) }
    }

    /// The flow call `call` ran in.
    mutating func of(call: Int64) throws -> Int? {
        let root = try reader.rootCall(of: call)
        if let known = byRoot[root] { return known }
        let number = try reader.flowNumbers(ofTopLevelCalls: [root])[root]
        byRoot[root] = number
        return number
    }
}
