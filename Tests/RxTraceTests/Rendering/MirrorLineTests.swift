import Foundation
@testable import RxTrace
import XCTest

/// Every RxCore, RxRelay and RxTesting file says on its first line what it is: the RxSwift or
/// RxCocoa file it mirrors, in the one form the page's link builder reads, or that it is
/// RxCore's (RxTesting's, RxRelay's) own, or generated; and the file it names exists in RxSwift
/// 6.10.2, the release RxCore follows (`RxSwift-6.10.2-files.txt`, each path checked there).
final class MirrorLineTests: XCTestCase {
    func testEverySourceFile_namesWhatItMirrors_inTheFormThePageLinks() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let release = try Self.rxSwiftReleaseFiles()
        var unlinked: [String] = []
        var notInRelease: [String] = []
        var files = 0
        for module in ["RxCore", "RxRelay", "RxTesting"] {
            let folder = sources.appendingPathComponent(module)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in enumerator where file.pathExtension == "swift" {
                files += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                let firstLine = text.prefix { $0 != "\n" }
                let name = file.path.replacingOccurrences(of: sources.path + "/", with: "")
                if firstLine.hasPrefix("// Mirrors RxSwift's ") || firstLine.hasPrefix("// Mirrors RxCocoa's ") {
                    if let path = SourceFiles.mirroredPath(inSource: text), SourceFiles.mirrorLink(inSource: text) != nil {
                        if !release.contains(path) { notInRelease.append("\(name): \(path)") }
                    } else {
                        unlinked.append("\(name): \(firstLine)")
                    }
                } else if !firstLine.hasPrefix("// Mirrors ") {
                    continue  // RxCore's own, RxTesting's own, generated: no mirror to link.
                } else {
                    unlinked.append("\(name): \(firstLine)")
                }
            }
        }
        XCTAssertGreaterThan(files, 200)
        XCTAssertEqual(unlinked, [], "first lines the page cannot link: write `// Mirrors RxSwift's PATH.` or RxCocoa's")
        XCTAssertEqual(
            notInRelease, [],
            "mirror lines naming no file of RxSwift \(SourceFiles.rxSwiftRelease): name the file the code lives in there, or say `// RxCore's own: …`"
        )
    }

    func testTheReleaseFileList_isTheOneTheLinksPointAt_andNamesOnlySwiftFiles() throws {
        XCTAssertEqual(SourceFiles.rxSwiftRelease, "6.10.2")
        let release = try Self.rxSwiftReleaseFiles()
        XCTAssertGreaterThan(release.count, 150)
        XCTAssertEqual(release.filter { !$0.hasSuffix(".swift") || $0.hasPrefix("/") }, [])
        XCTAssertFalse(release.contains("RxSwift/Hooks.swift"), "RxSwift 6 keeps Hooks in Rx.swift and ObservableType+Extensions.swift")
        XCTAssertFalse(release.contains("RxSwift/Observables/IgnoreElements.swift"), "RxSwift 6 keeps ignoreElements in Filter.swift")
    }

    /// The paths of `RxSwift-6.10.2-files.txt`, beside this file: one a line, `#` starts a comment.
    static func rxSwiftReleaseFiles() throws -> Set<String> {
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("RxSwift-\(SourceFiles.rxSwiftRelease)-files.txt")
        let text = try String(contentsOf: list, encoding: .utf8)
        return Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        )
    }
}
