import RxCore

/// One step in the chain of causes of an event or a call, as the `event_cause` view gives it.
public struct CauseStep: Codable, Equatable, Sendable {
    /// 0 for the call explained (or that delivered the event explained), 1 for its cause, …
    public var step: Int
    /// How this step led to the one below it: `delivered` at step 0 of an event, `called`,
    /// or `scheduled` (it queued the work that step ran, on any thread); `nil` at step 0 of a call.
    public var via: String?
    /// The call at this step.
    public var call: CallRecord
    /// The event this step delivered on the way, if it delivered one.
    public var hopEventID: Int64?
}

/// Answers "why did this happen?" from a trace: the chain of causes of one event back to the
/// call that pushed it in (``why(event:)``), and what ended a subscription
/// (``ending(of:)``), in the words `rxtrace why` and `rxtrace report --subscription` print.
///
/// Chain elements are named by ``ChainLabels``: `Map<Int, Int> #2 (map at App/Main.swift:7)`,
/// a sink by the observable whose subscription made it.
public struct CauseFinder {
    private let reader: TraceReader

    /// A finder reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    // MARK: - Why an event happened

    /// Why event `id` happened, or `nil` when the trace has no such event.
    ///
    /// - Throws: ``ReportError/needsNewerTrace(_:)`` for a trace written before the view.
    public func why(event id: Int64) throws -> EventExplanation? {
        guard reader.features.hasCauseViews else { throw ReportError.needsNewerTrace("`rxtrace why`") }
        guard let event = try reader.event(id) else { return nil }
        var labels = ChainLabels(reader: reader)
        if reader.run.detail == .events {
            return try whyFromEvents(event, labels: &labels)
        }
        let steps = try reader.causes(ofEvent: id)
        var hops: [EventExplanation.Hop] = []
        var seenEvents = Set<Int64>()
        // Root first: the order the event travelled.
        for step in steps.reversed() {
            // An entry point that user code called inside the chain: `observer.onNext(1)` in a
            // `create` closure. The root's line is the origin's.
            if step.step != steps.last?.step, case .line(let frame) = try reader.callerLine(ofCall: step.call.id) {
                hops.append(
                    .init(
                        kind: "call", text: "\(step.call.name) called at \(frame.location)",
                        location: step.call.location, threadName: step.call.threadName
                    ))
            }
            if step.via == "scheduled", let below = steps.first(where: { $0.step == step.step - 1 }) {
                let queued = step.call
                var scheduler = ""
                if let object = queued.objectID { scheduler = " [\(try labels.plain(object))]" }
                var item = "work item"
                if let object = below.call.objectID { item = try labels.plain(object) }
                hops.append(
                    .init(
                        kind: "thread",
                        text: "queued by \(queued.name)\(scheduler) on thread \(queued.threadName); "
                            + "run by \(below.call.name) [\(item)] on thread \(below.call.threadName)",
                        location: below.call.location, threadName: below.call.threadName
                    ))
            }
            guard let hopID = step.hopEventID, seenEvents.insert(hopID).inserted,
                let hop = try reader.event(hopID)
            else { continue }
            hops.append(
                .init(
                    kind: "event",
                    text:
                        "\(hop.description) from \(try labels.element(hop.sourceObjectID)) to \(try labels.element(hop.observerObjectID))",
                    location: step.call.location, threadName: step.call.threadName
                ))
        }
        let origin: String
        if let root = steps.last?.call {
            origin = try describeRoot(root, labels: &labels)
        } else {
            origin = "delivered at top level, outside any traced step"
        }
        return EventExplanation(
            eventID: id, event: event.description, origin: origin, hops: hops, subscriber: try subscriber(of: event)
        )
    }

    /// Why `event` happened in a trace recorded without calls (`RXTRACE_DETAIL=events`): the
    /// chain of events that ``TraceReader/eventCause(of:)`` follows back from it, each sender
    /// to the event it received, with a thread hop where two events were delivered on
    /// different threads.
    private func whyFromEvents(_ event: EventRecord, labels: inout ChainLabels) throws -> EventExplanation {
        let chain = Array(try reader.eventCauses(ofEvent: event.id).reversed())
        var hops: [EventExplanation.Hop] = []
        for (index, hop) in chain.enumerated() {
            if index > 0, chain[index - 1].threadName != hop.threadName {
                hops.append(
                    .init(
                        kind: "thread",
                        text: "from thread \(chain[index - 1].threadName) to thread \(hop.threadName) "
                            + "(the scheduler that carried it is a call, not recorded)",
                        location: "", threadName: hop.threadName
                    ))
            }
            hops.append(
                .init(
                    kind: "event",
                    text: "\(hop.event.description) from \(try labels.element(hop.event.sourceObjectID)) "
                        + "to \(try labels.element(hop.event.observerObjectID))",
                    location: "", threadName: hop.threadName
                ))
        }
        var origin = "delivered at top level, outside any traced object"
        if let root = chain.first {
            origin =
                "\(try labels.element(root.event.sourceObjectID)) · thread \(root.threadName), "
                + "which sent \(root.event.description) having received no traced event before it"
        }
        return EventExplanation(
            eventID: event.id, event: event.description, origin: origin, hops: hops,
            subscriber: try subscriber(of: event),
            note: "Recorded with RXTRACE_DETAIL=events (no calls): each event follows the last one its sender "
                + "received, so the user's line and the steps between are not known; record with calls for them."
        )
    }

    /// `the subscriber of subscription #1, subscribed at App/Main.swift:9` when `event`'s
    /// receiver is a subscription's observer.
    private func subscriber(of event: EventRecord) throws -> String? {
        guard let observer = event.observerObjectID,
            let subscription = try reader.subscriptions(observedBy: observer).first
        else { return nil }
        return "the subscriber of subscription #\(subscription.id), subscribed at \(subscription.site)"
    }

    /// The `K`th event (from 1) that subscription `id`'s observer received.
    ///
    /// - Throws: ``ReportError`` when there is no such subscription or event.
    public func event(nth: Int, ofSubscription id: Int64) throws -> EventRecord {
        guard let subscription = try reader.subscription(id) else { throw ReportError.noSuchSubscription(id) }
        guard let observer = subscription.observerObjectID,
            let event = try reader.event(nth: nth, deliveredTo: observer)
        else {
            let count = try subscription.observerObjectID.map { try reader.eventCount(deliveredTo: $0) } ?? 0
            throw ReportError.noSuchNthEvent(subscription: id, nth: nth, count: count)
        }
        return event
    }

    /// The root of a chain of causes, for people: the user's subscribe line when it is a
    /// subscribe, else the public entry point that was called from outside RxCore and its thread.
    private func describeRoot(_ root: CallRecord, labels: inout ChainLabels) throws -> String {
        if let subscription = try reader.subscription(startedBy: root.id) {
            return "\(root.name) at \(subscription.site) (subscription #\(subscription.id)) · thread \(root.threadName)"
        }
        var text = root.name + (root.detail.map(CallRecord.shown(detail:)) ?? "")
        if let object = root.objectID {
            text += " on \(try labels.element(object))"
        }
        return text + " · thread \(root.threadName), " + (try calledFrom(root))
    }

    /// Where user code called the entry point `call`: `called at App/main.swift:4
    /// (RxCore/Subjects/PublishSubject.swift:51)` when the trace names the line, else
    /// `called from outside RxCore (…; the caller's line is not recorded)`, with the reason
    /// when addresses were captured but name no line.
    private func calledFrom(_ call: CallRecord) throws -> String {
        switch try reader.callerLine(ofCall: call.id) {
        case .line(let frame):
            return "called at \(frame.location) (\(call.location))"
        case .notCaptured:
            return "called from outside RxCore (\(call.location); the caller's line is not recorded)"
        case .unresolved(let reason):
            return "called from outside RxCore (\(call.location); the caller's line is not recorded: \(reason))"
        }
    }

    /// ` at App/main.swift:9`, where user code called the entry point `call`, or nothing when
    /// the trace does not name the line.
    private func userLine(of call: CallRecord) throws -> String {
        guard case .line(let frame) = try reader.callerLine(ofCall: call.id) else { return "" }
        return " at \(frame.location)"
    }

    // MARK: - Who ended a subscription

    /// The last event of `kind` the observer received: looked up from the step that received
    /// it when the trace says which (`end_call_id`), else among every event it received.
    private func terminalEvent(ofKind kind: EventKind, deliveredTo observer: Int64, endedIn endCall: Int64?) throws
        -> EventRecord?
    {
        if let endCall, let event = try reader.lastEvent(ofKind: kind, deliveredTo: observer, inOrAbove: endCall) {
            return event
        }
        return try reader.lastEvent(ofKind: kind, deliveredTo: observer)
    }

    /// What ended `subscription`, in one line: `ended: completed, sent by Just<Int> #1 (just at
    /// App/Main.swift:3)`, `ended: disposed by DisposeBag #7's deinit (bag made at
    /// App/Main.swift:12)`, `ended: never: still open when the run ended`.
    public func ending(of subscription: SubscriptionRecord) throws -> String {
        guard let kind = subscription.endKind else { return "ended: never: still open when the run ended" }
        var labels = ChainLabels(reader: reader)
        if kind == .disposed {
            guard reader.features.hasCauseViews, let endCall = subscription.endCallID else {
                return "ended: disposed (the trace does not say by what)"
            }
            let chain = try reader.causes(ofCall: endCall)
            if let bagCall = chain.first(where: { $0.call.name == "DisposeBag.dispose" })?.call,
                let bag = bagCall.objectID
            {
                let made = try reader.object(bag)?.assembly.map { " (bag made at \($0.location))" } ?? ""
                // The release's line is the deinit's, the root of the bag's disposal; a trace
                // recorded before that step was traced captured it on the dispose.
                let release = chain.first(where: { $0.call.name == "DisposeBag.deinit" })?.call ?? bagCall
                let released = try userLine(of: release)
                return "ended: disposed by \(try labels.plain(bag))'s deinit\(made)"
                    + (released.isEmpty ? "" : ", released\(released)")
            }
            guard let root = chain.last?.call else { return "ended: disposed" }
            if root.name.hasSuffix(".dispose"), let object = root.objectID {
                let whose = object == subscription.disposableObjectID ? "the Disposable subscribe returned, " : ""
                let line = try userLine(of: root)
                return "ended: disposed by a dispose()\(line) of \(whose)\(try labels.plain(object)), "
                    + (line.isEmpty ? "called from outside RxCore " : "")
                    + "on thread \(root.threadName)"
            }
            return "ended: disposed inside \(try describeRoot(root, labels: &labels))"
        }
        // A terminal event: the last of its kind the observer received, and where it came from.
        guard reader.features.hasCauseViews, let observer = subscription.observerObjectID,
            let eventKind = EventKind(rawValue: kind.rawValue),
            let terminal = try terminalEvent(ofKind: eventKind, deliveredTo: observer, endedIn: subscription.endCallID)
        else { return "ended: \(kind.rawValue)" }
        let hops: [EventRecord]
        if reader.run.detail == .events {
            hops = try reader.eventCauses(ofEvent: terminal.id).reversed().map(\.event)
        } else {
            hops = try reader.causes(ofEvent: terminal.id).reversed().compactMap { step in
                try step.hopEventID.flatMap { try reader.event($0) }
            }
        }
        guard let origin = hops.first else { return "ended: \(terminal.description)" }
        if origin.kind == eventKind {
            return "ended: \(origin.description), sent by \(try labels.element(origin.sourceObjectID))"
        }
        // An operator turned another event into the end: take, take(until:), a throwing map.
        let cut = hops.first { $0.kind == eventKind } ?? terminal
        return "ended: \(cut.description) by \(try labels.element(cut.sourceObjectID)), cutting it short on "
            + "\(origin.description) from \(try labels.element(origin.sourceObjectID))"
    }
}

/// Why one event happened: what `rxtrace why` prints.
public struct EventExplanation: Codable, Equatable, Sendable {
    /// One hop on the event's way: an event passing between two chain elements, or a thread hop
    /// through a scheduler.
    public struct Hop: Codable, Equatable, Sendable {
        /// `event`, `thread`, or `call` (user code called an entry point: `observer.onNext(1)`
        /// inside a `create` closure).
        public var kind: String
        /// `next(1) from Map<Int, Int> #2 (map at …) to AnonymousObserver<Int> #4`.
        public var text: String
        /// The implementing code of the step that made the hop; empty in a trace recorded
        /// without calls.
        public var location: String
        /// The thread the hop landed on.
        public var threadName: String
    }

    /// The event explained.
    public var eventID: Int64
    /// `next(1)`.
    public var event: String
    /// The root: the call that pushed the event in, with its thread.
    public var origin: String
    /// The hops from the root down to the event itself, which is the last `event` hop.
    public var hops: [Hop]
    /// Whose subscription received it, when the receiver is a subscription's observer.
    public var subscriber: String?
    /// What the reader should know about how the chain was found: set for a trace recorded
    /// without calls, whose chain is read from the events alone.
    public var note: String?

    /// An explanation of event `eventID`.
    public init(eventID: Int64, event: String, origin: String, hops: [Hop], subscriber: String?, note: String? = nil) {
        self.eventID = eventID
        self.event = event
        self.origin = origin
        self.hops = hops
        self.subscriber = subscriber
        self.note = note
    }
}

/// Names the elements of chains, caching what it read: an observable with where user code
/// built it and its tags, a sink or inner observer by the observable whose subscription made it.
struct ChainLabels {
    private let reader: TraceReader
    private var cache: [Int64: String] = [:]

    init(reader: TraceReader) {
        self.reader = reader
    }

    /// `PublishSubject<Int> #1`, or `#7` for an object the trace does not have.
    func plain(_ id: Int64) throws -> String {
        try reader.object(id)?.label ?? "#\(id)"
    }

    /// `Map<Int, Int> #2 (map at App/Main.swift:7, tagged "login")`, `MapSink<…> #5 of Map<Int,
    /// Int> #2 (map at …)`, or `an untraced object`.
    mutating func element(_ id: Int64?) throws -> String {
        guard let id else { return "an untraced object" }
        if let known = cache[id] { return known }
        guard let object = try reader.object(id) else { return "#\(id)" }
        var text = object.label
        if let described = try describe(object) {
            text += " " + described
        } else if let creator = object.callID, let producerID = try reader.call(creator)?.objectID,
            producerID != id, let producer = try reader.object(producerID), let described = try describe(producer)
        {
            text += " of \(producer.label) \(described)"
        }
        cache[id] = text
        return text
    }

    /// `(map at App/Main.swift:7, tagged "login")`, or `nil` for an object neither built by
    /// user code nor tagged.
    private func describe(_ object: ObjectRecord) throws -> String? {
        var parts: [String] = []
        if let assembly = object.assembly, assembly.name != "DisposeBag" { parts.append(assembly.description) }
        for tag in try reader.tags(of: [object.id])[object.id] ?? [] { parts.append("tagged \"\(tag)\"") }
        return parts.isEmpty ? nil : "(" + parts.joined(separator: ", ") + ")"
    }
}

extension EventRecord {
    /// `next(1)`, `completed`, `error(Failure)`.
    public var description: String {
        let name = kind?.rawValue ?? "unknown"
        return value.map { "\(name)(\($0))" } ?? name
    }
}
