/// Groups the objects alive at the end as ``LeakRules/LiveObjectGrouping`` does (by type,
/// verdict and holder, in order of first appearance), taking them in order of id, and hands
/// each group on as soon as it is complete: when the last live object of its type
/// (``LiveObjectIndex/isLast(_:ofType:)``) has gone by, no later object can join it.
///
/// A group is handed on once every group that appeared before it has been, so the groups come
/// out in the order ``LeakRules/LiveObjectGrouping/groups`` lists them. What it holds is the
/// groups still open, and of those complete but waiting behind an open one the first few
/// thousand; the rest wait on disk (``LiveObjectGroupSpill``), 8 bytes each in memory. A trace
/// of a million distinct types holds one group at a time, not a million, wherever a type that
/// spans the trace holds the others back.
struct LiveObjectGroupStream {
    private struct Key: Hashable {
        let typeName: String
        let verdict: LeakVerdict
        let holder: LiveObjectHolder?
    }

    /// A group held in memory, with the places already in it.
    private struct Held {
        var group: LiveObjectGroup
        var places: Set<String>
    }

    /// Where a group not yet handed on is: open or complete in memory (in ``held``), or
    /// complete in the ``spill`` (its number there, 0 or more).
    private static let isOpen = -1
    private static let isWaitingInMemory = -2

    /// The groups not yet handed on, by their number (in order of first appearance) less
    /// `base`, each ``isOpen``, ``isWaitingInMemory`` or its number in the spill; the first
    /// `spent` were handed on, and are kept until the array is compacted. 8 bytes a group.
    private var locations: [Int] = []
    /// The number (in order of first appearance) of `locations`' first entry.
    private var base = 0
    /// How many of `locations`' first entries were handed on.
    private var spent = 0
    /// The groups held in memory, open or complete, by their number.
    private var held: [Int: Held] = [:]
    /// Each open group's number, by its key.
    private var numberOfKey: [Key: Int] = [:]
    /// The keys of each type's open groups, by the type's number in the ``LiveObjectIndex``.
    private var openKeysOfType: [Int: [Key]] = [:]
    /// How many complete groups may wait in memory; more wait in the ``spill``.
    private let waitingGroupsHeld: Int
    /// How many complete groups wait in memory.
    private var waitingInMemory = 0
    /// Where complete groups wait past ``waitingGroupsHeld``: made when first needed.
    private var spill: LiveObjectGroupSpill?
    /// The open group the last object joined, with its key and the place it was created at:
    /// the next object of the same key and place joins it without hashing either (a million
    /// observers made on one line are one group). Forgotten when its type's groups complete.
    private var lastJoined: (key: Key, number: Int, place: String)?

    /// No groups yet; up to `waitingGroupsHeld` complete ones wait in memory.
    init(waitingGroupsHeld: Int = 4096) {
        self.waitingGroupsHeld = waitingGroupsHeld
    }

    /// Adds object `id` of `typeName` (the type numbered `type` in the ``LiveObjectIndex``),
    /// created at `place`, to the group of its type, verdict and holder.
    mutating func add(
        type: Int, typeName: String, id: Int64, place: String, verdict: LeakVerdict, holder: LiveObjectHolder?
    ) {
        let key = Key(typeName: typeName, verdict: verdict, holder: holder)
        if let last = lastJoined, last.key == key {
            held[last.number]?.group.objectIDs.append(id)
            if last.place != place {
                if held[last.number]?.places.insert(place).inserted == true {
                    held[last.number]?.group.createdIn.append(place)
                }
                lastJoined?.place = place
            }
        } else if let number = numberOfKey[key] {
            lastJoined = (key, number, place)
            held[number]?.group.objectIDs.append(id)
            if held[number]?.places.insert(place).inserted == true { held[number]?.group.createdIn.append(place) }
        } else {
            let number = base + locations.count
            numberOfKey[key] = number
            openKeysOfType[type, default: []].append(key)
            locations.append(Self.isOpen)
            held[number] = Held(
                group: LiveObjectGroup(
                    typeName: typeName, objectIDs: [id], createdIn: [place], verdict: verdict, holder: holder),
                places: [place])
            lastJoined = (key, number, place)
        }
    }

    /// Marks the groups of the type numbered `type` complete, its last live object having been
    /// added or passed over, and hands on every complete group no open one precedes; those
    /// still behind an open one wait, past the first few thousand on disk.
    mutating func complete(type: Int, handOn: (LiveObjectGroup) throws -> Void) throws {
        guard let keys = openKeysOfType.removeValue(forKey: type) else { return }
        lastJoined = nil
        var completed: [Int] = []
        for key in keys {
            guard let number = numberOfKey.removeValue(forKey: key) else { continue }
            locations[number - base] = Self.isWaitingInMemory
            held[number]?.places = []
            waitingInMemory += 1
            completed.append(number)
        }
        while spent < locations.count, locations[spent] != Self.isOpen {
            let group = try take(base + spent)
            spent += 1
            try handOn(group)
        }
        // The newly complete groups still behind an open one, past the few held, to disk.
        for number in completed where number >= base + spent && waitingInMemory > waitingGroupsHeld {
            guard let group = held.removeValue(forKey: number)?.group else { continue }
            let spill = self.spill ?? LiveObjectGroupSpill()
            self.spill = spill
            locations[number - base] = try spill.put(group)
            waitingInMemory -= 1
        }
        if spent == locations.count || spent > 4096 && spent * 2 > locations.count {
            locations.removeFirst(spent)
            base += spent
            spent = 0
        }
    }

    /// Hands on every group still held, in order: the end of the objects, after which none
    /// can grow.
    mutating func finish(handOn: (LiveObjectGroup) throws -> Void) throws {
        for index in spent..<locations.count { try handOn(try take(base + index)) }
        base += locations.count
        locations = []
        spent = 0
        held = [:]
        numberOfKey = [:]
        openKeysOfType = [:]
        lastJoined = nil
        waitingInMemory = 0
    }

    /// The group numbered `number`, from memory or the spill, no longer held.
    private mutating func take(_ number: Int) throws -> LiveObjectGroup {
        let location = locations[number - base]
        if location >= 0, let spill { return try spill.take(location) }
        if location == Self.isWaitingInMemory { waitingInMemory -= 1 }
        return held.removeValue(forKey: number)?.group ?? LiveObjectGroup(typeName: "", objectIDs: [], createdIn: [])
    }
}
