/// ``TraceDiffer/withoutIDs(_:)`` of step labels, remembered for the labels that differ only
/// in the object id they end with (`MapSink.on(.next(1)) [MapSink<…> #5]`, `… #12]`): a diff
/// strips every step of every flow, and most steps repeat another's label but for that id.
struct LabelsWithoutIDs {
    /// How many labels are remembered at most; past it the memory starts over, so that a trace
    /// of ever-new values costs a bounded memory.
    static let capacity = 100_000

    /// The labels remembered by their text without the ` #12` they end with, if any.
    private var known: [Substring: String] = [:]
    /// The labels that end in ` #12]`, remembered by their text before the ` #12]`: kept apart
    /// from ``known`` so that no key is made by appending the `]` again (a new string for
    /// nearly every step of a diff).
    private var knownBeforeBracket: [Substring: String] = [:]

    /// `label` without object ids and element values, as ``TraceDiffer/withoutIDs(_:)`` gives it.
    mutating func strip(_ label: String) -> String {
        // The label without the ` #12` before its closing `]`: removing it first changes
        // nothing that ``TraceDiffer/withoutIDs(_:)`` gives, which removes every ` #` and digits.
        let (key, isBeforeBracket) = Self.withoutLastObjectNumberAndBracket(label)
        if let stripped = isBeforeBracket ? knownBeforeBracket[key] : known[key] { return stripped }
        let stripped = TraceDiffer.withoutIDs(label)
        if known.count + knownBeforeBracket.count >= Self.capacity {
            known.removeAll(keepingCapacity: true)
            knownBeforeBracket.removeAll(keepingCapacity: true)
        }
        if isBeforeBracket {
            knownBeforeBracket[key] = stripped
        } else {
            known[key] = stripped
        }
        return stripped
    }

    /// `label` without the ` #` and digits right before its last character, when it ends so
    /// (`… [MapSink<…> #5]` is keyed as `… [MapSink<…>]`, and `init Just<Int> #1` as
    /// `init Just<Int>`); `label` whole otherwise.
    static func withoutLastObjectNumber(_ label: String) -> Substring {
        let (key, isBeforeBracket) = withoutLastObjectNumberAndBracket(label)
        // Keyed with the `]` kept: `a #1]` and `a #1` are different labels.
        return isBeforeBracket ? Substring(key + "]") : key
    }

    /// ``withoutLastObjectNumber(_:)`` without its closing `]`, and whether there was one:
    /// (`… [MapSink<…>`, `true`) for `… [MapSink<…> #5]`, (`init Just<Int>`, `false`) for
    /// `init Just<Int> #1`, (`label`, `false`) for a label that does not end in an object id.
    static func withoutLastObjectNumberAndBracket(_ label: String) -> (Substring, isBeforeBracket: Bool) {
        let bytes = label.utf8
        var end = bytes.endIndex
        // A closing `]` after the number, if any.
        if end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "]") {
            end = bytes.index(before: end)
        }
        var digits = end
        while digits > bytes.startIndex,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[bytes.index(before: digits)])
        {
            digits = bytes.index(before: digits)
        }
        guard digits < end, bytes.distance(from: bytes.startIndex, to: digits) >= 2,
            bytes[bytes.index(digits, offsetBy: -1)] == UInt8(ascii: "#"),
            bytes[bytes.index(digits, offsetBy: -2)] == UInt8(ascii: " ")
        else { return (label[...], false) }
        let cut = bytes.index(digits, offsetBy: -2)
        return (label[..<cut], end < bytes.endIndex)
    }
}
