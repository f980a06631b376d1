extension TraceReader {
    // MARK: - A window's calls read straight into what a flow shows of them

    /// The names of the steps, threads and types calls name by id, each read once, and the
    /// ``FlowCall``s of ``callRunQuery``'s rows made with them, read in place.
    ///
    /// One lives as long as a report's flows are read (``FlowBuilder/forEachFlow(limit:tag:foldingBookkeeping:_:)``),
    /// so a step's name and location and a type's short name are made once for the whole
    /// report, not once per window or per call; each table is emptied when it holds more than
    /// ``FlowCallNames/tableLimit`` names (a trace of a million types), so memory stays bounded.
    final class FlowCallNames {
        /// How many names of one kind are kept at most.
        static let tableLimit = 100_000

        /// A step as a label shows it: its name's bytes, and its location. A class, so that
        /// looking one up for each call takes one reference, not one for each of its fields.
        private final class Step {
            let name: [UInt8]
            let location: String

            init(name: [UInt8], location: String) {
                self.name = name
                self.location = location
            }
        }

        private let reader: TraceReader
        private var steps = IDTable<Step?>()
        /// Whether each thread is in the trace.
        private var threads = IDTable<Bool>()
        /// Each type's short name (``TypeNames/short(_:)``), `nil` for a type the trace lacks.
        private var types = IDTable<[UInt8]?>()
        /// Where the labels of the window being read are kept (``startWindow()``).
        private var arena = FlowLabelArena()

        init(reader: TraceReader) {
            self.reader = reader
        }

        /// Starts the labels of a window's calls in an arena of their own: the last window's
        /// are read by another thread from now on, and never written again.
        func startWindow() {
            arena = FlowLabelArena(capacity: max(4_096, arena.bytes.count))
        }

        /// The call of the row `statement` stands on, a row of ``callRunQuery``, as
        /// ``CallNames/call(_:)`` reads it; `nil` when its step or thread is missing (a damaged
        /// trace, whose calls the view leaves out).
        func call(_ statement: Statement) throws -> FlowCall? {
            guard let id = statement.integer(at: 0), let threadID = statement.integer(at: 3),
                let stepID = statement.integer(at: 4), let step = try step(stepID), try hasThread(threadID)
            else { return nil }
            let objectID = statement.integer(at: 5)
            // The type's name looked up before the label is written, which then goes straight
            // into the arena, with no buffer of its own to copy from.
            let type = try objectID == nil ? nil : statement.integer(at: 6).flatMap(shortType)
            let label = try arena.appendLabel { label in
                label.append(contentsOf: step.name)
                try Self.appendDetail(statement, to: &label)
                if let objectID {
                    // Each byte appended alone: a `String` literal's `utf8` went through a generic
                    // copy, about 170 instructions a call of `report --all` (callgrind).
                    label.append(UInt8(ascii: " "))
                    label.append(UInt8(ascii: "["))
                    if let type, let type {
                        label.append(contentsOf: type)
                    } else {
                        label.append(contentsOf: "object".utf8)
                    }
                    label.append(UInt8(ascii: " "))
                    label.append(UInt8(ascii: "#"))
                    DecimalText.append(objectID, to: &label)
                    label.append(UInt8(ascii: "]"))
                }
            }
            return FlowCall(
                id: id, parentID: statement.integer(at: 1), objectID: objectID,
                startNanoseconds: statement.integer(at: 8) ?? 0, label: label, of: arena, location: step.location
            )
        }

        /// Appends the detail (``CallRecord/shown(detail:)``), read in place when it is ASCII
        /// and short (its bytes are then its characters); any other through its text.
        private static func appendDetail(_ statement: Statement, to label: inout [UInt8]) throws {
            let isWritten = statement.withText(at: 7) { bytes -> Bool in
                guard let bytes else { return true }
                guard bytes.count <= TraceReader.maximumTextLength, bytes.allSatisfy({ $0 < 0x80 }) else {
                    return false
                }
                let isEvent = Self.isEvent(bytes)
                label.append(UInt8(ascii: "("))
                if isEvent { label.append(UInt8(ascii: ".")) }
                label.append(contentsOf: bytes)
                label.append(UInt8(ascii: ")"))
                return true
            }
            guard !isWritten, let detail = statement.text(at: 7) else { return }
            label.append(contentsOf: CallRecord.shown(detail: TraceReader.cutToMaximumLength(detail)).utf8)
        }

        /// ``CallRecord/isEvent(detail:)`` of an ASCII detail's bytes.
        private static func isEvent(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            func equals(_ text: StaticString) -> Bool {
                text.utf8CodeUnitCount == bytes.count && startsWith(text)
            }
            func startsWith(_ text: StaticString) -> Bool {
                let prefix = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
                return prefix.count <= bytes.count && bytes.prefix(prefix.count).elementsEqual(prefix)
            }
            return equals("completed") || equals("next") || equals("error") || startsWith("next(")
                || startsWith("error(")
        }

        private func step(_ id: Int64) throws -> Step? {
            if let known = steps[id] { return known }
            let step = try reader.cachedRecords("SELECT name, file, line FROM step WHERE id = ?", [.integer(id)]) {
                Step(
                    name: Array(($0.traceText("name") ?? "").utf8),
                    location: "\($0.traceText("file") ?? ""):\(Int($0.integer("line") ?? 0))"
                )
            }.first
            steps.set(step, for: id)
            return step
        }

        private func hasThread(_ id: Int64) throws -> Bool {
            if let known = threads[id] { return known }
            let isKnown = try !reader.cachedRecords("SELECT 1 FROM thread WHERE id = ?", [.integer(id)]) { _ in () }
                .isEmpty
            threads.set(isKnown, for: id)
            return isKnown
        }

        /// The short name of type `id`: `.some(nil)` for a type the trace does not have, whose
        /// object a label calls `object`.
        private func shortType(_ id: Int64) throws -> [UInt8]?? {
            if let known = types[id] { return known }
            let name =
                try reader.cachedRecords("SELECT type_name FROM type WHERE id = ?", [.integer(id)]) {
                    $0.traceText("type_name")
                }.first ?? nil
            let short = name.map { Array(TypeNames.short($0).utf8) }
            types.set(short, for: id)
            return short
        }
    }

    /// The subscriptions `ids`, by id, each as ``subscription(_:)`` reads it, in one query;
    /// ids the trace lacks are left out.
    func subscriptions(withIDs ids: some Collection<Int64>) throws -> [Int64: SubscriptionRecord] {
        guard !ids.isEmpty else { return [:] }
        // Read in place (``subscriptionsInPlace(_:_:)``), not a `Row` of each.
        let subscriptions = try subscriptionsInPlace(
            Self.subscriptionQuery + " WHERE subscription.id IN (SELECT value FROM json_each(?))",
            [Self.jsonList(Set(ids).sorted())]
        )
        var byID: [Int64: SubscriptionRecord] = [:]
        for subscription in subscriptions where byID[subscription.id] == nil { byID[subscription.id] = subscription }
        return byID
    }

    /// ``callTrees(under:limit:)`` as ``FlowCall``s: each call read in place from
    /// ``callRunQuery``'s row, with names from `names`, where that made a ``Row`` and a
    /// ``CallRecord`` of each and its label again later. The same trees, and the same `nil`
    /// when they take more than ``windowRowLimit`` rows; a trace whose calls do not nest as a
    /// thread's calls do is read as ``callTrees(under:limit:)`` reads it (which reports its damage).
    func flowCallTrees(under roots: [Int64], limit: Int, names: FlowCallNames) throws -> [Int64: [FlowCall]]? {
        names.startWindow()
        let runs = try callTreesInRunsInPlace(
            under: roots, limit: limit, rowLimit: Self.windowRowLimit, sql: Self.callRunQuery, names.call)
        switch runs {
        case .trees(let trees): return trees
        case .tooLarge: return nil
        case .broken: return try callTrees(under: roots, limit: limit)?.mapValues { $0.map(FlowCall.init) }
        }
    }
}

/// Values by id, for ids a trace numbers densely from 1 (steps, threads, types): an array for
/// the first ``denseLimit`` ids, a dictionary beyond, each emptied when it holds more than
/// ``TraceReader/FlowCallNames/tableLimit`` values.
struct IDTable<Value> {
    /// How many ids the array holds at most.
    static var denseLimit: Int64 { 65_536 }

    private var dense: [Value?] = []
    private var sparse: [Int64: Value] = [:]

    /// The value set for `id`, `nil` when none is.
    subscript(id: Int64) -> Value? {
        if id >= 0, id < Self.denseLimit {
            return id < dense.count ? dense[Int(id)] : nil
        }
        return sparse[id]
    }

    /// Sets `value` for `id`.
    mutating func set(_ value: Value, for id: Int64) {
        if id >= 0, id < Self.denseLimit {
            if id >= dense.count { dense.append(contentsOf: repeatElement(nil, count: Int(id) - dense.count + 1)) }
            dense[Int(id)] = value
            return
        }
        if sparse.count >= TraceReader.FlowCallNames.tableLimit { sparse.removeAll() }
        sparse[id] = value
    }
}
