/// The parts of a report, as `rxtrace report` flags select them.
public struct ReportSections: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// One line: what ran, how much, how it ended.
    public static let summary = ReportSections(rawValue: 1 << 0)
    /// The call flows, as trees.
    public static let flows = ReportSections(rawValue: 1 << 1)
    /// Every object's and subscription's lifetime.
    public static let lifetimes = ReportSections(rawValue: 1 << 2)
    /// Subscriptions that never ended and objects alive at the end.
    public static let leaks = ReportSections(rawValue: 1 << 3)

    /// What `rxtrace report` shows when no section is asked for.
    public static let standard: ReportSections = [.summary, .flows, .leaks]
}

/// The counts and end of a run, for the report's first line.
public struct TraceSummary: Codable, Equatable, Sendable {
    /// What was recorded.
    public var program: String
    /// How the run ended: `ended cleanly`, `cut short by SIGILL`, …
    public var end: String
    /// Whether it ended normally.
    public var isEndedCleanly: Bool
    /// Top-level calls.
    public var flowCount: Int
    /// User-made subscriptions.
    public var subscriptionCount: Int
    /// Recorded calls.
    public var callCount: Int
    /// Recorded events.
    public var eventCount: Int
    /// Recorded objects.
    public var objectCount: Int
    /// How much `Resources.total` grew while recording; `nil` if the run was cut short.
    public var resourcesTotalChange: Int?
}

/// Everything a report can show, built from a trace; the renderers print it as text or JSON.
public struct TraceReport: Codable, Equatable, Sendable {
    /// The summary, when asked for.
    public var summary: TraceSummary?
    /// The call flows, when asked for: all of them, or the first of them when a limit was given.
    public var flows: [Flow]?
    /// How many flows a limit left out; `nil` when none were.
    public var flowsNotShown: Int?
    /// The lifetimes, when asked for.
    public var lifetimes: Lifetimes?
    /// The leak report, when asked for.
    public var leaks: LeakReport?
    /// The subscription asked about, with what ended it, when one was.
    public var subscription: SubscriptionSummary?
    /// ``RecordingDetail/events`` when the trace was recorded without calls, so it has no
    /// flows to show; `nil` for a trace with calls.
    public var detail: RecordingDetail?

    /// Builds the `sections` of `reader`'s trace; with `subscription`, only the flows of that
    /// subscription; with `flowLimit`, only the first `flowLimit` flows (and how many more
    /// there are).
    ///
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` for an unknown subscription id.
    public init(reader: TraceReader, sections: ReportSections, subscription: Int64? = nil, flowLimit: Int? = nil) throws
    {
        if sections.contains(.summary) {
            let run = reader.run
            summary = TraceSummary(
                program: run.program,
                end: run.endDescription,
                isEndedCleanly: run.isEndedCleanly,
                flowCount: try reader.topLevelCallCount(),
                subscriptionCount: try reader.count(.subscription),
                callCount: try reader.count(.call),
                eventCount: try reader.count(.event),
                objectCount: try reader.count(.object),
                resourcesTotalChange: run.resourcesTotalChange
            )
        }
        if reader.run.detail != .calls {
            detail = reader.run.detail
        }
        if sections.contains(.flows) {
            let builder = FlowBuilder(reader: reader)
            if let subscription {
                guard let flows = try builder.flows(forSubscription: subscription) else {
                    throw ReportError.noSuchSubscription(subscription)
                }
                self.flows = flows
                self.subscription = try SubscriptionSummary(reader: reader, id: subscription)
            } else {
                var flows: [Flow] = []
                let read = try builder.forEachFlow(limit: flowLimit) { flows.append($0) }
                self.flows = flows
                if let flowLimit, read == flowLimit {
                    let notShown = try reader.topLevelCallCount() - read
                    flowsNotShown = notShown > 0 ? notShown : nil
                }
            }
        }
        if sections.contains(.lifetimes) {
            lifetimes = try LifetimeBuilder(reader: reader).lifetimes()
        }
        if sections.contains(.leaks) {
            leaks = try LeakFinder(reader: reader).report()
        }
    }
}

/// The subscription `rxtrace report --subscription N` is about, its whole life: how its chain
/// was built, the flow that subscribed, the events it received (counted, the first and last
/// few), what ended it and in which flow, and what was sent into its chain after it ended.
public struct SubscriptionSummary: Codable, Equatable, Sendable {
    /// The subscription's serial id.
    public var id: Int64
    /// The user's line that subscribed.
    public var site: String
    /// The thread that subscribed.
    public var threadName: String
    /// The tags of its chain (`.traceTag`, `debug` identifiers); `nil` for none.
    public var tags: [String]?
    /// Its chain, source first: `PublishSubject<Int> #1`, `Map<Int, Int> #2 (map at App/Main.swift:7)`.
    public var built: [String]
    /// The flow whose steps include its subscribe; `nil` when the trace has no calls.
    public var subscribedInFlow: Int?
    /// The events its observer received; `nil` when the trace does not name the observer.
    public var events: SubscriptionEvents?
    /// `ended: disposed by DisposeBag #7's deinit (bag made at App/Main.swift:12)`.
    public var ended: String
    /// The flow in which it ended, which ``FlowBuilder/flows(forSubscription:)`` attaches to it.
    public var endedInFlow: Int?
    /// What was sent into its chain after it ended; `nil` when nothing was, or it never ended.
    public var afterEnd: SentAfterEnd?

    /// The summary of subscription `id`.
    ///
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` when there is no such subscription.
    public init(reader: TraceReader, id: Int64) throws {
        guard let subscription = try reader.subscription(id) else { throw ReportError.noSuchSubscription(id) }
        self.id = id
        site = subscription.site
        threadName = subscription.threadName
        let tags = try reader.tags(ofChain: subscription)
        self.tags = tags.isEmpty ? nil : tags
        let chain = try reader.chainObjects(of: subscription)
        var labels = ChainLabels(reader: reader)
        built = try chain.reversed().map { try labels.element($0) }
        var flows = FlowNumbers(reader: reader)
        subscribedInFlow = try subscription.callID.flatMap { try flows.of(call: $0) }
        events = try subscription.observerObjectID.map { try SubscriptionEvents(reader: reader, observer: $0) }
        ended = try CauseFinder(reader: reader).ending(of: subscription)
        endedInFlow = try subscription.endCallID.flatMap { try flows.of(call: $0) }
        if let endCall = subscription.endCallID {
            let sent = try SentAfterEnd(reader: reader, objects: chain, after: endCall)
            afterEnd = sent.count > 0 ? sent : nil
        }
    }

    /// `Subscription #1 · subscribed at App/Main.swift:9 · thread main · tagged "login"`, then
    /// its chain, its events, the `ended:` line and what was sent after it ended.
    public var text: String {
        var heading = "Subscription #\(id) · subscribed at \(site) · thread \(threadName)"
        for tag in tags ?? [] { heading += " · tagged \"\(tag)\"" }
        if let subscribedInFlow { heading += " · Flow \(subscribedInFlow)" }
        var lines = [heading]
        if !built.isEmpty { lines.append("built: " + built.joined(separator: " → ")) }
        lines += events?.lines ?? []
        lines.append(ended + (endedInFlow.map { " · Flow \($0)" } ?? ""))
        lines += afterEnd?.lines ?? []
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
