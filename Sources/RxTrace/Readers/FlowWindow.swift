/// What a window of consecutive flows is built from, read for all of them at once: the first
/// calls of each top-level call's tree and the objects those calls created, in two queries
/// (``TraceReader/flowCallTrees(under:limit:names:)``, ``TraceReader/objects(createdByWindowCalls:)``) where one
/// flow at a time took two each. ``FlowBuilder/forEachFlow(limit:tag:foldingBookkeeping:_:)``
/// holds one window at a time.
///
/// A window whose trees are too large for one query, or that a damaged trace makes fail, holds
/// nothing: its flows are then read one by one, as before, and fail as they did.
struct FlowWindow {
    /// How many flows one window reads.
    static let size = 256

    /// The first `callLimit + 1` calls of each root's tree, by root; `nil` when not read.
    private let trees: [Int64: [FlowCall]]?
    /// The objects the trees' calls created, by the call that created them, in order of creation.
    private let createdByCall: [Int64: [ObjectRecord]]
    /// The subscriptions the flows started, by id; `nil` when not read.
    private let subscriptions: [Int64: SubscriptionRecord]?

    /// The trees of `roots` and what their calls created, read from `reader`: the first
    /// `callLimit + 1` calls of each, so that a flow knows it has more than `callLimit`; the
    /// names of their steps and types from `names`; and the subscriptions `subscriptionIDs`
    /// the flows started.
    init(
        reader: TraceReader, roots: [CallRecord], subscriptionIDs: [Int64], callLimit: Int,
        names: TraceReader.FlowCallNames
    ) {
        guard roots.count > 1,
            let trees = try? reader.flowCallTrees(under: roots.map(\.id), limit: callLimit + 1, names: names),
            let created = try? reader.objects(createdByWindowCalls: Set(trees.values.joined().map(\.id))),
            let subscriptions = try? reader.subscriptions(withIDs: subscriptionIDs)
        else {
            self.trees = nil
            self.createdByCall = [:]
            self.subscriptions = nil
            return
        }
        var createdByCall: [Int64: [ObjectRecord]] = [:]
        for object in created {
            if let call = object.callID { createdByCall[call, default: []].append(object) }
        }
        self.trees = trees
        self.createdByCall = createdByCall
        self.subscriptions = subscriptions
    }

    /// Subscription `id`, as ``TraceReader/subscription(_:)`` reads it; `.none` when the window
    /// did not read it.
    func subscription(_ id: Int64) -> SubscriptionRecord?? {
        subscriptions.map { $0[id] }
    }

    /// The first calls of the tree under `root`, as ``TraceReader/callTree(under:limit:)`` reads
    /// them; `nil` when the window did not read them.
    func calls(under root: Int64) -> [FlowCall]? {
        trees.map { $0[root] ?? [] }
    }

    /// The objects `calls` created, in order of creation, as ``TraceReader/objects(createdBy:)``
    /// reads them; `nil` when the window did not read them.
    func objects(createdBy calls: [FlowCall]) -> [ObjectRecord]? {
        guard trees != nil else { return nil }
        return calls.flatMap { createdByCall[$0.id] ?? [] }.sorted { $0.id < $1.id }
    }
}
