/// What a leak summary keeps of the objects alive at the end when it does not hold their
/// groups (a report that writes each group as it is found): how many groups and objects there
/// are, and whether one of them is a leak.
public struct LiveObjectTally: Equatable, Sendable {
    /// How many groups (type, verdict and holder) there are.
    public private(set) var groupCount = 0
    /// How many objects they hold.
    public private(set) var objectCount = 0
    /// Whether a group's verdict is a leak's (``LeakVerdict/isLeak``).
    public private(set) var isAnyALeak = false

    /// No objects.
    public init() {}

    /// The tally of `groups`.
    public init(_ groups: [LiveObjectGroup]) {
        for group in groups { add(group) }
    }

    /// Counts `group`.
    public mutating func add(_ group: LiveObjectGroup) {
        groupCount += 1
        objectCount += group.objectIDs.count
        isAnyALeak = isAnyALeak || group.verdict.isLeak
    }
}
