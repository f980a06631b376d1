/// Writes JSON laid out as ``JSONText/encoder()`` lays it out, byte for byte, one member and
/// one element at a time: two spaces per level, `"key" : value`, an empty array or object as
/// its brackets around an empty line, and strings escaped as the encoder escapes them.
///
/// For the values a report writes by the hundred thousand (``LeakJSON``): the encoder boxes
/// every value and sorts every object's keys, which made `report --leaks --format json` spend
/// half its time encoding. The caller names the members in the encoder's sorted order.
struct PrettyJSONWriter {
    /// What has been written.
    private(set) var text = ""
    /// The indent of the lines of the outermost value after its first.
    private let baseIndent: String
    /// For each open object or array, outermost first, whether nothing was written in it yet.
    private var isEmpty: [Bool] = []

    /// A writer of one value whose lines after the first start with `indent`.
    init(indent: String) {
        self.baseIndent = indent
    }

    /// The indent of a line `depth` levels in.
    private func indent(_ depth: Int) -> String {
        baseIndent + String(repeating: "  ", count: depth)
    }

    /// Opens an object, whose members follow (``member(_:)``) until ``close(_:)``.
    mutating func openObject() {
        text += "{"
        isEmpty.append(true)
    }

    /// Opens an array, whose elements follow (``element()``) until ``close(_:)``.
    mutating func openArray() {
        text += "["
        isEmpty.append(true)
    }

    /// Closes the innermost object (`}`) or array (`]`).
    mutating func close(_ bracket: Character) {
        let wasEmpty = isEmpty.removeLast()
        text += wasEmpty ? "\n\n" : "\n"
        text += indent(isEmpty.count)
        text.append(bracket)
    }

    /// Starts the member `key` of the innermost object; its value follows.
    mutating func member(_ key: StaticString) {
        startEntry()
        text += "\""
        text += key.description
        text += "\" : "
    }

    /// Starts the next element of the innermost array; its value follows.
    mutating func element() {
        startEntry()
    }

    private mutating func startEntry() {
        text += isEmpty[isEmpty.count - 1] ? "\n" : ",\n"
        isEmpty[isEmpty.count - 1] = false
        text += indent(isEmpty.count)
    }

    /// Writes an integer.
    mutating func integer(_ value: some BinaryInteger) {
        text += String(value)
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        text += value ? "true" : "false"
    }

    /// Writes a string, quoted and escaped as the encoder escapes it: `"` and `\` behind a
    /// backslash, the control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00XX`
    /// (lowercase hex), everything else as it is (slashes too: ``JSONText/encoder()`` leaves
    /// them unescaped).
    mutating func string(_ value: String) {
        text += "\""
        let needsEscape = value.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard needsEscape else {
            text += value
            text += "\""
            return
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.utf8.count + 8)
        let hex = Array("0123456789abcdef".utf8)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): escaped += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), byte]
            case 0x08: escaped += Array("\\b".utf8)
            case 0x09: escaped += Array("\\t".utf8)
            case 0x0A: escaped += Array("\\n".utf8)
            case 0x0C: escaped += Array("\\f".utf8)
            case 0x0D: escaped += Array("\\r".utf8)
            case ..<0x20: escaped += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: escaped.append(byte)
            }
        }
        text += String(decoding: escaped, as: UTF8.self)
        text += "\""
    }

    /// Writes an array of strings.
    mutating func strings(_ values: [String]) {
        openArray()
        for value in values {
            element()
            string(value)
        }
        close("]")
    }

    /// Writes an array of integers.
    mutating func integers(_ values: [Int64]) {
        openArray()
        for value in values {
            element()
            integer(value)
        }
        close("]")
    }
}
