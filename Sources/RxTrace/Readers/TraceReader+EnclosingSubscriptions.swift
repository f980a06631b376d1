extension TraceReader {
    // MARK: - One call and the subscription it started

    /// What ``EnclosingSubscriptionSites`` reads of one call: its parent, and the latest user
    /// subscription it started (the rows ``innermostSubscriptionSites(enclosing:)`` reads, a
    /// subscription on a thread the trace lacks left out), by the primary key and the
    /// `subscription_call` index.
    static let callAndStartedSubscriptionQuery = """
        SELECT call.parent_id, subscription.id, subscription.file, subscription.line
        FROM call LEFT JOIN subscription ON subscription.call_id = call.id
            AND EXISTS (SELECT 1 FROM thread WHERE thread.id = subscription.thread_id)
        WHERE call.id = ?1
        ORDER BY subscription.id DESC LIMIT 1
        """

    /// The compiled ``callAndStartedSubscriptionQuery``, for a caller that looks up many calls
    /// (``callAndStartedSubscription(_:sites:reading:)``) and keeps it.
    func callAndStartedSubscriptionStatement() throws -> Statement {
        try database.compiled(Self.callAndStartedSubscriptionQuery)
    }

    /// Call `id`'s parent and the latest subscription it started, read in place with
    /// `statement` (``callAndStartedSubscriptionStatement()``): `nil` when the trace has no
    /// call `id`.
    func callAndStartedSubscription(
        _ id: Int64, sites: inout EnclosingSubscriptionSites.SiteTexts, reading statement: Statement
    ) throws -> (parentID: Int64?, started: EnclosingSubscriptionSites.Started?)? {
        defer { statement.reset() }
        statement.bind(id, at: 1)
        guard try statement.advance() else { return nil }
        let started = statement.integer(at: 1).map { subscription in
            EnclosingSubscriptionSites.Started(
                callID: id, subscriptionID: subscription,
                site: sites.text(
                    file: sites.files.text(at: 2, of: statement, repeatedIn: 0) ?? "",
                    line: Int(statement.integer(at: 3) ?? 0)))
        }
        return (statement.integer(at: 0), started)
    }
}

extension TraceReader {
    // MARK: - A range of calls and the subscriptions they started

    /// Calls `low` through `high`, each with its parent and the latest user subscription it
    /// started (``callAndStartedSubscription(_:sites:reading:)``'s answer for each), in id
    /// order: the calls in one pass over that range of the table, and the subscriptions in one
    /// range of the `subscription_call` index, instead of two lookups per call.
    func callsAndStartedSubscriptions(
        from low: Int64, through high: Int64, sites: inout EnclosingSubscriptionSites.SiteTexts
    ) throws -> [(id: Int64, parentID: Int64?, started: EnclosingSubscriptionSites.Started?)] {
        guard low <= high else { return [] }
        var calls: [(id: Int64, parentID: Int64?, started: EnclosingSubscriptionSites.Started?)] = []
        let callRows = try database.compiled("SELECT id, parent_id FROM call WHERE id BETWEEN ?1 AND ?2 ORDER BY id")
        do {
            defer { callRows.reset() }
            callRows.bind(low, at: 1)
            callRows.bind(high, at: 2)
            while try callRows.advance() {
                calls.append((callRows.integer(at: 0) ?? 0, callRows.integer(at: 1), nil))
            }
        }
        // The columns of callAndStartedSubscriptionQuery at the same places; each call's rows
        // in increasing id, so its last is the latest it started.
        let started = try database.compiled(
            """
            SELECT subscription.call_id, subscription.id, subscription.file, subscription.line
            FROM subscription
            WHERE subscription.call_id BETWEEN ?1 AND ?2
                AND EXISTS (SELECT 1 FROM thread WHERE thread.id = subscription.thread_id)
            ORDER BY subscription.call_id, subscription.id
            """)
        defer { started.reset() }
        started.bind(low, at: 1)
        started.bind(high, at: 2)
        var index = 0
        while try started.advance() {
            guard let call = started.integer(at: 0), let subscription = started.integer(at: 1) else { continue }
            while index < calls.count, calls[index].id < call { index += 1 }
            guard index < calls.count, calls[index].id == call else { continue }
            calls[index].started = EnclosingSubscriptionSites.Started(
                callID: call, subscriptionID: subscription,
                site: sites.text(
                    file: sites.files.text(at: 2, of: started, repeatedIn: 0) ?? "",
                    line: Int(started.integer(at: 3) ?? 0)))
        }
        return calls
    }
}
