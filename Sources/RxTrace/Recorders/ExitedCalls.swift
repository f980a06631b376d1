/// Calls that returned on one thread one after another, with nothing recorded between them:
/// what a thread holds back and then appends as one ``Record/callsExited(_:)``.
///
/// A chain unwinds in a run of exits: an element through W1s's subject, map, filter and map
/// ends with eleven steps returning in a row. Each exit is only a call's key and a time, and
/// nothing refers to an exit, so a thread keeps them in its ``ThreadState`` (no lock, no
/// atomic) and appends them together when it records anything else, when its outermost call
/// or an entry point user code called returns, or when seven are held: one ring slot
/// for up to seven exits instead of one each. The thread's own order is kept (its next record
/// follows its exits), and the writer makes the same rows from them, one per exit, in order.
struct ExitedCalls {
    /// One call's return: its key and its ``TraceClock/ticks()`` stamp.
    struct Exit {
        let key: Int64
        let ts: Int64
    }

    /// How many of `exits` are held.
    private(set) var count: Int32 = 0
    /// The recording's serial id of the thread the calls ran on. (Here rather than beside
    /// the exits in the record, where its alignment would take a third cache line.)
    let thread: Int32
    /// Room for seven: seven keys and times, with `count` and `thread`, fill a ring slot (two
    /// cache lines).
    private var exits = InlineArray<7, Exit>(repeating: Exit(key: 0, ts: 0))

    /// No exits, of calls on `thread`.
    init(thread: Int32) {
        self.thread = thread
    }

    /// Whether no more exits fit.
    var isFull: Bool {
        @inline(__always) get { Int(count) == exits.count }
    }

    /// Holds the return of call `key` at `ts`; there must be room (``isFull`` is `false`).
    @inline(__always)
    mutating func hold(_ key: Int64, at ts: Int64) {
        exits[Int(count)] = Exit(key: key, ts: ts)
        count += 1
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
        for index in 0..<Int(count) {
            body(exits[index])
        }
    }
}
