import RxCore

extension TraceReader {
    // MARK: - Subscriptions read in place

    /// The subscriptions of `sql`, a ``subscriptionQuery`` with a condition, each read in
    /// place from the statement (``Statement/advance()``) as ``SubscriptionRecord/init(row:)``
    /// reads a row: its columns located by name once per statement, and a thread's, a type's
    /// or a file's name that repeats the row before's kept, not made again. For the pages of
    /// ``openSubscriptions(after:limit:)``, which a leak report of a million open
    /// subscriptions reads.
    func subscriptionsInPlace(_ sql: String, _ bindings: [SQLValue]) throws -> [SubscriptionRecord] {
        let statement = try database.compiled(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        var subscriptions: [SubscriptionRecord] = []
        try forEachSubscription(of: statement) { subscriptions.append($0) }
        return subscriptions
    }

    /// Calls `body` with each subscription of `sql`, a ``subscriptionQuery`` with a condition
    /// and an order, read in place as ``subscriptionsInPlace(_:_:)`` reads them, one row at a
    /// time, through a statement of its own: `body` may read the trace meanwhile. A diff reads
    /// every subscription so, where a `Row` of each, with a `String` of each of its texts, cost
    /// about twice as many instructions (callgrind).
    func forEachSubscriptionInPlace(
        _ sql: String, _ bindings: [SQLValue] = [], _ body: (SubscriptionRecord) throws -> Void
    ) throws {
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        try forEachSubscription(of: statement, body)
    }

    /// Calls `body` with each subscription of `statement`'s rows, bound and not yet stepped.
    private func forEachSubscription(of statement: Statement, _ body: (SubscriptionRecord) throws -> Void) throws {
        let names = statement.columnNames
        // A column the trace's schema lacks (an earlier version's) reads as NULL, as a row's does.
        func position(_ name: String) -> Int32? { names.firstIndex(of: name).map(Int32.init) }
        let id = position("id")
        let start = position("ts")
        let threadName = position("thread_name")
        let callID = position("call_id")
        let observable = position("observable_object_id")
        let observableType = position("observable_type_name")
        let observer = position("observer_object_id")
        let disposable = position("disposable_object_id")
        let file = position("file")
        let line = position("line")
        let end = position("end_ts")
        let endKind = position("end_kind")
        let scope = position("scope_id")
        let virtualTime = position("virtual_ts")
        let endCall = position("end_call_id")
        func integer(_ position: Int32?) -> Int64? { position.flatMap { statement.integer(at: $0) } }
        var texts = RepeatedTexts(count: 3)
        func text(_ position: Int32?, repeatedIn slot: Int) -> String? {
            position.flatMap { texts.text(at: $0, of: statement, repeatedIn: slot) }
        }
        while try statement.advance() {
            try body(
                SubscriptionRecord(
                    id: integer(id) ?? 0,
                    startNanoseconds: integer(start) ?? 0,
                    threadName: text(threadName, repeatedIn: 0) ?? "",
                    callID: integer(callID),
                    observableObjectID: integer(observable),
                    observableTypeName: text(observableType, repeatedIn: 1),
                    observerObjectID: integer(observer),
                    disposableObjectID: integer(disposable),
                    file: text(file, repeatedIn: 2) ?? "",
                    line: Int(integer(line) ?? 0),
                    endNanoseconds: integer(end),
                    endKind: endKind.flatMap { statement.text(at: $0) }.map(Self.cutToMaximumLength).flatMap(
                        SubscriptionEnd.init(rawValue:)),
                    scopeID: integer(scope),
                    virtualTime: integer(virtualTime),
                    endCallID: integer(endCall)
                ))
        }
    }
}
