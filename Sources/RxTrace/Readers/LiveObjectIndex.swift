/// The objects alive at the end, by id, with only what the leak finder asks of each one
/// everywhere: whether an id is alive, and its label (`AnonymousObserver<Int> #6`).
///
/// Built by ``LeakFinder`` from the live objects read a page at a time, and dropped with its
/// report: it holds an id and a type number per object (12 bytes), where the objects' records
/// took about 250, and each type's name and last live object once.
struct LiveObjectIndex {
    /// The live objects' ids, ascending, each once.
    private var ids: [Int64] = []
    /// Each id's type, as an index into ``typeNames``.
    private var typeOfObject: [UInt32] = []
    /// The types' short names (``TypeNames/short(_:)``), each once.
    private var typeNames: [String] = []
    /// The types' names as the trace holds them, at the same index as ``typeNames``.
    private var fullTypeNames: [String] = []
    private var indexOfTypeName: [String: UInt32] = [:]
    /// Each type's last live object's id, by the type's index.
    private var lastIDOfType: [Int64] = []
    /// The type name added last and its number: a million objects of one type in a row are
    /// each compared with it, not hashed.
    private var lastType: (name: String, number: UInt32)?

    /// No objects yet.
    init() {}

    /// Adds `object`, which comes after every object added so far in order of id; a repeated
    /// id (a damaged trace's) keeps its first row, as a lookup by id does.
    ///
    /// - Returns: the number of its type among the types added so far (0, 1, 2… in order of
    ///   first appearance), so a caller can work out something of each type once.
    @discardableResult
    mutating func add(_ object: ObjectRecord) -> Int {
        add(id: object.id, typeName: object.typeName)
    }

    /// Adds the object `id` of type `typeName`, as ``add(_:)`` adds a record.
    @discardableResult
    mutating func add(id: Int64, typeName: String) -> Int {
        let type: UInt32
        if let lastType, lastType.name == typeName {
            type = lastType.number
        } else if let known = indexOfTypeName[typeName] {
            type = known
            lastType = (typeName, known)
        } else {
            type = UInt32(typeNames.count)
            indexOfTypeName[typeName] = type
            typeNames.append(TypeNames.short(typeName))
            fullTypeNames.append(typeName)
            lastIDOfType.append(id)
            lastType = (typeName, type)
        }
        if let last = ids.last, id <= last { return Int(type) }
        ids.append(id)
        typeOfObject.append(type)
        lastIDOfType[Int(type)] = id
        return Int(type)
    }

    /// The number of the type of the live object `id` (as ``add(id:typeName:)`` returned it),
    /// or `nil` if it was not alive.
    func type(of id: Int64) -> Int? {
        position(of: id).map { Int(typeOfObject[$0]) }
    }

    /// Whether `id` is the last live object, in order of id, of the type numbered `type`: no
    /// live object after it is of its type.
    func isLast(_ id: Int64, ofType type: Int) -> Bool {
        lastIDOfType[type] == id
    }

    /// How many objects the index holds.
    var count: Int { ids.count }

    /// The place of the live object `id` among the index's objects (0 for the first in order of
    /// id, up to ``count`` - 1), or `nil` if it was not alive.
    func index(of id: Int64) -> Int? { position(of: id) }

    /// Whether the object `id` was alive at the end.
    func contains(_ id: Int64) -> Bool { position(of: id) != nil }

    /// The type name of the live object `id`, as the trace holds it (an ``ObjectRecord``'s
    /// ``ObjectRecord/typeName``), or `nil` if it was not alive.
    func typeName(of id: Int64) -> String? {
        position(of: id).map { fullTypeNames[Int(typeOfObject[$0])] }
    }

    /// The label of the live object `id` (``ObjectRecord/label``), or `nil` if it was not alive.
    func label(of id: Int64) -> String? {
        position(of: id).map { "\(typeNames[Int(typeOfObject[$0])]) #\(id)" }
    }

    private func position(of id: Int64) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
