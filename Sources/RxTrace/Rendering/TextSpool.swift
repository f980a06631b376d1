import Foundation

/// Text written now and read back later, in order, from a temporary file: what a writer
/// must emit after something it learns only at the end (the JSON leak report's open
/// subscriptions, which the encoder's key order puts after the live objects the same pass
/// finds), held on disk rather than in memory.
///
/// The file is a new one in the temporary directory, unlinked as soon as it is open, so
/// nothing is left behind however the process ends; it never touches the trace. Where the
/// temporary directory is not writable, the text stays in memory instead, as it did before
/// there was a spool.
final class TextSpool {
    /// How much text is gathered before it goes to the file, and how much is read back at once.
    private static let chunkSize = 1 << 20

    /// The unlinked file, or `nil` when none could be made (the text then stays in `pending`).
    private let handle: FileHandle?
    /// Text appended and not yet written to the file.
    private var pending: [UInt8] = []
    /// Whether anything was appended.
    private(set) var isEmpty = true

    /// An empty spool, in a new file of `directory` when one can be made there.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        handle = UnlinkedFile.make(in: directory, prefix: "rxtrace-spool")
        pending.reserveCapacity(Self.chunkSize)
    }

    /// Appends `text`.
    func append(_ text: String) throws {
        isEmpty = false
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.chunkSize { try flush() }
    }

    /// Hands everything appended to `output`, in order, a chunk at a time; each chunk ends at a
    /// line's end, or between two characters of text with no line end in a chunk's length
    /// (compact JSON), or at the end: no character is cut in two.
    func replay(to output: (String) -> Void) throws {
        guard let handle else {
            if !pending.isEmpty { output(String(decoding: pending, as: UTF8.self)) }
            return
        }
        try flush()
        try handle.seek(toOffset: 0)
        var carried: [UInt8] = []
        while let data = try handle.read(upToCount: Self.chunkSize), !data.isEmpty {
            carried.append(contentsOf: data)
            // A UTF-8 character starts at any byte but a continuation byte (10xxxxxx).
            guard
                let end = carried.lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 })
                    ?? (carried.count >= Self.chunkSize ? carried.lastIndex(where: { $0 & 0xC0 != 0x80 }) : nil),
                end > 0
            else { continue }
            output(String(decoding: carried[..<end], as: UTF8.self))
            carried.removeSubrange(..<end)
        }
        if !carried.isEmpty { output(String(decoding: carried, as: UTF8.self)) }
    }

    /// Writes the text gathered so far to the file (kept in memory when there is none).
    private func flush() throws {
        guard let handle, !pending.isEmpty else { return }
        try handle.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
