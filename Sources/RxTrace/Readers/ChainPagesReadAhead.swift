import Foundation

/// Reads the open subscriptions' chains (``OpenChainPages``) on a thread of its own, through a
/// connection of its own, a few pages ahead of the ``LeakFinder`` that builds findings from
/// them: on a machine with two cores, reading the chains (SQLite's work, most of a leak report
/// of many open subscriptions) and building their findings run at once. The pages come out in
/// the order they were read, and a reading error comes out where it happened, after the pages
/// read before it, as reading them on the finder's own thread would.
///
/// The finder takes pages with ``next()`` and calls ``stop()`` when it is done or fails; the
/// reading thread has ended when ``stop()`` returns.
final class ChainPagesReadAhead {
    /// How many pages are read ahead before the reading thread waits for the finder.
    static let pagesAhead = 4

    /// Guards every `synchronized_` property below; the reading thread waits on it for room,
    /// the finder for a page, ``stop()`` for the reading thread to end.
    private let condition = NSCondition()
    /// The pages read and not taken yet, the next first. Guarded by `condition`.
    private var synchronized_pages: [[ChainWindows.Element]] = []
    /// How reading ended, once it has: after the last page, or with the error it met. Guarded
    /// by `condition`.
    private var synchronized_end: Result<Void, any Error>?
    /// Set by ``stop()``: the reading thread reads no further. Guarded by `condition`.
    private var synchronized_isStopped = false
    /// Set when the reading thread has ended. Guarded by `condition`.
    private var synchronized_isThreadDone = false
    /// What the reading thread reads from, with its own connection: the reading thread's
    /// alone once it has started.
    private var source: OpenChainPages

    /// Starts reading the pages after subscription `lastRead` of `reader`'s trace on a thread
    /// of its own; `nil` on a single core, or when the trace cannot have a second connection
    /// that reads what `reader` reads (``TraceReader/secondConnection()``): the finder then
    /// reads them itself.
    static func start(
        reader: TraceReader, liveObjects: LiveObjectIndex, scope: Int64?, after lastRead: Int64
    ) -> ChainPagesReadAhead? {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, let second = reader.secondConnection() else {
            return nil
        }
        return ChainPagesReadAhead(
            source: OpenChainPages(reader: second, liveObjects: liveObjects, scope: scope, after: lastRead))
    }

    private init(source: OpenChainPages) {
        self.source = source
        let thread = Thread { [self] in read() }
        thread.name = "rxtrace-chains"
        thread.start()
    }

    /// The next page read, waiting for it; `nil` after the last.
    ///
    /// - Throws: the error reading met, once the pages read before it are taken.
    func next() throws -> [ChainWindows.Element]? {
        condition.lock()
        defer { condition.unlock() }
        while synchronized_pages.isEmpty && synchronized_end == nil { condition.wait() }
        if !synchronized_pages.isEmpty {
            condition.broadcast()
            return synchronized_pages.removeFirst()
        }
        try synchronized_end?.get()
        return nil
    }

    /// Stops reading, and waits for the reading thread to end.
    func stop() {
        condition.lock()
        synchronized_isStopped = true
        condition.broadcast()
        while !synchronized_isThreadDone { condition.wait() }
        condition.unlock()
    }

    /// The reading thread: pages read while there is room, until the last or ``stop()``.
    private func read() {
        while true {
            condition.lock()
            while synchronized_pages.count >= Self.pagesAhead && !synchronized_isStopped { condition.wait() }
            let isStopped = synchronized_isStopped
            condition.unlock()
            if isStopped { break }
            let end: Result<Void, any Error>?
            var page: [ChainWindows.Element]?
            do {
                page = try source.next()
                end = page == nil ? .success(()) : nil
            } catch {
                end = .failure(error)
            }
            condition.lock()
            if let page { synchronized_pages.append(page) }
            synchronized_end = end
            condition.broadcast()
            condition.unlock()
            if end != nil { break }
        }
        condition.lock()
        synchronized_isThreadDone = true
        condition.broadcast()
        condition.unlock()
    }
}

// Every `synchronized_` property is guarded by `condition`; `source` is the reading thread's
// alone once it has started (the thread is started after it is set, and nothing else reads it).
extension ChainPagesReadAhead: @unchecked Sendable {}
