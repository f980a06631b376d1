/// Groups the objects alive at the end as ``LeakRules/LiveObjectGrouping`` does (by type,
/// verdict and holder, in order of first appearance), taking them in order of id, and hands
/// each group on as soon as it is complete: when the last live object of its type
/// (``LiveObjectIndex/isLast(_:ofType:)``) has gone by, no later object can join it.
///
/// A group is handed on once every group that appeared before it has been, so the groups come
/// out in the order ``LeakRules/LiveObjectGrouping/groups`` lists them. What it holds is the
/// groups still open and those complete but waiting behind an open one: a trace of a million
/// distinct types, each type's objects together, holds one group at a time, not a million.
struct LiveObjectGroupStream {
    private struct Key: Hashable {
        let typeName: String
        let verdict: LeakVerdict
        let holder: LiveObjectHolder?
    }

    /// A group not yet handed on, with the places already in it.
    private struct Pending {
        var group: LiveObjectGroup
        var places: Set<String>
        var isComplete = false
    }

    /// The groups not yet handed on, in order of first appearance, after `spent` entries
    /// already handed on (kept, emptied, until the array is compacted).
    private var pending: [Pending] = []
    /// The number (in order of first appearance) of `pending`'s first entry.
    private var base = 0
    /// How many of `pending`'s first entries were handed on.
    private var spent = 0
    /// Each open group's number (in order of first appearance), by its key.
    private var numberOfKey: [Key: Int] = [:]
    /// The keys of each type's open groups, by the type's number in the ``LiveObjectIndex``.
    private var openKeysOfType: [Int: [Key]] = [:]

    /// No groups yet.
    init() {}

    /// Adds object `id` of `typeName` (the type numbered `type` in the ``LiveObjectIndex``),
    /// created at `place`, to the group of its type, verdict and holder.
    mutating func add(
        type: Int, typeName: String, id: Int64, place: String, verdict: LeakVerdict, holder: LiveObjectHolder?
    ) {
        let key = Key(typeName: typeName, verdict: verdict, holder: holder)
        if let number = numberOfKey[key] {
            let index = number - base
            pending[index].group.objectIDs.append(id)
            if pending[index].places.insert(place).inserted { pending[index].group.createdIn.append(place) }
        } else {
            numberOfKey[key] = base + pending.count
            openKeysOfType[type, default: []].append(key)
            pending.append(
                Pending(
                    group: LiveObjectGroup(
                        typeName: typeName, objectIDs: [id], createdIn: [place], verdict: verdict, holder: holder),
                    places: [place]))
        }
    }

    /// Marks the groups of the type numbered `type` complete, its last live object having been
    /// added or passed over, and hands on every complete group no open one precedes.
    mutating func complete(type: Int, handOn: (LiveObjectGroup) throws -> Void) rethrows {
        guard let keys = openKeysOfType.removeValue(forKey: type) else { return }
        for key in keys {
            guard let number = numberOfKey.removeValue(forKey: key) else { continue }
            pending[number - base].isComplete = true
        }
        while spent < pending.count, pending[spent].isComplete {
            let group = pending[spent].group
            pending[spent] = Pending(group: LiveObjectGroup(typeName: "", objectIDs: [], createdIn: []), places: [])
            spent += 1
            try handOn(group)
        }
        if spent == pending.count || spent > 4096 && spent * 2 > pending.count {
            pending.removeFirst(spent)
            base += spent
            spent = 0
        }
    }

    /// Hands on every group still held, in order: the end of the objects, after which none
    /// can grow.
    mutating func finish(handOn: (LiveObjectGroup) throws -> Void) rethrows {
        for index in spent..<pending.count { try handOn(pending[index].group) }
        base += pending.count
        pending = []
        spent = 0
        numberOfKey = [:]
        openKeysOfType = [:]
    }
}
