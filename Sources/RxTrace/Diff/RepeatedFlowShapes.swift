import Foundation

/// The last flow of each title, remembered as the bytes its shape is made from, with its
/// fingerprint: a flow whose steps are those of the last flow of its title, but for the object
/// ids their labels end with, has that flow's fingerprint, found without laying the flow out,
/// stripping a label or hashing a line.
///
/// Most flows of a large trace repeat the last flow of their title (`just at main.swift:33` a
/// hundred thousand times). Laying each out (a `String` made of each label, its UTF-8 checked
/// again), stripping each step's label (``LabelsWithoutIDs``) and hashing each line twice
/// (``ShapeFingerprint``) was about half of each trace's reading of its flows in `rxtrace diff`
/// (`valgrind --tool=callgrind`); the flow's bytes are written from what its window read
/// (``FlowToLayOut/forEachStepToLayOut(_:)``) and compared with the last flow's by a `memcmp`.
///
/// A step's bytes are its kind and depth, then for a call its label without the object id it
/// ends with (``LabelsWithoutIDs/withoutLastObjectNumberAndBracket(_:)``, which leaves what
/// ``TraceDiffer/withoutIDs(_:)`` gives of it unchanged), whether a `]` followed that id and
/// its location; for an object created, its type's full name and where it was built (the
/// `init` line shows the type's short name and its id, and the place built); each text after
/// its length. Two flows of equal bytes and equal ``Flow/omittedCalls`` have equal lines, so
/// equal fingerprints. A flow laid out already (which a diff never reads) has no such bytes
/// and is always fingerprinted line by line.
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
        of flow: FlowToLayOut, title: String, computing fingerprint: () -> ShapeFingerprint
    ) -> ShapeFingerprint {
        guard Self.write(flow, to: &bytes) else { return fingerprint() }
        let omittedCalls = flow.heading.omittedCalls
        if let last = lastByTitle[title], last.omittedCalls == omittedCalls, Self.areEqual(last.bytes, bytes) {
            return last.fingerprint
        }
        let computed = fingerprint()
        if let replaced = lastByTitle[title] { rememberedBytes -= replaced.bytes.count + title.utf8.count }
        if rememberedBytes + bytes.count + title.utf8.count > Self.totalByteLimit {
            lastByTitle.removeAll()
            rememberedBytes = 0
        }
        lastByTitle[title] = Last(bytes: bytes, omittedCalls: omittedCalls, fingerprint: computed)
        rememberedBytes += bytes.count + title.utf8.count
        return computed
    }

    /// Writes `flow`'s steps' bytes into `bytes` (emptied first); `false` when they are more
    /// than ``flowByteLimit`` or the flow is laid out already.
    private static func write(_ flow: FlowToLayOut, to bytes: inout [UInt8]) -> Bool {
        bytes.removeAll(keepingCapacity: true)
        var isWithinLimit = true
        let hasParts = flow.forEachStepToLayOut { call, depth in
            bytes.append(0)
            appendNumber(depth, to: &bytes)
            call.withLabelBytes { label in
                let (kept, isBeforeBracket) = LabelsWithoutIDs.withoutLastObjectNumberAndBracket(bytes: label)
                appendText(UnsafeBufferPointer(rebasing: label[..<kept]), to: &bytes)
                bytes.append(isBeforeBracket ? 1 : 0)
            }
            appendText(call.location, to: &bytes)
            isWithinLimit = bytes.count <= flowByteLimit
            return isWithinLimit
        } object: { object, depth in
            bytes.append(1)
            appendNumber(depth, to: &bytes)
            appendText(object.typeName, to: &bytes)
            if let assembly = object.assembly {
                bytes.append(1)
                appendText(assembly.file, to: &bytes)
                appendNumber(assembly.line, to: &bytes)
            } else {
                bytes.append(0)
            }
            isWithinLimit = bytes.count <= flowByteLimit
            return isWithinLimit
        }
        return hasParts && isWithinLimit
    }

    /// Whether `left` and `right` hold the same bytes, compared by `memcmp`.
    static func areEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.count == right.count
            && left.withUnsafeBytes { left in
                right.withUnsafeBytes { right in
                    left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
    }

    /// Appends `text`'s UTF-8 bytes after their count.
    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendText($0, to: &bytes) }
    }

    /// Appends `text` after its count.
    private static func appendText(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        appendNumber(text.count, to: &bytes)
        bytes.append(contentsOf: text)
    }

    /// Appends `number` as a variable-length integer (zigzag, then seven bits a byte, the high
    /// bit set on every byte but the last): one byte for a depth or a short text's length.
    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        var value = UInt64(bitPattern: Int64(number) << 1 ^ Int64(number) >> 63)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
