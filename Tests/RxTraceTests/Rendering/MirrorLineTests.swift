import Foundation
@testable import RxTrace
import XCTest

/// Every RxCore, RxRelay and RxTesting file says on its first line what it is: the RxSwift or
/// RxCocoa file it mirrors, in the one form the page's link builder reads, or that it is
/// RxCore's (RxTesting's, RxRelay's) own, or generated.
final class MirrorLineTests: XCTestCase {
    func testEverySourceFile_namesWhatItMirrors_inTheFormThePageLinks() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        var unlinked: [String] = []
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
                    if SourceFiles.mirrorLink(inSource: text) == nil { unlinked.append("\(name): \(firstLine)") }
                } else if !firstLine.hasPrefix("// Mirrors ") {
                    continue  // RxCore's own, RxTesting's own, generated: no mirror to link.
                } else {
                    unlinked.append("\(name): \(firstLine)")
                }
            }
        }
        XCTAssertGreaterThan(files, 200)
        XCTAssertEqual(unlinked, [], "first lines the page cannot link: write `// Mirrors RxSwift's PATH.` or RxCocoa's")
    }
}
