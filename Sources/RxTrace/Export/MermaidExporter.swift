/// Writes one subscription as a Mermaid sequence diagram: the user's code, the observables it
/// subscribed through, each operator's sink and the subscriber as participants; the
/// `subscribe` calls down the chain, the events passed up it and the `dispose` calls as
/// messages, in the order they happened.
///
/// Paste it into a Markdown file GitHub renders, or into mermaid.live. Participants and messages
/// are escaped with Mermaid's entity codes (`#35;` for `#`, `#60;` for `<`, …), so type names
/// and values cannot break the diagram.
///
/// Bounded: the subscription's events and disposals are read one row at a time, and at most
/// ``messageLimit`` messages are drawn, with a note saying how many more there were.
public struct MermaidExporter {
    private let reader: TraceReader
    /// The most messages a diagram shows.
    public let messageLimit: Int

    /// An exporter reading from `reader`, drawing at most `messageLimit` messages.
    public init(reader: TraceReader, messageLimit: Int = 500) {
        self.reader = reader
        self.messageLimit = max(1, messageLimit)
    }

    /// The participant id of the user's code.
    static let user = "U"

    private struct Message {
        /// Where it goes in the diagram: when it happened, then 0 for a call and 1 for an event,
        /// then the call's or event's id.
        var order: (time: Int64, part: Int, id: Int64)
        var from: Int64?
        var to: Int64
        var text: String
    }

    /// Writes the diagram of subscription `id` to `output`.
    ///
    /// - Throws: ``ReportError/noSuchSubscription(_:)`` for an unknown subscription id.
    public func write(subscription id: Int64, to output: (String) -> Void) throws {
        guard let subscription = try reader.subscription(id) else { throw ReportError.noSuchSubscription(id) }
        let tree = try subscription.callID.map { try reader.callTree(under: $0) } ?? []
        let callsByID = Dictionary(tree.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        // The chain: the observables subscribed through, outermost first, what the subscribe
        // made (sinks, observers, disposables), the subscriber and the returned disposable.
        var chain: [Int64] = []
        var members = Set<Int64>()
        func include(_ object: Int64?) {
            if let object, members.insert(object).inserted { chain.append(object) }
        }
        for object in SubscriptionChain(subscription: subscription, steps: tree, created: []).objects {
            include(object)
        }
        let observables = Set(chain)
        let made = try reader.objects(createdBy: tree.map(\.id))
        let sinks = Set(made.filter { ObjectRole(typeName: $0.typeName) == .sink }.map(\.id))
        for object in made where sinks.contains(object.id) {
            include(object.id)
        }
        include(subscription.observerObjectID)
        for object in made {
            include(object.id)
        }
        include(subscription.disposableObjectID)

        var streams: [[Message]] = []
        var total = 0
        func collect(_ message: Message, into stream: inout [Message]) {
            total += 1
            if stream.count < messageLimit { stream.append(message) }
        }

        // Subscribe calls, from the chain element whose call made them (or the user's code).
        var subscribes: [Message] = []
        for call in tree where SubscriptionChain.isLink(stepName: call.name) {
            guard let target = call.objectID else { continue }
            var caller: Int64?
            var parent = call.parentID.flatMap { callsByID[$0] }
            while let step = parent, caller == nil {
                if let object = step.objectID, members.contains(object), object != target { caller = object }
                parent = step.parentID.flatMap { callsByID[$0] }
            }
            let text = caller == nil ? "subscribe at \(subscription.site)" : "subscribe"
            collect(
                Message(order: (call.startNanoseconds, 0, call.id), from: caller, to: target, text: text),
                into: &subscribes
            )
        }
        streams.append(subscribes)

        // Events received by the chain, from whoever sent them.
        var events: [Message] = []
        try reader.forEachEvent(deliveredToAnyOf: chain) { event in
            guard let observer = event.observerObjectID else { return }
            let detail = event.description
            collect(
                Message(
                    order: (event.timeNanoseconds, 1, event.id), from: event.sourceObjectID, to: observer,
                    text: "on(.\(detail))"
                ),
                into: &events
            )
        }
        streams.append(events)

        // Dispose calls on the chain's sinks, observers and disposables (not on the observables,
        // which other subscriptions share), from the object whose call made them.
        var disposals: [Message] = []
        try reader.forEachDisposeCall(onObjects: chain.filter { !observables.contains($0) }) { call in
            guard disposals.count < messageLimit else {
                total += 1
                return
            }
            collect(
                Message(
                    order: (call.startNanoseconds, 0, call.id),
                    from: try nearestObject(above: call.parentID), to: call.objectID ?? 0,
                    text: call.name
                ),
                into: &disposals
            )
        }
        streams.append(disposals)

        let messages = streams.joined().sorted { $0.order < $1.order }.prefix(messageLimit)

        // Participants: the user's code, the chain in order, then any other sender.
        var participants: [Int64] = chain.filter { object in
            observables.contains(object) || sinks.contains(object) || object == subscription.observerObjectID
        }
        var declared = Set(participants)
        for message in messages {
            for object in [message.from, message.to].compactMap({ $0 }) where declared.insert(object).inserted {
                participants.append(object)
            }
        }
        var labels: [Int64: String] = [:]
        for object in participants {
            var label = try reader.object(object)?.label ?? "#\(object)"
            if object == subscription.observerObjectID { label += " (subscriber)" }
            labels[object] = label
        }

        output("sequenceDiagram\n")
        let title = "subscription #\(subscription.id) at \(subscription.site) in \(reader.run.program)"
        output("    %% \(Self.comment(title))\n")
        output("    participant \(Self.user) as user code\n")
        for object in participants {
            let alias = Self.escaped(labels[object] ?? "", inAlias: true)
            output("    participant \(Self.participant(object)) as \(alias)\n")
        }
        for message in messages {
            let from = message.from.map(Self.participant) ?? Self.user
            output("    \(from)->>\(Self.participant(message.to)): \(Self.escaped(message.text, inAlias: false))\n")
        }
        if total > messages.count {
            output("    Note over \(Self.user): \(total - messages.count) more messages not shown\n")
        }
    }

    /// The object of the nearest call, from `call` up, that ran on one: who made a call; `nil`
    /// when no call above ran on an object (the user's code made it). Stops at a loop of
    /// parents, which only a damaged trace has.
    private func nearestObject(above call: Int64?) throws -> Int64? {
        var next = call
        var seen = Set<Int64>()
        while let id = next, seen.insert(id).inserted, let step = try reader.call(id) {
            if let object = step.objectID { return object }
            next = step.parentID
        }
        return nil
    }

    /// The participant id of object `object`: `O12`.
    static func participant(_ object: Int64) -> String { "O\(object)" }

    /// `text` with the characters Mermaid reads as syntax written as entity codes: `#`, `;`,
    /// `<`, `>`, `%`, and in a participant's alias `:` too; control characters become spaces.
    static func escaped(_ text: String, inAlias: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#", ";", "<", ">", "%": result += "#\(scalar.value);"
            case ":" where inAlias: result += "#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` fit for a `%%` comment: one line.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}
