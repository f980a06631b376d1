/// What a step RxCore records mirrors in RxSwift 6.10.2 (``SourceFiles/rxSwiftRelease``): the
/// line of its declaration there, for the page's link (`Map.run` → the `run` of `Map` in
/// `RxSwift/Observables/Map.swift`), or why there is none.
///
/// The entries come from ``RxSwiftDeclaration/byStep``, a table read off RxSwift's sources;
/// `RxSwiftDeclarationTests` checks that every step RxCore records has an entry.
public enum RxSwiftDeclaration: Equatable, Sendable {
    /// Declared at `line` of `path`, a file of RxSwift's repository at the release.
    case line(path: String, line: Int)
    /// Declared in `path`, a file of RxSwift's repository at the release; its line is not yet
    /// in the table.
    case file(path: String)
    /// A step RxSwift 6 does not have, kept by RxCore for the reason given
    /// (`subscribeSafe`: RxSwift 5's step, which the articles walk through).
    case notInRxSwift6(String)
    /// A step of RxCore's own, with what it does (`traceTag`: names a chain in the trace).
    case rxCoreOnly(String)

    /// `https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift#L42`
    /// (without `#L…` for a `.file` entry); `nil` for a step RxSwift does not have.
    public var link: String? {
        let release = "https://github.com/ReactiveX/RxSwift/blob/\(SourceFiles.rxSwiftRelease)/"
        switch self {
        case .line(let path, let line): return "\(release)\(path)#L\(line)"
        case .file(let path): return release + path
        case .notInRxSwift6, .rxCoreOnly: return nil
        }
    }

    /// The RxSwift file the step is declared in, for a step RxSwift has.
    public var path: String? {
        switch self {
        case .line(let path, _), .file(let path): path
        case .notInRxSwift6, .rxCoreOnly: nil
        }
    }

    /// What the page says in place of a link: `Not in RxSwift 6: …`, `RxCore's own: …`; `nil`
    /// for a step with a line.
    public var note: String? {
        switch self {
        case .line, .file: nil
        case .notInRxSwift6(let reason): "Not in RxSwift 6: \(reason)"
        case .rxCoreOnly(let what): "RxCore's own: \(what)"
        }
    }

    /// The declaration the step `name` mirrors when it runs in the file `fileID`
    /// (`RxCore/SkipWhile.swift`): the table's entry for `NAME in MODULE/FILE.swift` where one
    /// name is declared in several RxSwift files (`skip`), else its entry for `NAME`; `nil` when
    /// the table has neither.
    public static func of(step name: String, inFile fileID: String?) -> RxSwiftDeclaration? {
        if let fileID, let declaration = byStep["\(name) in \(fileID)"] {
            return declaration
        }
        return byStep[name]
    }

    /// The declaration a flow's line mirrors: a call's by the step name its label starts with,
    /// an `init`'s by its type's `init` (`TYPE.init`), each looked up with ``of(step:inFile:)``
    /// in the file of `place` (`RxCore/Map.swift:30`).
    public static func of(label: String, isInit: Bool, place: String?) -> RxSwiftDeclaration? {
        let fileID = place.flatMap(firstPiece(ofPlace:))
        if isInit {
            // `init MapSink<Int, Int> #5`: the type's name, without its generic arguments.
            let type = label.dropFirst("init ".count).prefix { $0 != "<" && $0 != " " }
            guard label.hasPrefix("init "), !type.isEmpty else { return nil }
            return of(step: "\(type).init", inFile: fileID)
        }
        guard let name = stepName(inLabel: label) else { return nil }
        return of(step: name, inFile: fileID)
    }

    /// The step name a call's label starts with: the longest name in the table that is the
    /// whole label or is followed by its detail (`(`) or its object (` `):
    /// `PublishSubject.on(.next(1)) [PublishSubject<Int> #1]` → `PublishSubject.on`,
    /// `bind(to:) [Observable<Int> #2]` → `bind(to:)`.
    static func stepName(inLabel label: String) -> String? {
        // An ASCII label's characters are its bytes: looked at as bytes, without breaking it
        // into characters.
        if let found = stepName(inASCIILabel: label) { return found }
        var found: String?
        var index = label.startIndex
        // No name is longer than the table's longest: the rest of the label (its detail, its
        // object) is not looked at, which for a flow's thousands of rows was most of the work.
        let end = label.utf8.index(label.startIndex, offsetBy: longestStepName, limitedBy: label.endIndex)
        while index <= label.endIndex, end.map({ index <= $0 }) ?? true {
            if index == label.endIndex || label[index] == " " || label[index] == "(" {
                let candidate = String(label[..<index])
                if stepNames.contains(candidate) { found = candidate }
            }
            if index == label.endIndex { break }
            index = label.index(after: index)
        }
        return found
    }

    /// ``stepName(inLabel:)`` of a label whose first ``longestStepName`` + 1 bytes are ASCII,
    /// found among its bytes; `.some(nil)` for none, `nil` for a label that is not ASCII there.
    private static func stepName(inASCIILabel label: String) -> String?? {
        let utf8 = label.utf8
        let end = min(utf8.count, longestStepName + 1)
        guard utf8.prefix(end).allSatisfy({ $0 < 0x80 }) else { return nil }
        var found: String?
        var offset = 0
        for byte in utf8.prefix(end) {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "(") {
                let candidate = String(decoding: utf8.prefix(offset), as: UTF8.self)
                if stepNames.contains(candidate) { found = candidate }
            }
            offset += 1
        }
        if utf8.count <= longestStepName, stepNames.contains(label) { found = label }
        return .some(found)
    }

    /// The first piece of `place` that its colons separate and that is not empty, as
    /// `place.split(separator: ":").first` finds it (`RxCore/Map.swift` of
    /// `RxCore/Map.swift:30`), without splitting the rest.
    static func firstPiece(ofPlace place: String) -> String? {
        // An ASCII place's characters are its bytes.
        let utf8 = place.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return utf8.split(separator: UInt8(ascii: ":")).first.map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        var start = place.startIndex
        while true {
            let end = place[start...].firstIndex(of: ":") ?? place.endIndex
            if start < end { return String(place[start..<end]) }
            guard end < place.endIndex else { return nil }
            start = place.index(after: end)
        }
    }

    /// How many UTF-8 bytes the longest of ``stepNames`` has.
    static let longestStepName = stepNames.map(\.utf8.count).max() ?? 0

    /// Every step name the table knows, without the `in FILE` of its per-file entries.
    static let stepNames: Set<String> = Set(
        byStep.keys.map { key in
            key.range(of: " in ").map { String(key[..<$0.lowerBound]) } ?? key
        }
    )
}
