/// Writes JSON laid out as ``JSONText/encoder()`` lays it out, byte for byte, one member and one
/// element at a time: two spaces a level, `"key" : value`, an empty array or object as its
/// brackets around an empty line, and strings escaped as the encoder escapes them.
///
/// For the values a report writes by the hundred thousand (each flow of `report --all --format
/// json`, ``FlowJSON``; each finding of `report --leaks --format json`, ``LeakJSON``): the encoder
/// boxes every value and sorts every object's keys, which was half to two thirds of those
/// commands' time. The caller names the members in the encoder's sorted order (snake_case) and
/// leaves out an absent optional, as the synthesized `Codable` conformances do; tests hold each
/// writer to the encoder on every committed trace.
struct PrettyJSONWriter {
    /// What has been written, as UTF-8.
    private(set) var bytes: [UInt8] = []
    /// The indent of the current level's lines: the caller's, then two spaces a level.
    private var indentation: [UInt8]
    /// For each open object or array, outermost first, whether nothing was written in it yet.
    private var isEmpty: [Bool] = []

    /// A writer of one value whose lines after the first start with `indent`.
    init(indent: String = "") {
        indentation = Array(indent.utf8)
        bytes.reserveCapacity(4096)
    }

    /// What has been written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object, whose members follow (``member(_:)``) until ``close(_:)``.
    mutating func openObject() {
        open(UInt8(ascii: "{"))
    }

    /// Opens an array, whose elements follow (``element()``) until ``close(_:)``.
    mutating func openArray() {
        open(UInt8(ascii: "["))
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        isEmpty.append(true)
        indentation.append(UInt8(ascii: " "))
        indentation.append(UInt8(ascii: " "))
    }

    /// Closes the innermost object (`}`) or array (`]`) on a line of its own.
    mutating func close(_ bracket: Character) {
        let wasEmpty = isEmpty.removeLast()
        indentation.removeLast(2)
        bytes.append(UInt8(ascii: "\n"))
        if wasEmpty { bytes.append(UInt8(ascii: "\n")) }
        bytes.append(contentsOf: indentation)
        bytes.append(bracket.asciiValue ?? UInt8(ascii: "?"))
    }

    /// An object whose members `body` writes.
    mutating func object(_ body: (inout PrettyJSONWriter) -> Void) {
        openObject()
        body(&self)
        close("}")
    }

    /// An array of `elements`, each written by `write`.
    mutating func array<Element>(_ elements: [Element], _ write: (inout PrettyJSONWriter, Element) -> Void) {
        openArray()
        for element in elements {
            self.element()
            write(&self, element)
        }
        close("]")
    }

    /// Starts the member `key` of the innermost object; its value follows.
    mutating func member(_ key: StaticString) {
        startEntry()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        append("\" : ")
    }

    /// Starts the next element of the innermost array; its value follows.
    mutating func element() {
        startEntry()
    }

    private mutating func startEntry() {
        if !isEmpty[isEmpty.count - 1] { bytes.append(UInt8(ascii: ",")) }
        isEmpty[isEmpty.count - 1] = false
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: indentation)
    }

    /// Writes an integer.
    mutating func integer(_ value: some BinaryInteger) {
        if let value = Int64(exactly: value) {
            DecimalText.append(value, to: &bytes)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Appends `text`'s bytes, without an array of them.
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes `text` in quotes, escaped as the encoder escapes it: a quote and a backslash with
    /// a backslash, backspace, tab, line feed, form feed and carriage return by their letters,
    /// any other control character below 0x20 as `\u00xx` (lowercase hex); everything else as
    /// it is (slashes too: ``JSONText/encoder()`` leaves them unescaped).
    mutating func string(_ text: String) {
        Self.appendString(text, to: &bytes)
    }

    /// Appends `text` to `bytes` as ``string(_:)`` writes it: in quotes, escaped as the
    /// encoder escapes it, compact or pretty-printed alike (``WalkthroughJSON``).
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        func append(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Text with nothing to escape, the common case, is written whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x08: append("\\b")
                case 0x09: append("\\t")
                case 0x0A: append("\\n")
                case 0x0C: append("\\f")
                case 0x0D: append("\\r")
                case 0..<0x20:
                    append("\\u00")
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0xF))
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The lowercase hexadecimal digit of `value` (0 to 15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Writes an array of strings.
    mutating func strings(_ values: [String]) {
        array(values) { json, value in json.string(value) }
    }

    /// Writes an array of integers.
    mutating func integers(_ values: [Int64]) {
        array(values) { json, value in json.integer(value) }
    }
}
