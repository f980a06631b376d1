/// The open subscriptions that keep each object alive at the end, by the object's place in the
/// live objects' index (``LiveObjectIndex/index(of:)``): each subscription as the first of its
/// kind (``LeakFinder`` charges what a kind keeps alive to its first), in the order they were
/// added, a first repeated right after itself kept once.
///
/// Most objects have one keeper (an open subscription's own observer and sinks): those are held
/// as one integer each in an array as long as the index, the others as a list. A dictionary of
/// lists by id gave each of a million observers an array of its own, and hashed its id at every
/// turn.
struct SubscriptionKeepers {
    /// What ``only`` holds for an object with no keeper, or with more than one.
    private static let none = Int64.min
    /// Each object's one keeper, at its place in the index; ``none`` for none, or several.
    private var only: [Int64]
    /// The objects with more than one keeper (or a keeper numbered ``none``), to them in order.
    private var several: [Int: [Int64]] = [:]

    /// No keepers yet, of `objectCount` objects.
    init(objectCount: Int) {
        only = Array(repeating: Self.none, count: objectCount)
    }

    /// Adds `subscription` to the keepers of the object at `index`, unless it is the last one added.
    mutating func add(_ subscription: Int64, keepingObjectAt index: Int) {
        if let list = several[index] {
            if list.last != subscription { several[index]?.append(subscription) }
            return
        }
        let one = only[index]
        if one == Self.none {
            if subscription == Self.none { several[index] = [subscription] } else { only[index] = subscription }
        } else if one != subscription {
            only[index] = Self.none
            several[index] = [one, subscription]
        }
    }

    /// The keepers of the object at `index`, in the order they were added; empty for none.
    func subscriptions(keepingObjectAt index: Int) -> [Int64] {
        if let list = several[index] { return list }
        return only[index] == Self.none ? [] : [only[index]]
    }
}
