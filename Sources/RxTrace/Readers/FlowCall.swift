/// A call as ``FlowBuilder`` lays it out in a flow: what a ``FlowStep`` shows of it (its label
/// and location, made once), and what places it in its tree.
///
/// A flow's calls are read by the hundred thousand; a ``CallRecord`` carries five texts, each
/// retained and released whenever the record is copied, and its label was made again for each
/// use. The window of a report (``FlowWindow``) reads its calls straight into these
/// (``TraceReader/flowCallTrees(under:limit:names:)``), with the names of steps and types read
/// once, and their labels' bytes written one after another into the window's
/// ``FlowLabelArena``: the label's `String` is made only when the flow is laid out, on the
/// thread that prints it (``FlowToLayOut/laidOut()``). A tree read one at a time makes them from
/// its ``CallRecord``s (``init(_:)``), and a test holds both ways equal.
struct FlowCall: Equatable {
    /// The call's serial id.
    var id: Int64
    /// The enclosing call; `nil` for a top-level call.
    var parentID: Int64?
    /// The object the step ran on.
    var objectID: Int64?
    /// When it was entered, in ns since the run started.
    var startNanoseconds: Int64
    /// Where the label is kept: as a text, or as bytes of an arena.
    private var labelSource: LabelSource
    /// ``CallRecord/location``.
    var location: String

    /// A label made already, or the UTF-8 bytes of one in a window's arena.
    private enum LabelSource: Equatable {
        case text(String)
        case bytes(FlowLabelArena, Range<Int>)

        static func == (left: LabelSource, right: LabelSource) -> Bool {
            left.text == right.text
        }

        var text: String {
            switch self {
            case .text(let text): text
            case .bytes(let arena, let range): arena.text(in: range)
            }
        }
    }

    /// ``CallRecord/label``.
    var label: String { labelSource.text }

    /// Calls `body` with the label's UTF-8 bytes, read where they lie (in the window's arena),
    /// without making its `String`: they may hold invalid UTF-8, which ``label`` repairs.
    func withLabelBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch labelSource {
        case .text(var text):
            return try text.withUTF8(body)
        case .bytes(let arena, let range):
            return try arena.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// The call `record` stands for.
    init(_ record: CallRecord) {
        self.init(
            id: record.id, parentID: record.parentID, objectID: record.objectID,
            startNanoseconds: record.startNanoseconds, label: record.label, location: record.location
        )
    }

    /// A call of these fields.
    init(id: Int64, parentID: Int64?, objectID: Int64?, startNanoseconds: Int64, label: String, location: String) {
        self.id = id
        self.parentID = parentID
        self.objectID = objectID
        self.startNanoseconds = startNanoseconds
        self.labelSource = .text(label)
        self.location = location
    }

    /// A call of these fields, whose label is the bytes `range` of `arena`.
    init(
        id: Int64, parentID: Int64?, objectID: Int64?, startNanoseconds: Int64, label range: Range<Int>,
        of arena: FlowLabelArena, location: String
    ) {
        self.id = id
        self.parentID = parentID
        self.objectID = objectID
        self.startNanoseconds = startNanoseconds
        self.labelSource = .bytes(arena, range)
        self.location = location
    }
}

/// The labels of one window's calls (``FlowCall``), their UTF-8 bytes one after another in one
/// buffer: a `String` of each, made as the calls were read, was a tenth of `report --all`, on
/// the thread that reads the trace.
///
/// ``TraceReader/FlowCallNames`` makes one for each window's read and writes it while that read
/// lasts; once the read returns it is never written again, and only read, by whichever thread
/// lays the window's flows out.
final class FlowLabelArena {
    /// The labels' bytes.
    private(set) var bytes: [UInt8] = []

    /// An empty arena, room made for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the label `write` appends to the bytes it is given, and returns where it lies:
    /// a label written in place, with no buffer of its own.
    func appendLabel(_ write: (inout [UInt8]) throws -> Void) rethrows -> Range<Int> {
        let start = bytes.count
        try write(&bytes)
        return start..<bytes.count
    }

    /// The label at `range`.
    func text(in range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}

// Written only by the thread that reads a window, while it reads it (``TraceReader/flowCallTrees(under:limit:names:)``),
// before any call that points into it is handed to another thread through ``ReadAhead``'s `lock`;
// only read after.
extension FlowLabelArena: @unchecked Sendable {}
