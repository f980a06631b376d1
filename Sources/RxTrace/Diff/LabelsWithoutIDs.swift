/// ``TraceDiffer/withoutIDs(_:)`` of step labels, remembered for the labels that differ only
/// in the object id they end with (`MapSink.on(.next(1)) [MapSink<…> #5]`, `… #12]`): a diff
/// strips every step of every flow, and most steps repeat another's label but for that id.
struct LabelsWithoutIDs {
    /// How many labels are remembered at most; past it the memory starts over, so that a trace
    /// of ever-new values costs a bounded memory.
    static let capacity = 100_000

    /// The labels remembered by their text without the ` #12` they end with, if any.
    private var known: [Key: String] = [:]
    /// The labels that end in ` #12]`, remembered by their text before the ` #12]`: kept apart
    /// from ``known`` so that no key is made by appending the `]` again (a new string for
    /// nearly every step of a diff).
    private var knownBeforeBracket: [Key: String] = [:]

    /// A label's text as a key: hashed and compared as its bytes when it is plain text
    /// (``PlainText``: nearly every label, `MapSink<…>`), which is what hashing and comparing
    /// it as text amounts to, without normalizing it; any other text as text, so that labels a
    /// `String` holds equal (canonically equivalent) share a key.
    private struct Key: Hashable {
        let text: Substring
        let isPlain: Bool

        init(_ text: Substring) {
            self.text = text
            self.isPlain = (text.utf8.withContiguousStorageIfAvailable(PlainText.characterCount) ?? nil) != nil
        }

        static func == (left: Key, right: Key) -> Bool {
            guard left.isPlain, right.isPlain,
                let isEqual = left.text.utf8.withContiguousStorageIfAvailable({ leftBytes in
                    right.text.utf8.withContiguousStorageIfAvailable { rightBytes in
                        leftBytes.count == rightBytes.count && leftBytes.elementsEqual(rightBytes)
                    }
                }) ?? nil
            else { return left.text == right.text }
            return isEqual
        }

        func hash(into hasher: inout Hasher) {
            guard isPlain,
                text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) != nil
            else {
                hasher.combine(text)
                return
            }
            hasher.combine(0xFF as UInt8)
        }
    }

    /// `label` without object ids and element values, as ``TraceDiffer/withoutIDs(_:)`` gives it.
    mutating func strip(_ label: String) -> String {
        // The label without the ` #12` before its closing `]`: removing it first changes
        // nothing that ``TraceDiffer/withoutIDs(_:)`` gives, which removes every ` #` and digits.
        let (text, isBeforeBracket) = Self.withoutLastObjectNumberAndBracket(label)
        let key = Key(text)
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
        guard let (cut, isBeforeBracket) = lastObjectNumber(in: label.utf8) else { return (label[...], false) }
        return (label[..<cut], isBeforeBracket)
    }

    /// ``withoutLastObjectNumberAndBracket(_:)`` of a label given as its UTF-8 bytes: how many
    /// of them are kept, and whether a `]` followed the id.
    static func withoutLastObjectNumberAndBracket(
        bytes label: UnsafeBufferPointer<UInt8>
    ) -> (keptCount: Int, isBeforeBracket: Bool) {
        guard let (cut, isBeforeBracket) = lastObjectNumber(in: label) else { return (label.count, false) }
        return (cut, isBeforeBracket)
    }

    /// Where the ` #` and digits that end `bytes` (before a last `]`, if any) begin, and
    /// whether that `]` follows them; `nil` when `bytes` does not end so.
    private static func lastObjectNumber<Bytes: BidirectionalCollection<UInt8>>(
        in bytes: Bytes
    ) -> (cut: Bytes.Index, isBeforeBracket: Bool)? {
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
        else { return nil }
        return (bytes.index(digits, offsetBy: -2), end < bytes.endIndex)
    }
}
