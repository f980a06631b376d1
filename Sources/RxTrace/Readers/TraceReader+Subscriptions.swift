extension TraceReader {
    // MARK: - Subscriptions

    /// Every user-made subscription, in order of subscribe.
    public func subscriptions() throws -> [SubscriptionRecord] {
        try records(Self.subscriptionQuery + " ORDER BY subscription.id", SubscriptionRecord.init(row:))
    }

    /// The subscriptions that were neither disposed nor terminated, in order of subscribe.
    public func openSubscriptions() throws -> [SubscriptionRecord] {
        try records(
            Self.subscriptionQuery + " WHERE subscription.end_kind IS NULL ORDER BY subscription.id",
            SubscriptionRecord.init(row:)
        )
    }

    /// The subscription with `id`, or `nil`.
    public func subscription(_ id: Int64) throws -> SubscriptionRecord? {
        try cachedRecords(
            Self.subscriptionQuery + " WHERE subscription.id = ?", [.integer(id)], SubscriptionRecord.init(row:)
        ).first
    }

    /// The innermost user subscription whose `subscribe` was running on the thread when call
    /// `call` ran (the nearest caller that started one), if any.
    public func innermostSubscription(enclosing call: Int64) throws -> SubscriptionRecord? {
        try cachedRecords(
            """
            WITH RECURSIVE up(id, parent_id) AS (
                SELECT id, parent_id FROM call WHERE id = ?
                UNION
                SELECT call.id, call.parent_id FROM call JOIN up ON call.id = up.parent_id
            )
            \(Self.subscriptionQuery)
            WHERE subscription.call_id IN (SELECT id FROM up)
            ORDER BY subscription.call_id DESC, subscription.id DESC LIMIT 1
            """,
            [.integer(call)], SubscriptionRecord.init(row:)
        ).first
    }

    /// The subscriptions whose observer is `observer`, in order of subscribe.
    public func subscriptions(observedBy observer: Int64) throws -> [SubscriptionRecord] {
        try database.rows(
            Self.subscriptionQuery + " WHERE subscription.observer_object_id = ? ORDER BY subscription.id",
            [.integer(observer)]
        ).map(SubscriptionRecord.init(row:))
    }

    /// The subscription whose `subscribe` is call `call`, if any.
    public func subscription(startedBy call: Int64) throws -> SubscriptionRecord? {
        try records(
            Self.subscriptionQuery + " WHERE subscription.call_id = ? ORDER BY subscription.id", [.integer(call)],
            SubscriptionRecord.init(row:)
        ).first
    }

    /// The tags of every object in `subscription`'s chain, in order of tagging, each once.
    public func tags(ofChain subscription: SubscriptionRecord) throws -> [String] {
        guard features.isTagged else { return [] }
        let chain = try chainObjects(of: subscription)
        let byObject = try tags(of: chain)
        var tags: [String] = []
        for object in chain.reversed() {
            for tag in byObject[object] ?? [] where !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// The objects of `subscription`'s chain, by ``SubscriptionChain``'s rule: what its
    /// `subscribe` subscribed through and created, read from the calls under its subscribe call.
    public func chain(of subscription: SubscriptionRecord) throws -> SubscriptionChain {
        guard let call = subscription.callID else {
            return SubscriptionChain(subscription: subscription, steps: [], created: [])
        }
        let steps = try callTree(under: call)
        return SubscriptionChain(
            subscription: subscription, steps: steps, created: try objects(createdBy: steps.map(\.id)))
    }

    /// The objects a subscription subscribed through and the observable it subscribed to, each
    /// once: ``SubscriptionChain/objects`` without what its `subscribe` created.
    public func chainObjects(of subscription: SubscriptionRecord) throws -> [Int64] {
        guard let call = subscription.callID else {
            return SubscriptionChain(subscription: subscription, steps: [], created: []).objects
        }
        return SubscriptionChain(subscription: subscription, steps: try callTree(under: call), created: []).objects
    }
}
