extension TraceReader {
    // MARK: - Causes

    /// The call causes, as the `call_cause` view defines them, run as a subquery of the
    /// reader's own: the file's view may have been replaced.
    static let callCause = "(\(TraceSchema.callCauseQuery)) AS call_cause"

    /// Why event `id` happened: the `event_cause` rows of it, the step that delivered it first
    /// and its root last; empty when the event is unknown or was delivered at top level.
    ///
    /// - Throws: ``ReportError/needsNewerTrace(_:)`` for a trace written before the view.
    public func causes(ofEvent id: Int64) throws -> [CauseStep] {
        guard features.hasCauseViews else { throw ReportError.needsNewerTrace("`rxtrace why`") }
        return try database.rows(
            TraceSchema.eventCauseQuery(events: "event.id = ?", callCause: Self.callCause) + " ORDER BY step",
            [.integer(id)]
        ).map(CauseStep.init(row:))
    }

    /// The chain of causes of call `id` (itself first, its root last), through the
    /// `call_cause` view: callers, and across threads the steps that queued scheduled work.
    ///
    /// - Throws: ``ReportError/needsNewerTrace(_:)`` for a trace written before the view.
    public func causes(ofCall id: Int64) throws -> [CauseStep] {
        guard features.hasCauseViews else { throw ReportError.needsNewerTrace("reading causes") }
        return try database.rows(
            """
            WITH RECURSIVE chain(step, call_id, via) AS (
                SELECT 0, ?, NULL
                UNION ALL
                SELECT chain.step + 1, call_cause.cause_call_id, call_cause.via
                FROM chain JOIN \(Self.callCause) ON call_cause.call_id = chain.call_id
                WHERE call_cause.cause_call_id IS NOT NULL AND chain.step < 100000
                LIMIT \(TraceSchema.causeChainRowLimit)
            )
            SELECT chain.step, chain.via, call_flow.*, NULL AS hop_event_id
            FROM chain JOIN \(Self.callFlow) ON call_flow.id = chain.call_id
            ORDER BY chain.step
            """,
            [.integer(id)]
        ).map(CauseStep.init(row:))
    }
}
