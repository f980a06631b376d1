/// Sorts calls read in id order into the trees under a window of root calls, from how calls
/// nest on their thread instead of through their `parent_id`s.
///
/// A thread's calls nest: the calls under a root are the run of its thread's calls that follows
/// it with a greater depth, up to the first of that thread's calls at the root's depth or less.
/// ``TraceReader/callTreesInRuns(under:limit:rowLimit:sql:_:)`` reads the id range the
/// window's trees lie in, in order, and hands each row here; following each call's children
/// through the `parent_id` index instead took an index lookup per call and a sort per window,
/// most of a report of many small flows.
///
/// Each call kept is checked against the nesting it relies on: a call at depth `d` under a root
/// has for parent the thread's open call at depth `d - 1`, and a root entered after its parent
/// (so that its parent cannot lie in its own tree). A trace that breaks either (a damaged trace, a loop of `parent_id`s) makes
/// ``add(id:parentID:depth:thread:record:)`` answer ``Verdict/broken``, and the caller reads
/// the window through the `parent_id`s as before, which reports the damage as it did.
struct CallTreeRuns<Call> {
    /// What a row tells the reader of the range.
    enum Verdict {
        /// Read on.
        case next
        /// No root's tree needs the rows that follow before `id`: read on from `id`.
        case skip(to: Int64)
        /// Every tree is complete.
        case done
        /// The rows do not nest as a thread's calls do.
        case broken
    }

    /// A root whose tree is still being read, with the depth it sits at.
    private struct OpenRoot {
        var id: Int64
        var depth: Int
    }

    /// One thread's open roots, outermost first, and its calls open at the depths from the
    /// outermost root's down: `chain[k]` is the open call at depth `base + k`.
    private struct ThreadRun {
        var roots: [OpenRoot] = []
        var base = 0
        var chain: [Int64] = []
    }

    /// The roots, in id order.
    private let roots: [Int64]
    /// How many calls each tree keeps, its root first.
    private let limit: Int
    /// The index in `roots` of the next root to be met.
    private var nextRoot = 0
    private var runs: [Int64: ThreadRun] = [:]
    /// The trees read so far, by root.
    private(set) var trees: [Int64: [Call]] = [:]

    /// The trees under `roots`, each keeping its first `limit` calls in id order.
    init(roots: some Sequence<Int64>, limit: Int) {
        self.roots = Set(roots).sorted()
        self.limit = max(1, limit)
        for root in self.roots { trees[root] = [] }
    }

    /// The id to read from first; `nil` when there are no roots.
    var firstID: Int64? { roots.first }

    /// Takes the next row in id order: call `id`, its parent, depth and thread; `record`
    /// makes what a tree holds of it, only when one does (`nil` keeps it out of every tree).
    mutating func add(id: Int64, parentID: Int64?, depth: Int, thread: Int64, record: () throws -> Call?) rethrows
        -> Verdict
    {
        // Roots the trace does not have keep an empty tree.
        while nextRoot < roots.count, roots[nextRoot] < id { nextRoot += 1 }
        // Taken out of the table while it changes, so that its arrays are not copied.
        var run = runs.removeValue(forKey: thread) ?? ThreadRun()
        while let last = run.roots.last, depth <= last.depth { run.roots.removeLast() }
        let isRoot = nextRoot < roots.count && roots[nextRoot] == id
        if isRoot {
            nextRoot += 1
            // A call enters after its parent: a root with a later parent is damage (a loop of
            // `parent_id`s through its own tree, say).
            if let parentID, parentID >= id { return .broken }
        }
        if run.roots.isEmpty {
            run.chain.removeAll(keepingCapacity: true)
            if isRoot {
                run.base = depth
                run.chain = [id]
            }
        } else {
            let position = depth - 1 - run.base
            guard position >= 0, position < run.chain.count, run.chain[position] == parentID else { return .broken }
            run.chain.removeLast(run.chain.count - position - 1)
            run.chain.append(id)
        }
        if isRoot { run.roots.append(OpenRoot(id: id, depth: depth)) }
        if !run.roots.isEmpty {
            var call: Call?
            for root in run.roots where trees[root.id, default: []].count < limit {
                if call == nil {
                    call = try record()
                    guard call != nil else { break }
                }
                trees[root.id, default: []].append(call!)
            }
        }
        runs[thread] = run
        return verdict(after: id)
    }

    /// Whether every open root's tree holds its `limit` calls: reading on adds nothing to them.
    private var isEveryOpenTreeFull: Bool {
        runs.values.allSatisfy { run in
            run.roots.allSatisfy { (trees[$0.id]?.count ?? 0) >= limit }
        }
    }

    private mutating func verdict(after id: Int64) -> Verdict {
        guard isEveryOpenTreeFull else { return .next }
        guard nextRoot < roots.count else { return .done }
        let next = roots[nextRoot]
        guard next > id + 1 else { return .next }
        // The rows up to the next root belong to no tree still read: read on from it, with no
        // thread's nesting known.
        runs.removeAll(keepingCapacity: true)
        return .skip(to: next)
    }
}
