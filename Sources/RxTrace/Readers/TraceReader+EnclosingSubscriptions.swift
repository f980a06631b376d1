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
