// RxTesting's own: where an XCTest leak failure is recorded. XCTest on Linux knows a test by
// its class and method name only, so the leak check finds the source line itself.

import Foundation
import RxTrace

/// The file and line an XCTest leak failure is recorded at: the leaking `subscribe` when it
/// lies in the test's own file, or else the test method's declaration.
///
/// XCTest's `XCTFail` from the base class would point at RxTesting's own source, where no one
/// looks. The test's file is found by reading the test target's sources under the package's
/// `Tests/` folder (where `swift test` runs): the file that declares the test class and
/// `func <method>(`. When no such file is found (a package laid out otherwise), there is no
/// location, and the failure is recorded as before.
struct TestMethodLocation: Equatable {
    /// The test file's path, as the file system names it.
    var path: String
    /// The leaking subscribe's line in it, or the test method's.
    var line: Int

    /// The location for a failure of `className.method`, a test of `module`, that reports
    /// `report`; `root` is the package's folder.
    init?(
        module: String, className: String, method: String, report: LeakReport,
        root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        guard
            let (path, methodLine) = Self.declaration(
                of: method, in: className, under: root.appendingPathComponent("Tests")
            )
        else { return nil }
        self.path = path
        // `file` is a `#fileID`: the module, a slash, the file's name.
        let fileID = "\(module)/\((path as NSString).lastPathComponent)"
        let leakLines = report.openSubscriptions.map(\.subscription).filter { $0.file == fileID }.map(\.line)
        self.line = leakLines.min() ?? methodLine
    }

    /// The file under `folder` that declares `className` and `func method(`, and the line of
    /// that `func`.
    private static func declaration(of method: String, in className: String, under folder: URL) -> (String, Int)? {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return nil
        }
        let classDeclaration = try! NSRegularExpression(
            pattern: #"\b(class|extension)\s+\#(NSRegularExpression.escapedPattern(for: className))\b"#
        )
        let methodDeclaration = "func \(method)("
        for case let file as URL in files where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(methodDeclaration) else {
                continue
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // The first `func method(` after a declaration of the class: a file may declare
            // several test classes with methods of the same name.
            for start in lines.indices
            where classDeclaration.firstMatch(
                in: String(lines[start]), range: NSRange(lines[start].startIndex..., in: lines[start])
            ) != nil {
                if let index = lines[start...].firstIndex(where: { $0.contains(methodDeclaration) }) {
                    return (file.path, index + 1)
                }
            }
        }
        return nil
    }
}
