import Foundation

/// Groups of objects alive at the end kept on disk while they wait: the complete groups that
/// ``LiveObjectGroupStream`` cannot hand on yet, because a group that appeared before them is
/// still open (a type whose live objects span the trace, `SinkDisposer` in a trace of a
/// million leaked subscriptions each of its own generic type).
///
/// The groups go to a new file of the temporary directory, unlinked as soon as it is open (as
/// ``TextSpool``'s), each in a compact binary form; in memory stays where each one starts (8
/// bytes a group). Where the temporary directory is not writable, they stay in memory instead,
/// in the same form.
final class LiveObjectGroupSpill {
    /// The unlinked file, or `nil` when none could be made (the groups then stay in `bytes`).
    private let handle: FileHandle?
    /// The groups' bytes not yet written to the file (every group's without a file).
    private var bytes: [UInt8] = []
    /// How many bytes went to the file.
    private var written: UInt64 = 0
    /// Where each group put so far starts, by its number.
    private var starts: [UInt64] = []
    /// How much is gathered before it goes to the file.
    private static let chunkSize = 1 << 20
    /// The encoder of holders, the one part of a group with a structure of its own.
    private let encoder = JSONEncoder()

    /// An empty spill, in a new file of `directory` when one can be made there.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        handle = UnlinkedFile.make(in: directory, prefix: "rxtrace-groups")
    }

    /// Keeps `group`; returns its number, which ``take(_:)`` gives it back by.
    func put(_ group: LiveObjectGroup) throws -> Int {
        starts.append(written + UInt64(bytes.count))
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append(_ text: String) {
            append(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        append(group.typeName)
        append(group.verdict.rawValue)
        append(try group.holder.map { String(decoding: try encoder.encode($0), as: UTF8.self) } ?? "")
        append(UInt64(group.objectIDs.count))
        for id in group.objectIDs { append(UInt64(bitPattern: id)) }
        append(UInt64(group.createdIn.count))
        for place in group.createdIn { append(place) }
        if handle != nil, bytes.count >= Self.chunkSize { try flush() }
        return starts.count - 1
    }

    /// The group put as number `index`.
    func take(_ index: Int) throws -> LiveObjectGroup {
        let start = starts[index]
        let end = index + 1 < starts.count ? starts[index + 1] : written + UInt64(bytes.count)
        var record: [UInt8]
        if let handle, start < written {
            try flush()
            try handle.seek(toOffset: start)
            record = [UInt8](try handle.read(upToCount: Int(end - start)) ?? Data())
        } else {
            record = Array(bytes[Int(start - written)..<Int(end - written)])
        }
        guard record.count == Int(end - start) else { throw CocoaError(.fileReadCorruptFile) }
        var position = 0
        func integer() -> UInt64 {
            var value: UInt64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: record[position..<(position + 8)]) }
            position += 8
            return UInt64(littleEndian: value)
        }
        func text() -> String {
            let length = Int(integer())
            defer { position += length }
            return String(decoding: record[position..<(position + length)], as: UTF8.self)
        }
        let typeName = text()
        let verdict = LeakVerdict(rawValue: text()) ?? .retaining
        let holderJSON = text()
        let holder =
            holderJSON.isEmpty ? nil : try JSONDecoder().decode(LiveObjectHolder.self, from: Data(holderJSON.utf8))
        let ids = (0..<integer()).map { _ in Int64(bitPattern: integer()) }
        let places = (0..<integer()).map { _ in text() }
        return LiveObjectGroup(typeName: typeName, objectIDs: ids, createdIn: places, verdict: verdict, holder: holder)
    }

    /// Writes the bytes gathered so far to the file (kept in memory when there is none).
    private func flush() throws {
        guard let handle, !bytes.isEmpty else { return }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
        written += UInt64(bytes.count)
        bytes.removeAll(keepingCapacity: true)
    }
}
