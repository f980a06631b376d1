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
        let labels = ChainLabels(reader: reader)
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
