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

    /// A root whose tree is still being read: its index in `roots`, and the depth it sits at.
    private struct OpenRoot {
        var index: Int
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
    /// Each thread's run, at its index in `runs`: one hash lookup per row that changes thread
    /// (none for a row on the thread of the row before).
    private var runIndex: [Int64: Int] = [:]
    private var runs: [ThreadRun] = []
    /// The run of the thread of the row before, taken out of `runs` while that thread's rows
    /// come (its place there holds an empty run): changed in place, where taking it out and
    /// putting it back for every row cost a tenth of reading the row.
    private var current = ThreadRun()
    /// The thread of the row before, and the index in `runs` its run goes back to.
    private var lastThread: (id: Int64, index: Int)?
    /// The trees read so far, at their root's index in `roots`.
    private var treesByIndex: [[Call]]
    /// How many open roots' trees hold fewer than `limit` calls: reading on adds to them.
    private var openTreesNotFull = 0

    /// The trees read so far, by root.
    var trees: [Int64: [Call]] {
        Dictionary(uniqueKeysWithValues: zip(roots, treesByIndex))
    }

    /// The trees under `roots`, each keeping its first `limit` calls in id order.
    init(roots: some Sequence<Int64>, limit: Int) {
        self.roots = Set(roots).sorted()
        self.limit = max(1, limit)
        self.treesByIndex = Array(repeating: [], count: self.roots.count)
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
        takeRun(of: thread)
        while let last = current.roots.last, depth <= last.depth {
            current.roots.removeLast()
            if treesByIndex[last.index].count < limit { openTreesNotFull -= 1 }
        }
        let isRoot = nextRoot < roots.count && roots[nextRoot] == id
        if isRoot {
            nextRoot += 1
            // A call enters after its parent: a root with a later parent is damage (a loop of
            // `parent_id`s through its own tree, say).
            if let parentID, parentID >= id { return .broken }
        }
        if current.roots.isEmpty {
            current.chain.removeAll(keepingCapacity: true)
            if isRoot {
                current.base = depth
                current.chain.append(id)
            }
        } else {
            let position = depth - 1 - current.base
            guard position >= 0, position < current.chain.count, current.chain[position] == parentID else {
                return .broken
            }
            current.chain.removeLast(current.chain.count - position - 1)
            current.chain.append(id)
        }
        if isRoot {
            current.roots.append(OpenRoot(index: nextRoot - 1, depth: depth))
            openTreesNotFull += 1
        }
        // The open trees that take the call, the innermost last: most calls go to one tree,
        // which then takes the call itself rather than a copy.
        if let last = current.roots.lastIndex(where: { treesByIndex[$0.index].count < limit }), let call = try record()
        {
            for root in current.roots[..<last] where treesByIndex[root.index].count < limit {
                append(call, to: root.index)
            }
            append(consume call, to: current.roots[last].index)
        }
        return verdict(after: id)
    }

    /// Appends `call` to the tree of root `index`.
    private mutating func append(_ call: consuming Call, to index: Int) {
        treesByIndex[index].append(call)
        if treesByIndex[index].count == limit { openTreesNotFull -= 1 }
    }

    /// Makes `thread`'s run the ``current`` one (made empty the first time), putting the run
    /// of the thread before back in `runs`.
    private mutating func takeRun(of thread: Int64) {
        if let lastThread, lastThread.id == thread { return }
        if let lastThread { swap(&current, &runs[lastThread.index]) }
        let index: Int
        if let known = runIndex[thread] {
            index = known
        } else {
            index = runs.count
            runs.append(ThreadRun())
            runIndex[thread] = index
        }
        swap(&current, &runs[index])
        lastThread = (thread, index)
    }

    private mutating func verdict(after id: Int64) -> Verdict {
        // Every open root's tree holds its `limit` calls: reading on adds nothing to them.
        guard openTreesNotFull == 0 else { return .next }
        guard nextRoot < roots.count else { return .done }
        let next = roots[nextRoot]
        guard next > id + 1 else { return .next }
        // The rows up to the next root belong to no tree still read: read on from it, with no
        // thread's nesting known.
        runs.removeAll(keepingCapacity: true)
        runIndex.removeAll(keepingCapacity: true)
        lastThread = nil
        current = ThreadRun()
        return .skip(to: next)
    }
}
