/// Calls that returned on one thread one after another, with nothing recorded between them:
/// what a thread holds back and then appends as one ``Record/callsExited(_:)``.
///
/// A chain unwinds in a run of exits: an element through W1s's subject, map, filter and map
/// ends with up to eleven steps returning in a row. Each exit is only a call's key and a time,
/// and nothing refers to an exit, so a thread keeps them in its ``ThreadState`` (no lock, no
/// atomic) and appends them together when it records anything else, when its outermost call
/// or an entry point user code called returns, or when no more fit: one ring slot for up to
/// thirteen exits instead of one each. The thread's own order is kept (its next record follows
/// its exits), and the writer makes the same rows from them, one per exit, in order.
///
/// The first exit is kept whole; each later one as its key's and its time's distance from the
/// first, in 32 bits each, which is what lets thirteen fit in a ring slot (two cache lines). An
/// exit too far from the first (more than 2³¹ ring positions or ticks, about half a second at
/// a few GHz, or a time before it, which a thread moved to a core whose counter lags can see)
/// does not fit: the thread appends what it holds and starts a new run with it.
struct ExitedCalls {
    /// One call's return: its key and its ``TraceClock/ticks()`` stamp.
    struct Exit {
        let key: Int64
        let ts: Int64
    }

    /// A later exit, as its distance from the first.
    private struct Offset {
        let key: Int32
        let ts: Int32
    }

    /// How many exits are held.
    private(set) var count: Int32 = 0
    /// The recording's serial id of the thread the calls ran on. (Here rather than beside
    /// the exits in the record, where its alignment would take a third cache line.)
    let thread: Int32
    /// The first exit held; meaningless while `count` is 0.
    private var first = Exit(key: 0, ts: 0)
    /// The exits after the first: `count - 1` of them.
    private var later = InlineArray<12, Offset>(repeating: Offset(key: 0, ts: 0))

    /// No exits, of calls on `thread`.
    init(thread: Int32) {
        self.thread = thread
    }

    /// How many exits a run holds at most.
    static var capacity: Int { 1 + InlineArray<12, Offset>.count }

    /// Whether no more exits fit.
    var isFull: Bool {
        @inline(__always) get { Int(count) == Self.capacity }
    }

    /// Holds the return of call `key` at `ts`, if it fits: returns `false`, holding nothing,
    /// when the run is full or the exit lies too far from its first (append the run, then hold
    /// the exit in the empty one, where it always fits).
    @inline(__always)
    mutating func hold(_ key: Int64, at ts: Int64) -> Bool {
        if count == 0 {
            first = Exit(key: key, ts: ts)
            count = 1
            return true
        }
        let keyOffset = key &- first.key
        let tsOffset = ts &- first.ts
        guard Int(count) < Self.capacity, Int64(Int32(truncatingIfNeeded: keyOffset)) == keyOffset,
            tsOffset >= 0, tsOffset <= Int64(Int32.max)
        else { return false }
        later[Int(count) - 1] = Offset(
            key: Int32(truncatingIfNeeded: keyOffset), ts: Int32(truncatingIfNeeded: tsOffset))
        count += 1
        return true
    }

    /// The stamp of the first exit held; meaningless while none is.
    var firstTS: Int64 {
        @inline(__always) get { first.ts }
    }

    /// Hands over the exits held and holds none.
    @inline(__always)
    mutating func take() -> ExitedCalls {
        let taken = self
        count = 0
        return taken
    }

    /// Calls `body` with each exit, in the order they returned.
    func forEachExit(_ body: (Exit) -> Void) {
        guard count > 0 else { return }
        body(first)
        for index in 0..<Int(count) - 1 {
            let offset = later[index]
            body(Exit(key: first.key + Int64(offset.key), ts: first.ts + Int64(offset.ts)))
        }
    }
}
