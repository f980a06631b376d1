import Foundation

/// Reads the open subscriptions' chains (``OpenChainPages``) on two threads of their own, each
/// through a connection of its own, a few pages ahead of the ``LeakFinder`` that builds findings
/// from them: reading the chains (SQLite's work, most of a leak report of many open
/// subscriptions) takes about three times the finder's work on them, so on a machine with two
/// cores one reading thread kept the finder waiting two thirds of the time. The pages come out
/// in order, and a reading error comes out where it happened, after the pages before it, as
/// reading them on the finder's own thread would.
///
/// The pages are claimed one at a time, in order: a thread finds where the next page ends
/// (``OpenChainPages/lastOfPage(after:)``, a pass over its rows reading only whether each
/// ended) while it holds the lock, then reads that page's chains while the other thread claims
/// and reads the page after it.
///
/// The finder takes pages with ``next()`` and calls ``stop()`` when it is done or fails; the
/// reading threads have ended when ``stop()`` returns.
final class ChainPagesReadAhead {
    /// How many pages are claimed ahead of the finder before the reading threads wait for it.
    static let pagesAhead = 4
    /// How many threads read pages, each through a connection of its own.
    static let readingThreads = 2

    /// Guards every `synchronized_` property below; the reading threads wait on it for room,
    /// the finder for a page, ``stop()`` for the reading threads to end.
    private let condition = NSCondition()
    /// The pages read and not taken yet, by their number in order: `nil` for the end (a page
    /// without subscriptions), or the error reading met. Guarded by `condition`.
    private var synchronized_pages: [Int: Result<[ChainWindows.Element]?, any Error>] = [:]
    /// The number of the next page ``next()`` hands out. Guarded by `condition`.
    private var synchronized_nextTaken = 0
    /// The number of the next page to claim. Guarded by `condition`.
    private var synchronized_nextClaimed = 0
    /// The id after which the next page to claim starts; `nil` once the last page has been
    /// claimed, or finding a page's end failed. Guarded by `condition`.
    private var synchronized_claimFrom: Int64?
    /// Set by ``stop()``: the reading threads read no further. Guarded by `condition`.
    private var synchronized_isStopped = false
    /// How many reading threads have not ended yet. Guarded by `condition`.
    private var synchronized_threadsRunning = 0
    /// What each reading thread reads from, at its index, each with its own connection: that
    /// thread's alone once it has started.
    private let sources: [OpenChainPages]

    /// Starts reading the pages after subscription `lastRead` of `reader`'s trace on threads
    /// of their own; `nil` on a single core, or when the trace cannot have a second connection
    /// that reads what `reader` reads (``TraceReader/secondConnection()``): the finder then
    /// reads them itself. Where only one more connection opens, one thread reads.
    static func start(
        reader: TraceReader, liveObjects: LiveObjectIndex, scope: Int64?, after lastRead: Int64
    ) -> ChainPagesReadAhead? {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return nil }
        var sources: [OpenChainPages] = []
        for _ in 0..<readingThreads {
            guard let connection = reader.secondConnection() else { break }
            sources.append(OpenChainPages(reader: connection, liveObjects: liveObjects, scope: scope, after: lastRead))
        }
        guard !sources.isEmpty else { return nil }
        return ChainPagesReadAhead(sources: sources, after: lastRead)
    }

    private init(sources: [OpenChainPages], after lastRead: Int64) {
        self.sources = sources
        synchronized_claimFrom = lastRead
        synchronized_threadsRunning = sources.count
        for index in sources.indices {
            let thread = Thread { [self] in read(from: self.sources[index]) }
            thread.name = "rxtrace-chains-\(index + 1)"
            thread.start()
        }
    }

    /// The next page read, waiting for it; `nil` after the last.
    ///
    /// - Throws: the error reading met, once the pages read before it are taken.
    func next() throws -> [ChainWindows.Element]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let page = synchronized_pages.removeValue(forKey: synchronized_nextTaken) {
                synchronized_nextTaken += 1
                condition.broadcast()
                guard let elements = try page.get() else {
                    // The end: no page after it is claimed.
                    synchronized_nextTaken = synchronized_nextClaimed
                    return nil
                }
                return elements
            }
            if synchronized_claimFrom == nil && synchronized_nextTaken >= synchronized_nextClaimed { return nil }
            condition.wait()
        }
    }

    /// Stops reading, and waits for the reading threads to end.
    func stop() {
        condition.lock()
        synchronized_isStopped = true
        condition.broadcast()
        while synchronized_threadsRunning > 0 { condition.wait() }
        condition.unlock()
    }

    /// A reading thread: claims the next page while there is room, reads it and hands it
    /// over, until the last page is claimed or ``stop()``.
    private func read(from source: OpenChainPages) {
        while true {
            condition.lock()
            while synchronized_nextClaimed - synchronized_nextTaken >= Self.pagesAhead && !synchronized_isStopped
                && synchronized_claimFrom != nil
            {
                condition.wait()
            }
            guard !synchronized_isStopped, let after = synchronized_claimFrom else {
                condition.unlock()
                break
            }
            let number = synchronized_nextClaimed
            synchronized_nextClaimed += 1
            // Where this page ends, found under the lock so that pages are claimed in order.
            let end = Result { try source.lastOfPage(after: after) }
            switch end {
            case .success(let last?): synchronized_claimFrom = last
            case .success(nil), .failure: synchronized_claimFrom = nil
            }
            condition.unlock()
            let page = end.flatMap { last in Result { try source.page(after: after, through: last ?? .max) } }
            condition.lock()
            synchronized_pages[number] = page
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        synchronized_threadsRunning -= 1
        condition.broadcast()
        condition.unlock()
    }
}

// Every `synchronized_` property is guarded by `condition`; `sources` is set before the reading
// threads start, and each thread reads through its own source alone.
extension ChainPagesReadAhead: @unchecked Sendable {}
