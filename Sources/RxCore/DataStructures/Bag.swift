// Mirrors RxSwift's Platform/DataStructures/Bag.swift.
// Simpler than RxSwift: two parallel arrays (keys, values), without RxSwift's inline first
// slot and its dictionary for large bags; removal is a linear search.
// Deviation from RxSwift: `Bag` and `BagKey` are public (RxSwift's are internal), so that an
// example can show a subject's observers with their keys.

/// The key a ``Bag`` hands out on insertion; removing by key is how a subscriber leaves.
public struct BagKey: Hashable, Sendable {
    fileprivate let rawValue: UInt64
}

/// An unordered-by-value, ordered-by-insertion collection that hands out a unique key per
/// insertion; subjects keep their observers in one.
///
/// Keys are issued in insertion order (`&+ 1`, so they never trap), and iteration visits
/// elements in that order.
public struct Bag<Element>: CustomDebugStringConvertible {
    private var nextKey: UInt64 = 0
    /// The keys, in insertion order; `values[i]` was inserted under `keys[i]`. Two arrays
    /// rather than one of pairs: a subject walks `values` on every event, and code that is
    /// not specialized for `Element` would look up the pair's tuple type on each walk.
    private var keys: ContiguousArray<BagKey> = []
    @usableFromInline var values: ContiguousArray<Element> = []
    /// The trace ids of the members inserted with one (`recipients[i]` is `values[i]`'s), empty
    /// until one was: what ``dispatch(_:from:)`` records each event hop to, where the element
    /// type is known.
    @usableFromInline var recipients: ContiguousArray<ObjectID> = []

    /// An empty bag.
    public init() {}

    /// Adds `element`, standing for `member` (a subject's observer, whose trace id is
    /// `recipient`); returns the key that removes it.
    @usableFromInline package mutating func insert(
        _ element: Element, for member: @autoclosure () -> String?, recipient: ObjectID = .none
    ) -> BagKey {
        let call = TraceCall.enter("Bag.insert", detail: Self.insertDetail(key: nextKey, member: member())); defer { call.exit() }
        let key = BagKey(rawValue: nextKey)
        nextKey = nextKey &+ 1
        keys.append(key)
        values.append(element)
        if recipient != .none || !recipients.isEmpty {
            recipients.append(contentsOf: repeatElement(.none, count: values.count - 1 - recipients.count))
            recipients.append(recipient)
        }
        return key
    }

    /// Removes and returns the element inserted under `key`, or `nil` if it is gone already.
    @discardableResult
    public mutating func removeKey(_ key: BagKey) -> Element? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        keys.remove(at: index)
        if index < recipients.count { recipients.remove(at: index) }
        return values.remove(at: index)
    }

    /// Removes every element.
    public mutating func removeAll() {
        keys.removeAll()
        values.removeAll()
        recipients.removeAll()
    }

    /// The number of elements.
    public var count: Int { values.count }

    /// Calls `action` on every element, in insertion order.
    @inlinable public func forEach(_ action: (Element) throws -> Void) rethrows {
        for value in values {
            try action(value)
        }
    }

    /// `N elements in Bag`.
    public var debugDescription: String { "\(count) elements in Bag" }
}

extension Bag {
    /// Delivers `event` to every observer-event handler in the bag, in insertion order: the
    /// step `dispatch` (RxSwift's free function of that name), on no object, once per event and
    /// not per observer; each hop is recorded from `source` when one is given.
    @inlinable func dispatch<EventElement>(
        _ event: Event<EventElement>, from source: ObjectID? = nil
    ) where Element == (Event<EventElement>) -> Void {
        let call = TraceCall.enter("dispatch", on: nil, event: event); defer { call.exit() }
        var index = 0
        forEach { deliver in
            if let source { Instrumentation.recordEvent(event, from: source, toObserverWithID: recipient(at: index)) }
            deliver(event)
            index += 1
        }
    }

    /// The trace id the member at `index` was inserted with, or ``ObjectID/none``.
    @inlinable func recipient(at index: Int) -> ObjectID {
        index < recipients.count ? recipients[index] : .none
    }
}

extension Bag {
    /// Adds `element`; returns the key that removes it.
    public mutating func insert(_ element: Element) -> BagKey {
        insert(element, for: nil)
    }

    /// What the step `Bag.insert` carries, built only while a recorder records calls: `key 3`,
    /// or `key 3, observer #7` for a subject's observer (``Instrumentation``'s `traceName(of:)`);
    /// the page's alive-objects panel lists a subject's observers with their keys from it.
    static func insertDetail(key: UInt64, member: String?) -> TraceDetail {
        TraceDetail(member.map { "key \(key), observer \($0)" } ?? "key \(key)")
    }
}

extension BagKey {
    /// `key 3`: how a step's detail names the key (the bag's fourth insertion).
    package var traceDescription: String { "key \(rawValue)" }
}

// Performance: `forEach` and `dispatch` are @inlinable (`values` @usableFromInline), so a subject's
// delivery loop is specialized in the client (rows W1s, W3, W4, W5z); see
// Documentation/Performance.md.
// Performance: `dispatch` records a subject's event hops itself, with the member's trace id kept in
// `recipients`, so that the record is made where the element type is known (a `PublishSubject`'s
// stored closure is made unspecialized); the loop stays `forEach`'s, which retains no closure per
// member (RXTRACE_DETAIL=events: a W1s element 4,629 -> 3,894 instructions; Documentation/Recording.md).
