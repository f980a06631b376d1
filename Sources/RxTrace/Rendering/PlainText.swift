/// Text made only of ASCII, `…` (U+2026) and `→` (U+2192), which nearly every line of a flow
/// is (`MapSink<…>`, `→ runs in Flow 4`): each of its scalars is a character of its own that no
/// neighbour joins, and the text is its own NFC form. So its bytes stand for its characters: its
/// width is its scalar count, and hashing or comparing its bytes is what hashing or comparing it
/// as a `String` amounts to, without counting graphemes or normalizing.
enum PlainText {
    /// How many characters the UTF-8 `bytes` hold when they are plain text; `nil` for any other
    /// text, which only `String` counts, hashes and compares rightly.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                count += 1
                index += 1
                continue
            }
            // `…` is E2 80 A6, `→` E2 86 92.
            guard byte == 0xE2, index + 2 < bytes.count else { return nil }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            guard (second == 0x80 && third == 0xA6) || (second == 0x86 && third == 0x92) else { return nil }
            count += 1
            index += 3
        }
        return count
    }
}
