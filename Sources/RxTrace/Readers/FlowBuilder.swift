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
    /// The steps, top-level call first, in tree order.
    public var steps: [FlowStep]

    /// The top-level step.
    public var root: FlowStep { steps[0] }
}

/// Rebuilds call flows from a trace: each top-level call as a tree of its steps, with the
/// objects each step created placed where they were created.
///
/// Flows are built one at a time, iteratively and cycle-safe: a call tree thousands of calls
/// deep costs memory in proportion to its size, never stack.
public struct FlowBuilder {
    private let reader: TraceReader

    /// A builder reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// Every flow of the run, in order.
    public func flows() throws -> [Flow] {
        var flows: [Flow] = []
        try forEachFlow { flows.append($0) }
        return flows
    }

    /// Builds the run's flows in order and hands each to `body` as soon as it is built, so
    /// only one flow is held at a time; stops after `limit` flows when one is given.
    public func forEachFlow(limit: Int? = nil, _ body: (Flow) throws -> Void) throws {
        var number = 0
        try reader.forEachTopLevelCall(limit: limit) { root, subscriptionID in
            number += 1
            let subscription = try subscriptionID.flatMap { try reader.subscription($0) }
            try body(try flow(number: number, root: root, subscription: subscription))
        }
    }

    /// The flows that built and started subscription `id`: the top-level calls that created the
    /// objects it subscribed to, then its own subscribe. `nil` when there is no such subscription.
    public func flows(forSubscription id: Int64) throws -> [Flow]? {
        guard let subscription = try reader.subscription(id) else { return nil }
        // Only the few flows involved are read: on a large trace, reading every top-level call
        // and subscription to find them took seconds.
        var rootIDs: [Int64] = []
        if let subscribeCall = subscription.callID {
            let subscribeRoot = try reader.rootCall(of: subscribeCall)
            rootIDs.append(subscribeRoot)
            // The observable chain: whatever the subscribe's flow subscribed through.
            let tree = try reader.callTree(under: subscribeRoot)
            var chainObjects = Set(tree.filter { $0.name == "subscribeSafe" }.compactMap(\.objectID))
            if let observable = subscription.observableObjectID { chainObjects.insert(observable) }
            for objectID in chainObjects {
                if let creator = try reader.object(objectID)?.callID {
                    rootIDs.append(try reader.rootCall(of: creator))
                }
            }
        }
        let numbers = try reader.flowNumbers(ofTopLevelCalls: rootIDs)
        return try Set(rootIDs).sorted().compactMap { rootID in
            guard let root = try reader.call(rootID) else { return nil }
            return try flow(
                number: numbers[rootID] ?? 0, root: root,
                subscription: try reader.subscription(startedBy: rootID)
            )
        }
    }

    func flow(number: Int, root: CallRecord, subscription: SubscriptionRecord?) throws -> Flow {
        let calls = try reader.callTree(under: root.id)
        let objects = try reader.objects(createdBy: calls.map(\.id))
        var title = root.name
        if let subscription {
            title += " at \(subscription.site)"
        } else if let built = objects.first(where: { $0.callID == root.id && $0.assembly?.name == root.name }) {
            // An operator or factory called from user code: the flow is named after that line.
            title = built.assembly?.description ?? title
        }
        return Flow(
            number: number,
            title: title,
            threadName: root.threadName,
            subscriptionID: subscription?.id,
            steps: Self.steps(root: root, calls: calls, objects: objects)
        )
    }

    /// Lays the tree out flat: each call followed by its children (calls and `init`s merged in
    /// order of time), depth-first with an explicit stack; a call met twice (a loop of
    /// `parent_id`s in a damaged trace) is laid out once.
    static func steps(root: CallRecord, calls: [CallRecord], objects: [ObjectRecord]) -> [FlowStep] {
        var childCalls: [Int64: [CallRecord]] = [:]
        for call in calls where call.id != root.id {
            if let parent = call.parentID { childCalls[parent, default: []].append(call) }
        }
        var createdObjects: [Int64: [ObjectRecord]] = [:]
        for object in objects {
            if let creator = object.callID { createdObjects[creator, default: []].append(object) }
        }

        enum Pending {
            case call(CallRecord)
            case object(ObjectRecord)
        }
        var steps: [FlowStep] = []
        var laidOut = Set<Int64>()
        var stack: [(pending: Pending, depth: Int)] = [(.call(root), 0)]
        while let (pending, depth) = stack.popLast() {
            switch pending {
            case .object(let object):
                steps.append(FlowStep(
                    kind: .`init`, depth: depth, label: "init \(object.label)",
                    location: object.assembly.map { "built at \($0.file):\($0.line)" }, callID: nil,
                    objectID: object.id
                ))
            case .call(let call):
                guard laidOut.insert(call.id).inserted else { continue }
                steps.append(FlowStep(
                    kind: .call, depth: depth, label: call.label, location: call.location, callID: call.id,
                    objectID: call.objectID
                ))
                var children: [(time: Int64, order: Int64, pending: Pending)] = []
                for child in childCalls[call.id] ?? [] {
                    children.append((child.startNanoseconds, child.id, .call(child)))
                }
                for object in createdObjects[call.id] ?? [] {
                    children.append((object.startNanoseconds, object.id, .object(object)))
                }
                children.sort { ($0.time, $0.order) < ($1.time, $1.order) }
                // Pushed last first, so the first child is laid out next.
                for child in children.reversed() {
                    stack.append((child.pending, depth + 1))
                }
            }
        }
        return steps
    }
}
