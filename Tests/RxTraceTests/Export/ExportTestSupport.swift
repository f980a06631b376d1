import Dispatch
import Foundation
import RxCore
@testable import RxTrace
import XCTest

extension RxTraceTestCase {
    /// A trace with something of everything an export draws: a chain built by operators, a
    /// subject, events on two threads (the second hop through a serial queue), a subscription
    /// disposed, one that completes, and one left open (whose objects are alive at the end).
    func recordedTraceOfEveryKind(value: String = "hello") throws -> TraceReader {
        var leaked: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<String>()
            let disposed = subject.map { $0 + "!" }.subscribe(onNext: { _ in })
            leaked = subject.filter { !$0.isEmpty }.subscribe(onNext: { _ in })
            subject.onNext(value)
            disposed.dispose()
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })

            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.export")
            let completed = DispatchSemaphore(value: 0)
            let hop = Observable.just(1).observe(on: scheduler).subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the events never arrived")
            let fence = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                fence.signal()
                return Disposables.create()
            }
            XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
            hop.dispose()
        }
        // Recorded open; ended now, so that the test itself leaks nothing.
        leaked?.dispose()
        return reader
    }

    /// Renders `dot` to SVG with Graphviz's `dot`, failing on any error or warning it prints.
    /// `scripts/test.sh` installs Graphviz (`scripts/ensure-graphviz.sh`), so CI never skips.
    func renderedSVG(_ dot: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let candidates = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
        guard let executable = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("Graphviz's dot is not installed: run scripts/ensure-graphviz.sh (scripts/test.sh does)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("graph.dot")
        try dot.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg", input.path, "-o", directory.appendingPathComponent("graph.svg").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { _ = kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        killer.cancel()
        XCTAssertEqual(process.terminationStatus, 0, "dot failed: \(message)", file: file, line: line)
        XCTAssertEqual(message, "", "dot warned", file: file, line: line)
        return (try? String(contentsOf: directory.appendingPathComponent("graph.svg"), encoding: .utf8)) ?? ""
    }
}

/// Runs an exporter's `write(to:)` into a string.
func exported(_ write: ((String) -> Void) throws -> Void) rethrows -> String {
    var text = ""
    try write { text += $0 }
    return text
}
