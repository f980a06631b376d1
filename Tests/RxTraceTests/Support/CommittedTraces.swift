import Foundation
import XCTest

/// The example traces committed under `traces/`, which tests read as specimens of real traces
/// (every one of them, where a reader's two ways of reading must agree).
enum CommittedTraces {
    /// The `traces/` folder at the package's root.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("traces")

    /// Every committed trace file, in order of path; fails the test when the folder holds
    /// fewer than a test can call "every trace".
    static func all() throws -> [URL] {
        let traces = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sqlite" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThan(traces.count, 10, "the committed traces in \(folder.path)")
        return traces
    }
}
