extension TraceReader {
    // MARK: - Chains' calls as integers

    /// What a ``ChainCall`` is read from, the columns nesting needs first: no join, a call's
    /// step read by id (``ChainStepKinds``); the rows from `?1` on, in id order.
    static let chainCallQuery = """
        SELECT id, parent_id, depth, thread_id, step_id, object_id FROM call WHERE id >= ?1 ORDER BY id
        """

    /// The trees of ``chainCallTrees(under:limit:)``, each call as what a chain reads of it
    /// (``ChainCall``), read in place from the statement (``Statement/advance()``), each step's
    /// name looked at once through `steps`: the same calls, without a `Row` and a name per call.
    /// `nil` when the trees together hold more than ``windowRowLimit`` calls, as there.
    func chainCalls(under roots: [Int64], limit: Int, steps: ChainStepKinds) throws -> [Int64: [ChainCall]]? {
        var runs = CallTreeRuns<ChainCall>(roots: roots, limit: limit)
        guard let first = runs.firstID else { return [:] }
        let statement = try database.compiled(Self.chainCallQuery)
        defer { statement.reset() }
        statement.bind(first, at: 1)
        var rowsRead = 0
        var isBroken = false
        reading: while try statement.advance() {
            rowsRead += 1
            if rowsRead > Self.windowRowLimit { return nil }
            // As callTreesInRuns reads chainRunQuery's rows: a row that is no call of the
            // trace's views (no id, depth, thread or step) is damage.
            guard let id = statement.integer(at: 0), let depth = statement.integer(at: 2),
                let thread = statement.integer(at: 3)
            else {
                isBroken = true
                break
            }
            let parentID = statement.integer(at: 1)
            var isCall = true
            let verdict = try runs.add(id: id, parentID: parentID, depth: Int(depth), thread: thread) {
                guard let step = statement.integer(at: 4), let kind = try steps.kind(ofStep: step, in: self) else {
                    isCall = false
                    return nil
                }
                return ChainCall(id: id, parentID: parentID, objectID: statement.integer(at: 5), kind: kind)
            }
            guard isCall else {
                isBroken = true
                break
            }
            switch verdict {
            case .next: continue
            case .skip(let next): try statement.bind([.integer(next)])
            case .done: break reading
            case .broken:
                isBroken = true
                break reading
            }
        }
        guard isBroken else { return runs.trees }
        // A damaged trace: read as chainCallTrees reads it, through the parent_ids.
        statement.reset()
        return try chainCallTrees(under: roots, limit: limit)?.mapValues { $0.map(ChainCall.init) }
    }

    /// What each step does for a chain (``ChainCall/Kind``), read once per step from its name as
    /// the readers of calls read it (cut to ``TraceReader/maximumTextLength``); `nil` for a step the
    /// trace lacks or that has no name, whose calls no view of the trace holds.
    ///
    /// One per leak report, so that a million subscribes' calls look up a few dozen steps.
    final class ChainStepKinds {
        /// The kinds of the steps numbered below ``denseLimit`` (a trace numbers its steps
        /// from 1), by id: looked up by index, where hashing the id of every call of a million
        /// subscribes cost more than the lookup itself.
        private var denseKinds: [Looked] = []
        /// The kinds of the steps of other ids (a damaged trace's).
        private var kinds: [Int64: ChainCall.Kind?] = [:]
        /// Step ids kept by index, below this.
        private static let denseLimit: Int64 = 1 << 16

        /// A step's kind in ``denseKinds``: not looked up yet, or looked up (`nil` for none).
        private enum Looked {
            case notYet
            case looked(ChainCall.Kind?)
        }

        /// None looked up yet.
        init() {}

        /// The kind of step `step` of `reader`'s trace, or `nil`.
        func kind(ofStep step: Int64, in reader: TraceReader) throws -> ChainCall.Kind? {
            let isDense = step >= 0 && step < Self.denseLimit
            if isDense, step < denseKinds.count, case .looked(let known) = denseKinds[Int(step)] { return known }
            if !isDense, let known = kinds[step] { return known }
            let kind = try reader.cachedRecords("SELECT name FROM step WHERE id = ?", [.integer(step)]) {
                $0.traceText(at: 0)
            }.first.flatMap { $0 }.map(ChainCall.Kind.init(stepName:))
            if isDense {
                if denseKinds.count <= step {
                    denseKinds += Array(repeating: .notYet, count: Int(step) + 1 - denseKinds.count)
                }
                denseKinds[Int(step)] = .looked(kind)
            } else {
                kinds[step] = kind
            }
            return kind
        }
    }
}
