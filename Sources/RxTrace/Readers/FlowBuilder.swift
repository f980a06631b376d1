/// One step in a call flow: a call with its children, or an object created there.
public struct FlowNode: Codable, Equatable, Sendable {
    /// What the line stands for.
    public enum Kind: String, Codable, Sendable {
        /// An instrumented step.
        case call
        /// An instrumented object finishing its `init` inside the parent step.
        case `init`
    }

    /// What the line stands for.
    public var kind: Kind
    /// The line's text: `Producer.subscribe [Map<Int, Int> #2]`, `init MapSink<…> #5`.
    public var label: String
    /// The implementing code, `RxCore/Observables/Producer.swift:21`; `nil` for an `init`.
    public var location: String?
    /// The call's serial id, for a call.
    public var callID: Int64?
    /// The object the step ran on, or the object created.
    public var objectID: Int64?
    /// The steps inside this one and the objects created by it, in the order they happened.
    public var children: [FlowNode]

    /// The number of lines this node prints, itself included.
    public var lineCount: Int {
        children.reduce(1) { $0 + $1.lineCount }
    }
}

/// One top-level call and everything under it: what a reader follows from a user's call down
/// to the last step it caused.
public struct Flow: Codable, Equatable, Sendable {
    /// 1 for the first top-level call of the run, 2 for the next, …
    public var number: Int
    /// `subscribe(_:) at RxExamples/EmptyExample.swift:14`, or the step's name.
    public var title: String
    /// The thread it ran on.
    public var threadName: String
    /// The user-made subscription this flow started, if it started one.
    public var subscriptionID: Int64?
    /// The top-level step.
    public var root: FlowNode
}

/// Rebuilds call flows from a trace: each top-level call as a tree of its steps, with the
/// objects each step created placed where they were created.
public struct FlowBuilder {
    private let reader: TraceReader

    /// A builder reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// Every flow of the run, in order.
    public func flows() throws -> [Flow] {
        let roots = try reader.topLevelCalls()
        let subscriptions = try reader.subscriptions()
        return try roots.enumerated().map { offset, root in
            try flow(number: offset + 1, root: root, subscription: subscriptions.first { $0.callID == root.id })
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

    private func flow(number: Int, root: CallRecord, subscription: SubscriptionRecord?) throws -> Flow {
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
            root: Self.tree(root: root, calls: calls, objects: objects)
        )
    }

    /// Assembles the nodes: children of a call in order of time, calls and `init`s merged.
    static func tree(root: CallRecord, calls: [CallRecord], objects: [ObjectRecord]) -> FlowNode {
        var childCalls: [Int64: [CallRecord]] = [:]
        for call in calls where call.id != root.id {
            if let parent = call.parentID { childCalls[parent, default: []].append(call) }
        }
        var createdObjects: [Int64: [ObjectRecord]] = [:]
        for object in objects {
            if let creator = object.callID { createdObjects[creator, default: []].append(object) }
        }

        func node(for call: CallRecord) -> FlowNode {
            var timed: [(time: Int64, order: Int64, node: FlowNode)] = []
            for child in childCalls[call.id] ?? [] {
                timed.append((child.startNanoseconds, child.id, node(for: child)))
            }
            for object in createdObjects[call.id] ?? [] {
                let initNode = FlowNode(
                    kind: .`init`, label: "init \(object.label)",
                    location: object.assembly.map { "built at \($0.file):\($0.line)" },
                    callID: nil, objectID: object.id, children: []
                )
                timed.append((object.startNanoseconds, object.id, initNode))
            }
            timed.sort { ($0.time, $0.order) < ($1.time, $1.order) }
            return FlowNode(
                kind: .call, label: call.label, location: call.location,
                callID: call.id, objectID: call.objectID, children: timed.map(\.node)
            )
        }
        return node(for: root)
    }
}
