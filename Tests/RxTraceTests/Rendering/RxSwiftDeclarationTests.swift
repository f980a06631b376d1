import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// Each step RxCore records links, on the page, to what it mirrors in RxSwift 6.10.2: the
/// declaration's file (and line, where the table has it) or a note saying RxSwift 6 has no such
/// step or that it is RxCore's own. The table is complete for every step the sources enter.
final class RxSwiftDeclarationTests: RxTraceTestCase {
    /// The package's `Sources` folder.
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// A step a source file enters: its name, the file's `#fileID`, and the RxSwift file the
    /// file's first line says it mirrors.
    private struct EnteredStep: Hashable {
        var name: String
        var fileID: String
        var mirroredPath: String?
    }

    /// Every step name in RxCore, RxRelay and RxTesting: the literal given to `TraceCall.enter…`,
    /// to a work item's `invokeStepName:`, or to a recorder's `callEntered`.
    private static func enteredSteps() throws -> [EnteredStep] {
        let pattern = try NSRegularExpression(pattern: #"(?:\benter\w*\(|invokeStepName:|callEntered\()\s*"([^"]+)""#)
        var steps: [EnteredStep] = []
        for module in ["RxCore", "RxRelay", "RxTesting"] {
            let folder = sources.appendingPathComponent(module)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in enumerator where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for match in pattern.matches(in: text, range: range) {
                    guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                    steps.append(
                        EnteredStep(
                            name: name, fileID: "\(module)/\(file.lastPathComponent)",
                            mirroredPath: SourceFiles.mirroredPath(inSource: text)))
                }
            }
        }
        return steps
    }

    func testEveryStepTheSourcesEnter_hasAnEntry() throws {
        let steps = try Self.enteredSteps()
        XCTAssertGreaterThan(steps.count, 500)
        let missing = steps.filter { RxSwiftDeclaration.of(step: $0.name, inFile: $0.fileID) == nil }
            .map { "\($0.name) in \($0.fileID)" }
        XCTAssertEqual(missing, [], "steps with no entry in RxSwiftDeclaration.byStep: add each, or mark it RxCore's own")
    }

    func testEachEntry_isInTheRxSwiftFileItsRxCoreFileMirrors() throws {
        // Steps whose RxCore file mirrors one RxSwift file while RxSwift declares the step in another.
        let declaredElsewhere = ["dispatch": "RxSwift/Extensions/Bag+Rx.swift"]
        var wrong: [String] = []
        for step in try Self.enteredSteps() {
            // A file of RxCore's own (TraceCall.swift's doc comment) names a step declared elsewhere.
            guard let mirrored = step.mirroredPath,
                let path = RxSwiftDeclaration.of(step: step.name, inFile: step.fileID)?.path
            else { continue }
            let expected = declaredElsewhere[step.name] ?? mirrored
            if path != expected { wrong.append("\(step.name) in \(step.fileID): \(path), not \(expected)") }
        }
        XCTAssertEqual(wrong, [])
    }

    func testEveryPathInTheTable_isAFileOfTheRelease() throws {
        let release = try MirrorLineTests.rxSwiftReleaseFiles()
        let outside = RxSwiftDeclaration.byStep.compactMap { name, declaration in
            declaration.path.flatMap { release.contains($0) ? nil : "\(name): \($0)" }
        }
        XCTAssertEqual(outside.sorted(), [])
    }

    func testALine_linksToTheLineAtTheRelease_aFileToTheFile() {
        XCTAssertEqual(
            RxSwiftDeclaration.line(path: "RxSwift/Observables/Map.swift", line: 42).link,
            "https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift#L42")
        XCTAssertEqual(
            RxSwiftDeclaration.file(path: "RxSwift/Observables/Map.swift").link,
            "https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift")
        XCTAssertNil(RxSwiftDeclaration.line(path: "RxSwift/Observables/Map.swift", line: 42).note)
    }

    func testSubscribeSafe_isMarkedAsAStepRxSwift6DoesNotHave() throws {
        let subscribeSafe = try XCTUnwrap(RxSwiftDeclaration.of(step: "subscribeSafe", inFile: "RxCore/ObservableType+Extensions.swift"))
        XCTAssertNil(subscribeSafe.link)
        XCTAssertEqual(subscribeSafe.note?.hasPrefix("Not in RxSwift 6: "), true)
        let tag = try XCTUnwrap(RxSwiftDeclaration.of(step: "traceTag", inFile: "RxCore/TraceTag.swift"))
        XCTAssertNil(tag.link)
        XCTAssertEqual(tag.note?.hasPrefix("RxCore's own: "), true)
    }

    func testOneNameInSeveralFiles_isLookedUpInTheFileTheStepRanIn() {
        XCTAssertEqual(RxSwiftDeclaration.of(step: "skip", inFile: "RxCore/SkipWhile.swift")?.path, "RxSwift/Observables/SkipWhile.swift")
        XCTAssertEqual(RxSwiftDeclaration.of(step: "skip", inFile: "RxCore/Skip.swift")?.path, "RxSwift/Observables/Skip.swift")
        XCTAssertEqual(RxSwiftDeclaration.of(step: "Map.run", inFile: nil)?.path, "RxSwift/Observables/Map.swift")
        XCTAssertNil(RxSwiftDeclaration.of(step: "no such step", inFile: "RxCore/Map.swift"))
    }

    func testALabel_isReadUpToItsDetailOrObject_theLongestNameWinning() {
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "PublishSubject.on(.next(1)) [PublishSubject<Int> #1]"), "PublishSubject.on")
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "Map.run [Map<Int, Int> #2]"), "Map.run")
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "bind(to:)"), "bind(to:)")
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "subscribeSafe [PublishSubject<Int> #1]"), "subscribeSafe")
        XCTAssertNil(RxSwiftDeclaration.stepName(inLabel: "user code [X #1]"))
        XCTAssertNil(RxSwiftDeclaration.of(label: "init", isInit: true, place: nil))
    }

    func testALabelBeyondASCII_isReadAsAnASCIIOneIs_byItsCharacters() {
        // Read by characters: a space followed by a combining mark is no space.
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "PublishSubject.on(.next(é)) [Ünïcode #1]"), "PublishSubject.on")
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "Map.run \u{301}[Map<Int, Int> #2]"), nil)
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "Map.run \u{301} [Map<Int, Int> #2]"), nil)
        XCTAssertEqual(RxSwiftDeclaration.stepName(inLabel: "Map.run"), "Map.run")
        XCTAssertNil(RxSwiftDeclaration.stepName(inLabel: ""))
        XCTAssertNil(RxSwiftDeclaration.stepName(inLabel: " Map.run"))
        // A label longer than every name, its name followed by its detail far in.
        XCTAssertNil(RxSwiftDeclaration.stepName(inLabel: String(repeating: "x", count: 500) + " Map.run"))
    }

    func testAPlacesFile_isItsFirstPieceBetweenColons_asSplittingFindsIt() {
        for place in ["RxCore/Map.swift:30", ":30", "::a:b", "a", "", ":", "Ünï:code.swift:3", "é\u{301}::x"] {
            XCTAssertEqual(
                RxSwiftDeclaration.firstPiece(ofPlace: place), place.split(separator: ":").first.map(String.init), place)
        }
    }

    func testThePage_givesEachStepItsRxSwiftLink_orSaysWhyNot() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        let report = try HTMLReport(reader: reader, sources: SourceFiles(root: nil))
        let steps = report.flows.flatMap(\.steps).filter { !$0.isInit }

        let mapRun = try XCTUnwrap(steps.first { $0.label.hasPrefix("Map.run") })
        XCTAssertEqual(mapRun.mirror, "https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift#L70")
        XCTAssertNil(mapRun.mirrorNote)
        let mapSinkInit = try XCTUnwrap(report.flows.flatMap(\.steps).first { $0.isInit && $0.label.hasPrefix("init MapSink<") })
        XCTAssertEqual(mapSinkInit.mirror, "https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift#L33")
        let subscribeSafe = try XCTUnwrap(steps.first { $0.label.hasPrefix("subscribeSafe") })
        XCTAssertNil(subscribeSafe.mirror)
        XCTAssertEqual(subscribeSafe.mirrorNote?.hasPrefix("Not in RxSwift 6: "), true)
        let unlinked = steps.filter { $0.mirror == nil && $0.mirrorNote == nil }.map(\.label)
        XCTAssertEqual(unlinked, [], "every call step links to RxSwift or says why not")
        let withoutLine = steps.filter { $0.mirror != nil && !($0.mirror ?? "").contains("#L") }.map(\.label)
        XCTAssertEqual(withoutLine, [], "just, map and the closure subscribe link every step to its line")
    }
}
