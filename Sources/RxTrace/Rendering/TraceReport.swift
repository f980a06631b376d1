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

    /// Builds the `sections` of `reader`'s trace; with `subscription`, only the flows of that
    /// subscription; with `flowLimit`, only the first `flowLimit` flows (and how many more
    /// there are).
    ///
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` for an unknown subscription id.
    public init(reader: TraceReader, sections: ReportSections, subscription: Int64? = nil, flowLimit: Int? = nil) throws {
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
        if sections.contains(.flows) {
            let builder = FlowBuilder(reader: reader)
            if let subscription {
                guard let flows = try builder.flows(forSubscription: subscription) else {
                    throw ReportError.noSuchSubscription(subscription)
                }
                self.flows = flows
            } else {
                var flows: [Flow] = []
                try builder.forEachFlow(limit: flowLimit) { flows.append($0) }
                self.flows = flows
                if let flowLimit, flows.count == flowLimit {
                    let notShown = try reader.topLevelCallCount() - flows.count
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

/// A report that cannot be built from the trace as asked.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// `--subscription N` named a subscription the trace does not have.
    case noSuchSubscription(Int64)

    public var description: String {
        switch self {
        case .noSuchSubscription(let id): "the trace has no subscription #\(id)"
        }
    }
}
