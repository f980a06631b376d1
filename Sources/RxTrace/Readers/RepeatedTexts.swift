import Foundation

/// The last text read from each of a few columns of a statement whose values repeat from row to
/// row (a thread's, a type's, a file's name): a row that repeats the one before takes the
/// `String` already made instead of making it again from SQLite's bytes.
///
/// Each text is read as ``Row/traceText(at:)`` reads a column: cut to
/// ``TraceReader/maximumTextLength``; `nil` for a value of any other class.
struct RepeatedTexts {
    /// Each slot's last text, as SQLite held it and as it is handed out.
    private var last: [(read: String, kept: String)?]

    /// `count` slots, none read yet.
    init(count: Int) {
        last = Array(repeating: nil, count: count)
    }

    /// The text of column `index` of `statement`'s current row, kept in slot `slot`.
    mutating func text(at index: Int32, of statement: Statement, repeatedIn slot: Int) -> String? {
        statement.withText(at: index) { bytes -> String? in
            guard let bytes else { return nil }
            if let last = last[slot], Self.isText(last.read, bytes) { return last.kept }
            let read = String(decoding: bytes, as: UTF8.self)
            let kept = TraceReader.cutToMaximumLength(read)
            last[slot] = (read, kept)
            return kept
        }
    }

    /// Whether `text`'s UTF-8 is `bytes`, compared as two buffers: comparing the views element
    /// by element cost more than making the `String` again.
    private static func isText(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return text.utf8.withContiguousStorageIfAvailable { stored in
            memcmp(stored.baseAddress!, base, bytes.count) == 0
        } ?? text.utf8.elementsEqual(bytes)
    }
}
