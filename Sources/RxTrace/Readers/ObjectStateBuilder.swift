/// Folds the steps that change an object's state, in the order they were entered, into each
/// object's ``ObjectState`` after each of them: what ``TraceReader/objectStateChanges(limit:throughCall:)``
/// returns.
///
/// RxCore records the state as the details of those steps (`Bag.insert(key 0, observer #4)`,
/// `ReplaySubject.synchronized_subscribe(replays 2, buffer 2 of 3)`,
/// `SerialDisposable.disposable.set(inner #15, disposes #12)`, `RefCountSink.run(refcount 1,
/// connects)`); what a step implies without a detail (a subject's stop event releases its
/// observers, a replay subject buffers each `next`) follows RxCore's code, which this type
/// names step by step.
struct ObjectStateBuilder {
    /// One step that may change an object's state, as the reader reads it.
    struct Step {
        /// The call.
        var callID: Int64
        /// The step's name: `Bag.insert`.
        var name: String
        /// The object it ran on.
        var objectID: Int64?
        /// What it carried.
        var detail: String?
        /// The object its caller ran on: a subject's, for `Bag.insert`.
        var callerObjectID: Int64?
        /// The object that made ``objectID``'s object: the `RefCount` of a `RefCountSink`, the
        /// connectable of a `Connection`.
        var ownerID: Int64?
        /// The first object made inside the call: the subject `ReplaySubject.create` made.
        var madeObjectID: Int64?
    }

    /// The names of the steps the fold reads; the reader selects only these.
    static let stepNames: [String] = [
        "Bag.insert",
        "PublishSubject.synchronized_unsubscribe", "BehaviorSubject.synchronized_unsubscribe",
        "ReplaySubject.synchronized_unsubscribe", "AsyncSubject.synchronized_unsubscribe",
        "ShareReplay1WhileConnectedConnection.synchronizedUnsubscribe",
        "ShareWhileConnectedConnection.synchronizedUnsubscribe",
        "PublishSubject.synchronized_on", "BehaviorSubject.synchronized_on", "ReplaySubject.synchronized_on",
        "AsyncSubject.synchronized_on",
        "PublishSubject.dispose", "BehaviorSubject.dispose", "ReplaySubject.dispose",
        "ReplaySubject.create", "ReplaySubject.createUnbounded", "ReplaySubject.synchronized_subscribe",
        "ShareReplay1WhileConnectedConnection.synchronized_subscribe",
        "ShareReplay1WhileConnectedConnection.on", "ShareWhileConnectedConnection.on",
        "ShareReplay1WhileConnectedConnection.connect", "ShareWhileConnectedConnection.connect",
        "SerialDisposable.disposable.set", "SerialDisposable.dispose",
        "RefCountSink.run", "RefCountSink.unsubscribe", "RefCountSink.on",
        "ConnectableObservableAdapter.connect", "Connection.dispose",
    ]

    /// An object's label (`AnonymousObserver<Int> #4`) from its id, for the observers and inner
    /// disposables the details name by id.
    let label: (Int64) -> String

    /// Each object's state so far.
    private var states: [Int64: ObjectState] = [:]
    /// Every observer of each subject and connection, of which its state lists the first.
    private var observerLists: [Int64: ObserverList] = [:]
    /// The subjects and connections that stopped or were disposed: their `next`s change nothing.
    private var finished = Set<Int64>()
    /// The changes so far, in order of their calls.
    private(set) var changes: [ObjectStateChange] = []

    init(label: @escaping (Int64) -> String) {
        self.label = label
    }

    /// Applies `step`, recording a change for each object whose state it changed.
    mutating func apply(_ step: Step) {
        let detail = step.detail ?? ""
        let isStop = detail == "completed" || detail == "error" || detail.hasPrefix("error(")
        switch step.name {
        case "Bag.insert":
            // `key 3, observer #7`: a subject's or connection's observer (a plain `key 3` is a
            // bag of disposables, whose owner the trace does not name).
            guard let owner = step.callerObjectID, let entry = Self.bagEntry(detail) else { return }
            let observer = ObjectState.Observer(key: entry.key, observer: referenced(entry.observer))
            changeObservers(of: owner, at: step) { observers in
                observers.insert(observer)
                return nil
            }
        case let name where name.hasSuffix("nsubscribe") && !name.hasPrefix("RefCountSink"):
            // A subject's `synchronized_unsubscribe(key 3)`, a connection's
            // `synchronizedUnsubscribe(key 3)`: the connection ends with its last subscriber.
            guard let object = step.objectID, let key = Self.number(after: "key ", in: detail) else { return }
            changeObservers(of: object, at: step) { observers in
                observers.remove(key: key)
                return name.hasPrefix("Share") && observers.count == 0 ? { $0.isConnected = false } : nil
            }
        case let name where name.hasSuffix(".synchronized_on"):
            guard let object = step.objectID, !finished.contains(object) else { return }
            if isStop {
                finished.insert(object)
                changeObservers(of: object, at: step) { observers in
                    observers.removeAll()
                    return nil
                }
            } else if name.hasPrefix("ReplaySubject"), let buffer = states[object]?.buffer {
                update(object, at: step) {
                    $0.buffer?.count = buffer.size.map { min(buffer.count + 1, $0) } ?? buffer.count + 1
                }
            }
        case "PublishSubject.dispose", "BehaviorSubject.dispose", "ReplaySubject.dispose":
            guard let object = step.objectID else { return }
            finished.insert(object)
            changeObservers(of: object, at: step) { observers in
                observers.removeAll()
                return { state in if state.buffer != nil { state.buffer?.count = 0 } }
            }
        case "ReplaySubject.create", "ReplaySubject.createUnbounded":
            guard let subject = step.madeObjectID else { return }
            let size = Self.number(after: "buffer size ", in: detail).map(Int.init)
            update(subject, at: step) { $0.buffer = ObjectState.Buffer(count: 0, size: size) }
        case "ReplaySubject.synchronized_subscribe", "ShareReplay1WhileConnectedConnection.synchronized_subscribe":
            // `replays 2, buffer 2 of 3`: what a new subscriber is replayed.
            guard let object = step.objectID, let buffer = Self.buffer(detail) else { return }
            update(object, at: step) { $0.buffer = buffer }
        case "ShareReplay1WhileConnectedConnection.on", "ShareWhileConnectedConnection.on":
            guard let object = step.objectID, !finished.contains(object) else { return }
            if isStop {
                finished.insert(object)
                changeObservers(of: object, at: step) { observers in
                    observers.removeAll()
                    return { $0.isConnected = false }
                }
            } else if step.name.hasPrefix("ShareReplay1") {
                update(object, at: step) { $0.buffer = ObjectState.Buffer(count: 1, size: 1) }
            }
        case "ShareReplay1WhileConnectedConnection.connect", "ShareWhileConnectedConnection.connect",
            "ConnectableObservableAdapter.connect":
            guard let object = step.objectID else { return }
            update(object, at: step) { $0.isConnected = true }
        case "Connection.dispose":
            guard let adapter = step.ownerID else { return }
            update(adapter, at: step) { $0.isConnected = false }
        case "SerialDisposable.disposable.set":
            // `inner #15`, `inner #15, disposes #12`, `inner #15, disposed at once`.
            guard let object = step.objectID, detail.hasPrefix("inner ") else { return }
            let inner = referenced(String(detail.dropFirst("inner ".count).prefix { $0 != "," }))
            update(object, at: step) { $0.inner = detail.hasSuffix("disposed at once") ? .disposed : .current(inner) }
        case "SerialDisposable.dispose":
            guard let object = step.objectID else { return }
            update(object, at: step) { $0.inner = .disposed }
        case "RefCountSink.run", "RefCountSink.unsubscribe":
            // `refcount 2`, `refcount 1, connects`, `refcount 0, disconnects`; a sink whose
            // connection ended changes nothing.
            guard let refCount = step.ownerID, let count = Self.number(after: "refcount ", in: detail),
                !detail.hasSuffix("connection ended")
            else { return }
            update(refCount, at: step) { state in
                state.subscriberCount = Int(count)
                if detail.hasSuffix(", connects") { state.isConnected = true }
                if detail.hasSuffix(", disconnects") { state.isConnected = false }
            }
        case "RefCountSink.on":
            // A stop event drops the connection, so that the next subscriber connects anew.
            guard isStop, let refCount = step.ownerID else { return }
            update(refCount, at: step) { state in
                state.subscriberCount = 0
                state.isConnected = false
            }
        default:
            return
        }
    }

    /// Changes `object`'s observers with `change`, and its state with what `change` returns,
    /// and records the change when there was one: the state lists the first observers and
    /// counts them all.
    private mutating func changeObservers(
        of object: Int64, at step: Step, _ change: (inout ObserverList) -> ((inout ObjectState) -> Void)?
    ) {
        var observers = observerLists.removeValue(forKey: object) ?? ObserverList()
        let more = change(&observers)
        update(object, at: step) { state in
            state.observers = observers.prefix(ObjectState.listedObservers)
            state.observerCount = observers.count
            more?(&state)
        }
        observerLists[object] = observers
    }

    /// Changes `object`'s state with `change` and records the change when there was one.
    private mutating func update(_ object: Int64, at step: Step, _ change: (inout ObjectState) -> Void) {
        var state = states[object] ?? ObjectState()
        let before = state
        change(&state)
        guard state != before else { return }
        states[object] = state
        changes.append(ObjectStateChange(callID: step.callID, objectID: object, state: state))
    }

    /// `#7` as its object's label; any other name (an untraced observer's type) as it is.
    private func referenced(_ name: String) -> String {
        guard name.hasPrefix("#"), let id = Int64(name.dropFirst()) else { return name }
        return label(id)
    }

    /// The key and the observer of `key 3, observer #7`.
    static func bagEntry(_ detail: String) -> (key: Int64, observer: String)? {
        guard let key = number(after: "key ", in: detail), let range = detail.range(of: ", observer ") else {
            return nil
        }
        return (key, String(detail[range.upperBound...]))
    }

    /// The buffer of `replays 2, buffer 2 of 3` or `replays 5, buffer 5, unbounded`.
    static func buffer(_ detail: String) -> ObjectState.Buffer? {
        guard let range = detail.range(of: "buffer ") else { return nil }
        let rest = String(detail[range.upperBound...])
        guard let count = number(after: "", in: rest) else { return nil }
        let size = rest.range(of: " of ").flatMap { number(after: "", in: String(rest[$0.upperBound...])) }
        return ObjectState.Buffer(count: Int(count), size: size.map(Int.init))
    }

    /// The whole number right after `prefix` at the start of `text`.
    static func number(after prefix: String, in text: String) -> Int64? {
        guard text.hasPrefix(prefix) else { return nil }
        return Int64(text.dropFirst(prefix.count).prefix { $0.isNumber })
    }
}
