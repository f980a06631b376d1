/// The chains of the open subscriptions of a run or of one scope, a page at a time, in order
/// of subscribe: each page of open subscriptions read (``TraceReader/openSubscriptions(after:limit:)``),
/// those still open kept (an observer released ends a subscription no recorder could end,
/// ``SubscriptionRecord/isStillOpen(isObserverAlive:)``), and their chains read as one window
/// (``ChainWindows``).
///
/// What ``LeakFinder`` builds its findings from, read on its own thread or ahead of it on
/// another (``ChainPagesReadAhead``).
struct OpenChainPages {
    private let reader: TraceReader
    private let liveObjects: LiveObjectIndex
    private let scope: Int64?
    /// What each step does for a chain, shared by the pages of one reader.
    private let steps = TraceReader.ChainStepKinds()
    /// The id of the last subscription read.
    private(set) var lastRead: Int64
    /// Whether the last page read held as many subscriptions as a page holds: more may follow.
    private(set) var wasLastPageFull = false

    /// The pages of `reader`'s open subscriptions after subscription `lastRead`, of `scope`
    /// when given, whose observers are alive when `liveObjects` holds them.
    init(reader: TraceReader, liveObjects: LiveObjectIndex, scope: Int64?, after lastRead: Int64 = .min) {
        self.reader = reader
        self.liveObjects = liveObjects
        self.scope = scope
        self.lastRead = lastRead
    }

    /// The next page's chains (none when none of its subscriptions is still open), or `nil`
    /// after the last page.
    mutating func next() throws -> [ChainWindows.Element]? {
        let page = try reader.openSubscriptions(after: lastRead, limit: ChainWindows.windowSize)
        guard let last = page.last else { return nil }
        lastRead = last.id
        wasLastPageFull = page.count == ChainWindows.windowSize
        return try chains(of: page)
    }

    /// The id that ends the page after subscription `after` (``TraceReader/lastOpenSubscription(after:limit:)``),
    /// or `nil` when that page is the last and runs to the end.
    func lastOfPage(after: Int64) throws -> Int64? {
        try reader.lastOpenSubscription(after: after, limit: ChainWindows.windowSize)
    }

    /// The chains of the page of open subscriptions after `after` through `through`, as
    /// ``next()`` reads the page that ends there; `nil` when the page holds no subscription.
    func page(after: Int64, through: Int64) throws -> [ChainWindows.Element]? {
        let page = try reader.openSubscriptions(after: after, through: through)
        return page.isEmpty ? nil : try chains(of: page)
    }

    /// The chains of `page`'s subscriptions that are still open.
    private func chains(of page: [SubscriptionRecord]) throws -> [ChainWindows.Element] {
        let stillOpen = page.filter { subscription in
            guard scope == nil || subscription.scopeID == scope else { return false }
            let isObserverAlive = subscription.observerObjectID.map { liveObjects.contains($0) } ?? true
            return subscription.isStillOpen(isObserverAlive: isObserverAlive)
        }
        var windows = ChainWindows(reader: reader, subscriptions: stillOpen, steps: steps, liveObjects: liveObjects)
        var elements: [ChainWindows.Element] = []
        elements.reserveCapacity(stillOpen.count)
        while let element = try windows.next() { elements.append(element) }
        return elements
    }
}
