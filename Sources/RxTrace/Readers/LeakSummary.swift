/// The same leak found more than once (``LeakRules/identityKey(of:)``), held as what its report
/// prints: the first finding in full, how many there were, the first subscriptions' ids and
/// the first tests they were found in. A million identical findings cost one.
public struct IdenticalLeaks: Equatable, Sendable {
    /// How many ids and test names a report lists before `…`.
    public static let listedCount = 10

    /// The first finding, in full.
    public var first: OpenSubscription
    /// How many findings the group holds, the first included.
    public var count: Int
    /// The first ``listedCount`` findings' subscription ids, in order.
    public var subscriptionIDs: [Int64]
    /// The distinct names of the scopes (tests) the findings were made in, in order of first
    /// appearance: the first ``listedCount`` and one more, which says there are more.
    public var scopeNames: [String]

    /// A group of one finding.
    public init(first: OpenSubscription) {
        self.first = first
        self.count = 0
        self.subscriptionIDs = []
        self.scopeNames = []
        add(first)
    }

    /// The group of `findings`, identical leaks in order, the first of them first.
    public init?(_ findings: [OpenSubscription]) {
        guard let first = findings.first else { return nil }
        self.init(first: first)
        for finding in findings.dropFirst() { add(finding) }
    }

    /// Counts `finding`, one more of the same leak.
    public mutating func add(_ finding: OpenSubscription) {
        add(subscriptionID: finding.subscription.id, scopeName: finding.scopeName)
    }

    /// Counts one more of the same leak, found in subscription `subscriptionID` made in the
    /// scope named `scopeName`: all that a group keeps of a finding but its first.
    mutating func add(subscriptionID: Int64, scopeName: String?) {
        count += 1
        if subscriptionIDs.count < Self.listedCount { subscriptionIDs.append(subscriptionID) }
        if let name = scopeName, scopeNames.count <= Self.listedCount, !scopeNames.contains(name) {
            scopeNames.append(name)
        }
    }
}

/// What the text report's leak section prints: ``LeakReport``'s content with identical open
/// subscriptions held once each (``IdenticalLeaks``), which ``LeakFinder/summary(scope:taggedAs:)``
/// builds without holding every finding.
public struct LeakSummary: Equatable, Sendable {
    /// `Resources.total` when recording started.
    public var resourcesTotalStart: Int
    /// `Resources.total` when recording ended; `nil` if the run was cut short.
    public var resourcesTotalEnd: Int?
    /// How many subscriptions were neither disposed nor terminated.
    public var openSubscriptionCount: Int
    /// Those subscriptions, each leak once, in order of its first finding.
    public var identicalLeaks: [IdenticalLeaks]
    /// Objects alive at the end, grouped by type, as ``LeakReport/liveObjects``; empty in a
    /// summary whose report wrote each group as it was found, whose ``liveObjectTally`` counts
    /// them.
    public var liveObjects: [LiveObjectGroup] {
        didSet { liveObjectTally = LiveObjectTally(liveObjects) }
    }
    /// How many groups and objects were alive at the end, and whether one is a leak: of
    /// ``liveObjects``, or of the groups a report wrote as it found them.
    public internal(set) var liveObjectTally: LiveObjectTally
    /// As ``LeakReport/aliveAtExit``.
    public var aliveAtExit: [BagAliveAtExit]?
    /// As ``LeakReport/heldByTestHarness``.
    public var heldByTestHarness: [LiveObjectGroup]?

    /// A summary with every field given.
    public init(
        resourcesTotalStart: Int, resourcesTotalEnd: Int?, openSubscriptionCount: Int, identicalLeaks: [IdenticalLeaks],
        liveObjects: [LiveObjectGroup], aliveAtExit: [BagAliveAtExit]?, heldByTestHarness: [LiveObjectGroup]?
    ) {
        self.resourcesTotalStart = resourcesTotalStart
        self.resourcesTotalEnd = resourcesTotalEnd
        self.openSubscriptionCount = openSubscriptionCount
        self.identicalLeaks = identicalLeaks
        self.liveObjects = liveObjects
        self.liveObjectTally = LiveObjectTally(liveObjects)
        self.aliveAtExit = aliveAtExit
        self.heldByTestHarness = heldByTestHarness
    }

    /// The summary of `report`.
    public init(_ report: LeakReport) {
        self.init(
            resourcesTotalStart: report.resourcesTotalStart, resourcesTotalEnd: report.resourcesTotalEnd,
            openSubscriptionCount: report.openSubscriptions.count,
            identicalLeaks: LeakWording.identicalGroups(report.openSubscriptions).compactMap(IdenticalLeaks.init),
            liveObjects: report.liveObjects, aliveAtExit: report.aliveAtExit,
            heldByTestHarness: report.heldByTestHarness
        )
    }

    /// Whether nothing leaked, as ``LeakReport/isEmpty`` says.
    public var isEmpty: Bool { openSubscriptionCount == 0 && !liveObjectTally.isAnyALeak }

    /// The number of objects alive at the end.
    public var liveObjectCount: Int { liveObjectTally.objectCount }
}
