/// The last flow of each title, remembered as the bytes its shape is made from, with its
/// fingerprint: a flow whose steps are those of the last flow of its title, but for the object
/// ids their labels end with, has that flow's fingerprint, found without stripping a label or
/// hashing a line.
///
/// Most flows of a large trace repeat the last flow of their title (`just at main.swift:33` a
/// hundred thousand times), and stripping each step's label (``LabelsWithoutIDs``) and hashing
/// each line twice (``ShapeFingerprint``) was about a sixth of each trace's reading in
/// `rxtrace diff` (`perf record -g`); comparing the step's bytes with the last flow's is a
/// `memcmp`.
///
/// A step's bytes are its depth, its label without the object id it ends with
/// (``LabelsWithoutIDs/withoutLastObjectNumberAndBracket(_:)``, which leaves what
/// ``TraceDiffer/withoutIDs(_:)`` gives of it unchanged) and its location, each with its length:
/// two flows of equal bytes and equal ``Flow/omittedCalls`` have equal lines, so equal
/// fingerprints.
struct RepeatedFlowShapes {
    /// The most bytes of one flow remembered: a longer flow is always fingerprinted line by line.
    static let flowByteLimit = 1 << 16
    /// The most bytes of all titles' flows remembered; past it the memory starts over, so that
    /// a trace of ever-new titles costs a bounded memory.
    static let totalByteLimit = 1 << 22

    /// The last flow of a title: its bytes, calls left out and fingerprint.
    private struct Last {
        var bytes: [UInt8]
        var omittedCalls: Int?
        var fingerprint: ShapeFingerprint
    }

    private var lastByTitle: [String: Last] = [:]
    /// The bytes of the flows in `lastByTitle`, their titles' included.
    private var rememberedBytes = 0
    /// The bytes of the flow being fingerprinted.
    private var bytes: [UInt8] = []

    /// The fingerprint of `flow`, titled `title`: the last such flow's when its steps' bytes are
    /// the same, else `fingerprint()`'s, which is then remembered for the title.
    mutating func fingerprint(
        of flow: Flow, title: String, computing fingerprint: () -> ShapeFingerprint
    ) -> ShapeFingerprint {
        bytes.removeAll(keepingCapacity: true)
        for step in flow.steps {
            Self.append(step, to: &bytes)
            if bytes.count > Self.flowByteLimit { return fingerprint() }
        }
        if let last = lastByTitle[title], last.omittedCalls == flow.omittedCalls, last.bytes == bytes {
            return last.fingerprint
        }
        let computed = fingerprint()
        if let replaced = lastByTitle[title] { rememberedBytes -= replaced.bytes.count + title.utf8.count }
        if rememberedBytes + bytes.count + title.utf8.count > Self.totalByteLimit {
            lastByTitle.removeAll()
            rememberedBytes = 0
        }
        lastByTitle[title] = Last(bytes: bytes, omittedCalls: flow.omittedCalls, fingerprint: computed)
        rememberedBytes += bytes.count + title.utf8.count
        return computed
    }

    /// Appends `step`'s bytes: its depth, its label without its last object id and whether a
    /// `]` followed that id, and its location if any, each text after its length.
    private static func append(_ step: FlowStep, to bytes: inout [UInt8]) {
        appendNumber(step.depth, to: &bytes)
        let (label, isBeforeBracket) = LabelsWithoutIDs.withoutLastObjectNumberAndBracket(step.label)
        appendNumber(label.utf8.count, to: &bytes)
        bytes.append(contentsOf: label.utf8)
        bytes.append(isBeforeBracket ? 1 : 0)
        if let location = step.location {
            appendNumber(location.utf8.count, to: &bytes)
            bytes.append(contentsOf: location.utf8)
        } else {
            appendNumber(-1, to: &bytes)
        }
    }

    /// Appends `number`'s eight bytes.
    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
    }
}
