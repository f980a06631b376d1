import Foundation

/// Reads the objects alive at the end (``TraceReader/forEachLiveObjectRow(pageSize:_:)``) on a
/// thread of its own, through a connection of its own, each with the site of the innermost
/// subscription enclosing the call that created it (``EnclosingSubscriptionSites``), a few
/// pages ahead of the ``LeakFinder``'s last pass over them, which works out each one's verdict
/// and group meanwhile. Finding those sites is about half of that pass, and the pass runs after
/// every open subscription's chain has been read, when the reading threads
/// (``ChainPagesReadAhead``) have ended and a core is free.
///
/// The pages come out in order with the same rows as the finder reading them itself; a site
/// that could not be found carries its error (a damaged trace's), which the finder throws where
/// it would have met it, and sites after it are not looked for. An error reading the rows comes
/// out after the pages read before it.
///
/// The finder takes pages with ``next()`` and calls ``stop()`` when it is done or fails; the
/// reading thread has ended when ``stop()`` returns.
final class LiveObjectSitesReadAhead {
    /// One object alive at the end, with the site of the subscription enclosing its creator.
    struct Placed {
        /// The object.
        var object: LiveObjectRow
        /// The site (`file:line`) of the innermost subscription enclosing its creator, `nil` for
        /// none, or the error finding it met; `nil` when it was not looked for (an object the
        /// finder sets aside, one of the windows left to the finder, or one after an error).
        var site: Result<String?, any Error>?
    }

    /// How many pages are read ahead before the reading thread waits for the finder.
    static let pagesAhead = 4
    /// How many objects a page holds: a page of ``TraceReader/forEachLiveObjectRow(pageSize:_:)``.
    static let pageSize = 4096
    /// One window of objects (``ChainWindows/windowSize``) in this many is not looked for here:
    /// the finder finds those sites itself (``Placed/site`` is `nil`).
    static let windowsLeftToTheFinder = 5

    /// Guards every `synchronized_` property below; the reading thread waits on it for room,
    /// the finder for a page, ``stop()`` for the reading thread to end.
    private let condition = NSCondition()
    /// The pages read and not taken yet, the next first. Guarded by `condition`.
    private var synchronized_pages: [[Placed]] = []
    /// How reading ended, once it has: after the last page, or with the error it met. Guarded
    /// by `condition`.
    private var synchronized_end: Result<Void, any Error>?
    /// Set by ``stop()``: the reading thread reads no further. Guarded by `condition`.
    private var synchronized_isStopped = false
    /// Set when the reading thread has ended. Guarded by `condition`.
    private var synchronized_isThreadDone = false
    /// What the reading thread reads from, with its own connection: the reading thread's
    /// alone once it has started.
    private let source: TraceReader
    /// Which objects the finder groups, and so needs the sites of.
    private let isPlaced: @Sendable (LiveObjectRow) -> Bool

    /// Starts reading the objects alive at the end of `reader`'s trace on a thread of its own,
    /// looking for the sites of those `isPlaced` accepts; `nil` on a single core, or when the
    /// trace cannot have a second connection that reads what `reader` reads
    /// (``TraceReader/secondConnection()``): the finder then reads them itself.
    static func start(
        reader: TraceReader, isPlaced: @escaping @Sendable (LiveObjectRow) -> Bool
    ) -> LiveObjectSitesReadAhead? {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, let second = reader.secondConnection() else {
            return nil
        }
        return LiveObjectSitesReadAhead(source: second, isPlaced: isPlaced)
    }

    private init(source: TraceReader, isPlaced: @escaping @Sendable (LiveObjectRow) -> Bool) {
        self.source = source
        self.isPlaced = isPlaced
        let thread = Thread { [self] in read() }
        thread.name = "rxtrace-sites"
        thread.start()
    }

    /// The next page read, waiting for it; `nil` after the last.
    ///
    /// - Throws: the error reading the rows met, once the pages read before it are taken.
    func next() throws -> [Placed]? {
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

    /// Thrown inside the reading thread's pass once ``stop()`` has been called: it ends the pass.
    private struct Stopped: Error {}

    /// The reading thread: the rows read a page at a time, each page's sites found and the page
    /// handed over while there is room, until the last or ``stop()``.
    private func read() {
        var sites = EnclosingSubscriptionSites(reader: source)
        var hasFailed = false
        var page: [Placed] = []
        page.reserveCapacity(Self.pageSize)
        func handOver() throws {
            findSites(of: &page, with: &sites, hasFailed: &hasFailed)
            condition.lock()
            defer { condition.unlock() }
            while synchronized_pages.count >= Self.pagesAhead && !synchronized_isStopped { condition.wait() }
            if synchronized_isStopped { throw Stopped() }
            synchronized_pages.append(page)
            condition.broadcast()
            page.removeAll(keepingCapacity: true)
        }
        let end: Result<Void, any Error>
        do {
            try source.forEachLiveObjectRow(pageSize: Self.pageSize) { object in
                page.append(Placed(object: object, site: nil))
                if page.count == Self.pageSize { try handOver() }
            }
            if !page.isEmpty { try handOver() }
            end = .success(())
        } catch {
            end = .failure(error)
        }
        condition.lock()
        synchronized_end = end
        synchronized_isThreadDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Finds the site of each object of `page` the finder groups, in order, the creators of
    /// each window of them read ahead as one range (``EnclosingSubscriptionSites/readAhead(forCalls:)``),
    /// as the finder itself finds them; none once one has failed.
    private func findSites(
        of page: inout [Placed], with sites: inout EnclosingSubscriptionSites, hasFailed: inout Bool
    ) {
        for (number, start) in stride(from: 0, to: page.count, by: ChainWindows.windowSize).enumerated() {
            let window = start..<min(start + ChainWindows.windowSize, page.count)
            guard !hasFailed else { return }
            // Every few windows' sites are left to the finder, whose own work on an object is
            // about two thirds of this thread's: so both end the pass about together.
            if number % Self.windowsLeftToTheFinder == Self.windowsLeftToTheFinder - 1 { continue }
            let placed = window.filter { isPlaced(page[$0].object) }
            do {
                try sites.readAhead(forCalls: placed.compactMap { page[$0].object.callID })
            } catch {
                // Met where the finder would meet it: at the first object it asks the site of.
                if let first = placed.first { page[first].site = .failure(error) }
                hasFailed = true
                return
            }
            for index in placed {
                let site = Result { try page[index].object.callID.flatMap { try sites.site(enclosing: $0) } }
                page[index].site = site
                if case .failure = site {
                    hasFailed = true
                    return
                }
            }
        }
    }
}

// Every `synchronized_` property is guarded by `condition`; `source` and `isPlaced` are set
// before the reading thread starts, and only that thread reads through `source`.
extension LiveObjectSitesReadAhead: @unchecked Sendable {}
