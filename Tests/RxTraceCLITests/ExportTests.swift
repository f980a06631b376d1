import Foundation
import RxCore
import RxTrace
import XCTest

/// `rxtrace export`: every format writes to standard output, or to the file `-o` names.
final class ExportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
        let result = try CommandRunner.rxtrace(["run", "subject-never-completes", "--out", "."], in: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testPerfetto_toStandardOutput_andToAFile_areTheSame() throws {
        let printed = try CommandRunner.rxtrace(["export", "subject-never-completes.sqlite", "--format", "perfetto"], in: directory)
        let written = try CommandRunner.rxtrace(
            ["export", "subject-never-completes.sqlite", "--format", "perfetto", "-o", "trace.json"], in: directory
        )

        XCTAssertEqual(printed.status, 0, printed.standardError)
        XCTAssertEqual(written.status, 0, written.standardError)
        XCTAssertEqual(written.standardOutput, "")
        let file = try String(contentsOf: directory.appendingPathComponent("trace.json"), encoding: .utf8)
        XCTAssertEqual(file, printed.standardOutput)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
        XCTAssertNotNil(document["traceEvents"] as? [Any])
    }

    func testDot_drawsTheLeakInRed() throws {
        let result = try CommandRunner.rxtrace(["export", "subject-never-completes.sqlite", "--format", "dot"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("digraph rxtrace {"))
        XCTAssertTrue(result.standardOutput.contains("never ended\", shape=cds, color=red"), result.standardOutput)
    }

    func testMermaid_drawsTheSubscription() throws {
        let result = try CommandRunner.rxtrace(
            ["export", "subject-never-completes.sqlite", "--format", "mermaid", "--subscription", "1"], in: directory
        )

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("sequenceDiagram\n"))
        XCTAssertTrue(result.standardOutput.contains("U->>O2: subscribe at RxExamples/SubjectNeverCompletesExample.swift:"))
    }

    /// The package's root, two folders above this file.
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testTheREADMEsExamples_areWhatExportWritesToday() throws {
        let run = try CommandRunner.rxtrace(["run", "just-map", "--out", "."], in: directory)
        XCTAssertEqual(run.status, 0, run.standardError)
        let dot = try CommandRunner.rxtrace(["export", "subject-never-completes.sqlite", "--format", "dot"], in: directory)
        let mermaid = try CommandRunner.rxtrace(
            ["export", "just-map.sqlite", "--format", "mermaid", "--subscription", "1"], in: directory
        )

        let images = root.appendingPathComponent("Documentation/images")
        let hint = "re-draw them with scripts/render-doc-images.sh"
        XCTAssertEqual(
            dot.standardOutput, try String(contentsOf: images.appendingPathComponent("subject-never-completes.dot"), encoding: .utf8),
            hint
        )
        XCTAssertEqual(
            mermaid.standardOutput, try String(contentsOf: images.appendingPathComponent("just-map.mmd"), encoding: .utf8), hint
        )
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```mermaid\n" + mermaid.standardOutput + "```\n"), "the README's diagram: \(hint)")
    }

    func testPerfetto_StreamsItsOutput_MemoryDoesNotGrowWithTheTrace() throws {
        // 20,000 events through map: about 100,000 calls, some 30 MB of JSON.
        let big = directory.appendingPathComponent("big.sqlite").path
        let recording = try RxTrace.record(to: big, program: "big", recordingValues: false)
        do {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            for value in 0..<20_000 { subject.onNext(value) }
            subscription.dispose()
        }
        try recording.stop()
        let small = directory.appendingPathComponent("subject-never-completes.sqlite").path

        let few = try CommandRunner.rxtraceMeasuringMemory(["export", small, "--format", "perfetto"])
        let many = try CommandRunner.rxtraceMeasuringMemory(["export", big, "--format", "perfetto"])

        XCTAssertEqual(few.status, 0)
        XCTAssertEqual(many.status, 0)
        XCTAssertLessThan(
            many.peakKilobytes - few.peakKilobytes, 15_000,
            "some 30 MB of JSON must not be held; peak \(many.peakKilobytes) kB vs \(few.peakKilobytes) kB"
        )
    }
}
