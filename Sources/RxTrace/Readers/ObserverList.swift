/// Every observer of one subject (or shared connection) as ``ObjectStateBuilder`` follows its
/// `Bag`: each key with its observer, in order of key, the first few at hand without walking
/// the rest. A subject with a million subscribers changes its state a million times; each
/// change costs about one step here, where copying the whole list each time was quadratic.
///
/// A removed observer leaves a gap that is skipped, and the gaps are swept out once there are
/// more of them than observers, so each change costs a constant amount on average.
struct ObserverList {
    /// The observers and the gaps removals left, in order of key.
    private var slots: [ObjectState.Observer?] = []
    /// Each present observer's slot, by key.
    private var slotOfKey: [Int64: Int] = [:]
    /// The first slot that may hold an observer: every slot before it is a gap.
    private var firstSlot = 0
    /// The largest key inserted so far, present or removed.
    private var largestKey: Int64?

    /// How many observers the list holds.
    var count: Int { slotOfKey.count }

    /// Adds `observer`: after the others when no key handed out before is larger (a `Bag`
    /// hands out keys in order), else in its place among them.
    mutating func insert(_ observer: ObjectState.Observer) {
        remove(key: observer.key)
        if let largestKey, largestKey > observer.key {
            compact()
            let index = slots.firstIndex { ($0?.key ?? Int64.min) > observer.key } ?? slots.count
            slots.insert(observer, at: index)
            reindex()
        } else {
            slotOfKey[observer.key] = slots.count
            slots.append(observer)
        }
        largestKey = max(largestKey ?? observer.key, observer.key)
    }

    /// Removes the observer of `key`, if the list holds one.
    mutating func remove(key: Int64) {
        guard let slot = slotOfKey.removeValue(forKey: key) else { return }
        slots[slot] = nil
        while firstSlot < slots.count, slots[firstSlot] == nil { firstSlot += 1 }
        if slots.count - firstSlot > 2 * count + 16 { compact() }
    }

    /// Removes every observer.
    mutating func removeAll() {
        self = ObserverList()
    }

    /// The first `limit` observers, in order of key.
    func prefix(_ limit: Int) -> [ObjectState.Observer] {
        var first: [ObjectState.Observer] = []
        var slot = firstSlot
        while first.count < limit, slot < slots.count {
            if let observer = slots[slot] { first.append(observer) }
            slot += 1
        }
        return first
    }

    /// Sweeps out the gaps.
    private mutating func compact() {
        slots = slots[firstSlot...].filter { $0 != nil }
        firstSlot = 0
        reindex()
    }

    /// Each observer's slot anew, after the slots moved.
    private mutating func reindex() {
        slotOfKey = [:]
        for (slot, observer) in slots.enumerated() {
            if let observer { slotOfKey[observer.key] = slot }
        }
    }
}
