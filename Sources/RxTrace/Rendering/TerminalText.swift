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
        // Printable ASCII, the common case, is checked byte by byte.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }), text.unicodeScalars.contains(where: isUnsafe)
        else {
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

    /// Whether a terminal would act on `scalar` instead of showing it.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
