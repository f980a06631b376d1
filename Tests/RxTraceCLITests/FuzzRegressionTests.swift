import Foundation
import RxTrace
import XCTest

/// Every damaged trace the fuzz run has found (`RxTraceTests/Fuzz/Regressions/`) ends every
/// `rxtrace` command that reads it the same way: exit status 0 with a report, or exit status 2
/// with exactly one `rxtrace: error:` line and nothing on stdout; never a signal.
final class FuzzRegressionTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The forms of `rxtrace` that read a trace, without the trace's path (inserted second).
    private static let commands = [
        ["report"], ["report", "--leaks"], ["report", "--format", "json"], ["report", "--lifetimes", "--all"],
        ["report", "--subscription", "1"], ["report", "--subscription", "1", "--format", "json"],
        // Counted, not listed: a view that never ends would stream rows for as long as SQLite's
        // own time (all --timeout counts) lasts.
        ["query", "--timeout", "1", "SELECT count(*) FROM call_flow"],
    ]

    func testEveryCommand_onEveryRegressionTrace_reportsOrFailsWithOneErrorLine() throws {
        let regressions = Self.root.appendingPathComponent("Tests/RxTraceTests/Fuzz/Regressions")
        let files = try FileManager.default.contentsOfDirectory(atPath: regressions.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        XCTAssertFalse(files.isEmpty)
        let directory = try CommandRunner.temporaryDirectory(for: self)
        for file in files {
            let trace = directory.appendingPathComponent(file.replacingOccurrences(of: ".sql", with: ".sqlite"))
            try Self.makeTrace(
                at: trace, from: try String(contentsOf: regressions.appendingPathComponent(file), encoding: .utf8)
            )
            for command in Self.commands {
                let arguments = [command[0], trace.path] + command.dropFirst()
                let result = try CommandRunner.rxtrace(arguments, timeout: 60)
                let name = "\(file): rxtrace \(command.joined(separator: " "))"
                XCTAssertTrue([0, 2].contains(result.status), "\(name) exited with \(result.status): \(result.standardError)")
                if result.status == 2 {
                    XCTAssertEqual(result.errorLines.count, 1, "\(name): \(result.standardError)")
                    XCTAssertTrue(result.standardError.hasPrefix("rxtrace: error: "), "\(name): \(result.standardError)")
                    XCTAssertEqual(result.standardOutput, "", name)
                }
            }
        }
    }

    /// Copies the regression's base trace to `url` and damages it as the file says (its format
    /// is described in `RxTraceTests/Fuzz/FuzzCase.swift`).
    private static func makeTrace(at url: URL, from text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let base = try XCTUnwrap(lines.first { $0.hasPrefix("-- base: ") }?.dropFirst("-- base: ".count))
        try FileManager.default.copyItem(at: root.appendingPathComponent("traces/\(base).sqlite"), to: url)
        var sql: [Substring] = []
        func runSQL() throws {
            if !sql.isEmpty {
                try? Database(path: url.path, mode: .readWriteCreate).execute(sql.joined(separator: "\n"))
            }
            sql = []
        }
        for line in lines {
            if line == "-- damage" {
                try runSQL()
            } else if line.hasPrefix("-- truncate: ") || line.hasPrefix("-- write: ") || line.hasPrefix("-- replace: ") {
                try runSQL()
                let parts = line.split(separator: " ")
                var data = try Data(contentsOf: url)
                switch parts[1] {
                case "truncate:": data = data.prefix(Int(parts[2]) ?? 0)
                case "write:":
                    let bytes = hexBytes(parts[3])
                    let offset = Int(parts[2]) ?? 0
                    if data.count < offset + bytes.count { data.append(Data(count: offset + bytes.count - data.count)) }
                    data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
                default: data = Data(hexBytes(parts.count > 2 ? parts[2] : ""))
                }
                try data.write(to: url)
            } else if !line.hasPrefix("-- base: "), !line.hasPrefix("-- expect: ") {
                sql.append(line)
            }
        }
        try runSQL()
    }

    private static func hexBytes(_ hex: Substring) -> [UInt8] {
        let digits = Array(hex)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }
}
