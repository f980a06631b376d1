/// Texts numbered 0, 1, 2… in order of first appearance, each kept once (equal texts, as
/// `String` compares them, take one number): the walkthrough's state texts.
///
/// While every text is plain (ASCII, `→` and `…`, what the states are written in), a text is
/// found again by a hash of its bytes (FNV-1a) and compared whole: Swift's own hash of a
/// `String` goes through its normal form, some 17,000 instructions for a subject's state of 300
/// bytes, and the page looked up each of its 12,500 states two or three times. Plain texts are
/// equal exactly when their bytes are: none of their characters decomposes or combines, so
/// each has one spelling. A text of other characters can equal one of another spelling (U+212A
/// KELVIN SIGN is `K`), so from the first such text on, every text is found by Swift's hash,
/// as a `[String: Int]` finds it.
struct NumberedTexts {
    /// A plain text with the hash of its bytes.
    private struct PlainKey: Hashable {
        var text: String
        var bytesHash: Int

        static func == (left: PlainKey, right: PlainKey) -> Bool {
            // Plain texts are equal exactly when their bytes are.
            left.bytesHash == right.bytesHash && left.text.utf8.elementsEqual(right.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytesHash)
        }
    }

    /// The texts, each once, in order of their numbers.
    private(set) var texts: [String] = []
    /// Each text's number while every text is plain.
    private var numberOfPlain: [PlainKey: Int] = [:]
    /// Each text's number once a text that is not plain came; `nil` before.
    private var numberOfText: [String: Int]?

    /// None yet.
    init() {}

    /// The number of `text`: its first appearance's, or the next one when it is new.
    mutating func number(of text: String) -> Int {
        if numberOfText == nil, let bytesHash = Self.bytesHashIfPlain(text) {
            let key = PlainKey(text: text, bytesHash: bytesHash)
            if let known = numberOfPlain[key] { return known }
            numberOfPlain[key] = texts.count
            texts.append(text)
            return texts.count - 1
        }
        if numberOfText == nil {
            // Every text so far, found from now on as Swift's hash finds it.
            var numbers: [String: Int] = [:]
            for (number, known) in texts.enumerated() { numbers[known] = number }
            numberOfText = numbers
            numberOfPlain = [:]
        }
        if let known = numberOfText?[text] { return known }
        numberOfText?[text] = texts.count
        texts.append(text)
        return texts.count - 1
    }

    /// FNV-1a of `text`'s UTF-8 bytes, or `nil` when it is not plain: a character other than
    /// ASCII, `→` (E2 86 92) and `…` (E2 80 A6), which have no decomposition and combine with
    /// nothing.
    private static func bytesHashIfPlain(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var index = 0
            while index < bytes.count {
                // A character's bytes: one for ASCII, three for `→` and `…`.
                var length = 1
                if bytes[index] >= 0x80 {
                    guard index + 2 < bytes.count, bytes[index] == 0xE2,
                        (bytes[index + 1] == 0x86 && bytes[index + 2] == 0x92)
                            || (bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA6)
                    else { return nil }
                    length = 3
                }
                for byte in bytes[index..<index + length] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                index += length
            }
            return Int(truncatingIfNeeded: hash)
        }
    }
}
