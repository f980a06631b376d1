/// What a diff knows a flow's shape by: a 128-bit hash of its lines, taken one line at a time
/// as the flow is read, so two shapes are compared without holding either.
///
/// The hash is Swift's `Hasher`, seeded once per process: fingerprints compare within one run
/// of `rxtrace diff` (both traces are read by it) and mean nothing across runs.
struct ShapeFingerprint: Hashable {
    private let low: Int
    private let high: Int
    /// How many lines the shape has.
    let lineCount: Int

    /// Takes a shape's lines in order and gives its fingerprint.
    struct Builder {
        private var low = Hasher()
        private var high = Hasher()
        private var lineCount = 0

        /// A builder for an empty shape.
        init() {
            // Two differently started hashers give two independent 64-bit halves.
            high.combine(0x9E37_79B9_7F4A_7C15 as UInt64)
        }

        /// Adds the shape's next line.
        mutating func add(_ line: String) {
            var line = line
            line.withUTF8 { add(utf8: $0) }
        }

        /// Adds the shape's next line, given as its UTF-8 bytes.
        ///
        /// A line of plain text (``PlainText``: nearly every line, `MapSink<…>`) is hashed as its
        /// bytes, a terminating 0xFF after them, which is what hashing it as a `String` feeds
        /// the hasher (its NFC form, which such text already is), without the string or its
        /// normalization; any other line is hashed as a `String`, so that two lines a `String`
        /// holds equal (canonically equivalent) keep the same fingerprint.
        mutating func add(utf8 line: UnsafeBufferPointer<UInt8>) {
            if PlainText.characterCount(line) != nil {
                low.combine(bytes: UnsafeRawBufferPointer(line))
                low.combine(0xFF as UInt8)
                high.combine(bytes: UnsafeRawBufferPointer(line))
                high.combine(0xFF as UInt8)
            } else {
                let text = String(decoding: line, as: UTF8.self)
                low.combine(text)
                high.combine(text)
            }
            lineCount += 1
        }

        /// The fingerprint of the lines added so far.
        var fingerprint: ShapeFingerprint {
            ShapeFingerprint(low: low.finalize(), high: high.finalize(), lineCount: lineCount)
        }
    }
}
