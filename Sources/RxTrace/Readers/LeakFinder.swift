/// A subscription that was neither disposed nor terminated, with what it kept alive.
public struct OpenSubscription: Codable, Equatable, Sendable {
    /// The subscription.
    public var subscription: SubscriptionRecord
    /// Where user code built the observable subscribed to, if an operator or factory did.
    public var builtAt: Assembly?
    /// From the source to the observer, each element with where it was built:
    /// `PublishSubject<Int> #1 → Map<Int, Int> #2 (map at App/Main.swift:7) → AnonymousObserver<Int> #6`.
    public var chain: [String]
    /// The objects of its chain and flow still alive at the end.
    public var alive: [String]

    /// An open subscription with where its observable was built, its chain and the objects it
    /// keeps alive.
    public init(subscription: SubscriptionRecord, builtAt: Assembly? = nil, chain: [String], alive: [String]) {
        self.subscription = subscription
        self.builtAt = builtAt
        self.chain = chain
        self.alive = alive
    }
}

/// Objects of one type alive at the end.
public struct LiveObjectGroup: Codable, Equatable, Sendable {
    /// The type.
    public var typeName: String
    /// Their ids, in order of creation.
    public var objectIDs: [Int64]
    /// Where they were created: the flows (by title) whose calls created them.
    public var createdIn: [String]

    /// Objects of `typeName` alive at the end.
    public init(typeName: String, objectIDs: [Int64], createdIn: [String]) {
        self.typeName = typeName
        self.objectIDs = objectIDs
        self.createdIn = createdIn
    }
}

/// What the leak report says: subscriptions that never ended, objects alive at the end.
public struct LeakReport: Codable, Equatable, Sendable {
    /// `Resources.total` when recording started.
    public var resourcesTotalStart: Int
    /// `Resources.total` when recording ended; `nil` if the run was cut short.
    public var resourcesTotalEnd: Int?
    /// Subscriptions neither disposed nor terminated.
    public var openSubscriptions: [OpenSubscription]
    /// Objects alive at the end, grouped by type.
    public var liveObjects: [LiveObjectGroup]

    /// A report with every field given; RxTesting's leak checks build one per test.
    public init(
        resourcesTotalStart: Int, resourcesTotalEnd: Int?, openSubscriptions: [OpenSubscription],
        liveObjects: [LiveObjectGroup]
    ) {
        self.resourcesTotalStart = resourcesTotalStart
        self.resourcesTotalEnd = resourcesTotalEnd
        self.openSubscriptions = openSubscriptions
        self.liveObjects = liveObjects
    }

    /// Whether nothing leaked.
    public var isEmpty: Bool { openSubscriptions.isEmpty && liveObjects.isEmpty }

    /// The number of objects alive at the end.
    public var liveObjectCount: Int { liveObjects.reduce(0) { $0 + $1.objectIDs.count } }
}

/// Finds what a run leaked: subscriptions never disposed nor terminated (with the user's line
/// that subscribed), and objects never deinitialized.
public struct LeakFinder {
    private let reader: TraceReader

    /// A finder reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// The leak report of the run, or of one scope of it.
    ///
    /// - Parameter scope: a ``scope`` id (RxCore's `TraceScope.id`, one test's): only the
    ///   subscriptions made and objects created in that scope are reported. `nil` reports
    ///   everything.
    public func report(scope: Int64? = nil) throws -> LeakReport {
        let allLive = try reader.liveObjects()
        // Ids are unique in a sound trace; in a damaged one (a table without its primary key) the
        // first row of an id stands for it.
        let liveByID = Dictionary(allLive.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let live = allLive.filter { scope == nil || $0.scopeID == scope }
        // Only the open ones: a large trace's closed subscriptions are never read.
        let subscriptions = try reader.openSubscriptions()
        var rootTitles: [Int64: String] = [:]
        func title(ofFlowCreating object: ObjectRecord) throws -> String {
            guard let creator = object.callID else { return "top level, outside any instrumented step" }
            let root = try reader.rootCall(of: creator)
            if let known = rootTitles[root] { return known }
            let subscription = try reader.subscription(startedBy: root)
            let name = try reader.call(root)?.name ?? "call #\(root)"
            let text = subscription.map { "\(name) at \($0.site)" } ?? name
            rootTitles[root] = text
            return text
        }

        var open: [OpenSubscription] = []
        for subscription in subscriptions where subscription.isOpen && (scope == nil || subscription.scopeID == scope) {
            var chain: [String] = []
            var alive: [String] = []
            if let call = subscription.callID {
                let tree = try reader.callTree(under: call)
                var seen = Set<Int64>()
                let subscribed = tree.filter { $0.name == "subscribeSafe" }.compactMap(\.objectID)
                for objectID in subscribed.reversed() where seen.insert(objectID).inserted {
                    guard let object = try reader.object(objectID) else {
                        chain.append("#\(objectID)")
                        continue
                    }
                    chain.append(object.assembly.map { "\(object.label) (\($0))" } ?? object.label)
                }
                let created = try reader.objects(createdBy: tree.map(\.id)).map(\.id)
                for objectID in subscribed.reversed() + created {
                    guard let label = liveByID[objectID]?.label, !alive.contains(label) else { continue }
                    alive.append(label)
                }
            }
            if let observer = subscription.observerObjectID, let label = try reader.object(observer)?.label {
                if !chain.contains(label) { chain.append(label) }
            }
            let builtAt = try subscription.observableObjectID.flatMap { try reader.object($0)?.assembly }
            open.append(OpenSubscription(subscription: subscription, builtAt: builtAt, chain: chain, alive: alive))
        }

        var groups: [LiveObjectGroup] = []
        for object in live {
            let place = try title(ofFlowCreating: object)
            if let index = groups.firstIndex(where: { $0.typeName == object.typeName }) {
                groups[index].objectIDs.append(object.id)
                if !groups[index].createdIn.contains(place) { groups[index].createdIn.append(place) }
            } else {
                groups.append(LiveObjectGroup(typeName: object.typeName, objectIDs: [object.id], createdIn: [place]))
            }
        }
        return LeakReport(
            resourcesTotalStart: reader.run.resourcesTotalStart,
            resourcesTotalEnd: reader.run.resourcesTotalEnd,
            openSubscriptions: open,
            liveObjects: groups
        )
    }
}
