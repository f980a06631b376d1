/// A `StaticString` in one word, as a call's record carries a step's name and file: eight
/// bytes instead of seventeen, which keeps a ``Record`` within the size a copy into its ring
/// slot makes without calling `memcpy`.
///
/// A `StaticString` is immortal text: the word is its text's address, or, for a one-scalar
/// literal stored without one, the scalar with the top bit set (no address has it). The text
/// of a string literal ends in a NUL byte, so the address alone is enough to read it back,
/// which the writer does once per distinct step.
struct StaticText: Hashable {
    /// The text's address, or the scalar with the top bit set.
    let bits: UInt

    private static let scalarBit: UInt = 1 << 63

    /// `string`, in one word.
    @inline(__always)
    init(_ string: StaticString) {
        bits =
            string.hasPointerRepresentation
            ? UInt(bitPattern: string.utf8Start) : UInt(string.unicodeScalar.value) | Self.scalarBit
    }

    /// The text, read back.
    var description: String {
        if bits & Self.scalarBit != 0 {
            return Unicode.Scalar(UInt32(truncatingIfNeeded: bits & ~Self.scalarBit)).map { String($0) } ?? ""
        }
        return String(cString: UnsafePointer<CChar>(bitPattern: bits)!)
    }
}
