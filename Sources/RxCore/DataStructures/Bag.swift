// Mirrors RxSwift's RxSwift/DataStructures/Bag.swift.
// Simpler than RxSwift: one array of pairs, without RxSwift's inline first slot and its
// dictionary for large bags; removal is a linear search.

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
    private var pairs: ContiguousArray<(key: BagKey, value: Element)> = []

    /// An empty bag.
    public init() {}

    /// Adds `element`; returns the key that removes it.
    public mutating func insert(_ element: Element) -> BagKey {
        let call = TraceCall.enter("Bag.insert"); defer { call.exit() }
        let key = BagKey(rawValue: nextKey)
        nextKey = nextKey &+ 1
        pairs.append((key, element))
        return key
    }

    /// Removes and returns the element inserted under `key`, or `nil` if it is gone already.
    @discardableResult
    public mutating func removeKey(_ key: BagKey) -> Element? {
        guard let index = pairs.firstIndex(where: { $0.key == key }) else { return nil }
        return pairs.remove(at: index).value
    }

    /// Removes every element.
    public mutating func removeAll() {
        pairs.removeAll()
    }

    /// The number of elements.
    public var count: Int { pairs.count }

    /// Calls `action` on every element, in insertion order.
    public func forEach(_ action: (Element) throws -> Void) rethrows {
        for pair in pairs {
            try action(pair.value)
        }
    }

    /// `N elements in Bag`.
    public var debugDescription: String { "\(count) elements in Bag" }
}

extension Bag {
    /// Delivers `event` to every observer-event handler in the bag, in insertion order.
    func dispatch<EventElement>(_ event: Event<EventElement>) where Element == (Event<EventElement>) -> Void {
        forEach { $0(event) }
    }
}
