/// What RxCore records of one object's state at a moment of the run: a subject's observers
/// with their `Bag` keys, a replay buffer, a `SerialDisposable`'s current inner disposable, a
/// shared connection's subscriber count and whether it is connected.
///
/// ``TraceReader/objectStateChanges(limit:throughCall:)`` derives it from the details of the steps that
/// change it (`Bag.insert(key 0, observer #4)`, `RefCountSink.run(refcount 1, connects)`);
/// each part is `nil` when the object has no such state or no step recorded it yet.
public struct ObjectState: Equatable, Sendable {
    /// One entry of a subject's (or a shared connection's) `Bag` of observers.
    public struct Observer: Equatable, Sendable {
        /// The key the `Bag` handed out: 0 for its first insertion.
        public var key: Int64
        /// The observer: `AnonymousObserver<Int> #4`, or the type of an untraced one
        /// (`AnyObserver`).
        public var observer: String
    }

    /// A replay buffer: how many elements it holds and how many it keeps at most.
    public struct Buffer: Equatable, Sendable {
        /// The elements it holds.
        public var count: Int
        /// The most it keeps; `nil` for an unbounded one (`ReplaySubject.createUnbounded()`).
        public var size: Int?
    }

    /// What a `SerialDisposable` holds.
    public enum Inner: Equatable, Sendable {
        /// Nothing assigned yet.
        case none
        /// The disposable assigned last: `#15`'s label, or an untraced one's type.
        case current(String)
        /// Disposed: it disposed its inner one and disposes whatever is assigned later.
        case disposed
    }

    /// The subscribers in the order of their keys, the first ``listedObservers`` of them
    /// (``observerCount`` counts them all); `nil` for an object that keeps none.
    public var observers: [Observer]?
    /// How many subscribers it has, those ``observers`` lists and those past them; `nil` when
    /// ``observers`` is.
    public var observerCount: Int?
    /// The replay buffer; `nil` for an object that replays nothing.
    public var buffer: Buffer?
    /// A `SerialDisposable`'s inner disposable; `nil` for any other object.
    public var inner: Inner?
    /// How many subscribers share the connection (`refCount`); `nil` for any other object.
    public var subscriberCount: Int?
    /// Whether the shared source is connected (`refCount`, `share`, a connectable's
    /// `connect()`); `nil` for any other object.
    public var isConnected: Bool?

    /// A state with nothing known yet.
    public init() {}

    /// The most observers ``lines`` lists by name; past it, it says how many more there are.
    public static let listedObservers = 8

    /// The state as the page's alive-objects panel shows it, one line per part:
    /// `observers: key 0 → AnonymousObserver<Int> #4`, `buffer 1 of 1`, `current inner #15`,
    /// `2 subscribers, connected`.
    public var lines: [String] {
        var lines: [String] = []
        if let observers {
            if observers.isEmpty {
                lines.append("observers: none")
            } else {
                let listed = observers.prefix(Self.listedObservers).map { "key \($0.key) → \($0.observer)" }
                let count = max(observerCount ?? 0, observers.count)
                let more = count > Self.listedObservers ? ", … \(count - Self.listedObservers) more" : ""
                lines.append("observers: " + listed.joined(separator: ", ") + more)
            }
        }
        if let buffer {
            lines.append("buffer \(buffer.count)" + (buffer.size.map { " of \($0)" } ?? ", unbounded"))
        }
        switch inner {
        case nil: break
        case .none?: lines.append("current inner: none")
        case .current(let label)?: lines.append("current inner \(label)")
        case .disposed?: lines.append("disposed: disposes what is assigned")
        }
        let connection = isConnected.map { $0 ? "connected" : "disconnected" }
        if let subscriberCount {
            let subscribers = subscriberCount == 1 ? "1 subscriber" : "\(subscriberCount) subscribers"
            lines.append(subscribers + (connection.map { ", " + $0 } ?? ""))
        } else if let connection {
            lines.append(connection)
        }
        return lines
    }
}

/// An object's state after one call changed it: what the page shows beside the object from
/// that call's step on.
public struct ObjectStateChange: Equatable, Sendable {
    /// The call whose step changed it (the state holds from the call's entry).
    public var callID: Int64
    /// The object.
    public var objectID: Int64
    /// Its whole state after the change.
    public var state: ObjectState
}
