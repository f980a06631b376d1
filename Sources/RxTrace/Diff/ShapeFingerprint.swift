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
            low.combine(line)
            high.combine(line)
            lineCount += 1
        }

        /// The fingerprint of the lines added so far.
        var fingerprint: ShapeFingerprint {
            ShapeFingerprint(low: low.finalize(), high: high.finalize(), lineCount: lineCount)
        }
    }
}
