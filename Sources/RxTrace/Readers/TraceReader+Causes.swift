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
                UNION
                SELECT chain.step + 1, call_cause.cause_call_id, call_cause.via
                FROM chain JOIN \(Self.callCause) ON call_cause.call_id = chain.call_id
                WHERE \(TraceSchema.causeStepCondition)
            )
            SELECT chain.step, chain.via, call_flow.*, NULL AS hop_event_id
            FROM chain JOIN \(Self.callFlow) ON call_flow.id = chain.call_id
            ORDER BY chain.step
            """,
            [.integer(id)]
        ).map(CauseStep.init(row:))
    }
}

extension TraceReader {
    // MARK: - Causes without call records

    /// Why event `id` happened in a trace recorded without calls (`RXTRACE_DETAIL=events`):
    /// the events it followed, itself first and the first event of its chain last, each the
    /// cause ``eventCause(of:)`` names. Empty when the trace has no such event.
    public func eventCauses(ofEvent id: Int64) throws -> [EventHop] {
        var chain: [EventHop] = []
        var next: Int64? = id
        // Each cause was delivered before the event it explains: the ids fall, so the walk ends.
        while let current = next, let hop = try eventHop(current) {
            chain.append(hop)
            next = try eventCause(of: current).flatMap { $0 < current ? $0 : nil }
        }
        return chain
    }

    /// The event that caused event `id`, read from the events alone: what its sender received
    /// last before it on the same thread (an operator forwards what it receives), or, when its
    /// sender is an operator's sink (it receives events too), the event just before it on that
    /// thread if that went to an inner observer, one that never sends itself but forwards
    /// through its operator's sink (a `flatMap` inner, a `combineLatest` source); failing both, across threads (a scheduler's hop), the last event its sender
    /// received anywhere, one with the same kind and value first. `nil` for the first event of
    /// a chain: the sender received nothing before it (a subject user code sent to, `just`).
    public func eventCause(of id: Int64) throws -> Int64? {
        let onItsThread = try database.scalar(
            """
            SELECT cause.id FROM event AS explained JOIN event AS cause
            ON cause.id < explained.id AND cause.thread_id = explained.thread_id
            WHERE explained.id = ?1 AND (
                cause.observer_object_id = explained.source_object_id
                OR (
                    cause.id = (
                        SELECT previous.id FROM event AS previous
                        WHERE previous.id < explained.id AND previous.thread_id = explained.thread_id
                        ORDER BY previous.id DESC LIMIT 1
                    )
                    AND cause.observer_object_id IS NOT explained.observer_object_id
                    AND cause.source_object_id IS NOT explained.source_object_id
                    AND NOT EXISTS (SELECT 1 FROM event AS sent WHERE sent.source_object_id = cause.observer_object_id)
                    AND EXISTS (SELECT 1 FROM event AS received WHERE received.observer_object_id = explained.source_object_id)
                )
            )
            ORDER BY cause.id DESC LIMIT 1
            """,
            [.integer(id)]
        )?.integer
        if let onItsThread { return onItsThread }
        return try database.scalar(
            """
            SELECT cause.id FROM event AS explained JOIN event AS cause
            ON cause.id < explained.id AND cause.observer_object_id = explained.source_object_id
            WHERE explained.id = ?1
            ORDER BY (cause.kind = explained.kind AND cause.value IS explained.value) DESC, cause.id DESC LIMIT 1
            """,
            [.integer(id)]
        )?.integer
    }

    /// Event `id` with the name of its thread, or `nil` when the trace has no such event.
    private func eventHop(_ id: Int64) throws -> EventHop? {
        try database.rows(
            "SELECT event.*, thread.name AS thread_name FROM event LEFT JOIN thread ON thread.id = event.thread_id WHERE event.id = ?",
            [.integer(id)]
        ).first.map { row in
            EventHop(event: EventRecord(row: row), threadName: row.traceText("thread_name") ?? "?")
        }
    }
}
