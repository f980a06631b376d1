/// Makes text that came from a trace safe to print on a terminal.
///
/// A trace holds strings the recorded program chose: type names, element values, error
/// descriptions, file paths. Printed raw, an escape sequence among them (`ESC ]` …) would be
/// run by the terminal: it could retitle the window, rewrite what is on screen, or hide lines.
/// The text renderers pass every such string through ``escaped(_:)``, which writes control
/// characters the way a Swift string literal would (`\n`, `\t`, `\r`, `\u{1B}`); JSON output
/// needs nothing of it, since JSON escapes control characters itself.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) and every invisible reordering
    /// character (bidirectional overrides and isolates, line and paragraph separators)
    /// written as an escape; other text is unchanged.
    public static func escaped(_ text: String) -> String {
        // Text without the bytes any unsafe character starts with, the common case (a flow's
        // tree lines included), is checked byte by byte.
        guard mayHoldUnsafeCharacters(text), text.unicodeScalars.contains(where: isUnsafe) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Appends `text` as ``escaped(_:)`` writes it to `bytes`: its own bytes, in the common
    /// case of text with no unsafe character, without making a string.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let isAppended =
            text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
                guard !mayHoldUnsafeCharacters(utf8) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            } ?? false
        if !isAppended { bytes.append(contentsOf: escaped(text).utf8) }
    }

    /// Whether `text`'s UTF-8 holds a byte sequence that begins one of the characters
    /// ``isUnsafe(_:)`` names. `false` means none is there.
    private static func mayHoldUnsafeCharacters(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(mayHoldUnsafeCharacters) ?? true
    }

    /// Whether the UTF-8 `bytes` hold one of the characters ``isUnsafe(_:)`` names: a byte
    /// below 0x20 or 0x7F (C0, DEL), `C2 80`–`C2 9F` (C1), `D8 9C` (U+061C), `E2 80 8E`–`8F`
    /// (U+200E, U+200F), `E2 80 A8`–`AE` (U+2028–U+202E) or `E2 81 A6`–`A9` (U+2066–U+2069).
    /// Exact for valid UTF-8 (a `String`'s): an ellipsis (`E2 80 A6`) is not taken for one.
    private static func mayHoldUnsafeCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            // Eight printable ASCII bytes at a time (the common case), the bytes one by one
            // from the first eight that are not.
            if index + 8 <= bytes.count,
                isPrintableASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte >= 0xC2, index + 1 < bytes.count {
                let next = bytes[index + 1]
                switch byte {
                case 0xC2 where next >= 0x80 && next <= 0x9F: return true
                case 0xD8 where next == 0x9C: return true
                case 0xE2 where (next == 0x80 || next == 0x81) && index + 2 < bytes.count:
                    let last = bytes[index + 2]
                    if next == 0x80, last == 0x8E || last == 0x8F || (0xA8...0xAE).contains(last) { return true }
                    if next == 0x81, (0xA6...0xA9).contains(last) { return true }
                case 0xE2 where next == 0x80 || next == 0x81: return true
                default: break
                }
            }
            index += 1
        }
        return false
    }

    /// Whether each of the eight bytes of `word` is printable ASCII (0x20 to 0x7E).
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte of 0x80 or more, a byte below 0x20, or a byte of 0x7F (whose xor is zero).
        let isNotASCII = word & highBits
        let isBelowSpace = (word &- 0x20 &* ones) & ~word & highBits
        let delete = word ^ (0x7F &* ones)
        let isDelete = (delete &- ones) & ~delete & highBits
        return isNotASCII | isBelowSpace | isDelete == 0
    }

    /// Whether a terminal would act on `scalar` instead of showing it.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
