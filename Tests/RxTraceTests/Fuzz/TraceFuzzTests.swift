import Foundation
import RxTrace
import XCTest

/// Damaged and adversarial traces never crash, hang or mislead a reader: every report form
/// and query either succeeds or ends in one error line (see ``ReaderCheck``).
///
/// The seeded run damages copies of the committed example traces with ``TraceDamager``,
/// case by case, each from its own seed, so a failure is reproduced by its seed alone.
/// `RXTRACE_FUZZ_ITERATIONS` (default 50) sets how many cases run, `RXTRACE_FUZZ_SEED`
/// (default 1) the first case's seed, and `RXTRACE_FUZZ_VERBOSE=1` prints each case and what
/// every form did with it; `scripts/test.sh` runs more, and
/// `Documentation/Fuzzing.md` says how to run a long session and keep what it finds.
final class TraceFuzzTests: RxTraceTestCase {
    /// How long one case may run, SQLite's time and Swift's, before the test process is
    /// stopped with the case saved: a hang in Swift code cannot be interrupted otherwise.
    static let caseWatchdogSeconds = 180.0

    /// Where the case running now is saved, in regression-file form; left in place when a case
    /// crashes the process.
    static var currentCasePath: String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-fuzz-case-\(ProcessInfo.processInfo.processIdentifier).sql").path
    }

    func testSeededDamage_neverCrashesHangsOrThrowsWhatTheCLICannotPrint() throws {
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["RXTRACE_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 50
        let firstSeed = environment["RXTRACE_FUZZ_SEED"].flatMap(UInt64.init) ?? 1
        let bases = try FuzzCase.baseNames()
        XCTAssertFalse(bases.isEmpty, "no traces in \(FuzzCase.tracesDirectory.path)")
        let path = Fixture.temporaryTracePath("fuzz")
        var violations: [String] = []
        var errorsSeen = 0
        var damagesMade = 0
        var damagesApplied = 0
        let start = Date()
        print("TraceFuzzTests: each case is saved as \(Self.currentCasePath) while it runs; if the process crashes, it is there")

        for iteration in 0..<iterations {
            let seed = firstSeed &+ UInt64(iteration)
            var random = SeededGenerator(seed: seed)
            let fuzzCase = FuzzCase(
                base: random.pick(bases), damages: TraceDamager.damages(count: random.within(1...3), &random)
            )
            let caseStart = Date()
            let (applied, outcomes) = try Self.check(fuzzCase, at: path, seed: seed)
            damagesApplied += applied
            damagesMade += fuzzCase.damages.count
            if environment["RXTRACE_FUZZ_VERBOSE"] == "1" {
                print("-- seed: \(seed)\n" + fuzzCase.regressionText + outcomes.map { "   \($0)" }.joined(separator: "\n"))
            }
            if Date().timeIntervalSince(caseStart) > 5 {
                print("TraceFuzzTests: seed \(seed) took \(Int(Date().timeIntervalSince(caseStart))) s")
            }
            errorsSeen += outcomes.filter { $0.result != "ok" }.count
            let broken = outcomes.filter { $0.violation != nil }
            guard !broken.isEmpty else { continue }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-fuzz-\(seed).sql")
            try fuzzCase.regressionText.write(to: file, atomically: true, encoding: .utf8)
            violations.append(
                "seed \(seed) (saved as \(file.path)):\n  " + broken.map(\.description).joined(separator: "\n  ")
            )
        }
        XCTAssertTrue(
            violations.isEmpty,
            """
            \(violations.count) of \(iterations) cases broke the reader rule:
            \(violations.joined(separator: "\n"))
            Rerun one alone with RXTRACE_FUZZ_SEED=SEED RXTRACE_FUZZ_ITERATIONS=1; once it is fixed, move its \
            file to Tests/RxTraceTests/Fuzz/Regressions/ with an `-- expect:` line.
            """
        )
        try? FileManager.default.removeItem(atPath: Self.currentCasePath)
        print(
            "TraceFuzzTests: \(iterations) cases from seed \(firstSeed) in "
                + "\(String(format: "%.1f", Date().timeIntervalSince(start))) s, \(damagesApplied) of \(damagesMade) damages applied, "
                + "\(errorsSeen) error lines, "
                + "\(violations.count) broke the rule"
        )
    }

    func testRegressions_replayWithTheirPinnedOutcome() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: FuzzCase.regressionsDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        XCTAssertFalse(files.isEmpty)
        let path = Fixture.temporaryTracePath("fuzz-regression")
        for file in files {
            let text = try String(
                contentsOf: FuzzCase.regressionsDirectory.appendingPathComponent(file), encoding: .utf8
            )
            let fuzzCase = try FuzzCase(regressionText: text)
            let (applied, outcomes) = try Self.check(fuzzCase, at: path, seed: nil)
            XCTAssertEqual(applied, fuzzCase.damages.count, "\(file): every damage applies")
            for outcome in outcomes where outcome.violation != nil {
                XCTFail("\(file): \(outcome)")
            }
            if let expectation = fuzzCase.expectation {
                let report = try XCTUnwrap(outcomes.first)
                XCTAssertTrue(report.result.contains(expectation), "\(file): \(report.result)")
            }
        }
    }

    func testMegabyteNames_areCutInTheRecordsAndSayHowMuchWasCut() throws {
        let text = try String(
            contentsOf: FuzzCase.regressionsDirectory.appendingPathComponent("megabyte-names.sql"), encoding: .utf8
        )
        let path = Fixture.temporaryTracePath("megabyte-names")
        try FuzzCase(regressionText: text).makeTrace(at: path)

        let flow = try XCTUnwrap(try FlowBuilder(reader: TraceReader(path: path)).flows().first)

        let label = try XCTUnwrap(flow.steps.first?.label)
        XCTAssertTrue(label.contains("… (295904 more bytes)"), String(label.suffix(80)))
        XCTAssertLessThan(flow.steps.map(\.label.utf8.count).max() ?? 0, 3 * TraceReader.maximumTextLength)
    }

    func testARegressionFile_readsBackAsTheCaseItWasWrittenFrom() throws {
        var random = SeededGenerator(seed: 42)
        let damages = TraceDamager.damages(count: 3, &random) + [
            .truncate(bytes: 4_096), .write(offset: 100, bytes: [0, 0xFF, 7]), .replace(bytes: [1, 2]),
        ]
        let fuzzCase = FuzzCase(base: "just-map", damages: damages, expectation: "damaged trace")

        let read = try FuzzCase(regressionText: fuzzCase.regressionText)

        XCTAssertEqual(read.base, "just-map")
        XCTAssertEqual(read.expectation, "damaged trace")
        XCTAssertEqual(read.damages, damages)
    }

    func testTheSameSeed_makesTheSameDamages() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        XCTAssertEqual(TraceDamager.damages(count: 20, &first), TraceDamager.damages(count: 20, &second))
    }

    /// Saves `fuzzCase`, damages a copy of its trace at `path` and runs every form on it,
    /// under a watchdog that stops the process if the case runs too long.
    /// Returns how many damages applied in full, and the outcomes.
    static func check(
        _ fuzzCase: FuzzCase, at path: String, seed: UInt64?
    ) throws -> (applied: Int, outcomes: [ReaderCheck.Outcome]) {
        let header = seed.map { "-- seed: \($0) (RXTRACE_FUZZ_SEED=\($0) RXTRACE_FUZZ_ITERATIONS=1)\n" } ?? ""
        try (header + fuzzCase.regressionText).write(toFile: currentCasePath, atomically: true, encoding: .utf8)
        let watchdog = DispatchWorkItem {
            FileHandle.standardError.write(
                Data("TraceFuzzTests: a case ran over \(Int(caseWatchdogSeconds)) s; it is saved as \(currentCasePath)\n".utf8)
            )
            abort()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + caseWatchdogSeconds, execute: watchdog)
        defer { watchdog.cancel() }
        let applied = try fuzzCase.makeTrace(at: path)
        return (applied, ReaderCheck.outcomes(path: path))
    }
}
