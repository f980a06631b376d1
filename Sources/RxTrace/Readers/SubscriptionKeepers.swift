/// The open subscriptions that keep each object alive, by object: each subscription as the
/// first of its kind (``LeakFinder`` charges what a kind keeps alive to its first), in the order
/// they were added, a first repeated right after itself kept once.
///
/// Most objects have one keeper (an open subscription's own observer and sinks): those are held
/// as one integer each, the others as a list. A dictionary of lists gave each of a million
/// observers an array of its own, an allocation and some 40 bytes more apiece.
struct SubscriptionKeepers {
    /// The objects with one keeper, to it.
    private var only: [Int64: Int64] = [:]
    /// The objects with more than one, to them in order.
    private var several: [Int64: [Int64]] = [:]

    /// None yet.
    init() {}

    /// Adds `subscription` to `object`'s keepers, unless it is the last one added.
    mutating func add(_ subscription: Int64, keeping object: Int64) {
        if let list = several[object] {
            if list.last != subscription { several[object]?.append(subscription) }
        } else if let one = only[object] {
            guard one != subscription else { return }
            only[object] = nil
            several[object] = [one, subscription]
        } else {
            only[object] = subscription
        }
    }

    /// `object`'s keepers, in the order they were added; empty for none.
    func subscriptions(keeping object: Int64) -> [Int64] {
        if let one = only[object] { return [one] }
        return several[object] ?? []
    }
}
