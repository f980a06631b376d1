/// A subscription that was neither disposed nor terminated, with what it kept alive.
public struct OpenSubscription: Codable, Equatable, Sendable {
    /// The subscription.
    public var subscription: SubscriptionRecord
    /// Where user code built the observable subscribed to, if an operator or factory did.
    public var builtAt: Assembly?
    /// From the source to the observer, each element with where it was built:
    /// `PublishSubject<Int> #1 → Map<Int, Int> #2 (map at App/Main.swift:7) → AnonymousObserver<Int> #6`.
    public var chain: [String]
    /// The objects of its chain and flow still alive at the end.
    public var alive: [String]
    /// The tags of its chain (`.traceTag`, `debug` identifiers); `nil` for none.
    public var tags: [String]? = nil
    /// What the finding means (``LeakRules/verdict(bag:isGlobalBag:pendingWork:keptAlive:)``).
    public var verdict: LeakVerdict
    /// The bag its `Disposable` went into, if any.
    public var bag: BagHold? = nil
    /// The scheduled work still holding it, if any.
    public var pendingWork: PendingWork? = nil
    /// The scope (test) that subscribed, by name, if any.
    public var scopeName: String? = nil
    /// The inner subscriptions its operators made (`flatMap`, `flatMapLatest`), each under its
    /// operator in ``chain``; `nil` for none.
    public var innerChains: [InnerChain]? = nil

    /// An open subscription with where its observable was built, its chain, the objects it
    /// keeps alive, its chain's tags, the bag it is in and the work holding it; its verdict is
    /// worked out from them unless given.
    public init(
        subscription: SubscriptionRecord, builtAt: Assembly? = nil, chain: [String], alive: [String],
        tags: [String]? = nil,
        bag: BagHold? = nil, isGlobalBag: Bool = false, pendingWork: PendingWork? = nil
    ) {
        self.subscription = subscription
        self.builtAt = builtAt
        self.chain = chain
        self.alive = alive
        self.tags = tags
        self.bag = bag
        self.pendingWork = pendingWork
        self.verdict = LeakRules.verdict(bag: bag, isGlobalBag: isGlobalBag, pendingWork: pendingWork, keptAlive: alive)
    }
}

/// Objects of one type alive at the end for one reason: what they are to a reader (their
/// verdict) and what holds them.
public struct LiveObjectGroup: Codable, Equatable, Sendable {
    /// The type.
    public var typeName: String
    /// Their ids, in order of creation.
    public var objectIDs: [Int64]
    /// Where they were created: the flows (by title) whose calls created them.
    public var createdIn: [String]
    /// What their being alive means, by ``LeakRules/verdict(of:)``.
    public var verdict: LeakVerdict = .retaining
    /// What holds them, when the trace says.
    public var holder: LiveObjectHolder? = nil

    /// Objects of `typeName` alive at the end, with their verdict and what holds them.
    public init(
        typeName: String, objectIDs: [Int64], createdIn: [String], verdict: LeakVerdict = .retaining,
        holder: LiveObjectHolder? = nil
    ) {
        self.typeName = typeName
        self.objectIDs = objectIDs
        self.createdIn = createdIn
        self.verdict = verdict
        self.holder = holder
    }

    /// A group read from JSON; a report written before live objects had verdicts says none,
    /// and reads as retaining.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.typeName = try container.decode(String.self, forKey: .typeName)
        self.objectIDs = try container.decode([Int64].self, forKey: .objectIDs)
        self.createdIn = try container.decode([String].self, forKey: .createdIn)
        self.verdict = try container.decodeIfPresent(LeakVerdict.self, forKey: .verdict) ?? .retaining
        self.holder = try container.decodeIfPresent(LiveObjectHolder.self, forKey: .holder)
    }
}

/// A DisposeBag that user code made in a `main.swift`, alive at the end with what it holds: a
/// global's bag lives until the program exits, so none of it is a leak (``LeakRules``).
public struct BagAliveAtExit: Codable, Equatable, Sendable {
    /// The bag: `DisposeBag #3`.
    public var bag: String
    /// Where user code made it.
    public var madeAt: Assembly
    /// The subscriptions it holds that had not ended, each with its chain and what it keeps alive.
    public var subscriptions: [OpenSubscription]
    /// Every object alive at the end that the bag holds or keeps alive, the bag first.
    public var objects: [String]

    /// A bag made at `madeAt`, holding `subscriptions` and keeping `objects` alive.
    public init(bag: String, madeAt: Assembly, subscriptions: [OpenSubscription], objects: [String]) {
        self.bag = bag
        self.madeAt = madeAt
        self.subscriptions = subscriptions
        self.objects = objects
    }
}

/// What the leak report says: subscriptions that never ended, objects alive at the end.
public struct LeakReport: Codable, Equatable, Sendable {
    /// `Resources.total` when recording started.
    public var resourcesTotalStart: Int
    /// `Resources.total` when recording ended; `nil` if the run was cut short.
    public var resourcesTotalEnd: Int?
    /// Subscriptions neither disposed nor terminated.
    public var openSubscriptions: [OpenSubscription]
    /// Objects alive at the end, grouped by type.
    public var liveObjects: [LiveObjectGroup]
    /// DisposeBags made in `main.swift` and alive at the end, with what they hold: alive by
    /// design, kept apart from ``openSubscriptions`` and ``liveObjects``; `nil` for none.
    public var aliveAtExit: [BagAliveAtExit]? = nil
    /// Objects alive at the end that an XCTest case's stored properties hold (the verdict
    /// ``LeakVerdict/heldByTestHarness``): XCTest keeps every test case instance until the
    /// process ends. Kept apart from ``liveObjects``; `nil` for none.
    public var heldByTestHarness: [LiveObjectGroup]? = nil

    /// A report with every field given; RxTesting's leak checks build one per test.
    public init(
        resourcesTotalStart: Int, resourcesTotalEnd: Int?, openSubscriptions: [OpenSubscription],
        liveObjects: [LiveObjectGroup], aliveAtExit: [BagAliveAtExit]? = nil,
        heldByTestHarness: [LiveObjectGroup]? = nil
    ) {
        self.resourcesTotalStart = resourcesTotalStart
        self.resourcesTotalEnd = resourcesTotalEnd
        self.openSubscriptions = openSubscriptions
        self.liveObjects = liveObjects
        self.aliveAtExit = aliveAtExit
        self.heldByTestHarness = heldByTestHarness
    }

    /// Whether nothing leaked: no open subscription, and no object alive at the end whose
    /// verdict is a leak's (``LeakVerdict/isLeak``); what ``aliveAtExit`` holds, a global's
    /// objects and what pending work holds are alive by design or for a while.
    public var isEmpty: Bool { openSubscriptions.isEmpty && !liveObjects.contains { $0.verdict.isLeak } }

    /// The number of objects alive at the end.
    public var liveObjectCount: Int { liveObjects.reduce(0) { $0 + $1.objectIDs.count } }

    /// The report of the chains tagged `tag` only: their open subscriptions, and no objects
    /// (an object alive at the end belongs to no one chain).
    public func only(taggedAs tag: String) -> LeakReport {
        LeakReport(
            resourcesTotalStart: resourcesTotalStart, resourcesTotalEnd: resourcesTotalEnd,
            openSubscriptions: openSubscriptions.filter { $0.tags?.contains(tag) == true }, liveObjects: []
        )
    }
}

/// Finds what a run leaked: subscriptions never disposed nor terminated (with the user's line
/// that subscribed), and objects never deinitialized, by ``LeakRules``, the rules RxTesting's
/// live leak checks apply too.
public struct LeakFinder {
    private let reader: TraceReader
    /// Whether the open subscriptions' chains past the first page are read ahead on threads
    /// of their own (``ChainPagesReadAhead``); `false` reads them on the finder's own thread.
    /// Every report reads ahead, the HTML page too since its walkthrough no longer passes
    /// through the encoder: one reading thread added 3 MB to its peak at 6,000 open
    /// subscriptions in a debug build (`ManySubscriptionsTests`).
    var readsChainsAhead = true

    /// A finder reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// The leak report of the run, or of one scope of it.
    ///
    /// - Parameter scope: a ``scope`` id (RxCore's `TraceScope.id`, one test's): only the
    ///   subscriptions made and objects created in that scope are reported. `nil` reports
    ///   everything.
    public func report(scope: Int64? = nil) throws -> LeakReport {
        var open: [OpenSubscription] = []
        var liveObjects: [LiveObjectGroup] = []
        let rest = try findLeaks(scope: scope) { finding, _ in
            open.append(finding)
        } liveObject: {
            liveObjects.append($0)
        }
        return LeakReport(
            resourcesTotalStart: reader.run.resourcesTotalStart,
            resourcesTotalEnd: reader.run.resourcesTotalEnd,
            openSubscriptions: open,
            liveObjects: liveObjects,
            aliveAtExit: rest.aliveAtExit,
            heldByTestHarness: rest.heldByTestHarness
        )
    }

    /// What ``report(scope:)`` says, with each group of identical open subscriptions held as
    /// its first and how many there are (``IdenticalLeaks``): what the text report prints, in
    /// a memory that grows with the distinct leaks, not with how often each was found.
    ///
    /// - Parameters:
    ///   - scope: as ``report(scope:)``'s.
    ///   - tag: when given, the summary of ``LeakReport/only(taggedAs:)``: the open
    ///     subscriptions of chains tagged `tag`, and no objects.
    public func summary(scope: Int64? = nil, taggedAs tag: String? = nil) throws -> LeakSummary {
        try summaryCollectingLiveObjects(scope: scope, taggedAs: tag, inFullFirst: 0) { _ in }
    }

    /// What ``summary(scope:taggedAs:)`` says, handing each open subscription it counts to
    /// `found` as well, in order of subscribe: a caller that shows the first few in full (the
    /// HTML page's data) keeps those and lets the rest go.
    public func summary(
        scope: Int64? = nil, taggedAs tag: String? = nil, found: (OpenSubscription) throws -> Void
    ) throws -> LeakSummary {
        try summaryCollectingLiveObjects(scope: scope, taggedAs: tag, inFullFirst: .max, found: found)
    }

    /// ``summary(scope:taggedAs:inFullFirst:found:liveObject:)`` with the groups of objects
    /// alive at the end collected into the summary's ``LeakSummary/liveObjects``.
    func summaryCollectingLiveObjects(
        scope: Int64? = nil, taggedAs tag: String? = nil, inFullFirst limit: Int,
        found: (OpenSubscription) throws -> Void
    ) throws -> LeakSummary {
        var liveObjects: [LiveObjectGroup] = []
        var summary = try summary(scope: scope, taggedAs: tag, inFullFirst: limit, found: found) {
            liveObjects.append($0)
        }
        summary.liveObjects = liveObjects
        return summary
    }

    /// What ``summary(scope:taggedAs:)`` says, handing the first `limit` open subscriptions it
    /// counts to `found` as well, in order of subscribe (the others are counted by their kind
    /// alone, their labels never written out: ``findLeaks(scope:inFull:found:liveObject:)``),
    /// and each group of objects alive at the end to `liveObject` as soon as it is complete, in
    /// the order of ``LeakSummary/liveObjects``: the summary holds only their count and whether
    /// one is a leak (``LeakSummary/liveObjectTally``), so a report of a million distinct types
    /// holds none of them. With `tag`, no group is handed on, as the summary lists none.
    func summary(
        scope: Int64? = nil, taggedAs tag: String? = nil, inFullFirst limit: Int,
        found: (OpenSubscription) throws -> Void, liveObject: (LiveObjectGroup) throws -> Void
    ) throws -> LeakSummary {
        var groups: [IdenticalLeaks] = []
        // Each kind's group, by kind (kinds are numbered densely); -1 for none yet.
        var groupOfKind: [Int] = []
        func group(ofKind kind: Int) -> Int? {
            kind < groupOfKind.count && groupOfKind[kind] >= 0 ? groupOfKind[kind] : nil
        }
        var count = 0
        var tally = LiveObjectTally()
        func isShown(_ tags: [String]) -> Bool { tag.map { tags.contains($0) } ?? true }
        func isWrittenOut(kind: Int, tags: [String]) -> Bool {
            isShown(tags) && (count < limit || group(ofKind: kind) == nil)
        }
        let rest = try findLeaks(scope: scope, inFull: isWrittenOut) { finding in
            guard isShown(finding.tags) else { return }
            count += 1
            if count <= limit, let open = finding.full { try found(open) }
            if let index = group(ofKind: finding.kind) {
                groups[index].add(subscriptionID: finding.id, scopeName: finding.scopeName)
            } else if let first = finding.full {
                if groupOfKind.count <= finding.kind {
                    groupOfKind += Array(repeating: -1, count: finding.kind + 1 - groupOfKind.count)
                }
                groupOfKind[finding.kind] = groups.count
                groups.append(IdenticalLeaks(first: first))
            }
        } liveObject: { group in
            guard tag == nil else { return }
            tally.add(group)
            try liveObject(group)
        }
        var summary = LeakSummary(
            resourcesTotalStart: reader.run.resourcesTotalStart,
            resourcesTotalEnd: reader.run.resourcesTotalEnd,
            openSubscriptionCount: count,
            identicalLeaks: groups,
            liveObjects: [],
            aliveAtExit: tag == nil ? rest.aliveAtExit : nil,
            heldByTestHarness: tag == nil ? rest.heldByTestHarness : nil
        )
        summary.liveObjectTally = tally
        return summary
    }

    /// Finds the leaks of the run or of `scope`: hands each open subscription that is no global
    /// bag's to `found`, in order of subscribe, with its ``LeakRules/identityKey(of:)``, then
    /// each group of objects alive at the end to `liveObject`, in the order of
    /// ``LeakReport/liveObjects``, as soon as it is complete (``LiveObjectGroupStream``), and
    /// returns the rest of the report.
    func findLeaks(
        scope: Int64?, found: (OpenSubscription, String) throws -> Void,
        liveObject: (LiveObjectGroup) throws -> Void
    ) throws -> (aliveAtExit: [BagAliveAtExit]?, heldByTestHarness: [LiveObjectGroup]?) {
        func everyOne(kind: Int, tags: [String]) -> Bool { true }
        return try findLeaks(scope: scope, inFull: everyOne) { finding in
            guard let open = finding.full else { return }
            try found(open, finding.key ?? LeakRules.identityKey(of: open))
        } liveObject: {
            try liveObject($0)
        }
    }

    /// One open subscription found by ``findLeaks(scope:inFull:found:liveObject:)``: its kind,
    /// and the finding in full when it is the first of its kind or the caller asked for it.
    struct FoundSubscription {
        /// The subscription's id.
        var id: Int64
        /// The name of the scope (test) that subscribed, if any.
        var scopeName: String?
        /// Its chain's tags.
        var tags: [String]
        /// Its kind: the same leak found many times is one kind (``LeakRules/identityKey(of:)``),
        /// numbered 0, 1, 2… in order of its first finding.
        var kind: Int
        /// Whether it is the first of its kind.
        var isFirstOfKind: Bool
        /// The finding in full, when it is the first of its kind or `inFull` asked for it.
        var full: OpenSubscription? = nil
        /// Its ``LeakRules/identityKey(of:)``, when written out.
        var key: String? = nil
    }

    /// Finds the leaks of the run or of `scope`: hands each open subscription that is no global
    /// bag's to `found`, in order of subscribe, with its kind, then each group of objects alive
    /// at the end to `liveObject` as soon as it is complete (``LiveObjectGroupStream``), and
    /// returns the rest of the report. A finding is written out in full (its labels, its key)
    /// when it is the first of its kind or `inFull` asks for it (given its kind and its chain's
    /// tags); every other one is told apart by integers (``LeakKinds``), which a report of a
    /// million identical open subscriptions spends its time on.
    func findLeaks(
        scope: Int64?, inFull: (_ kind: Int, _ tags: [String]) -> Bool, found: (FoundSubscription) throws -> Void,
        liveObject: (LiveObjectGroup) throws -> Void
    ) throws -> (aliveAtExit: [BagAliveAtExit]?, heldByTestHarness: [LiveObjectGroup]?) {
        // Its many small queries (one per live object's creator) in one snapshot, under one lock.
        try reader.inOneReadTransaction {
            try findLeaksReading(scope: scope, inFull: inFull, found: found, liveObject: liveObject)
        }
    }

    /// ``findLeaks(scope:inFull:found:liveObject:)``'s work, inside its read transaction.
    private func findLeaksReading(
        scope: Int64?, inFull: (_ kind: Int, _ tags: [String]) -> Bool, found: (FoundSubscription) throws -> Void,
        liveObject: (LiveObjectGroup) throws -> Void
    ) throws -> (aliveAtExit: [BagAliveAtExit]?, heldByTestHarness: [LiveObjectGroup]?) {
        // The live objects read a page at a time, only their ids, types, creators and scopes
        // (LiveObjectRow): each one's id and label kept (a LiveObjectIndex), the records read
        // and kept only of the bags, work items and schedulers, whose makers and work the
        // findings need. A trace with millions of live objects holds 12 bytes of each, and the
        // last loop reads their rows again a page at a time.
        var liveObjects = LiveObjectIndex()
        var liveBookkeeperIDs: [Int64] = []
        // Whether each type (by its number in liveObjects) is a bag's, a work item's or a
        // scheduler's: worked out once per type, not once per object.
        var isBookkeeperType: [Bool] = []
        try reader.forEachLiveObjectRow { object in
            let type = liveObjects.add(id: object.id, typeName: object.typeName)
            if type == isBookkeeperType.count {
                isBookkeeperType.append(
                    object.typeName == "DisposeBag" || object.typeName == SchedulerHop.workItemTypeName
                        || object.typeName.contains("Scheduler"))
            }
            if isBookkeeperType[type], liveBookkeeperIDs.last.map({ $0 < object.id }) ?? true {
                liveBookkeeperIDs.append(object.id)
            }
        }
        var liveBookkeepers: [ObjectRecord] = []
        for start in stride(from: 0, to: liveBookkeeperIDs.count, by: 4096) {
            let page = liveBookkeeperIDs[start..<min(start + 4096, liveBookkeeperIDs.count)]
            let records = try reader.objects(withIDs: page)
            liveBookkeepers += page.compactMap { records[$0] }
        }
        func isInScope(_ scopeID: Int64?) -> Bool { scope == nil || scopeID == scope }
        // Where each of the objects made by `creators` (their calls) was created: the
        // subscription enclosing each creator, found by walking up its parents, each call's
        // answer remembered for its siblings. A chain of parents that loops or breaks is a
        // damaged trace, reported as such.
        var enclosingSites = EnclosingSubscriptionSites(reader: reader)
        // The last place worded, for the next object made in the same subscribe.
        var lastPlace: (site: String?, place: String)?
        func place(ofSite site: String?) -> String {
            if let last = lastPlace, last.site == site { return last.place }
            let place = LeakRules.creationPlace(subscribeSite: site)
            lastPlace = (site, place)
            return place
        }
        func places(ofCreating objects: [Int64?]) throws -> [String] {
            var places: [String] = []
            places.reserveCapacity(objects.count)
            // A page's creators lie close together when many subscribes made them: read as a range.
            try enclosingSites.readAhead(forCalls: objects.compactMap { $0 })
            for creator in objects {
                places.append(place(ofSite: try creator.flatMap { try enclosingSites.site(enclosing: $0) }))
            }
            return places
        }

        // The bags alive at the end, and which of them took each disposable: a bag never released
        // never disposed what it holds.
        let liveBags = liveBookkeepers.filter { $0.typeName == "DisposeBag" }
        let liveBagsByID = Dictionary(liveBags.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A bag is a global's when top-level code or a global's initializer made it: the
        // function its `init` was called from says so (schema 6), else the file it was made in.
        var bagMaker: [Int64: String] = [:]
        for bag in liveBags {
            if let call = bag.callID, case .line(let frame) = try reader.callerLine(ofCall: call),
                let function = frame.function
            {
                bagMaker[bag.id] = function
            }
        }
        let bagsAliveUntilExit = liveBags.filter {
            isInScope($0.scopeID) && LeakRules.isGlobalBag(madeBy: bagMaker[$0.id], madeAt: $0.assembly)
        }
        var bagOfDisposable: [Int64: Int64] = [:]
        // What each global's bag holds: the subscriptions, and the objects, the bag and its entries first.
        var heldByBag: [Int64: (subscriptions: [OpenSubscription], objects: [Int64])] = [:]
        let entries = try reader.bagEntries(of: liveBags.map(\.id))
        for bag in liveBags {
            for disposable in entries[bag.id] ?? [] where bagOfDisposable[disposable] == nil {
                bagOfDisposable[disposable] = bag.id
            }
        }
        for bag in bagsAliveUntilExit {
            heldByBag[bag.id] = (subscriptions: [], objects: [bag.id] + (entries[bag.id] ?? []))
        }
        // Work a scheduler still holds: each live work item, with the objects of the calls that
        // queued it (the scheduler's step, and the sink's step above it).
        var pendingWork:
            [(
                item: Int64, scheduler: String, schedulerID: Int64?, steps: [(name: String, object: Int64)],
                isPeriodic: Bool
            )] = []
        for item in liveBookkeepers where item.typeName == SchedulerHop.workItemTypeName {
            guard let creator = item.callID else { continue }
            let calls = try reader.ancestry(of: creator)
            let scheduler = calls.first { $0.typeName?.contains("Scheduler") == true }
            pendingWork.append(
                (
                    item: item.id,
                    scheduler: scheduler.flatMap { call in
                        call.objectID.flatMap { liveObjects.label(of: $0) }
                            ?? call.typeName.map { TypeNames.short($0) + (call.objectID.map { " #\($0)" } ?? "") }
                    } ?? "a scheduler",
                    schedulerID: scheduler?.objectID,
                    steps: calls.compactMap { call in call.objectID.map { (call.name, $0) } },
                    isPeriodic: calls.contains { $0.name.hasSuffix(".schedulePeriodic") }
                ))
        }

        // The same leak found many times is one finding (LeakRules.identityKey): what each of
        // them keeps alive is charged to the first, so those objects make one block, not one
        // per subscription. Only the first of each kind is kept with its verdict (the key holds
        // the verdict, so every one of its kind has the same), not every subscription found;
        // kinds are told by integers (LeakKinds), the key written out for a kind's first.
        var kinds = LeakKinds()
        var firstOfKind: [Int64] = []
        var verdictOfFirst: [Int64: LeakVerdict] = [:]
        var scopeNames: [Int64: String?] = [:]
        // The open subscriptions reported on their own that keep each object alive, by object,
        // each as the first of its kind (what it keeps alive is charged to the first): the objects
        // their findings explain. A first repeated right after itself is kept once.
        var keepers = SubscriptionKeepers(objectCount: liveObjects.count)
        // Each type's short name (TypeNames.short), worked out once per type, not once per
        // element of every chain: `AnonymousObserver<Int> #6` is that name and the id.
        var shortTypeNames: [String: String] = [:]
        func shortLabel(of object: ObjectRecord) -> String {
            if let short = shortTypeNames[object.typeName] { return "\(short) #\(object.id)" }
            let short = TypeNames.short(object.typeName)
            shortTypeNames[object.typeName] = short
            return "\(short) #\(object.id)"
        }
        // Only the open ones, a page at a time: a large trace's closed subscriptions are never
        // read, and the open ones are not all held at once. Each page's chains, their objects
        // and their tags are read in a few queries: one subscription at a time took a dozen.
        // Once a first full page says more follow, the rest are read ahead on threads of
        // their own (ChainPagesReadAhead), while this one builds their findings.
        var pages = OpenChainPages(reader: reader, liveObjects: liveObjects, scope: scope)
        var ahead: ChainPagesReadAhead?
        defer { ahead?.stop() }
        func nextPage() throws -> [ChainWindows.Element]? {
            if let ahead { return try ahead.next() }
            let page = try pages.next()
            if page != nil, pages.wasLastPageFull, readsChainsAhead {
                ahead = ChainPagesReadAhead.start(
                    reader: reader, liveObjects: liveObjects, scope: scope, after: pages.lastRead)
            }
            return page
        }
        while let page = try nextPage() {
            for element in page {
                let (subscription, links, objectOfID) = (element.subscription, element.chain, element.objects)
                // The elements subscribed through with where user code built them, the observer plain.
                func label(_ objectID: Int64) -> String? {
                    let object = objectOfID[objectID]
                    if links.subscribedThrough.contains(objectID) {
                        return object.map { LeakRules.element(shortLabel(of: $0), builtBy: $0.assembly) }
                            ?? "#\(objectID)"
                    }
                    return object.map(shortLabel(of:))
                }
                // The chain's own line; each inner subscription under the operator that made it:
                // the elements that have a label (a link the trace lacks is labelled by its id).
                let outer = links.outerElements.filter {
                    objectOfID[$0] != nil || links.subscribedThrough.contains($0)
                }
                // A chain without inner subscriptions (most) has none to look for.
                let inner = (links.innerOf.isEmpty ? [] : links.innerElements).compactMap { inner in
                    outer.firstIndex(of: inner.operator).map { index in
                        (
                            operatorIndex: index,
                            elements: inner.elements.filter {
                                objectOfID[$0] != nil || links.subscribedThrough.contains($0)
                            }
                        )
                    }
                }
                let keepsAnythingAlive =
                    links.subscribedThrough.contains { liveObjects.contains($0) }
                    || links.created.contains { liveObjects.contains($0) }
                let tags = element.tags
                let bagID = subscription.disposableObjectID.flatMap { bagOfDisposable[$0] }
                let bag = bagID.flatMap { liveBagsByID[$0] }.map {
                    BagHold(
                        bag: $0.label, madeAt: $0.assembly, isAliveAtEnd: true,
                        madeIn: bagMaker[$0.id].map(BagHold.shortFunctionName)
                    )
                }
                let isGlobalBag = bagID.map { id in bagsAliveUntilExit.contains { $0.id == id } } ?? false
                // The set of its own objects is built only when some work is pending.
                let ownObjects = pendingWork.isEmpty ? [] : Set(links.subscribedThrough + links.created)
                let work = pendingWork.lazy.compactMap { work in
                    work.steps.first { ownObjects.contains($0.object) }.map {
                        PendingWork(scheduler: work.scheduler, scheduledBy: $0.name, isPeriodic: work.isPeriodic)
                    }
                }.first
                // The finding in full, its labels written out: for the first of its kind, and
                // for a caller that asks for every one.
                func full() -> OpenSubscription {
                    var openSubscription = OpenSubscription(
                        subscription: subscription,
                        builtAt: subscription.observableObjectID.flatMap { objectOfID[$0]?.assembly },
                        chain: outer.compactMap(label), alive: links.keptAlive { liveObjects.label(of: $0) },
                        tags: tags.isEmpty ? nil : tags, bag: bag, isGlobalBag: isGlobalBag, pendingWork: work
                    )
                    let innerChains = inner.map {
                        InnerChain(operatorIndex: $0.operatorIndex, elements: $0.elements.compactMap(label))
                    }
                    openSubscription.innerChains = innerChains.isEmpty ? nil : innerChains
                    return openSubscription
                }
                if let bag = bagID, heldByBag[bag] != nil {
                    heldByBag[bag]?.subscriptions.append(full())
                    heldByBag[bag]?.objects += (links.subscribedThrough.reversed() + links.created).filter {
                        liveObjects.contains($0)
                    }
                    continue
                }
                var scopeName: String?
                if let scopeID = subscription.scopeID {
                    if scopeNames[scopeID] == nil {
                        scopeNames[scopeID] = try reader.scopeNames(of: [scopeID])[scopeID]
                    }
                    scopeName = scopeNames[scopeID] ?? nil
                }
                // Its identity, as integers (LeakKinds): its kind without its labels and key
                // once an earlier subscription of that identity has been written out.
                let verdict = LeakRules.verdict(
                    bag: bag, isGlobalBag: isGlobalBag, pendingWork: work, keepsAnythingAlive: keepsAnythingAlive)
                func isLink(_ object: Int64) -> Bool { links.subscribedThrough.contains(object) }
                var identity: [Int32] = []
                identity.reserveCapacity(
                    4 + outer.count + inner.reduce(0) { $0 + 2 + $1.elements.count })
                identity += [
                    kinds.site(file: subscription.file, line: subscription.line), LeakKinds.number(of: verdict),
                    Int32(outer.count),
                ]
                for object in outer { identity.append(kinds.shape(of: objectOfID[object], isLink: isLink(object))) }
                identity.append(Int32(inner.count))
                for chain in inner {
                    identity += [Int32(chain.operatorIndex), Int32(chain.elements.count)]
                    for object in chain.elements {
                        identity.append(kinds.shape(of: objectOfID[object], isLink: isLink(object)))
                    }
                }
                var finding = FoundSubscription(
                    id: subscription.id, scopeName: scopeName, tags: tags, kind: 0, isFirstOfKind: false)
                if let kind = kinds.kind(of: identity), !inFull(kind, tags) {
                    finding.kind = kind
                } else {
                    var openSubscription = full()
                    openSubscription.scopeName = scopeName
                    let key = LeakRules.identityKey(of: openSubscription)
                    (finding.kind, finding.isFirstOfKind) = kinds.kind(of: identity, key: key)
                    finding.full = openSubscription
                    finding.key = key
                }
                if finding.isFirstOfKind {
                    firstOfKind.append(subscription.id)
                    verdictOfFirst[subscription.id] = verdict
                }
                let first = firstOfKind[finding.kind]
                try found(finding)
                // Each object once: an object listed twice finds itself last in its keepers. Only
                // objects alive at the end (bags too) are kept, by their place in the index.
                func keep(_ object: Int64) {
                    if let index = liveObjects.index(of: object) { keepers.add(first, keepingObjectAt: index) }
                }
                // What it keeps alive, the observer first, then its bag.
                if let observer = links.observer { keep(observer) }
                for object in links.subscribedThrough { keep(object) }
                for object in links.created { keep(object) }
                if let bagID { keep(bagID) }
            }
        }

        var aliveAtExit: [BagAliveAtExit] = []
        var setApart: Set<Int64> = []
        for bag in bagsAliveUntilExit {
            guard let held = heldByBag[bag.id], let madeAt = bag.assembly else { continue }
            var objects: [String] = []
            for id in held.objects {
                if let label = liveObjects.label(of: id), setApart.insert(id).inserted { objects.append(label) }
            }
            aliveAtExit.append(
                BagAliveAtExit(bag: bag.label, madeAt: madeAt, subscriptions: held.subscriptions, objects: objects))
        }
        // Each object left: its verdict, by the subscriptions' rule (LeakRules), from what made
        // it, the work queued on it and the subscriptions that keep it alive.
        let neverStarted = try virtualTimeSchedulersNeverStarted(
            among: liveBookkeepers.filter { isInScope($0.scopeID) && !setApart.contains($0.id) })
        // Each work item and each scheduler holding one, to its work: looked up once per object.
        var workOfObject: [Int64: Int] = [:]
        for (index, work) in pendingWork.enumerated() {
            if workOfObject[work.item] == nil { workOfObject[work.item] = index }
            if let scheduler = work.schedulerID, workOfObject[scheduler] == nil { workOfObject[scheduler] = index }
        }
        var heldByHarness: [LiveObjectRow] = []
        // Grouped as they come, a page of rows at a time, their creation places read a window
        // at a time; each group handed on once its type's last live object has gone by.
        var groups = LiveObjectGroupStream()
        var leaked:
            [(
                object: LiveObjectRow, type: Int, verdict: LeakVerdict, holder: LiveObjectHolder?,
                site: Result<String?, any Error>?
            )] = []
        var typesEnded: [Int] = []
        // Past a page of them, the objects are read with their creators' sites on a thread of
        // their own (LiveObjectSitesReadAhead), while this one works out their verdicts.
        let isPlaced: @Sendable (LiveObjectRow) -> Bool = { [scope, setApart] object in
            (scope == nil || object.scopeID == scope) && !setApart.contains(object.id)
        }
        let sitesAhead =
            liveObjects.count > LiveObjectSitesReadAhead.pageSize
            ? LiveObjectSitesReadAhead.start(reader: reader, isPlaced: isPlaced) : nil
        defer { sitesAhead?.stop() }
        func forEachLiveObject(_ body: (LiveObjectRow, Result<String?, any Error>?) throws -> Void) throws {
            guard let sitesAhead else {
                try reader.forEachLiveObjectRow { try body($0, nil) }
                return
            }
            while let page = try sitesAhead.next() {
                for placed in page { try body(placed.object, placed.site) }
            }
        }
        func groupLeaked() throws {
            let placesOfLeaked: [String]
            if sitesAhead == nil {
                placesOfLeaked = try places(ofCreating: leaked.map(\.object.callID))
            } else {
                // The sites left to this thread, read ahead as places(ofCreating:) reads them.
                try enclosingSites.readAhead(forCalls: leaked.compactMap { $0.site == nil ? $0.object.callID : nil })
                // In order, as places(ofCreating:) finds them: a site's error is met at its object.
                placesOfLeaked = try leaked.map { leak in
                    guard let found = leak.site else {
                        return place(ofSite: try leak.object.callID.flatMap { try enclosingSites.site(enclosing: $0) })
                    }
                    return place(ofSite: try found.get())
                }
            }
            for (leak, place) in zip(leaked, placesOfLeaked) {
                groups.add(
                    type: leak.type, typeName: leak.object.typeName, id: leak.object.id, place: place,
                    verdict: leak.verdict, holder: leak.holder)
            }
            leaked.removeAll(keepingCapacity: true)
            for type in typesEnded { try groups.complete(type: type, handOn: liveObject) }
            typesEnded.removeAll(keepingCapacity: true)
        }
        func firstOfEachKind(_ firsts: [Int64]) -> [Int64] {
            guard firsts.count > 1 else { return firsts }
            var seen: Set<Int64> = []
            return firsts.filter { seen.insert($0).inserted }
        }
        try forEachLiveObject { object, site in
            // A live object the index does not hold (none, but for a trace changed under the
            // reader) joins a group handed on at the end.
            let type = liveObjects.type(of: object.id) ?? -1
            if type >= 0, liveObjects.isLast(object.id, ofType: type) { typesEnded.append(type) }
            guard isPlaced(object) else { return }
            // User code made it outside any step: the stack it was made from names the function.
            var maker: String?
            if object.callID == nil, reader.features.hasObjectCallers {
                let frames = try reader.callerFrames(ofObject: object.id)
                if LeakRules.isMadeByATestCase(frames: frames) {
                    heldByHarness.append(object)
                    return
                }
                // A global's or static's initializer anywhere on the stack made it, whoever's
                // (`MainScheduler.instance`, a `static let shared` a view model touched first):
                // that global holds it. Else the user's function that made it.
                let functions = frames.compactMap(\.function).map {
                    $0.hasPrefix("$s") ? Symbolizer.demangled($0) : $0
                }
                if let initializer = functions.first(where: LeakRules.isGlobalInitializer) {
                    maker = initializer
                } else if case .line(let frame) = CallerLine.find(in: [frames]), let function = frame.function {
                    maker = function.hasPrefix("$s") ? Symbolizer.demangled(function) : function
                }
            } else if object.typeName == "DisposeBag" {
                maker = bagMaker[object.id]
            }
            // The work a scheduler still holds: a live work item (the step that queued it, the
            // nearest one of neither the item nor its scheduler), or a never-started virtual
            // time scheduler's.
            var work = workOfObject[object.id].map { pendingWork[$0] }.map { work in
                PendingWork(
                    scheduler: work.scheduler,
                    scheduledBy: (work.steps.first { $0.object != work.item && $0.object != work.schedulerID }
                        ?? work.steps.first { $0.object == work.schedulerID } ?? work.steps.first)?.name
                        ?? SchedulerHop.enqueueStepName,
                    isPeriodic: work.isPeriodic
                )
            }
            if work == nil {
                work = try neverStarted[object.id] ?? queuedOnANeverStartedScheduler(object, neverStarted)
            }
            let subscriptionIDs =
                liveObjects.index(of: object.id).map { keepers.subscriptions(keepingObjectAt: $0) } ?? []
            let verdict = LeakRules.verdict(
                ofObjectMadeBy: maker, isMadeByATestCase: false, pendingWork: work,
                keptAliveBy: subscriptionIDs.compactMap { verdictOfFirst[$0] }
            )
            let holder: LiveObjectHolder? =
                switch verdict {
                case .globalByDesign: maker.map { LiveObjectHolder(madeIn: BagHold.shortFunctionName($0)) }
                case .pendingScheduledWork where work != nil: LiveObjectHolder(pendingWork: work)
                case .retaining where work?.isPeriodic == true: LiveObjectHolder(pendingWork: work)
                default:
                    // Kept alive by open subscriptions, or else made by a function of the user's,
                    // whose owner a reader can look for.
                    subscriptionIDs.isEmpty
                        ? maker.map { LiveObjectHolder(madeIn: BagHold.shortFunctionName($0)) }
                        : LiveObjectHolder(subscriptionIDs: firstOfEachKind(subscriptionIDs))
                }
            leaked.append((object, type, verdict, holder, site))
            if leaked.count >= ChainWindows.windowSize { try groupLeaked() }
        }
        try groupLeaked()
        try groups.finish(handOn: liveObject)
        let harnessGroups = LeakRules.groupLiveObjects(
            zip(heldByHarness, try places(ofCreating: heldByHarness.map(\.callID))).map { object, place in
                (object.typeName, object.id, place, LeakVerdict.heldByTestHarness, nil)
            }
        )
        return (aliveAtExit.isEmpty ? nil : aliveAtExit, harnessGroups.isEmpty ? nil : harnessGroups)
    }

    /// The virtual time schedulers (a `TestScheduler`) among `objects` that had work scheduled
    /// on them and were never started nor advanced: the work they hold never ran.
    private func virtualTimeSchedulersNeverStarted(among objects: [ObjectRecord]) throws -> [Int64: PendingWork] {
        let schedulers = objects.filter { $0.typeName.contains("Scheduler") }
        guard !schedulers.isEmpty else { return [:] }
        var neverStarted: [Int64: PendingWork] = [:]
        for (object, steps) in try reader.stepNames(onObjects: schedulers.map(\.id)) {
            guard steps.contains("VirtualTimeScheduler.scheduleAbsoluteVirtual"),
                !steps.contains("VirtualTimeScheduler.start"), !steps.contains("VirtualTimeScheduler.advanceTo"),
                let scheduler = schedulers.first(where: { $0.id == object })
            else { continue }
            neverStarted[object] = PendingWork(
                scheduler: scheduler.label, scheduledBy: "VirtualTimeScheduler.scheduleAbsoluteVirtual")
        }
        return neverStarted
    }

    /// The work of a never-started scheduler of `neverStarted` that `object` was made for (the
    /// disposable of an action it queued): made inside a call on that scheduler.
    private func queuedOnANeverStartedScheduler(
        _ object: LiveObjectRow, _ neverStarted: [Int64: PendingWork]
    ) throws -> PendingWork? {
        guard !neverStarted.isEmpty, let call = object.callID else { return nil }
        return try reader.ancestry(of: call).lazy.compactMap { $0.objectID.flatMap { neverStarted[$0] } }.first
    }

}
