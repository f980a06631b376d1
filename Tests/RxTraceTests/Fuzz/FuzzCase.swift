import Foundation

/// One damaged trace: a committed trace from `traces/` and the damages done to it, written as
/// a regression file (`Fuzz/Regressions/NAME.sql`):
///
/// ```
/// -- base: just-map
/// -- expect: damaged trace: call #1 is its own ancestor
/// -- damage
/// UPDATE call SET parent_id = id;
/// -- damage
/// -- truncate: 4096
/// ```
///
/// `base` names the trace copied; `expect`, optional, is text the standard report's outcome
/// (`ok` or the error's one line) must contain; each `-- damage` starts one damage: SQL run on
/// the trace, or a byte change (`-- truncate: N`, `-- write: OFFSET HEX`, `-- replace: HEX`).
struct FuzzCase {
    /// The name of the trace in `traces/` that is damaged.
    var base: String
    var damages: [TraceDamage]
    var expectation: String?

    /// The committed example traces, the fuzz run's seeds (`RXTRACE_FUZZ_TRACES` when set, as
    /// `scripts/fuzz.sh` sets it for the libFuzzer target built from a copy of this file).
    static let tracesDirectory = ProcessInfo.processInfo.environment["RXTRACE_FUZZ_TRACES"].map(URL.init(fileURLWithPath:))
        ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("traces")

    /// A regression file without its `-- base:` line.
    struct MissingBase: Error, CustomStringConvertible {
        var description: String { "a regression file starts with `-- base: NAME`" }
    }

    /// The committed regression files.
    static let regressionsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Regressions")

    /// The names of the traces in `traces/`, sorted.
    static func baseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tracesDirectory.path)
            .filter { $0.hasSuffix(".sqlite") }.map { String($0.dropLast(".sqlite".count)) }.sorted()
    }

    init(base: String, damages: [TraceDamage], expectation: String? = nil) {
        self.base = base
        self.damages = damages
        self.expectation = expectation
    }

    /// Reads a regression file's text.
    init(regressionText text: String) throws {
        var base: String?
        var expectation: String?
        var damages: [TraceDamage] = []
        var sql: [Substring] = []
        func endSQL() {
            let statements = sql.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !statements.isEmpty { damages.append(.sql(statements)) }
            sql = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let value = line.value(after: "-- base:") {
                base = String(value)
            } else if let value = line.value(after: "-- expect:") {
                expectation = String(value)
            } else if line.trimmingCharacters(in: .whitespaces) == "-- damage" {
                endSQL()
            } else if let value = line.value(after: "-- truncate:") {
                endSQL()
                damages.append(.truncate(bytes: Int(value) ?? 0))
            } else if let value = line.value(after: "-- write:") {
                endSQL()
                let parts = value.split(separator: " ")
                damages.append(.write(offset: Int(parts.first ?? "") ?? 0, bytes: TraceDamage.bytes(hex: parts.last ?? "")))
            } else if let value = line.value(after: "-- replace:") {
                endSQL()
                damages.append(.replace(bytes: TraceDamage.bytes(hex: value)))
            } else {
                sql.append(line)
            }
        }
        endSQL()
        guard let base else { throw MissingBase() }
        self.base = base
        self.damages = damages
        self.expectation = expectation
    }

    /// The case as a regression file's text.
    var regressionText: String {
        var lines = ["-- base: \(base)"]
        if let expectation { lines.append("-- expect: \(expectation)") }
        for damage in damages {
            lines += ["-- damage", damage.regressionText]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Copies the base trace to `path` and damages it; returns how many damages applied in full.
    @discardableResult
    func makeTrace(at path: String) throws -> Int {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        try FileManager.default.copyItem(
            at: Self.tracesDirectory.appendingPathComponent(base + ".sqlite"), to: URL(fileURLWithPath: path)
        )
        var applied = 0
        for damage in damages where try damage.apply(to: path) {
            applied += 1
        }
        return applied
    }
}

extension Substring {
    /// The rest of the line after `prefix`, trimmed, when the line starts with it.
    fileprivate func value(after prefix: String) -> Substring? {
        guard hasPrefix(prefix) else { return nil }
        let rest = dropFirst(prefix.count)
        return rest.drop(while: { $0 == " " })
    }
}
