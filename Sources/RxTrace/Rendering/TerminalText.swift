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

    /// Whether `text`'s UTF-8 holds a byte sequence that begins one of the characters
    /// ``isUnsafe(_:)`` names: a byte below 0x20 or 0x7F (C0, DEL), `C2 80`–`C2 9F` (C1),
    /// `D8 9C` (U+061C), `E2 80` or `E2 81` (U+200E–U+2069). `false` means none is there.
    private static func mayHoldUnsafeCharacters(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte >= 0xC2, index + 1 < bytes.count {
                    let next = bytes[index + 1]
                    switch byte {
                    case 0xC2 where next >= 0x80 && next <= 0x9F: return true
                    case 0xD8 where next == 0x9C: return true
                    case 0xE2 where next == 0x80 || next == 0x81: return true
                    default: break
                    }
                }
                index += 1
            }
            return false
        }
        var copy = text
        return copy.withUTF8(scan)
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
