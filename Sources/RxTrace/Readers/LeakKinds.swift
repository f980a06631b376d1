/// Sorts open subscriptions into kinds, the same leak found many times
/// (``LeakRules/identityKey(of:)``), without writing out the key of every one of them.
///
/// A subscription's identity here is a list of integers: its subscribe line, its verdict, and
/// each element of its chain and inner chains by its shape (its type and where user code built
/// it, without its id). The first subscription of each identity is written out in full and its
/// key decides its kind; every later one of that identity has the same key, so it takes the
/// kind without a label or a key being made. Two identities whose keys are equal are one kind,
/// as the keys say.
///
/// An element's shape stands for its label without its id only when that label is ASCII
/// (``LeakRules/withoutIDs(_:)`` then cuts it byte by byte, and the id is a word of its own);
/// an element of any other label has no shape (``unshared``): its subscription's identity is
/// never remembered, so its key is always written out, and memory does not grow with them.
struct LeakKinds {
    /// What an element's label is made of, but for its id.
    private struct Shape: Hashable {
        var typeName: String
        /// Where user code built it, for a link: `name`, `file` and `line` of its ``Assembly``.
        var builtBy: String?
        var builtIn: String?
        var builtAtLine: Int
        var isLink: Bool
    }

    private var siteNumbers: [SourceSite: Int32] = [:]
    private var shapeNumbers: [Shape: Int32] = [:]
    private var nextNumber: Int32 = 0
    private var kindOfIdentity: [[Int32]: Int] = [:]
    private var kindOfKey: [String: Int] = [:]
    /// The shapes numbered last, newest last: a million chains of the same few elements find
    /// theirs here by comparing, which costs less than hashing a type name and a file.
    private var recentShapes: [(shape: Shape, number: Int32)] = []
    /// How many shapes ``recentShapes`` keeps.
    private static let recentShapeCount = 4
    /// The last subscribe line numbered.
    private var lastSite: (site: SourceSite, number: Int32)?

    /// A subscribe line, as a subscription record holds it.
    private struct SourceSite: Hashable {
        var file: String
        var line: Int
    }

    /// The shape of an element whose label is not ASCII: shared with no other element.
    static let unshared: Int32 = -1

    /// No kinds yet.
    init() {}

    /// How many kinds there are.
    var count: Int { kindOfKey.count }

    private mutating func newNumber() -> Int32 {
        nextNumber += 1
        return nextNumber
    }

    /// The number of the subscribe line `file:line`.
    mutating func site(file: String, line: Int) -> Int32 {
        let site = SourceSite(file: file, line: line)
        if let last = lastSite, last.site == site { return last.number }
        let number = siteNumbers[site] ?? newNumber()
        siteNumbers[site] = number
        lastSite = (site, number)
        return number
    }

    /// The number of a chain element's shape: `object` as the leak finder labels it, a link
    /// (`isLink`, labelled with where user code built it) or not; a link the trace lacks
    /// (labelled by its id alone) has a shape too.
    mutating func shape(of object: ObjectRecord?, isLink: Bool) -> Int32 {
        guard let object else { return 0 }
        // As LeakRules.element(_:builtBy:) names it: a bag's assembly is left out.
        let assembly = isLink ? object.assembly.flatMap { $0.name == "DisposeBag" ? nil : $0 } : nil
        let shape = Shape(
            typeName: object.typeName, builtBy: assembly?.name, builtIn: assembly?.file,
            builtAtLine: assembly?.line ?? 0, isLink: isLink)
        if let recent = recentShapes.last(where: { $0.shape == shape }) { return recent.number }
        let number: Int32
        if let known = shapeNumbers[shape] {
            number = known
        } else {
            func isPlain(_ text: String?) -> Bool { text?.utf8.allSatisfy { $0 < 0x80 } ?? true }
            let isASCII = isPlain(shape.typeName) && isPlain(shape.builtBy) && isPlain(shape.builtIn)
            number = isASCII ? newNumber() : Self.unshared
            shapeNumbers[shape] = number
        }
        if recentShapes.count == Self.recentShapeCount { recentShapes.removeFirst() }
        recentShapes.append((shape, number))
        return number
    }

    /// The number of `verdict`.
    static func number(of verdict: LeakVerdict) -> Int32 {
        Int32(LeakVerdict.allCases.firstIndex(of: verdict) ?? -1)
    }

    /// The kind of the subscriptions of `identity`, if one was seen.
    func kind(of identity: [Int32]) -> Int? {
        identity.contains(Self.unshared) ? nil : kindOfIdentity[identity]
    }

    /// The kind of a subscription of `identity` whose key is `key`: a new one when no earlier
    /// subscription had that key.
    mutating func kind(of identity: [Int32], key: String) -> (kind: Int, isNew: Bool) {
        let known = kindOfKey[key]
        let kind = known ?? kindOfKey.count
        if known == nil { kindOfKey[key] = kind }
        if !identity.contains(Self.unshared) { kindOfIdentity[identity] = kind }
        return (kind, known == nil)
    }
}
