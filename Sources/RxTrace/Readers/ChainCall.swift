/// What a ``SubscriptionChain`` reads of one call of a subscribe's tree: its id, its parent,
/// its object and what its step does for a chain, as a few integers.
///
/// ``ChainWindows`` reads a million subscribes' trees as these (``TraceReader/chainCalls(under:limit:steps:)``),
/// each step's name looked at once per step (``ChainStepKinds``) instead of a `CallRecord` with
/// its name for every call.
struct ChainCall: Equatable {
    /// What a call's step does for a chain, all a chain asks of the step's name.
    enum Kind: Equatable {
        /// A link: the step by which a `subscribe` reaches the next element
        /// (``SubscriptionChain/isLink(stepName:)``).
        case link
        /// A sink's event step (`SwitchSink.on`, `MergeSink.on`): its name ends in `.on`.
        case event
        /// Any other step.
        case other

        /// The kind of a step named `stepName`.
        init(stepName: String) {
            if SubscriptionChain.isLink(stepName: stepName) {
                self = .link
            } else if stepName.hasSuffix(".on") {
                self = .event
            } else {
                self = .other
            }
        }
    }

    /// The call's id.
    var id: Int64
    /// The call it was made from, if any.
    var parentID: Int64?
    /// The object it ran on, if any.
    var objectID: Int64?
    /// What its step does for a chain.
    var kind: Kind

    /// A call with every part given.
    init(id: Int64, parentID: Int64?, objectID: Int64?, kind: Kind) {
        self.id = id
        self.parentID = parentID
        self.objectID = objectID
        self.kind = kind
    }

    /// What a chain reads of `call`.
    init(_ call: CallRecord) {
        self.init(id: call.id, parentID: call.parentID, objectID: call.objectID, kind: Kind(stepName: call.name))
    }
}
