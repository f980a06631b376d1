/// One line of a call flow: a step (a call), or an object created inside the step above it.
public struct FlowStep: Codable, Equatable, Sendable {
    /// What the line stands for.
    public enum Kind: String, Codable, Sendable {
        /// An instrumented step.
        case call
        /// An instrumented object finishing its `init` inside the parent step.
        case `init`
    }

    /// What the line stands for.
    public var kind: Kind
    /// How deep in the tree it sits: 0 for the flow's top-level call, its parent's + 1 below.
    public var depth: Int
    /// The line's text: `Producer.subscribe [Map<Int, Int> #2]`, `init MapSink<…> #5`.
    public var label: String
    /// The implementing code, `RxCore/Observables/Producer.swift:21`; `nil` for an `init`.
    public var location: String?
    /// The call's serial id, for a call.
    public var callID: Int64?
    /// The object the step ran on, or the object created.
    public var objectID: Int64?
    /// For the `init` of a work item that a scheduler ran as a flow of its own, on this thread
    /// or another: the flows that ran it (a periodic item runs in several).
    public var runsIn: [FlowHop]? = nil
}

/// A hop between two flows: a work item created in one flow (on the thread that scheduled it)
/// and run as the top-level step of another, on the scheduler's thread, which may be the same
/// thread (a `delay` rescheduling on its own queue, a run loop's later turn).
public struct FlowHop: Codable, Equatable, Sendable {
    /// The number of the flow on the other side of the hop.
    public var flowNumber: Int
    /// The thread that flow ran on.
    public var threadName: String
    /// The work item both flows name: `ScheduledWorkItem #13`.
    public var itemLabel: String
}

/// One top-level call and everything under it: what a reader follows from a user's call down
/// to the last step it caused.
///
/// The tree is held flat, its steps in the order a tree prints them (each step, then its
/// children in the order they happened) with their depths, so that neither building, printing,
/// encoding nor freeing a flow recurses, however deep the calls went.
public struct Flow: Codable, Equatable, Sendable {
    /// 1 for the first top-level call of the run, 2 for the next, …
    public var number: Int
    /// `subscribe(_:) at RxExamples/EmptyExample.swift:14`, or the step's name.
    public var title: String
    /// The thread it ran on.
    public var threadName: String
    /// The user-made subscription this flow started, if it started one.
    public var subscriptionID: Int64?
    /// The user-made subscriptions this flow ended (disposed, or delivered their terminal
    /// event to), in order, but the one it started; `nil` for none.
    public var endsSubscriptions: [Int64]? = nil
    /// Where the work this flow runs was scheduled, on any thread: the flow that created its
    /// work item.
    public var scheduledIn: FlowHop? = nil
    /// The tags (`.traceTag`, `debug` identifiers) of the chain elements the flow ran on
    /// (a sink counting as the observable whose subscription made it), subscribed through or
    /// built; `nil` for none.
    public var tags: [String]? = nil
    /// The steps, top-level call first, in tree order.
    public var steps: [FlowStep]
    /// For a flow standing for a run of scheduler bookkeeping flows folded into one
    /// (``SchedulerBookkeeping``): how many, itself included; `nil` for an ordinary flow.
    public var foldedCount: Int? = nil
    /// For a flow of more calls than ``FlowBuilder/callLimit``: how many of its calls (each with
    /// the objects it created) are left out after its first calls; `nil` when every call is
    /// there.
    public var omittedCalls: Int? = nil

    /// The top-level step.
    public var root: FlowStep { steps[0] }
}

/// Rebuilds call flows from a trace: each top-level call as a tree of its steps, with the
/// objects each step created placed where they were created.
///
/// Flows are built one at a time, iteratively and cycle-safe: a call tree thousands of calls
/// deep costs memory in proportion to its size, never stack.
public struct FlowBuilder {
    /// How many calls a flow holds at most: a flow of more (a `range` of a million elements
    /// delivered inside one subscribe) keeps its first ones and says how many it leaves out
    /// (``Flow/omittedCalls``), so reading, printing or comparing it costs seconds and a
    /// bounded memory whatever its size.
    public static let defaultCallLimit = 10_000

    private let reader: TraceReader
    /// How many calls a flow holds at most.
    public let callLimit: Int

    /// A builder reading from `reader`, keeping at most `callLimit` calls of each flow.
    public init(reader: TraceReader, callLimit: Int = Self.defaultCallLimit) {
        self.reader = reader
        self.callLimit = max(1, callLimit)
    }

    /// Every flow of the run, in order.
    public func flows() throws -> [Flow] {
        var flows: [Flow] = []
        try forEachFlow { flows.append($0) }
        return flows
    }

    /// Builds the run's flows in order and hands each to `body` as soon as it is built, so
    /// only one flow is held at a time; stops after `limit` flows when one is given.
    ///
    /// A run of flows that are only a scheduler's bookkeeping (``SchedulerBookkeeping``: a
    /// `TestScheduler` queuing each recorded event of a hot observable, each a top-level call
    /// of its own) is handed over as its first flow, titled with how many it stands for
    /// (``Flow/foldedCount``).
    ///
    /// - Parameters:
    ///   - tag: when given, only the flows whose ``Flow/tags`` hold it are handed over (and
    ///     counted against `limit`).
    ///   - foldingBookkeeping: `false` hands over every bookkeeping flow as it is (a diff of
    ///     two traces compares them one by one).
    /// - Returns: how many flows were read, each folded one counted: the report's `… N more
    ///   flows not shown` is the trace's flows less these.
    @discardableResult
    public func forEachFlow(
        limit: Int? = nil, tag: String? = nil, foldingBookkeeping: Bool = true, _ body: (Flow) throws -> Void
    ) throws -> Int {
        try forEachFlowToLayOut(limit: limit, tag: tag, foldingBookkeeping: foldingBookkeeping) {
            try body($0.laidOut())
        }
    }

    /// ``forEachFlow(limit:tag:foldingBookkeeping:_:)`` handing over each flow read but not
    /// yet laid out (``FlowToLayOut``), for a caller that lays it out on another thread than
    /// the one that reads (``forEachFlowReadAhead(limit:tag:_:)``).
    func forEachFlowToLayOut(
        limit: Int?, tag: String?, foldingBookkeeping: Bool, _ body: (FlowToLayOut) throws -> Void
    ) throws -> Int {
        var number = 0
        var shown = 0
        var read = 0
        var folding: Flow?
        func handOver(_ flow: FlowToLayOut) throws {
            shown += 1
            read += flow.heading.foldedCount ?? 1
            try body(flow)
        }
        // The top-level calls a window at a time: their trees and what their calls created
        // are read for the whole window (``FlowWindow``), each flow then built from them, with
        // the names of steps and types read once for all windows.
        var window: [(number: Int, root: CallRecord, subscriptionID: Int64?)] = []
        let names = TraceReader.FlowCallNames(reader: reader)
        func buildWindow() throws {
            let read = FlowWindow(
                reader: reader, roots: window.map(\.root), subscriptionIDs: window.compactMap(\.subscriptionID),
                callLimit: callLimit, names: names)
            for (number, root, subscriptionID) in window {
                if let limit, shown >= limit { break }
                let subscription = try subscriptionID.flatMap { try read.subscription($0) ?? reader.subscription($0) }
                // Only a flow that may be bookkeeping is laid out here: whether it is depends
                // on its steps.
                let mayBeBookkeeping = foldingBookkeeping && SchedulerBookkeeping.stepNames.contains(root.name)
                var toLayOut = try flowToLayOut(number: number, root: root, subscription: subscription, read: read)
                if let tag, toLayOut.heading.tags?.contains(tag) != true { continue }
                if mayBeBookkeeping {
                    let flow = toLayOut.laidOut()
                    if SchedulerBookkeeping.isBookkeeping(flow, root: root) {
                        if let folded = folding, let merged = SchedulerBookkeeping.folding(flow, into: folded) {
                            folding = merged
                            continue
                        }
                        if let folded = folding { try handOver(FlowToLayOut(folded)) }
                        folding = flow
                        continue
                    }
                    toLayOut = FlowToLayOut(flow)
                }
                if let folded = folding {
                    folding = nil
                    try handOver(FlowToLayOut(folded))
                    if let limit, shown >= limit { break }
                }
                try handOver(toLayOut)
            }
            window.removeAll()
        }
        try reader.forEachTopLevelCall(limit: tag == nil ? limit : nil) { root, subscriptionID in
            number += 1
            if let limit, shown >= limit { return }
            window.append((number, root, subscriptionID))
            // Never more flows read ahead than a limit leaves to show.
            if window.count >= min(FlowWindow.size, limit.map { max(1, $0 - shown) } ?? FlowWindow.size) {
                try buildWindow()
            }
        }
        try buildWindow()
        if let folded = folding { try handOver(FlowToLayOut(folded)) }
        return read
    }

    /// The flows of subscription `id`'s life: the top-level calls that created the objects it
    /// subscribed to, its own subscribe, the flows on other threads that ran the work its
    /// subscribe scheduled, and the flow that ended it (its `dispose()`, its bag's `deinit`, the
    /// send of its terminal event). `nil` when there is no such subscription.
    public func flows(forSubscription id: Int64) throws -> [Flow]? {
        guard let subscription = try reader.subscription(id) else { return nil }
        // Only the few flows involved are read: on a large trace, reading every top-level call
        // and subscription to find them took seconds.
        var rootIDs: [Int64] = []
        if let subscribeCall = subscription.callID {
            let subscribeRoot = try reader.rootCall(of: subscribeCall)
            rootIDs.append(subscribeRoot)
            // The observable chain: whatever the subscribe's flow subscribed through.
            let tree = try reader.callTree(under: subscribeRoot, limit: callLimit)
            let chain = SubscriptionChain(subscription: subscription, steps: tree, created: [])
            for objectID in Set(chain.objects) {
                if let creator = try reader.object(objectID)?.callID {
                    rootIDs.append(try reader.rootCall(of: creator))
                }
            }
            // The flows on other threads that ran the work items the subscribe scheduled
            // (`observe(on:)`'s deliveries, `subscribe(on:)`'s subscribe).
            let items = try reader.objects(createdBy: tree.map(\.id)).filter {
                SchedulerHop.isWorkItem(typeName: $0.typeName)
            }
            rootIDs += try reader.topLevelCalls(onObjects: items.map(\.id)).map(\.id)
        }
        if let endCall = subscription.endCallID {
            rootIDs.append(try reader.rootCall(of: endCall))
        }
        let numbers = try reader.flowNumbers(ofTopLevelCalls: rootIDs)
        return try Set(rootIDs).sorted().compactMap { rootID in
            guard let root = try reader.call(rootID) else { return nil }
            return try flowToLayOut(
                number: numbers[rootID] ?? 0, root: root,
                subscription: try reader.subscription(startedBy: rootID)
            ).laidOut()
        }
    }

    /// The flow of top-level call `root`, numbered `number`, that started `subscription`: read
    /// from `read` when the window read it, else from the trace.
    func flow(number: Int, root: CallRecord, subscription: SubscriptionRecord?, read: FlowWindow? = nil) throws -> Flow
    {
        try flowToLayOut(number: number, root: root, subscription: subscription, read: read).laidOut()
    }

    /// ``flow(number:root:subscription:read:)`` with everything read that the flow needs, its
    /// steps not yet laid out.
    func flowToLayOut(number: Int, root: CallRecord, subscription: SubscriptionRecord?, read: FlowWindow? = nil)
        throws -> FlowToLayOut
    {
        var calls =
            try read?.calls(under: root.id)
            ?? reader.callTree(under: root.id, limit: callLimit + 1).map(FlowCall.init)
        var omittedCalls: Int?
        // The first call left out, when the flow has more than `callLimit`.
        var cut: FlowCall?
        if calls.count > callLimit {
            cut = calls[callLimit]
            calls.removeLast(calls.count - callLimit)
            omittedCalls = try reader.callTreeSize(under: root.id) - callLimit
        }
        var objects = try read?.objects(createdBy: calls) ?? reader.objects(createdBy: calls.map(\.id))
        if let cut {
            // A flow runs on one thread, so its tree order is the order of time: what the kept
            // calls created after the first call left out comes after it, and is left out too.
            objects.removeAll { ($0.startNanoseconds, $0.id) >= (cut.startNanoseconds, cut.id) }
        }
        var title = root.name
        if let subscription {
            title += " at \(subscription.site)"
        } else if let built = objects.first(where: { $0.callID == root.id && $0.assembly?.name == root.name }) {
            // An operator or factory called from user code: the flow is named after that line.
            title = built.assembly?.description ?? title
        } else if case .line(let frame) = try reader.callerLine(ofCall: root.id) {
            // An entry point user code called (`dispose()`, `bag = nil`, `onNext`): its line.
            title += " at \(frame.location)"
        }
        // The subscription the flow started, when it also ended it (a `just` completing inside
        // its subscribe), goes without saying.
        let ended = try reader.subscriptions(endedIn: calls.map(\.id)).filter { $0 != subscription?.id }
        var tags: [String] = []
        if reader.features.isTagged {
            var tagged = Array(Set(calls.compactMap(\.objectID)))
            tagged += try reader.creators(of: tagged)
            tagged += objects.filter { $0.assembly != nil }.map(\.id)
            if let observable = subscription?.observableObjectID { tagged.append(observable) }
            let byObject = try reader.tags(of: tagged)
            for object in Set(tagged).sorted() {
                for tag in byObject[object] ?? [] where !tags.contains(tag) { tags.append(tag) }
            }
        }
        // The root as its tree holds it, its label made already.
        let rootCall = calls.first.map { $0.id == root.id } == true ? calls[0] : FlowCall(root)
        // Read in the order they always were: the hops out of the flow, then the hop into it.
        let hops = try hops(from: objects)
        let heading = Flow(
            number: number,
            title: title,
            threadName: root.threadName,
            subscriptionID: subscription?.id,
            endsSubscriptions: ended.isEmpty ? nil : ended,
            scheduledIn: try hop(into: root),
            tags: tags.isEmpty ? nil : tags,
            steps: [],
            omittedCalls: omittedCalls
        )
        return FlowToLayOut(heading: heading, root: rootCall, calls: calls, objects: objects, hops: hops)
    }

    /// The hop into a flow whose top-level step runs on a work item that a step of another
    /// flow created, on any thread: `SerialDispatchQueueScheduler.invoke [ScheduledWorkItem
    /// #13]` on T1, scheduled inside a subscribe on the main thread, or inside an earlier flow
    /// on T1.
    private func hop(into root: CallRecord) throws -> FlowHop? {
        guard let itemID = root.objectID, let item = try reader.object(itemID), let creator = item.callID,
            SchedulerHop.isHop(stepName: root.name, objectTypeName: item.typeName, itemCreatorCallID: creator)
        else {
            return nil
        }
        let creatorRoot = try reader.rootCall(of: creator)
        guard creatorRoot != root.id, let scheduling = try reader.call(creatorRoot) else { return nil }
        let number = try reader.flowNumbers(ofTopLevelCalls: [creatorRoot])[creatorRoot] ?? 0
        return FlowHop(flowNumber: number, threadName: scheduling.threadName, itemLabel: item.label)
    }

    /// The flows that ran each of the work items among `objects`, by item: what marks the
    /// `init` steps of work items that ran as the top-level step of another flow, on any
    /// thread (``FlowToLayOut/laidOut()``). Only scheduler work items are looked up, through the
    /// index of top-level calls by object, so a flow without any costs no query.
    private func hops(from objects: [ObjectRecord]) throws -> [Int64: [FlowHop]] {
        let items = objects.filter { SchedulerHop.isWorkItem(typeName: $0.typeName) }
        guard !items.isEmpty else { return [:] }
        let runs = try reader.topLevelCalls(onObjects: items.map(\.id))
        guard !runs.isEmpty else { return [:] }
        let numbers = try reader.flowNumbers(ofTopLevelCalls: runs.map(\.id))
        let labels = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.label) })
        var hops: [Int64: [FlowHop]] = [:]
        for run in runs {
            guard let itemID = run.objectID else { continue }
            hops[itemID, default: []].append(
                FlowHop(
                    flowNumber: numbers[run.id] ?? 0, threadName: run.threadName, itemLabel: labels[itemID] ?? ""
                ))
        }
        return hops
    }

    /// Lays the tree out flat: each call followed by its children (calls and `init`s merged in
    /// order of time), depth-first with an explicit stack (``forEachStepInTreeOrder(root:calls:objects:_:)``).
    static func steps(root: FlowCall, calls unsorted: [FlowCall], objects: [ObjectRecord]) -> [FlowStep] {
        let calls = inIDOrder(unsorted)
        var steps: [FlowStep] = []
        steps.reserveCapacity(calls.count + objects.count)
        forEachStepInTreeOrder(root: root, calls: calls, objects: objects) { step, depth in
            switch step {
            case .call(let index?):
                steps.append(
                    FlowStep(
                        kind: .call, depth: depth, label: calls[index].label, location: calls[index].location,
                        callID: calls[index].id, objectID: calls[index].objectID
                    ))
            case .call(nil):
                steps.append(
                    FlowStep(
                        kind: .call, depth: depth, label: root.label, location: root.location, callID: root.id,
                        objectID: root.objectID
                    ))
            case .object(let index):
                steps.append(
                    FlowStep(
                        kind: .`init`, depth: depth, label: "init " + objects[index].label,
                        location: objects[index].assembly.map { "built at " + $0.location },
                        callID: nil,
                        objectID: objects[index].id
                    ))
            }
            return true
        }
        return steps
    }

    /// A step of a flow before it is laid out: one of its calls or one of the objects they created.
    enum TreeStep {
        /// An index in the flow's calls; `nil` for the root when the calls lack it.
        case call(Int?)
        /// An index in the flow's objects.
        case object(Int)
    }

    /// `calls` in id order, each id once, as ``forEachStepInTreeOrder(root:calls:objects:_:)``
    /// takes them: `calls` itself when it is in that order already, as every read gives them.
    static func inIDOrder(_ calls: [FlowCall]) -> [FlowCall] {
        calls.indices.dropFirst().allSatisfy { calls[$0 - 1].id < calls[$0].id } ? calls : uniqueInIDOrder(calls)
    }

    /// Hands `body` each step of the tree under `root` in the order a flow shows them, with its
    /// depth: each call followed by its children (calls and `init`s merged in order of time),
    /// depth-first with an explicit stack; stops when `body` returns `false`. What
    /// ``steps(root:calls:objects:)`` lays out, and a diff compares without laying it out.
    ///
    /// Calls and objects are handled by their index in `calls` and `objects`, never copied, and
    /// a call's parent is found by a binary search of `calls` (in id order, each id once:
    /// ``inIDOrder(_:)``): a dictionary of children by id cost a hash for every call.
    @inline(__always)
    static func forEachStepInTreeOrder(
        root: FlowCall, calls: [FlowCall], objects: [ObjectRecord], _ body: (TreeStep, _ depth: Int) -> Bool
    ) {
        func position(of id: Int64) -> Int? {
            var low = 0
            var high = calls.count
            while low < high {
                let middle = (low + high) / 2
                if calls[middle].id < id { low = middle + 1 } else { high = middle }
            }
            return low < calls.count && calls[low].id == id ? low : nil
        }
        // Each call's children, as lists in one array: at `call` the first child call (an index
        // in `calls`), at `n + call` the first object it created (an index in `objects`); at
        // `2n + call` a call's next sibling call, at `3n + object` an object's next sibling
        // object; each list in index order, -1 ending it.
        let n = calls.count
        var links = [Int](repeating: -1, count: 3 * n + objects.count)
        for index in calls.indices.reversed() where calls[index].id != root.id {
            guard let parentID = calls[index].parentID, let parent = position(of: parentID) else { continue }
            links[2 * n + index] = links[parent]
            links[parent] = index
        }
        for index in objects.indices.reversed() {
            guard let creatorID = objects[index].callID, let creator = position(of: creatorID) else { continue }
            links[3 * n + index] = links[n + creator]
            links[n + creator] = index
        }

        enum Pending {
            case root
            /// An index in `calls`.
            case call(Int)
            /// An index in `objects`.
            case object(Int)
        }
        var isLaidOut = [Bool](repeating: false, count: n)
        var stack: [(pending: Pending, depth: Int)] = [(.root, 0)]
        var children: [(time: Int64, order: Int64, pending: Pending)] = []
        // Lays out call `index` of `calls` (`nil`: the root, when `calls` lacks it); `false`
        // when `body` asks to stop.
        func layOut(_ index: Int?, depth: Int) -> Bool {
            if let index {
                guard !isLaidOut[index] else { return true }
                isLaidOut[index] = true
            }
            guard body(.call(index), depth) else { return false }
            guard let index else { return true }
            children.removeAll(keepingCapacity: true)
            var child = links[index]
            while child >= 0 {
                children.append((calls[child].startNanoseconds, calls[child].id, .call(child)))
                child = links[2 * n + child]
            }
            var object = links[n + index]
            while object >= 0 {
                children.append((objects[object].startNanoseconds, objects[object].id, .object(object)))
                object = links[3 * n + object]
            }
            if children.count > 1 { children.sort { ($0.time, $0.order) < ($1.time, $1.order) } }
            // Pushed last first, so the first child is laid out next.
            for child in children.reversed() {
                stack.append((child.pending, depth + 1))
            }
            return true
        }
        while let (pending, depth) = stack.popLast() {
            switch pending {
            case .object(let index):
                guard body(.object(index), depth) else { return }
            case .root:
                guard layOut(position(of: root.id), depth: depth) else { return }
            case .call(let index):
                guard layOut(index, depth: depth) else { return }
            }
        }
    }

    /// `calls` in id order, each id once (its first).
    private static func uniqueInIDOrder(_ calls: [FlowCall]) -> [FlowCall] {
        var seen = Set<Int64>()
        return calls.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }
}
