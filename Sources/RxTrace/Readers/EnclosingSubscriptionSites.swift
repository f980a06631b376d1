/// Finds where the objects alive at the end were created: for each creating call, the site of
/// the innermost user subscription whose `subscribe` was running when it ran, the answer
/// ``TraceReader/innermostSubscriptionSites(enclosing:)`` gives.
///
/// It walks up a call's parents one lookup at a time (``TraceReader/callAndStartedSubscription(_:sites:reading:)``)
/// and remembers the answer for every call it passed, so the calls of one subscribe, which
/// share their ancestors, look each ancestor up once. Where that query took a recursive query
/// and a second one per window of calls, a top-level subscribe's call costs one lookup.
///
/// A call whose parents break off or loop (a damaged trace) is handed to
/// ``TraceReader/innermostSubscriptionSites(enclosing:)``, which says how.
struct EnclosingSubscriptionSites {
    /// A subscription a call started: the call, the subscription's id and its site.
    struct Started {
        var callID: Int64
        var subscriptionID: Int64
        /// `file:line`, one `String` for every subscription made on that line.
        var site: String

        /// Whether `self` is later than `other` as the innermost is chosen: by call, then by id.
        func isLater(than other: Started?) -> Bool {
            guard let other else { return true }
            return (callID, subscriptionID) > (other.callID, other.subscriptionID)
        }
    }

    /// How many calls' answers are remembered before they are forgotten all at once: the calls
    /// of the windows around the current one, not the whole trace's.
    static let rememberedCalls = 1 << 14

    private let reader: TraceReader
    /// Each call passed so far, to the innermost subscription enclosing it (`nil` for none).
    private var innermostOfCall: [Int64: Started?] = [:]
    /// Each site's text (`file:line`), made once.
    private var sites = SiteTexts()
    /// The lookup of one call (``TraceReader/callAndStartedSubscriptionQuery``), compiled once
    /// and kept: finding it in the connection's cache by its text cost a fifth of a lookup.
    private var lookup: Statement?
    /// The calls of the current walk, kept between walks so that one walk of a million does
    /// not allocate its own.
    private var path: [(id: Int64, started: Started?)] = []
    /// The calls read ahead by ``readAhead(forCalls:)``, in id order, each with its parent and
    /// the latest subscription it started: a walk takes a call from here before looking it up.
    private var callsReadAhead: [(id: Int64, parentID: Int64?, started: Started?)] = []

    /// A finder reading from `reader`.
    init(reader: TraceReader) {
        self.reader = reader
    }

    /// The site (`file:line`) of the innermost user subscription enclosing `call`, `nil` for
    /// none (or for a call the trace lacks).
    ///
    /// - Throws: ``TraceFileError/damaged(path:reason:)`` when `call`'s chain of parents loops
    ///   or breaks.
    mutating func site(enclosing call: Int64) throws -> String? {
        guard case .found(let innermost) = try innermost(enclosing: call) else {
            // A damaged chain: the recursive query says how, as it always did.
            return try reader.innermostSubscriptionSites(enclosing: [call])[call] ?? nil
        }
        return innermost?.site
    }

    /// Reads ahead, in one pass over their range of ids, the calls that walks from `calls` (a
    /// batch of creators, the objects alive at the end a page at a time) will look up first,
    /// when they lie close together: the creators of many objects made by many subscribes
    /// are each a lookup of a call and of the subscription it started (about 10,000
    /// instructions), where reading the range costs a few rows each. Calls spread far apart,
    /// or already answered, are left to the walks' lookups. Forgets what the last batch read.
    mutating func readAhead(forCalls calls: [Int64]) throws {
        callsReadAhead.removeAll(keepingCapacity: true)
        var low = Int64.max
        var high = Int64.min
        var count = 0
        for call in calls where innermostOfCall[call] == nil {
            low = min(low, call)
            high = max(high, call)
            count += 1
        }
        guard count > 1, high - low < Int64(count) * Self.readAheadRowsPerCall else { return }
        callsReadAhead = try reader.callsAndStartedSubscriptions(from: low, through: high, sites: &sites)
    }

    /// How many rows of the range a batch's calls may span, per call, for ``readAhead(forCalls:)``
    /// to read it: a row of the range costs a tenth or less of a lookup.
    static let readAheadRowsPerCall: Int64 = 8

    /// Call `id` as ``readAhead(forCalls:)`` read it, or `nil` when it did not.
    private func callReadAhead(_ id: Int64) -> (parentID: Int64?, started: Started?)? {
        guard let first = callsReadAhead.first, let last = callsReadAhead.last, id >= first.id, id <= last.id else {
            return nil
        }
        var low = 0
        var high = callsReadAhead.count
        while low < high {
            let middle = (low + high) / 2
            if callsReadAhead[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < callsReadAhead.count, callsReadAhead[low].id == id else { return nil }
        return (callsReadAhead[low].parentID, callsReadAhead[low].started)
    }

    /// What walking up from a call finds.
    private enum Walk {
        /// The innermost subscription enclosing the call, `nil` for none.
        case found(Started?)
        /// The call's chain of parents loops or breaks off.
        case damaged
    }

    private mutating func innermost(enclosing call: Int64) throws -> Walk {
        if let known = innermostOfCall[call] { return .found(known) }
        // The calls from `call` up to the first one already known, or to a top-level call,
        // each with the subscription it started.
        path.removeAll(keepingCapacity: true)
        var passed: Set<Int64> = []
        var next: Int64? = call
        var innermost: Started? = nil
        while let id = next {
            if let known = innermostOfCall[id] {
                innermost = known
                break
            }
            // A long chain is checked for a loop of parents.
            if path.count >= 64, !passed.insert(id).inserted { return .damaged }
            guard let read = try callReadAhead(id) ?? lookUp(id) else {
                // A parent the trace lacks breaks the chain; a call the trace lacks has no answer.
                return path.isEmpty ? .found(nil) : .damaged
            }
            path.append((id, read.started))
            next = read.parentID
        }
        if innermostOfCall.count + path.count > Self.rememberedCalls {
            innermostOfCall.removeAll(keepingCapacity: true)
        }
        for step in path.reversed() {
            if let started = step.started, started.isLater(than: innermost) { innermost = started }
            innermostOfCall[step.id] = innermost
        }
        return .found(innermost)
    }

    /// Call `id`'s parent and the latest subscription it started, looked up; `nil` when the
    /// trace has no call `id`.
    private mutating func lookUp(_ id: Int64) throws -> (parentID: Int64?, started: Started?)? {
        let statement = try lookup ?? reader.callAndStartedSubscriptionStatement()
        lookup = statement
        return try reader.callAndStartedSubscription(id, sites: &sites, reading: statement)
    }

    /// The text of each subscribe line (`file:line`), made once per line, not once per
    /// subscription: a million subscriptions made on one line share one `String`.
    struct SiteTexts {
        private struct Site: Hashable {
            var file: String
            var line: Int
        }

        /// The last file name read, kept while rows repeat it.
        var files = RepeatedTexts(count: 1)
        private var texts: [Site: String] = [:]
        /// The last site asked for and its text: the lines of a million subscribes made on one
        /// line ask for it again and again, and comparing is cheaper than hashing.
        private var last: (site: Site, text: String)?

        /// The text of line `line` of `file`.
        mutating func text(file: String, line: Int) -> String {
            let site = Site(file: file, line: line)
            if let last, last.site == site { return last.text }
            if let text = texts[site] {
                last = (site, text)
                return text
            }
            let text = "\(file):\(line)"
            // A damaged trace's lines may all differ: they are forgotten once there are many.
            if texts.count >= EnclosingSubscriptionSites.rememberedCalls { texts.removeAll(keepingCapacity: true) }
            texts[site] = text
            last = (site, text)
            return text
        }
    }
}
