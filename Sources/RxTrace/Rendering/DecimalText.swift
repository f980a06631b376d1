/// Integers written in decimal straight into a byte buffer, as `String(value)` writes them,
/// without making a string: the readers and renderers write an id or a number for every step
/// of every flow.
enum DecimalText {
    /// Appends `value` in decimal to `bytes`.
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits = 1
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        rest = value.magnitude
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = start + digits - 1
            while rest > 0 {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                index -= 1
            }
        }
    }
}
