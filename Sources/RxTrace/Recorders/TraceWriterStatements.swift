import RxCore

/// The ``TraceWriter``'s SQLite half: the statements it prepared once for the whole run, and
/// the binds and steps that carry out its ``TraceWriterOperation``s.
///
/// Only one thread at a time uses it: the thread that runs the batch's transaction
/// (``TraceWriterPipeline`` hands it the operations the other half decided).
final class TraceWriterStatements {
    private let insertThread: Statement
    private let insertType: Statement
    private let insertStep: Statement
    private let insertScope: Statement
    private let insertObjects: BatchedInsert<ObjectRow>
    private let endObject: Statement
    private let objectCallerStack: Statement
    private let insertCalls: BatchedInsert<CallRow>
    private let insertEvents: BatchedInsert<EventRow>
    private let insertSubscriptions: BatchedInsert<SubscriptionRow>
    private let setDisposable: Statement
    private let endSubscription: Statement
    private let subscriptionCallerStack: Statement
    private let insertAssembly: Statement
    private let insertTag: Statement
    private let insertBagEntry: Statement
    private let insertCaller: Statement
    private let insertImage: Statement

    /// Prepares every statement in `database`, whose schema exists.
    init(database: Database) throws {
        insertThread = try database.prepare("INSERT INTO thread (id, tid, name) VALUES (?, ?, ?)")
        insertType = try database.prepare("INSERT INTO type (id, type_name) VALUES (?, ?)")
        insertStep = try database.prepare("INSERT INTO step (id, name, file, line) VALUES (?, ?, ?, ?)")
        insertScope = try database.prepare("INSERT INTO scope (id, name) VALUES (?, ?)")
        insertObjects = try BatchedInsert(
            into: "object",
            columns: [
                "id", "type_id", "start_ts", "end_ts", "thread_id", "call_id", "scope_id", "virtual_ts",
                "caller_stack_id",
            ],
            in: database
        ) { row, statement, first in
            statement.bind(row.id, at: first)
            statement.bind(row.type, at: first + 1)
            statement.bind(row.ts, at: first + 2)
            statement.bind(row.endTS, at: first + 3)
            statement.bind(Int64(row.thread), at: first + 4)
            statement.bind(Self.reference(row.call), at: first + 5)
            statement.bind(row.scope, at: first + 6)
            statement.bind(row.virtualTS, at: first + 7)
            statement.bind(row.callerStack, at: first + 8)
        }
        endObject = try database.prepare("UPDATE object SET end_ts = ? WHERE id = ?")
        objectCallerStack = try database.prepare("UPDATE object SET caller_stack_id = ? WHERE id = ?")
        insertCalls = try BatchedInsert(
            into: "call",
            columns: [
                "id", "parent_id", "depth", "thread_id", "step_id", "object_id", "detail", "ts", "dur", "virtual_ts",
                "caller_stack_id",
            ],
            in: database
        ) { row, statement, first in
            let call = row.call
            statement.bind(call.id, at: first)
            statement.bind(Self.reference(call.parent), at: first + 1)
            statement.bind(Int64(call.depth), at: first + 2)
            statement.bind(Int64(call.thread), at: first + 3)
            statement.bind(call.step, at: first + 4)
            statement.bind(Self.reference(call.object), at: first + 5)
            statement.bind(call.detail, at: first + 6)
            statement.bind(call.ts, at: first + 7)
            statement.bind(row.duration, at: first + 8)
            statement.bind(call.virtualTS, at: first + 9)
            statement.bind(call.callerStack, at: first + 10)
        }
        insertEvents = try BatchedInsert(
            into: "event",
            columns: [
                "ts", "thread_id", "call_id", "kind", "value", "source_object_id", "observer_object_id", "virtual_ts",
            ],
            in: database
        ) { row, statement, first in
            statement.bind(row.ts, at: first)
            statement.bind(Int64(row.thread), at: first + 1)
            statement.bind(Self.reference(row.call), at: first + 2)
            statement.bind(Self.text(of: row.kind), at: first + 3)
            Self.bind(row.value, to: statement, at: first + 4)
            statement.bind(Self.reference(row.source), at: first + 5)
            statement.bind(Self.reference(row.observer), at: first + 6)
            statement.bind(row.virtualTS, at: first + 7)
        }
        insertSubscriptions = try BatchedInsert(
            into: "subscription",
            columns: [
                "id", "ts", "thread_id", "call_id", "observable_object_id", "observer_object_id",
                "disposable_object_id",
                "file", "line", "end_ts", "end_kind", "scope_id", "virtual_ts", "end_call_id", "caller_stack_id",
            ],
            in: database
        ) { row, statement, first in
            statement.bind(row.id, at: first)
            statement.bind(row.ts, at: first + 1)
            statement.bind(Int64(row.thread), at: first + 2)
            statement.bind(Self.reference(row.call), at: first + 3)
            statement.bind(Self.reference(row.observable), at: first + 4)
            statement.bind(Self.reference(row.observer), at: first + 5)
            statement.bind(row.disposable, at: first + 6)
            statement.bind(row.file, at: first + 7)
            statement.bind(row.line, at: first + 8)
            statement.bind(row.endTS, at: first + 9)
            if let endKind = row.endKind {
                statement.bind(Self.text(of: endKind), at: first + 10)
            } else {
                statement.bind(nil as Int64?, at: first + 10)
            }
            statement.bind(row.scope, at: first + 11)
            statement.bind(row.virtualTS, at: first + 12)
            statement.bind(row.endCall.flatMap { Self.reference($0) }, at: first + 13)
            statement.bind(row.callerStack, at: first + 14)
        }
        setDisposable = try database.prepare("UPDATE subscription SET disposable_object_id = ? WHERE id = ?")
        endSubscription = try database.prepare(
            "UPDATE subscription SET end_ts = ?, end_kind = ?, end_call_id = ? WHERE id = ? AND end_kind IS NULL"
        )
        subscriptionCallerStack = try database.prepare("UPDATE subscription SET caller_stack_id = ? WHERE id = ?")
        insertAssembly = try database.prepare(
            "INSERT INTO assembly (object_id, name, file, line, caller_stack_id) VALUES (?, ?, ?, ?, ?)")
        insertTag = try database.prepare(
            "INSERT INTO tag (object_id, name, file, line, caller_stack_id) VALUES (?, ?, ?, ?, ?)")
        insertBagEntry = try database.prepare("INSERT INTO bag_entry (bag_id, disposable_id) VALUES (?, ?)")
        insertCaller = try database.prepare(
            "INSERT INTO caller (stack_id, frame, address, image_id) VALUES (?, ?, ?, ?)")
        insertImage = try database.prepare("INSERT INTO image (id, path, load_address) VALUES (?, ?, ?)")
    }

    /// Rows inserted so far into `call`, `event`, `object` and `subscription`.
    var rowCount: Int {
        insertObjects.writtenCount + insertCalls.writtenCount + insertEvents.writtenCount
            + insertSubscriptions.writtenCount
    }

    /// Carries out `operations` in order.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses one; the ones after it are not carried out.
    func apply(_ operations: [TraceWriterOperation]) throws {
        for operation in operations {
            try apply(operation)
        }
    }

    private func apply(_ operation: TraceWriterOperation) throws {
        switch operation {
        case .call(let row):
            try insertCalls.append(row)
        case .event(let row):
            try insertEvents.append(row)
        case .object(let row):
            try insertObjects.append(row)
        case .subscription(let row):
            try insertSubscriptions.append(row)
        case .thread(let id, let tid, let name):
            insertThread.bind(Int64(id), at: 1)
            insertThread.bind(Int64(tid), at: 2)
            insertThread.bind(name, at: 3)
            try insertThread.run()
        case .type(let id, let name):
            insertType.bind(id, at: 1)
            insertType.bind(name, at: 2)
            try insertType.run()
        case .step(let id, let name, let file, let line):
            insertStep.bind(id, at: 1)
            insertStep.bind(name, at: 2)
            insertStep.bind(file, at: 3)
            insertStep.bind(line, at: 4)
            try insertStep.run()
        case .scope(let id, let name):
            insertScope.bind(id, at: 1)
            insertScope.bind(name, at: 2)
            try insertScope.run()
        case .objectEnd(let id, let ts):
            try runUpdate(endObject, setting: ts, of: id)
        case .objectCallerStack(let id, let stack):
            try runUpdate(objectCallerStack, setting: stack, of: id)
        case .subscriptionDisposable(let id, let disposable):
            try runUpdate(setDisposable, setting: disposable, of: id)
        case .subscriptionEnd(let id, let end, let ts, let call):
            endSubscription.bind(ts, at: 1)
            endSubscription.bind(Self.text(of: end), at: 2)
            endSubscription.bind(Self.reference(call), at: 3)
            endSubscription.bind(id, at: 4)
            try endSubscription.run()
        case .subscriptionCallerStack(let id, let stack):
            try runUpdate(subscriptionCallerStack, setting: stack, of: id)
        case .site(let isTag, let object, let name, let file, let line, let stack):
            let statement = isTag ? insertTag : insertAssembly
            statement.bind(object, at: 1)
            statement.bind(name, at: 2)
            statement.bind(file, at: 3)
            statement.bind(line, at: 4)
            statement.bind(stack, at: 5)
            try statement.run()
        case .bagEntry(let bag, let disposable):
            insertBagEntry.bind(bag, at: 1)
            insertBagEntry.bind(disposable, at: 2)
            try insertBagEntry.run()
        case .caller(let stack, let frame, let address, let image):
            insertCaller.bind(stack, at: 1)
            insertCaller.bind(frame, at: 2)
            insertCaller.bind(address, at: 3)
            insertCaller.bind(image, at: 4)
            try insertCaller.run()
        case .image(let id, let path, let loadAddress):
            insertImage.bind(id, at: 1)
            insertImage.bind(path, at: 2)
            insertImage.bind(loadAddress, at: 3)
            try insertImage.run()
        case .flushGathered:
            try insertObjects.flush()
            try insertSubscriptions.flush()
            try insertCalls.flush()
            try insertEvents.flush()
        }
    }

    /// Runs `statement`, an `UPDATE … SET column = ? WHERE id = ?`, for `id`.
    private func runUpdate(_ statement: Statement, setting value: Int64, of id: Int64) throws {
        statement.bind(value, at: 1)
        statement.bind(id, at: 2)
        try statement.run()
    }

    /// An id column's value: NULL for 0, the records' "none".
    private static func reference(_ id: Int64) -> Int64? {
        id == 0 ? nil : id
    }

    /// An event's `value`: an integer is bound as one, and the column's TEXT affinity stores
    /// its decimal text, the text `description` gives, without formatting it here first or
    /// SQLite copying a bound string; any other value as its description.
    private static func bind(_ value: TraceValue?, to statement: Statement, at index: Int32) {
        switch value {
        case .int(let integer)?: statement.bind(Int64(integer), at: index)
        case let value?: statement.bind(value.description, at: index)
        case nil: statement.bind(nil as String?, at: index)
        }
    }

    /// The literal `event.kind` holds for `kind`, bound without a copy.
    private static func text(of kind: EventKind) -> StaticString {
        switch kind {
        case .next: "next"
        case .error: "error"
        case .completed: "completed"
        }
    }

    /// The literal `subscription.end_kind` holds for `end`, bound without a copy.
    private static func text(of end: SubscriptionEnd) -> StaticString {
        switch end {
        case .disposed: "disposed"
        case .completed: "completed"
        case .error: "error"
        }
    }
}
