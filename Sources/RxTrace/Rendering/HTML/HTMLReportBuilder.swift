import Foundation

extension HTMLReport {
    /// Builds the page's content from `reader`'s trace, embedding the files of `sources` that
    /// the flows and leaks touch, within `limits`; `lesson` says what the page teaches when
    /// the trace is an example's.
    public init(reader: TraceReader, sources: SourceFiles, limits: Limits = Limits(), lesson: Lesson? = nil) throws {
        var builder = HTMLReportBuilder(reader: reader, limits: limits)
        self = try builder.build(sources: sources)
        self.lesson = lesson
    }
}

/// Reads what an ``HTMLReport`` shows, each part with a bounded number of queries and rows.
struct HTMLReportBuilder {
    /// What the marble diagrams need to know of an object.
    struct ObjectInfo {
        var label: String
        /// The object the call that created it ran on (the observable a sink serves).
        var owner: Int64?
        /// `map at RxExamples/JustMapExample.swift:13`.
        var assembly: String?
        /// The call that created it.
        var creator: Int64?
        /// When its init finished, ns since the run started.
        var start: Int64 = 0
        /// The virtual clock then, if one was running.
        var virtualStart: Int64? = nil
        /// When its deinit ran, ns since the run started; `nil` while alive.
        var end: Int64? = nil
    }

    /// An event as the marbles read it.
    struct EventRow {
        var id: Int64
        var time: Int64
        var virtualTime: Int64?
        var callID: Int64?
        var kind: String
        var value: String?
        var source: Int64?
        var observer: Int64?
    }

    let reader: TraceReader
    let limits: HTMLReport.Limits
    private var objectInfos: [Int64: ObjectInfo] = [:]

    init(reader: TraceReader, limits: HTMLReport.Limits) {
        self.reader = reader
        self.limits = limits
    }

    /// The page's content; with `liveObjects`, the objects alive at the end go there, a group
    /// at a time as each is complete, and the report's ``LeakReport/liveObjects`` stay empty.
    mutating func build(sources: SourceFiles, liveObjects: HTMLLiveObjects? = nil) throws -> HTMLReport {
        var notes: [String] = []
        let summary = try TraceReport(reader: reader, sections: [.summary]).summary!
        // Every leak counted and each distinct one held once; the first open subscriptions
        // also in full, for the page's data and its list.
        var firstLeaks: [OpenSubscription] = []
        // Its chains read ahead on a thread of their own, as the text report's are
        // (LeakFinder.readsChainsAhead).
        let finder = LeakFinder(reader: reader)
        func found(_ finding: OpenSubscription) {
            firstLeaks.append(finding)
        }
        let leakSummary =
            try liveObjects.map { live in
                try finder.summary(inFullFirst: limits.leakedSubscriptions, found: found) { try live.add($0) }
            } ?? finder.summaryCollectingLiveObjects(inFullFirst: limits.leakedSubscriptions, found: found)
        let leaks = LeakReport(
            resourcesTotalStart: leakSummary.resourcesTotalStart, resourcesTotalEnd: leakSummary.resourcesTotalEnd,
            openSubscriptions: firstLeaks, liveObjects: leakSummary.liveObjects, aliveAtExit: leakSummary.aliveAtExit,
            heldByTestHarness: leakSummary.heldByTestHarness
        )
        let isEveryLeakHeld = firstLeaks.count == leakSummary.openSubscriptionCount
        if reader.run.detail == .events {
            notes.append(TextReportRenderer.callsNotRecordedNote)
        }
        if !isEveryLeakHeld {
            notes.append(
                "The page's data and its subscription list hold the first \(limits.leakedSubscriptions) of the "
                    + "\(counted(leakSummary.openSubscriptionCount, "subscription")) that never ended; the leaks "
                    + "section counts every one, each distinct leak once."
            )
        }

        let (flows, flowsLeftOut) = try embeddedFlows(leaks: leaks)
        if flowsLeftOut > 0 {
            notes.append(
                "\(counted(flowsLeftOut, "flow")) of \(summary.flowCount) left out: the page holds the largest "
                    + "flows up to \(limits.steps) steps; `rxtrace report --all` prints every flow."
            )
        }
        var flowOfCall: [Int64: Int] = [:]
        var flowCallRanges: [(Int64, Int64)] = []
        var htmlFlows: [HTMLReport.Flow] = []
        for flow in flows {
            var low = Int64.max
            var high = Int64.min
            for step in flow.steps {
                if let call = step.callID {
                    flowOfCall[call] = flow.number
                    low = min(low, call)
                    high = max(high, call)
                }
            }
            if low <= high { flowCallRanges.append((low, high)) }
            htmlFlows.append(Self.htmlFlow(flow))
        }
        let callerFiles = try attachCallers(to: &htmlFlows, flows: flows)

        let subscriptions = try embeddedSubscriptions(flows: flows, flowOfCall: flowOfCall, leaks: leaks)
        let (events, eventsLeftOut) = try marbleEvents(
            total: summary.eventCount, flowCallRanges: flowCallRanges, flowOfCall: flowOfCall)
        if eventsLeftOut > 0 {
            notes.append(
                "\(counted(eventsLeftOut, "event")) left out of the marble diagrams (they show at most \(limits.events))."
            )
        }
        var htmlSubscriptions: [HTMLReport.Subscription] = []
        let eventsByObserver = Dictionary(grouping: events.indices, by: { events[$0].observer ?? 0 })
        // Sinks created by a call on another object serve that object's subscription too
        // (flatMap's inner observers): the receivers of events by their owners.
        var childrenByOwner: [Int64: [Int64]] = [:]
        for receiver in eventsByObserver.keys.sorted() {
            if let owner = try info(receiver).owner { childrenByOwner[owner, default: []].append(receiver) }
        }
        for subscription in subscriptions {
            htmlSubscriptions.append(
                try htmlSubscription(
                    subscription, events: events, eventsByObserver: eventsByObserver, childrenByOwner: childrenByOwner,
                    flowOfCall: flowOfCall
                )
            )
        }
        if summary.subscriptionCount > htmlSubscriptions.count {
            // The others are listed without their flows, as many as the limit allows.
            let withFlows = htmlSubscriptions.count
            let embedded = Set(htmlSubscriptions.map(\.id))
            for listed in try reader.subscriptions(limit: limits.listedSubscriptions + withFlows) {
                guard htmlSubscriptions.count < limits.listedSubscriptions + withFlows else { break }
                guard !embedded.contains(listed.id) else { continue }
                htmlSubscriptions.append(
                    HTMLReport.Subscription(
                        id: listed.id, site: listed.site, thread: listed.threadName,
                        end: listed.endKind?.rawValue ?? "never ended", isInPage: false, subscribeFlow: nil, flows: [],
                        lanes: [],
                        isVirtualTime: false, disposedAt: nil
                    ))
            }
            htmlSubscriptions.sort { $0.id < $1.id }
            let listedOnly = htmlSubscriptions.count - withFlows
            let notListed = summary.subscriptionCount - htmlSubscriptions.count
            notes.append(
                "\(counted(summary.subscriptionCount - withFlows, "subscription")) without their flows and marbles"
                    + (notListed > 0 ? " (\(listedOnly) listed, \(notListed) not listed)" : " (listed)")
                    + ": `rxtrace report --subscription N` prints any one."
            )
        }

        let endTime = try reader.endNanoseconds()
        let (lifetimes, livesLeftOut) = try self.lifetimes()
        if livesLeftOut > 0 {
            notes.append(
                "The lifetimes show the first \(limits.lifetimeObjects) objects; \(livesLeftOut) more are left out.")
        }
        let resources = try self.resources(endTime: endTime, exact: livesLeftOut == 0 ? lifetimes : nil)
        let walkthrough = try WalkthroughBuilder(reader: reader, limit: limits.moments).build(
            flows: flows, events: events, eventsAreComplete: eventsLeftOut == 0 && events.count == summary.eventCount)
        if walkthrough.total > walkthrough.moments.count / 4 {
            notes.append(
                "The step controls go through the first \(limits.moments) of the run's \(walkthrough.total) moments.")
        }
        let (threads, callsLeftOut) = try self.threads()
        if callsLeftOut {
            notes.append(
                "The thread lanes show the first \(limits.threadCalls) calls up to depth \(limits.threadDepth); later ones are left out."
            )
        }

        let (embeddedSources, sourcesLeftOut) = embeddedSources(
            flows: htmlFlows, subscriptions: htmlSubscriptions,
            leaks: leaks.openSubscriptions + leakSummary.identicalLeaks.map(\.first), files: sources,
            callerFiles: callerFiles)
        if sourcesLeftOut > 0 {
            notes.append(
                "\(counted(sourcesLeftOut, "source file")) named but not embedded: larger than "
                    + "\(limits.sourceFileBytes / 1024) KiB, or past \(limits.sourceBytes / 1024 / 1024) MiB of sources in all."
            )
        }

        return HTMLReport(
            program: reader.run.program,
            summaryLine: TextReportRenderer().render(summary),
            isRecordingValues: reader.run.isRecordingValues,
            flows: htmlFlows,
            subscriptions: htmlSubscriptions,
            leaks: leaks,
            summaryOfAllLeaks: isEveryLeakHeld ? nil : leakSummary,
            sources: embeddedSources,
            endTime: endTime,
            lifetimes: lifetimes,
            resources: resources,
            threads: threads,
            notes: notes,
            walkthrough: walkthrough,
            lesson: nil
        )
    }

    // MARK: - Flows

    /// Every flow when the trace's calls and objects fit in ``HTMLReport/Limits/steps``;
    /// otherwise the flows that subscribed the leaked subscriptions, then the largest flows, as
    /// many as fit, in order; with how many were left out.
    private func embeddedFlows(leaks: LeakReport) throws -> ([Flow], Int) {
        // The page's budget bounds its flows already: each is embedded whole or not at all.
        let builder = FlowBuilder(reader: reader, callLimit: limits.steps)
        let callCount = try reader.count(.call)
        let objectCount = try reader.count(.object)
        if callCount + objectCount <= limits.steps {
            return (try builder.flows(), 0)
        }
        let sizes = try reader.flowSizes()
        var leakRoots: [Int64] = []
        for open in leaks.openSubscriptions.prefix(100) {
            if let call = open.subscription.callID { leakRoots.append(try reader.rootCall(of: call)) }
        }
        let ranked = leakRoots + sizes.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.map(\.key)
        var budget = Int64(limits.steps)
        var chosen = Set<Int64>()
        for root in ranked where !chosen.contains(root) {
            // A flow's objects are about as many as its calls; both become steps.
            let size = 2 * (sizes[root] ?? 1)
            guard size <= budget else { continue }
            chosen.insert(root)
            budget -= size
            if budget < 2 { break }
        }
        let roots = chosen.sorted()
        let numbers = try reader.flowNumbers(ofTopLevelCalls: roots)
        var flows: [Flow] = []
        // A window of flows at a time, their trees and what their calls created read for all of
        // them at once (FlowWindow), as `report --all` reads them: one flow at a time took two
        // queries each, for the thousands of small flows a trace of many subscribes embeds.
        let names = TraceReader.FlowCallNames(reader: reader)
        for start in stride(from: 0, to: roots.count, by: FlowWindow.size) {
            var window: [(root: CallRecord, subscription: SubscriptionRecord?)] = []
            for id in roots[start..<min(start + FlowWindow.size, roots.count)] {
                guard let root = try reader.call(id) else { continue }
                window.append((root, try reader.subscription(startedBy: id)))
            }
            let read = FlowWindow(
                reader: reader, roots: window.map(\.root), subscriptionIDs: [], callLimit: builder.callLimit,
                names: names)
            for (root, subscription) in window {
                flows.append(
                    try builder.flow(number: numbers[root.id] ?? 0, root: root, subscription: subscription, read: read))
            }
        }
        return (flows, sizes.count - flows.count)
    }

    private static func htmlFlow(_ flow: Flow) -> HTMLReport.Flow {
        let steps = flow.steps.map { step in
            var place = step.location
            if step.kind == .`init`, let location = step.location, location.hasPrefix("built at ") {
                place = String(location.dropFirst("built at ".count))
            }
            let isInit = step.kind == .`init`
            let declaration = RxSwiftDeclaration.of(label: step.label, isInit: isInit, place: place)
            return HTMLReport.Step(
                depth: step.depth, label: step.label, place: place, isInit: isInit, mirror: declaration?.link,
                mirrorNote: declaration?.note
            )
        }
        var userPlace: String?
        if let range = flow.title.range(of: " at ", options: .backwards) {
            let place = String(flow.title[range.upperBound...])
            if fileAndLine(place) != nil { userPlace = place }
        }
        return HTMLReport.Flow(
            number: flow.number, title: flow.title, thread: flow.threadName, subscription: flow.subscriptionID,
            userPlace: userPlace, steps: steps
        )
    }

    /// `("RxCore/Empty.swift", 19)` from `RxCore/Empty.swift:19`.
    static func fileAndLine(_ place: String) -> (file: String, line: Int)? {
        guard let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) else {
            return nil
        }
        return (String(place[..<colon]), line)
    }

    // MARK: - Subscriptions and marbles

    /// The subscriptions made in the embedded flows (at any depth: a subscribe inside a
    /// scheduled action too), and every leaked one, in order.
    private func embeddedSubscriptions(flows: [Flow], flowOfCall: [Int64: Int], leaks: LeakReport) throws
        -> [SubscriptionRecord]
    {
        var byID: [Int64: SubscriptionRecord] = [:]
        for open in leaks.openSubscriptions { byID[open.subscription.id] = open.subscription }
        for flow in flows {
            let calls = flow.steps.compactMap(\.callID)
            guard let low = calls.min(), let high = calls.max() else { continue }
            // Other threads' calls interleave with the flow's: only the flow's own count.
            let ids = try reader.subscriptionStarts(inCalls: low, through: high)
                .filter { flowOfCall[$0.callID] == flow.number }.map(\.id)
            for id in ids where byID[id] == nil {
                byID[id] = try reader.subscription(id)
            }
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    /// The events of the embedded flows (all of them when the trace has few), at most
    /// ``HTMLReport/Limits/events``; with how many of the flows' events were left out.
    private func marbleEvents(
        total: Int, flowCallRanges: [(Int64, Int64)], flowOfCall: [Int64: Int]
    ) throws -> ([EventRow], Int) {
        var events: [EventRow] = []
        var leftOut = 0
        func read(_ timed: TimedEvent, keep: (EventRow) -> Bool) {
            let event = EventRow(
                id: timed.event.id, time: timed.event.timeNanoseconds, virtualTime: timed.virtualTime,
                callID: timed.event.callID, kind: timed.event.kind?.rawValue ?? "unknown", value: timed.event.value,
                source: timed.event.sourceObjectID, observer: timed.event.observerObjectID
            )
            guard keep(event) else { return }
            if events.count < limits.events { events.append(event) } else { leftOut += 1 }
        }
        if total <= limits.events {
            try reader.forEachTimedEvent { read($0) { _ in true } }
            return (events, 0)
        }
        var seen = Set<Int64>()
        for (low, high) in flowCallRanges {
            try reader.forEachTimedEvent(inCalls: low, through: high) { timed in
                read(timed) { event in
                    event.callID.map { flowOfCall[$0] != nil } == true && seen.insert(event.id).inserted
                }
            }
        }
        events.sort { $0.id < $1.id }
        return (events, leftOut)
    }

    /// `order` with each inner subscription's lane moved right under its operator's lane,
    /// the inner lanes in the order they had; the chain's own lanes keep their order.
    static func placingInnerLanesUnderTheirOperators(_ order: [Int64], operatorOf: [Int64: Int64]) -> [Int64] {
        let outer = order.filter { operatorOf[$0] == nil || !order.contains(operatorOf[$0]!) }
        return outer.flatMap { lane in [lane] + order.filter { operatorOf[$0] == lane } }
    }

    /// The sources that keep elements to hand to a new subscriber.
    private static let replayingTypes = [
        "BehaviorSubject<", "ReplaySubject<", "ReplayOne<", "ReplayMany<", "ReplayAll<",
        "ShareReplay1WhileConnectedConnection<",
    ]

    /// The observers through which `flatMap`, `flatMapLatest` and their kin receive an inner
    /// subscription's events: whatever sends to one of them is an inner subscription's.
    private static let innerObserverTypes = ["MergeSinkIter<", "SwitchSinkIter<", "MergeLimitedSinkIter<"]

    /// Whether `event` is a stored element a replaying source handed to a new subscriber:
    /// delivered by such a source inside a subscribe step.
    private mutating func isReplayed(_ event: EventRow) throws -> Bool {
        guard event.kind == "next", let source = event.source, let callID = event.callID else { return false }
        let label = try info(source).label
        guard Self.replayingTypes.contains(where: { label.hasPrefix($0) }) else { return false }
        return try reader.call(callID)?.name.lowercased().contains("subscribe") == true
    }

    /// An object's label, owner and assembly, read once.
    private mutating func info(_ id: Int64) throws -> ObjectInfo {
        if let known = objectInfos[id] { return known }
        var info = ObjectInfo(label: "#\(id)", owner: nil, assembly: nil, creator: nil)
        if let ownership = try reader.ownership(of: id) {
            info = ObjectInfo(
                label: ownership.object.label, owner: ownership.ownerID,
                assembly: ownership.object.assembly?.description, creator: ownership.object.callID,
                start: ownership.object.startNanoseconds, virtualStart: ownership.object.virtualTime,
                end: ownership.object.endNanoseconds
            )
        }
        objectInfos[id] = info
        return info
    }

    /// The observable an object's events are drawn for: a sink's is the observable it serves
    /// (the owner of the call that created it, followed up while there is one).
    private mutating func laneObject(of id: Int64) throws -> Int64 {
        var current = id
        var seen: Set<Int64> = [id]
        while let owner = try info(current).owner, seen.insert(owner).inserted {
            current = owner
        }
        return current
    }

    /// A subscription with its lanes: the events that reached its observer, and, going back,
    /// the events that reached each sink on the way (a sink being an object created by a call
    /// on another); shared sources such as subjects are drawn but not followed past.
    private mutating func htmlSubscription(
        _ subscription: SubscriptionRecord, events: [EventRow], eventsByObserver: [Int64: [Int]],
        childrenByOwner: [Int64: [Int64]], flowOfCall: [Int64: Int]
    ) throws -> HTMLReport.Subscription {
        var chosen = Set<Int>()
        if let observer = subscription.observerObjectID {
            var visited: Set<Int64> = [observer]
            var queue: [Int64] = [observer]
            while let object = queue.popLast() {
                for index in eventsByObserver[object] ?? [] {
                    chosen.insert(index)
                    if let source = events[index].source, try info(source).owner != nil, visited.insert(source).inserted
                    {
                        queue.append(source)
                    }
                }
                for child in childrenByOwner[object] ?? [] where visited.insert(child).inserted {
                    queue.append(child)
                }
            }
        }
        let ordered = chosen.sorted().map { events[$0] }
        let isVirtualTime = !ordered.isEmpty && ordered.allSatisfy { $0.virtualTime != nil }

        // Lanes by the observable each event's sender serves; ranked by how far they are from
        // the subscriber, the source first.
        var laneOrder: [Int64] = []
        var marbles: [Int64: [HTMLReport.Marble]] = [:]
        var distance: [Int64: Int] = [:]
        var feeds: [(from: Int64, to: Int64?)] = []
        // When each lane's part began: its first sender's init, or the subscribe, whichever is later.
        var laneStart: [Int64: (time: Int64, virtualTime: Int64?)] = [:]
        // The inner subscriptions' lanes: the observer each one sent to, and its operator's lane.
        var innerObserver: [Int64: (observer: Int64, operator: Int64)] = [:]
        for (position, event) in ordered.enumerated() {
            let lane = try laneObject(of: event.source ?? 0)
            if marbles[lane] == nil { laneOrder.append(lane) }
            if let source = event.source {
                let sender = try info(source)
                let start =
                    sender.start >= subscription.startNanoseconds
                    ? (sender.start, sender.virtualStart) : (subscription.startNanoseconds, subscription.virtualTime)
                if start.0 < laneStart[lane]?.time ?? Int64.max { laneStart[lane] = start }
            }
            marbles[lane, default: []].append(
                HTMLReport.Marble(
                    x: isVirtualTime ? event.virtualTime ?? 0 : Int64(position), kind: event.kind, value: event.value,
                    time: event.time, flow: event.callID.flatMap { flowOfCall[$0] }, event: event.id,
                    isReplayed: try isReplayed(event) ? true : nil
                ))
            var receiver: Int64?
            if let observer = event.observer, observer != subscription.observerObjectID {
                receiver = try laneObject(of: observer)
                let observerLabel = try info(observer).label
                if innerObserver[lane] == nil, let receiver, receiver != lane,
                    Self.innerObserverTypes.contains(where: { observerLabel.hasPrefix($0) })
                {
                    innerObserver[lane] = (observer, receiver)
                }
            }
            feeds.append((lane, receiver))
        }
        for _ in 0..<max(1, laneOrder.count) {
            for feed in feeds {
                let next = feed.to.map { distance[$0].map { $0 + 1 } ?? Int.max } ?? 0
                if next < distance[feed.from] ?? Int.max { distance[feed.from] = next }
            }
        }
        let first = Dictionary(uniqueKeysWithValues: laneOrder.enumerated().map { ($1, $0) })
        laneOrder.sort {
            let (left, right) = (distance[$0] ?? Int.max, distance[$1] ?? Int.max)
            return left != right ? left > right : first[$0]! < first[$1]!
        }
        laneOrder = Self.placingInnerLanesUnderTheirOperators(
            laneOrder, operatorOf: innerObserver.mapValues(\.operator))
        let laneIndex = Dictionary(uniqueKeysWithValues: laneOrder.enumerated().map { ($1, $0) })
        var lanes: [HTMLReport.Lane] = []
        for object in laneOrder {
            let info = try self.info(object)
            let label = object == 0 ? "unrecorded sender" : info.label + (info.assembly.map { " (\($0))" } ?? "")
            var subscribedAt: Double?
            var start = laneStart[object]
            if let inner = innerObserver[object] {
                // An inner subscription opens when its operator subscribes to it: when the
                // operator's observer for it is made, not when its sender was.
                let observer = try self.info(inner.observer)
                start = (observer.start, observer.virtualStart)
            }
            if let start {
                if isVirtualTime {
                    subscribedAt = Double(start.virtualTime ?? ordered.first?.virtualTime ?? 0) - 0.25
                } else {
                    subscribedAt = Double(ordered.prefix { $0.time < start.time }.count) - 0.5
                }
            }
            var lane = HTMLReport.Lane(label: label, marbles: marbles[object] ?? [], subscribedAt: subscribedAt)
            if let inner = innerObserver[object], let operatorIndex = laneIndex[inner.operator] {
                lane.innerOf = operatorIndex
                if let stop = lane.marbles.last(where: { $0.kind != "next" }) {
                    lane.innerEnd = stop.kind
                } else if let end = try self.info(inner.observer).end, end < subscription.endNanoseconds ?? Int64.max {
                    // Its observer went before the subscription ended: the operator let it go.
                    lane.innerEnd = "cancelled"
                    let before = ordered.filter { $0.time <= end }
                    lane.cancelledAt =
                        isVirtualTime
                        ? Double(before.last?.virtualTime ?? subscription.virtualTime ?? 0) + 0.5
                        : Double(before.count) - 0.5
                }
            }
            lanes.append(lane)
        }

        var disposedAt: Double?
        if subscription.endKind == .disposed, let end = subscription.endNanoseconds {
            let before = ordered.filter { $0.time <= end }
            if isVirtualTime {
                disposedAt = Double(before.last?.virtualTime ?? subscription.virtualTime ?? 0) + 0.5
            } else {
                disposedAt = Double(before.count) - 0.5
            }
        }

        var flowNumbers = Set(ordered.compactMap { $0.callID.flatMap { flowOfCall[$0] } })
        let subscribeFlow = subscription.callID.flatMap { flowOfCall[$0] }
        if let subscribeFlow { flowNumbers.insert(subscribeFlow) }
        // The flow that ended it: its dispose(), its bag's deinit, the send of its terminal event.
        let endFlow = subscription.endCallID.flatMap { flowOfCall[$0] }
        if let endFlow { flowNumbers.insert(endFlow) }
        // The flows that built the observables: the one subscribed to, and each lane's.
        for object in laneOrder + [subscription.observableObjectID].compactMap({ $0 }) where object != 0 {
            if let creator = try info(object).creator, let number = flowOfCall[creator] { flowNumbers.insert(number) }
        }
        return HTMLReport.Subscription(
            id: subscription.id, site: subscription.site, thread: subscription.threadName,
            end: subscription.endKind?.rawValue ?? "never ended", isInPage: true, subscribeFlow: subscribeFlow,
            flows: flowNumbers.sorted(), lanes: lanes,
            isVirtualTime: isVirtualTime, disposedAt: disposedAt,
            ended: try CauseFinder(reader: reader).ending(of: subscription), endFlow: endFlow
        )
    }

    // MARK: - Lifetimes, resources, threads

    private func lifetimes() throws -> ([HTMLReport.TypeLives], Int) {
        let rows = try reader.objects(limit: limits.lifetimeObjects)
        var types: [HTMLReport.TypeLives] = []
        var indexByType: [String: Int] = [:]
        for object in rows {
            let type = TypeNames.short(object.typeName)
            let life = HTMLReport.Life(id: object.id, start: object.startNanoseconds, end: object.endNanoseconds)
            if let index = indexByType[type] {
                types[index].lives.append(life)
            } else {
                indexByType[type] = types.count
                types.append(HTMLReport.TypeLives(type: type, lives: [life]))
            }
        }
        return (types, max(0, try reader.count(.object) - rows.count))
    }

    /// `Resources.total` over the run: the count at the start, plus each object's init, minus
    /// each deinit; every change when the lifetimes are complete, else 200 buckets of time.
    private func resources(endTime: Int64, exact: [HTMLReport.TypeLives]?) throws -> [HTMLReport.ResourcePoint] {
        let start = reader.run.resourcesTotalStart
        var changes: [(time: Int64, delta: Int)] = []
        if let exact {
            for life in exact.flatMap(\.lives) {
                changes.append((life.start, 1))
                if let end = life.end { changes.append((end, -1)) }
            }
        } else {
            let buckets: Int64 = 200
            let width = max(1, endTime / buckets + 1)
            let counts = try reader.objectChanges(bucketWidth: width)
            for (byBucket, delta) in [(counts.inits, 1), (counts.deinits, -1)] {
                for (bucket, count) in byBucket {
                    // Saturating: a damaged trace's extreme times must not trap the page.
                    let (start, overflow) = bucket.multipliedReportingOverflow(by: width)
                    let time =
                        overflow
                        ? Int64.max : start.addingReportingOverflow(width - 1).overflow ? Int64.max : start + width - 1
                    changes.append((time, delta * count))
                }
            }
        }
        changes.sort { ($0.time, -$0.delta) < ($1.time, -$1.delta) }
        var points = [HTMLReport.ResourcePoint(time: 0, total: start)]
        var total = start
        for change in changes {
            // Saturating, as above: `run.resources_total_start` may be anything in a damaged trace.
            let (sum, overflow) = total.addingReportingOverflow(change.delta)
            total = overflow ? (change.delta > 0 ? Int.max : Int.min) : sum
            if points.last?.time == change.time {
                points[points.count - 1].total = total
            } else {
                points.append(HTMLReport.ResourcePoint(time: change.time, total: total))
            }
        }
        points.append(HTMLReport.ResourcePoint(time: endTime, total: reader.run.resourcesTotalEnd ?? total))
        return points
    }

    private func threads() throws -> ([HTMLReport.Thread], Bool) {
        let rows = try reader.calls(upToDepth: limits.threadDepth, limit: limits.threadCalls + 1)
        var threads: [HTMLReport.Thread] = []
        var indexByName: [String: Int] = [:]
        for call in rows.prefix(limits.threadCalls) {
            let drawn = HTMLReport.ThreadCall(
                depth: call.depth, start: call.startNanoseconds, duration: call.durationNanoseconds, label: call.label
            )
            if let index = indexByName[call.threadName] {
                threads[index].calls.append(drawn)
            } else {
                indexByName[call.threadName] = threads.count
                threads.append(HTMLReport.Thread(name: call.threadName, calls: [drawn]))
            }
        }
        return (threads, rows.count > limits.threadCalls)
    }

    // MARK: - Sources

    /// Sets each step's ``HTMLReport/Step/caller``: the user's line behind the entry points
    /// among the flows' calls, read for the calls that captured a caller stack only. Returns
    /// the files those lines name, by the name the page gives them (`App/main.swift`), at the
    /// path the debug information names.
    private func attachCallers(to htmlFlows: inout [HTMLReport.Flow], flows: [Flow]) throws -> [String: String] {
        var files: [String: String] = [:]
        for (index, flow) in flows.enumerated() {
            let calls = flow.steps.compactMap(\.callID)
            guard let low = calls.min(), let high = calls.max() else { continue }
            // Other threads' calls interleave with the flow's: only the flow's own steps are read.
            let captured = Set(try reader.callsWithCallers(from: low, through: high))
            guard !captured.isEmpty else { continue }
            for (row, step) in flow.steps.enumerated() {
                guard let call = step.callID, captured.contains(call),
                    case .line(let frame) = try reader.callerLine(ofCall: call), let path = frame.file
                else { continue }
                let place = frame.location
                htmlFlows[index].steps[row].caller = place
                if let file = Self.fileAndLine(place)?.file, files[file] == nil { files[file] = path }
            }
        }
        return files
    }

    /// The files named by the flows' steps, the lines that called them, their user lines and
    /// the open subscriptions `leaks` (those the page holds, and the first of each distinct
    /// leak), each once, sorted, with how many were named but left out for their size.
    ///
    /// A file is read from the package's sources (`files`, by `#fileID` or by a caller line's
    /// path below `Sources/`), else from the path the debug information gave a caller line
    /// (`callerFiles`): the program's or a library's
    /// file outside the source root. A `#fileID` (`App/Login.swift`) that only a caller line's
    /// path (`App/Screens/Login.swift`) has is that file; names of one file are embedded once,
    /// the others listed as its ``HTMLReport/Source/aliases``.
    private func embeddedSources(
        flows: [HTMLReport.Flow], subscriptions: [HTMLReport.Subscription], leaks: [OpenSubscription],
        files: SourceFiles, callerFiles: [String: String]
    ) -> ([HTMLReport.Source], Int) {
        var places = Set<String>()
        for flow in flows {
            if let user = flow.userPlace { places.insert(user) }
            for step in flow.steps {
                if let place = step.place { places.insert(place) }
                if let caller = step.caller { places.insert(caller) }
            }
        }
        for subscription in subscriptions { places.insert(subscription.site) }
        for open in leaks {
            places.insert(open.subscription.site)
            if let built = open.builtAt { places.insert("\(built.location)") }
        }
        let names = Set(places.compactMap { Self.fileAndLine($0)?.file })

        // Each name's file on disk: the package's, else the one a caller line's debug
        // information names.
        func path(of name: String) -> String? {
            if let path = files.path(of: name) ?? files.path(ofLocation: name) ?? callerFiles[name] { return path }
            let parts = name.split(separator: "/")
            guard parts.count == 2 else { return nil }
            return callerFiles.first { caller, _ in
                let callerParts = caller.split(separator: "/")
                return callerParts.count > 2 && callerParts.first == parts[0] && callerParts.last == parts[1]
            }?.value
        }
        var namesByPath: [String: [String]] = [:]
        var unfound: [String] = []
        for name in names {
            if let path = path(of: name) {
                namesByPath[URL(fileURLWithPath: path).standardizedFileURL.path, default: []].append(name)
            } else {
                unfound.append(name)
            }
        }

        var sources = unfound.map { HTMLReport.Source(fileID: $0, lines: nil, mirror: nil) }
        var bytes = 0
        var leftOut = 0
        // In order of name, so which files a cut leaves out does not depend on hashing; a file
        // goes by its shortest name, the `#fileID` when one names it.
        let byFirstName = namesByPath.map { path, names in
            (
                path: path,
                names: names.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
            )
        }.sorted {
            $0.names[0] < $1.names[0]
        }
        for (path, names) in byFirstName {
            var text: String?
            if let data = FileManager.default.contents(atPath: path) {
                if data.count <= limits.sourceFileBytes, bytes + data.count <= limits.sourceBytes {
                    text = String(data: data, encoding: .utf8)
                    if text != nil { bytes += data.count }
                } else {
                    leftOut += 1
                }
            }
            sources.append(
                HTMLReport.Source(
                    fileID: names[0],
                    lines: text.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) },
                    mirror: text.flatMap(SourceFiles.mirrorLink(inSource:)),
                    aliases: names.count > 1 ? Array(names.dropFirst()) : nil
                ))
        }
        sources.sort { $0.fileID < $1.fileID }
        return (sources, leftOut)
    }
}
