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
    /// The objects the trees' calls created, in order of the call that created them, and of
    /// creation among one call's.
    private let createdInCallOrder: [ObjectRecord]
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
            let created = try? reader.objects(createdByWindowCalls: Self.callIDsInOrder(of: roots, in: trees)),
            let subscriptions = try? reader.subscriptions(withIDs: subscriptionIDs)
        else {
            self.trees = nil
            self.createdInCallOrder = []
            self.subscriptions = nil
            return
        }
        self.trees = trees
        self.createdInCallOrder = created.filter { $0.callID != nil }.sorted {
            ($0.callID ?? 0, $0.id) < ($1.callID ?? 0, $1.id)
        }
        self.subscriptions = subscriptions
    }

    /// The ids of the calls of `trees`, in increasing order, each once: the trees taken in the
    /// order of their roots, which on one thread already gives that order, sorted only when not.
    private static func callIDsInOrder(of roots: [CallRecord], in trees: [Int64: [FlowCall]]) -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(trees.values.reduce(0) { $0 + $1.count })
        for root in roots {
            for call in trees[root.id] ?? [] { ids.append(call.id) }
        }
        guard !ids.indices.dropFirst().allSatisfy({ ids[$0 - 1] < ids[$0] }) else { return ids }
        ids.sort()
        var unique: [Int64] = []
        unique.reserveCapacity(ids.count)
        for id in ids where unique.last != id { unique.append(id) }
        return unique
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
        var objects: [ObjectRecord] = []
        if calls.indices.dropFirst().allSatisfy({ calls[$0 - 1].id < calls[$0].id }), let first = calls.first {
            // Calls in id order, as a window reads them: one walk along both lists, from the
            // first object a call of the flow may have created, where a lookup by each call's
            // id cost a hash for every call of the report.
            var object = firstCreated(byCallFrom: first.id)
            var call = 0
            while object < createdInCallOrder.count, call < calls.count {
                let creator = createdInCallOrder[object].callID ?? 0
                if calls[call].id < creator {
                    call += 1
                } else {
                    if calls[call].id == creator { objects.append(createdInCallOrder[object]) }
                    object += 1
                }
            }
        } else {
            for call in calls {
                var object = firstCreated(byCallFrom: call.id)
                while object < createdInCallOrder.count, createdInCallOrder[object].callID == call.id {
                    objects.append(createdInCallOrder[object])
                    object += 1
                }
            }
        }
        return objects.sorted { $0.id < $1.id }
    }

    /// The index in ``createdInCallOrder`` of the first object created by call `id` or a later one.
    private func firstCreated(byCallFrom id: Int64) -> Int {
        var low = 0
        var high = createdInCallOrder.count
        while low < high {
            let middle = (low + high) / 2
            if (createdInCallOrder[middle].callID ?? 0) < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
