import Foundation
import XCTest

/// The reading side has one model: every query lives behind ``TraceReader``, and the renderers,
/// exporters and `diff` work on the values it returns. This test reads their sources and fails
/// on any SQL or any use of the reader's database.
final class ReadingSideTests: RxTraceTestCase {
    /// The folders of RxTrace that must hold no SQL.
    private static let modelOnlyFolders = ["Rendering", "Export", "Diff"]

    /// What gives SQL or a connection away in Swift source.
    private static let forbidden = [
        "SELECT", "INSERT", "UPDATE ", "DELETE ", " JOIN ", " WHERE ", "PRAGMA", "prepare(", ".rows(", ".scalar(",
        ".database", "forEachRow", "Statement", "SQLValue",
    ]

    private static var packageRoot: URL {
        // Tests/RxTraceTests/Readers/ReadingSideTests.swift
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    func testRenderersExportersAndDiff_holdNoSQL_andNeverReachTheDatabase() throws {
        var offences: [String] = []
        var filesRead = 0
        for folder in Self.modelOnlyFolders {
            let directory = Self.packageRoot.appendingPathComponent("Sources/RxTrace/\(folder)")
            let files = try XCTUnwrap(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                filesRead += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for word in Self.forbidden where line.contains(word) {
                        offences.append("Sources/RxTrace/\(folder)/\(file.lastPathComponent):\(index + 1): \(word)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(filesRead, 10, "the sources were not found under \(Self.packageRoot.path)")
        XCTAssertEqual(
            offences, [],
            """
            Rendering/, Export/ and Diff/ must work on model values only, but these lines query the trace:
            \(offences.joined(separator: "\n"))
            Move each query into a TraceReader method (Readers/TraceReader+….swift) that returns a model value.
            """
        )
    }
}
