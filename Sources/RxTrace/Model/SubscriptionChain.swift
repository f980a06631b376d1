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

    /// A chain with every part given.
    public init(observable: Int64?, subscribedThrough: [Int64], observer: Int64?, created: [Int64]) {
        self.observable = observable
        self.subscribedThrough = subscribedThrough
        self.observer = observer
        self.created = created
    }

    /// The chain of `subscription` from `steps`, the calls its `subscribe` ran (the tree under
    /// its subscribe call), and `created`, the objects those calls created.
    public init(subscription: SubscriptionRecord, steps: [CallRecord], created: [ObjectRecord]) {
        self.init(
            observable: subscription.observableObjectID,
            subscribedThrough: steps.filter { Self.isLink(stepName: $0.name) }.compactMap(\.objectID),
            observer: subscription.observerObjectID,
            created: created.map(\.id)
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
