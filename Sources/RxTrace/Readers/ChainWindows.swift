/// Hands over many subscriptions' chains one by one, reading them a window at a time: each
/// window's subscribe call trees, the objects those calls created, the chains' objects and their
/// tags in a few queries (``TraceReader/chainCalls(under:limit:steps:)`` and its neighbours), where one
/// subscription at a time took a dozen. Each chain is what ``TraceReader/chain(of:)`` reads, and
/// its tags what ``TraceReader/tags(ofChain:)`` reads.
///
/// Only one window is held at a time, so the leak report of a trace with a million open
/// subscriptions reads them in bounded steps.
struct ChainWindows {
    /// How many subscriptions one window reads.
    static let windowSize = 256

    /// One subscription's chain, with what a finding needs of it.
    struct Element {
        /// The subscription.
        var subscription: SubscriptionRecord
        /// Its chain, as ``TraceReader/chain(of:)`` reads it.
        var chain: SubscriptionChain
        /// Its chain's tags, as ``TraceReader/tags(ofChain:)`` reads them.
        var tags: [String]
        /// The objects of the window's chains and the observables subscribed to, by id. An
        /// element that is neither a link of the window's chains nor an observable subscribed to
        /// and is alive at the end (an observer, mostly) holds its id and type only, taken from
        /// the live objects' index when the windows are given one: what a finding reads of it.
        var objects: [Int64: ObjectRecord]
    }

    private let reader: TraceReader
    /// What each step does for a chain, looked up once per step for every window.
    private let steps: TraceReader.ChainStepKinds
    private let subscriptions: [SubscriptionRecord]
    /// The objects alive at the end, whose type names stand in for reading the elements that
    /// are no links; `nil` reads every element.
    private let liveObjects: LiveObjectIndex?
    private var nextIndex = 0
    /// The current window's chains not handed over yet, the next one last.
    private var pending: [(subscription: SubscriptionRecord, chain: SubscriptionChain, tags: [String])] = []
    /// The current window's objects.
    private var objects: [Int64: ObjectRecord] = [:]

    /// The chains of `subscriptions`, read from `reader`, in the order given; `steps` holds
    /// what the steps met so far do for a chain, and may be shared by the windows of one report.
    /// With `liveObjects`, the elements alive at the end that are no links are not read: their
    /// types come from the index (``Element/objects``).
    init(
        reader: TraceReader, subscriptions: [SubscriptionRecord],
        steps: TraceReader.ChainStepKinds = TraceReader.ChainStepKinds(), liveObjects: LiveObjectIndex? = nil
    ) {
        self.reader = reader
        self.subscriptions = subscriptions
        self.steps = steps
        self.liveObjects = liveObjects
    }

    /// The next subscription's chain, or `nil` after the last.
    mutating func next() throws -> Element? {
        if pending.isEmpty {
            guard nextIndex < subscriptions.count else { return nil }
            try readWindow()
        }
        guard let next = pending.popLast() else { return nil }
        return Element(subscription: next.subscription, chain: next.chain, tags: next.tags, objects: objects)
    }

    private mutating func readWindow() throws {
        let window = subscriptions[nextIndex..<min(nextIndex + Self.windowSize, subscriptions.count)]
        nextIndex += window.count
        // Each call as a few integers (ChainCall), read in place.
        let trees = try reader.chainCalls(
            under: window.compactMap(\.callID), limit: FlowBuilder.defaultCallLimit, steps: steps)
        // Only which call created which object: a chain reads no more of them. The window's
        // calls and the objects they made, each in order of call, looked up by binary search:
        // a table of each call's objects gave each call an array of its own.
        // Each tree's calls come in id order, and the trees of subscribes made one after the
        // other follow each other: most windows' calls are in order as they are gathered.
        var windowCalls: [Int64] = []
        var isInOrder = true
        for root in (trees ?? [:]).keys.sorted() {
            for call in trees?[root] ?? [] {
                if let last = windowCalls.last, last >= call.id { isInOrder = false }
                windowCalls.append(call.id)
            }
        }
        if !isInOrder { windowCalls = Self.withoutRepeats(windowCalls.sorted()) }
        let creators = try reader.creators(ofObjectsCreatedByWindowCalls: windowCalls)
        // Objects made one after the other by calls made one after the other are in call order already.
        let isInCallOrder = zip(creators, creators.dropFirst()).allSatisfy {
            ($0.callID, $0.id) < ($1.callID, $1.id)
        }
        let createdInCallOrder = isInCallOrder ? creators : creators.sorted { ($0.callID, $0.id) < ($1.callID, $1.id) }
        var chains: [(subscription: SubscriptionRecord, chain: SubscriptionChain)] = []
        // Kept between subscriptions, so that each does not allocate its own.
        var createdBy: [(id: Int64, callID: Int64)] = []
        for subscription in window {
            let chain: SubscriptionChain
            if let trees {
                let calls = subscription.callID.flatMap { trees[$0] } ?? []
                createdBy.removeAll(keepingCapacity: true)
                for call in calls {
                    var index = Self.firstIndex(in: createdInCallOrder, ofCall: call.id)
                    while index < createdInCallOrder.count, createdInCallOrder[index].callID == call.id {
                        createdBy.append(createdInCallOrder[index])
                        index += 1
                    }
                }
                if createdBy.count > 1 { createdBy.sort { $0.id < $1.id } }
                chain = SubscriptionChain(subscription: subscription, calls: calls, createdBy: createdBy)
            } else {
                // Trees too large for one window's query are read one at a time.
                let steps =
                    try subscription.callID.map { try reader.callTree(under: $0, limit: FlowBuilder.defaultCallLimit) }
                    ?? []
                chain = SubscriptionChain(
                    subscription: subscription, steps: steps, created: try reader.objects(createdBy: steps.map(\.id)))
            }
            chains.append((subscription, chain))
        }
        let tagsOfObject =
            reader.features.isTagged ? try reader.tags(of: Array(Set(chains.flatMap(\.chain.objects)))) : [:]
        objects = try objects(of: chains)
        // An untagged trace's chains have no tags: none are looked for.
        pending = chains.reversed().map { subscription, chain in
            (
                subscription, chain,
                tagsOfObject.isEmpty
                    ? [] : LeakRules.chainTags(subscribedThrough: chain.objects) { tagsOfObject[$0] ?? [] }
            )
        }
    }

    /// `sorted` with each run of one value kept once.
    private static func withoutRepeats(_ sorted: [Int64]) -> [Int64] {
        var kept: [Int64] = []
        kept.reserveCapacity(sorted.count)
        for value in sorted where kept.last != value { kept.append(value) }
        return kept
    }

    /// The index in `created` (in order of call) of the first object made by `call`, or where
    /// it would be.
    private static func firstIndex(in created: [(id: Int64, callID: Int64)], ofCall call: Int64) -> Int {
        var low = 0
        var high = created.count
        while low < high {
            let middle = (low + high) / 2
            if created[middle].callID < call { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The objects of `chains`' elements and the observables they subscribed to, by id: each
    /// link and observable read with its build site (``TraceReader/objects(withIDs:)``); each
    /// other element alive at the end, an observer mostly, made from ``liveObjects``' type
    /// name without a lookup, as the findings label it by its type and id alone.
    private func objects(
        of chains: [(subscription: SubscriptionRecord, chain: SubscriptionChain)]
    ) throws -> [Int64: ObjectRecord] {
        // A chain's elements are what it subscribed through, then its observer.
        var links: Set<Int64> = []
        for index in chains.indices {
            links.formUnion(chains[index].chain.subscribedThrough)
            if let observable = chains[index].subscription.observableObjectID { links.insert(observable) }
        }
        var objects: [Int64: ObjectRecord] = [:]
        var read = Array(links)
        for index in chains.indices {
            guard let observer = chains[index].chain.observer, !links.contains(observer), objects[observer] == nil
            else { continue }
            if let typeName = liveObjects?.typeName(of: observer) {
                objects[observer] = ObjectRecord(
                    id: observer, typeName: typeName, startNanoseconds: 0, endNanoseconds: nil, callID: nil)
            } else {
                read.append(observer)
            }
        }
        return objects.merging(try reader.objects(withIDs: read)) { _, record in record }
    }
}
