import Foundation

/// Text written now and read back later, in order, from a temporary file: what a writer
/// must emit after something it learns only at the end (the JSON leak report's open
/// subscriptions, which the encoder's key order puts after the live objects the same pass
/// finds), held on disk rather than in memory.
///
/// Created by the writer that needs it, it deletes its file when it is released. It never
/// touches the trace: the file is a new one in the temporary directory.
final class TextSpool {
    /// How much text is gathered before it goes to the file, and how much is read back at once.
    private static let chunkSize = 1 << 20

    private let url: URL
    private let handle: FileHandle
    /// Text appended and not yet written to the file.
    private var pending: [UInt8] = []
    /// Whether anything was appended.
    private(set) var isEmpty = true

    /// An empty spool, in a new file of the temporary directory.
    ///
    /// - Throws: the error creating the file, when the temporary directory is not writable.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-spool-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forUpdating: url)
        pending.reserveCapacity(Self.chunkSize)
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }

    /// Appends `text`.
    func append(_ text: String) throws {
        isEmpty = false
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.chunkSize { try flush() }
    }

    /// Hands everything appended to `output`, in order, a chunk at a time; each chunk ends at a
    /// line's end or at the end, so no character is cut in two.
    func replay(to output: (String) -> Void) throws {
        try flush()
        try handle.seek(toOffset: 0)
        var carried: [UInt8] = []
        while let data = try handle.read(upToCount: Self.chunkSize), !data.isEmpty {
            carried.append(contentsOf: data)
            guard let lastNewline = carried.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            output(String(decoding: carried[...lastNewline], as: UTF8.self))
            carried.removeSubrange(...lastNewline)
        }
        if !carried.isEmpty { output(String(decoding: carried, as: UTF8.self)) }
    }

    /// Writes the text gathered so far to the file.
    private func flush() throws {
        guard !pending.isEmpty else { return }
        try handle.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
