/// One instrumented object's life, as the `object` table describes it.
public struct ObjectRecord: Codable, Equatable, Sendable {
    /// The object's serial id.
    public var id: Int64
    /// Its dynamic type: `PublishSubject<Int>`.
    public var typeName: String
    /// When its init finished, in ns since the run started.
    public var startNanoseconds: Int64
    /// When its deinit ran; `nil` if it was alive at the end.
    public var endNanoseconds: Int64?
    /// The call that created it; `nil` at top level.
    public var callID: Int64?
    /// The scope (test) it was created in; `nil` outside any scope.
    public var scopeID: Int64? = nil
    /// The virtual clock when it was created, if a virtual time scheduler was running work.
    public var virtualTime: Int64? = nil
    /// Where user code built it, for an observable an operator or factory returned.
    public var assembly: Assembly? = nil

    /// Whether it was still alive when the run ended.
    public var isAlive: Bool { endNanoseconds == nil }

    /// `PublishSubject<Int> #1`, with nested generic arguments shortened to `<…>`.
    public var label: String { "\(TypeNames.short(typeName)) #\(id)" }
}

/// Where user code built an observable: `map at RxExamples/JustMapExample.swift:13`.
public struct Assembly: Codable, Equatable, Sendable, CustomStringConvertible {
    /// The operator or factory called: `map`, `merge`, `just`.
    public var name: String
    /// The `#fileID` of the code that called it.
    public var file: String
    /// The line of that code.
    public var line: Int

    /// An assembly by `name` at `file`:`line`.
    public init(name: String, file: String, line: Int) {
        self.name = name
        self.file = file
        self.line = line
    }

    /// `map at RxExamples/JustMapExample.swift:13`; `map at an unknown line` when no frame of
    /// the stack it was built from lay outside RxCore (`file` is '').
    public var description: String { "\(name) at \(location)" }

    /// `RxExamples/JustMapExample.swift:13`, or `an unknown line` (``SourceLine``).
    public var location: String { SourceLine.text(file: file, line: line) }
}

/// Shortens Swift type names for flows, where `MapSink<Int, AnonymousObserver<Int>>` would
/// drown the step it belongs to.
public enum TypeNames {
    /// `Map<Int, Int>` and `PublishSubject<Int>` stay as they are; a name with nested generic
    /// arguments keeps only its base: `MapSink<…>`.
    public static func short(_ typeName: String) -> String {
        // An ASCII name's bytes are its characters: found without Foundation's string search,
        // which a report of millions of steps spent a tenth of its time in.
        // One pass over the contiguous bytes of a native string: the offset of its first `<`,
        // whether another follows, and whether it is all ASCII.
        let scan = typeName.utf8.withContiguousStorageIfAvailable {
            bytes -> (open: Int?, isNested: Bool, isASCII: Bool) in
            var open: Int?
            var isASCII = true
            var isNested = false
            for (offset, byte) in bytes.enumerated() {
                if byte >= 0x80 { isASCII = false }
                if byte == UInt8(ascii: "<") {
                    if open == nil { open = offset } else { isNested = true }
                }
            }
            return (open, isNested, isASCII)
        }
        if let scan, scan.isASCII {
            guard let open = scan.open, scan.isNested else { return typeName }
            return String(decoding: typeName.utf8.prefix(open), as: UTF8.self) + "<…>"
        }
        let bytes = typeName.utf8
        if scan == nil, bytes.allSatisfy({ $0 < 0x80 }) {
            guard let open = bytes.firstIndex(of: UInt8(ascii: "<")) else { return typeName }
            guard bytes[bytes.index(after: open)...].contains(UInt8(ascii: "<")) else { return typeName }
            return typeName[..<open] + "<…>"
        }
        guard let open = typeName.firstIndex(of: "<") else { return typeName }
        let arguments = typeName[typeName.index(after: open)...]
        guard arguments.contains("<") else { return typeName }
        return typeName[..<open] + "<…>"
    }
}
