/// The objects a subscription's chain holds: the observable it subscribed to, the objects its
/// `subscribe` subscribed through, its observer, and what that `subscribe` created.
///
/// One rule for every reader of a chain (leaks, flows, tags, diagrams, `diff`): a chain's links
/// are the objects of the `subscribeSafe` steps its `subscribe` ran, in the order it reached
/// them, downstream first. RxTesting's live leak checks collect the same links from the same
/// steps as they happen; both order them for people with ``LeakRules/chain(subscribedThrough:observer:)``.
public struct SubscriptionChain: Equatable, Sendable {
    /// The name of the step by which a `subscribe` reaches the next element of its chain.
    public static let linkStepName: StaticString = "subscribeSafe"

    /// The observable subscribed to, if it is traced.
    public var observable: Int64?
    /// The objects subscribed through, in the order the `subscribe` reached them (downstream
    /// first); an object reached twice is listed twice.
    public var subscribedThrough: [Int64]
    /// The observer receiving the events, if it is traced.
    public var observer: Int64?
    /// The objects created while the `subscribe` ran, in order of creation.
    public var created: [Int64]
    /// The operator each inner subscription's objects belong to: an object subscribed through
    /// while that operator's sink handled an event (the observable `flatMap` or `flatMapLatest`
    /// returned for an element) is an inner subscription's, not a link of the chain's own.
    public var innerOf: [Int64: Int64] = [:]

    /// A chain with every part given.
    public init(
        observable: Int64?, subscribedThrough: [Int64], observer: Int64?, created: [Int64],
        innerOf: [Int64: Int64] = [:]
    ) {
        self.observable = observable
        self.subscribedThrough = subscribedThrough
        self.observer = observer
        self.created = created
        self.innerOf = innerOf
    }

    /// The chain of `subscription` from `steps`, the calls its `subscribe` ran (the tree under
    /// its subscribe call), and `created`, the objects those calls created.
    ///
    /// A link reached under a sink's event step (`SwitchSink.on`, `MergeSink.on`), before any
    /// link above it, is an inner subscription of the operator whose step made that sink: the
    /// source sent an element while it was being subscribed, and the operator subscribed the
    /// observable its closure returned. A link reached under an inner link is inner too.
    public init(subscription: SubscriptionRecord, steps: [CallRecord], created: [ObjectRecord]) {
        self.init(
            subscription: subscription, steps: steps,
            createdBy: created.compactMap { object in object.callID.map { (object.id, $0) } },
            created: created.map(\.id))
    }

    /// The chain of ``init(subscription:steps:created:)`` from the ids of the objects the
    /// calls created, in order of creation, each with the call that created it: all that the
    /// chain reads of them.
    init(subscription: SubscriptionRecord, steps: [CallRecord], createdBy makers: [(id: Int64, callID: Int64)]) {
        self.init(subscription: subscription, calls: steps.map(ChainCall.init), createdBy: makers)
    }

    /// The chain of ``init(subscription:steps:created:)`` from what it reads of the calls
    /// (``ChainCall``) and the ids of the objects they created, in order of creation, each with
    /// the call that created it.
    init(subscription: SubscriptionRecord, calls: [ChainCall], createdBy makers: [(id: Int64, callID: Int64)]) {
        self.init(subscription: subscription, calls: calls, createdBy: makers, created: makers.map(\.id))
    }

    private init(
        subscription: SubscriptionRecord, steps: [CallRecord], createdBy makers: [(id: Int64, callID: Int64)],
        created: [Int64]
    ) {
        self.init(subscription: subscription, calls: steps.map(ChainCall.init), createdBy: makers, created: created)
    }

    private init(
        subscription: SubscriptionRecord, calls: [ChainCall], createdBy makers: [(id: Int64, callID: Int64)],
        created: [Int64]
    ) {
        let subscribedThrough = calls.compactMap { $0.kind == .link ? $0.objectID : nil }
        // A subscribe's tree is a handful of calls: looked up by a scan, each id's first, as a
        // table keeping each id's first would; a large tree through a table.
        let isSmall = calls.count <= 32 && makers.count <= 32
        let indexOfCall =
            isSmall
            ? [:] : Dictionary(calls.indices.map { (calls[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        func lookUpCall(_ id: Int64) -> ChainCall? {
            isSmall ? calls.first { $0.id == id } : indexOfCall[id].map { calls[$0] }
        }
        let makerOfObject = isSmall ? [:] : Dictionary(makers, uniquingKeysWith: { first, _ in first })
        func maker(of object: Int64) -> Int64? {
            isSmall ? makers.first { $0.id == object }?.callID : makerOfObject[object]
        }
        let chainObjects = isSmall ? [] : Set(subscribedThrough)
        func isInChain(_ object: Int64) -> Bool {
            isSmall ? subscribedThrough.contains(object) : chainObjects.contains(object)
        }
        var innerOf: [Int64: Int64] = [:]
        // An object reached twice is placed where it was first reached.
        var placed: [Int64] = []
        var placedSet: Set<Int64> = []
        func place(_ object: Int64) -> Bool {
            guard isSmall else { return placedSet.insert(object).inserted }
            guard !placed.contains(object) else { return false }
            placed.append(object)
            return true
        }
        for link in calls where link.kind == .link {
            guard let object = link.objectID, place(object) else { continue }
            var parent = link.parentID
            // Bounded by the tree's size: a damaged trace's loop of parents ends the walk.
            var walked = 0
            while let id = parent, let call = lookUpCall(id), walked < calls.count {
                walked += 1
                if call.kind == .link {
                    // Subscribed through by an inner subscription's link: its source, inner too.
                    if let above = call.objectID, let owner = innerOf[above], owner != object {
                        innerOf[object] = owner
                    }
                    break
                }
                if call.kind == .event, let sink = call.objectID, let maker = maker(of: sink),
                    let owner = lookUpCall(maker)?.objectID,
                    isInChain(owner), owner != object
                {
                    innerOf[object] = innerOf[owner] == nil ? owner : innerOf[owner]
                    break
                }
                parent = call.parentID
            }
        }
        self.init(
            observable: subscription.observableObjectID,
            subscribedThrough: subscribedThrough,
            observer: subscription.observerObjectID,
            created: created,
            innerOf: innerOf
        )
    }

    /// Whether a step named `stepName` reaches a chain's next element.
    public static func isLink(stepName: String) -> Bool {
        stepName == linkStepName.description
    }

    /// The chain for people, source first: each object subscribed through, upstream first and
    /// once, then the observer unless it was subscribed through.
    public var elements: [Int64] {
        LeakRules.chain(subscribedThrough: subscribedThrough, observer: observer)
    }

    /// ``elements`` without the inner subscriptions' objects: the chain's own line, from its
    /// source to its observer.
    public var outerElements: [Int64] {
        LeakRules.chain(subscribedThrough: subscribedThrough.filter { innerOf[$0] == nil }, observer: observer)
    }

    /// The inner subscriptions' objects under each operator of ``outerElements`` that has
    /// some, upstream first and once, in the order of the chain.
    public var innerElements: [(operator: Int64, elements: [Int64])] {
        outerElements.compactMap { owner in
            let inner = subscribedThrough.filter { innerOf[$0] == owner }
            return inner.isEmpty ? nil : (owner, LeakRules.chain(subscribedThrough: inner, observer: nil))
        }
    }

    /// Every object of the chain except the observer, each once: the observable, then the
    /// objects subscribed through, downstream first.
    public var objects: [Int64] {
        var objects: [Int64] = []
        for object in [observable].compactMap({ $0 }) + subscribedThrough where !objects.contains(object) {
            objects.append(object)
        }
        return objects
    }

    /// What the subscription keeps alive, by ``LeakRules/keptAlive(subscribedThrough:created:aliveLabel:)``:
    /// of the objects subscribed through and those created, the ones `aliveLabel` names.
    public func keptAlive(aliveLabel: (Int64) throws -> String?) rethrows -> [String] {
        try LeakRules.keptAlive(subscribedThrough: subscribedThrough, created: created, aliveLabel: aliveLabel)
    }
}
