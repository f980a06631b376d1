import Foundation
@testable import RxTrace
import XCTest

/// The user's line behind an entry point, with no `file:line` parameter: `rxtrace why` walks
/// back to the `onNext` that pushed an event in, and `report --subscription` names the
/// `dispose()` or the `bag = nil` that ended a subscription. The child program's lines are
/// marked `// caller: NAME` in Tests/Fixtures/rxtrace-fixture/main.swift.
final class CallerLineTests: XCTestCase {
    /// `Fixtures/rxtrace-fixture/main.swift:N`, N being the line marked `// caller: name`.
    private func markedLine(_ name: String) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/rxtrace-fixture/main.swift")
        let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// caller: \(name)") }, "no line marked \(name)")
        // As `#fileID` names it: the fixture's module, whatever its folder is called.
        return "rxtrace_fixture/main.swift:\(index + 1)"
    }

    /// The trace of the fixture's `callerLines()`, recorded by a child in `mode`.
    private func trace(_ mode: String) throws -> TraceReader {
        let path = Fixture.temporaryTracePath("callers-\(mode)")
        XCTAssertEqual(try Fixture.run([mode, path]), .exited(0))
        return try TraceReader(path: path)
    }

    private func why(event id: Int64, in reader: TraceReader) throws -> EventExplanation {
        try XCTUnwrap(CauseFinder(reader: reader).why(event: id))
    }

    private func ending(of id: Int64, in reader: TraceReader) throws -> String {
        try CauseFinder(reader: reader).ending(of: XCTUnwrap(reader.subscription(id)))
    }

    func testWhy_anEventSentWithOnNext_walksBackToTheOnNextLine() throws {
        let reader = try trace("callers")

        XCTAssertEqual(
            try why(event: 1, in: reader).origin,
            "PublishSubject.on(.next(21)) on PublishSubject<Int> #1 · thread main, called at \(try markedLine("onNext")) "
                + "(RxCore/PublishSubject.swift:51)"
        )
    }

    func testEnding_aSubscriptionDisposedWithDispose_namesTheDisposeLine() throws {
        let reader = try trace("callers")

        XCTAssertEqual(
            try ending(of: 1, in: reader),
            "ended: disposed by a dispose() at \(try markedLine("dispose")) of the Disposable subscribe returned, "
                + "BinaryDisposable #3, on thread main"
        )
    }

    func testEnding_aSubscriptionInABagReleasedWithNil_namesTheLineThatReleasedTheBag() throws {
        let reader = try trace("callers")

        let ended = try ending(of: 2, in: reader)
        XCTAssertTrue(ended.hasPrefix("ended: disposed by DisposeBag #4's deinit (bag made at "), ended)
        XCTAssertTrue(ended.hasSuffix(", released at \(try markedLine("bag"))"), ended)
    }

    func testWhy_onNextInsideCreate_namesItsLineAmongTheHops() throws {
        let reader = try trace("callers")

        let hops = try why(event: 3, in: reader).hops
        XCTAssertEqual(hops.first?.kind, "call")
        XCTAssertEqual(hops.first?.text, "AnyObserver.on called at \(try markedLine("create"))")
    }

    func testAFinishedTrace_keepsTheLinesItsWriterSymbolized() throws {
        let reader = try trace("callers")

        XCTAssertEqual(try reader.database.scalar("SELECT count(*) FROM image WHERE symbolizer IS NULL AND path LIKE '%rxtrace-fixture'")?.integer, 0)
        XCTAssertGreaterThan(try reader.database.scalar("SELECT count(*) FROM caller_line")?.integer ?? 0, 0)
    }

    func testATraceWhoseProgramExited_hasAddressesButNoLines_andTheReaderSymbolizesThemInMemory() throws {
        let reader = try trace("callers-exit")

        XCTAssertEqual(try reader.database.scalar("SELECT count(*) FROM caller_line")?.integer, 0)
        guard case .line(let frame) = try reader.callerLine(ofCall: rootCall(of: 1, in: reader)) else {
            return XCTFail("the reader named no line")
        }
        XCTAssertEqual(frame.location, try markedLine("onNext"))
    }

    /// The root call of event `id`'s chain of causes.
    private func rootCall(of id: Int64, in reader: TraceReader) throws -> Int64 {
        try XCTUnwrap(reader.causes(ofEvent: id).last?.call.id)
    }

    // MARK: - No line to name

    func testAddressesThatNameNoSourceLine_sayTheProgramHasNoSymbols() {
        let unknown = CallerFrame(function: nil, file: nil, line: nil)

        XCTAssertEqual(CallerLine.find(in: [[unknown], [unknown]]), .unresolved("the program has no symbols"))
    }

    func testAddressesThatAllLieInsideRxCore_sayNoUserLineWasCaptured() {
        let inside = CallerFrame(function: "on", file: "/src/Sources/RxCore/Subjects/PublishSubject.swift", line: 51)

        XCTAssertEqual(CallerLine.find(in: [[inside]]), .unresolved("every captured frame lies inside RxCore"))
    }

    func testALocation_isAsFileIDSaysIt_theFunctionsModuleAndTheFilesName() {
        let method = CallerFrame(
            function: "RxExamples.OnceExample.run(RxExamples.ExampleOutput) -> ()",
            file: "/src/Sources/RxExamples/Examples/OnceExample.swift", line: 15)
        let closure = CallerFrame(
            function: "closure #1 (Swift.Int) -> () in App.LoginViewModel.init() -> App.LoginViewModel",
            file: "/src/Sources/App/Screens/Login/LoginViewModel.swift", line: 9)
        let topLevel = CallerFrame(function: "main", file: "/src/Tests/Fixtures/tool/main.swift", line: 3)

        XCTAssertEqual(method.location, "RxExamples/OnceExample.swift:15")
        XCTAssertEqual(closure.location, "App/LoginViewModel.swift:9")
        XCTAssertEqual(topLevel.location, "Fixtures/tool/main.swift:3", "no module in the name: the path below Tests/")
    }

    func testFramesOfTheCompanionLibraries_areNotTheUsers() {
        let companions = ["RxRelay", "RxCocoa", "RxSwift", "RxTest", "RxBlocking", "RxTesting"].map {
            CallerFrame(function: "bind", file: "/src/Sources/\($0)/Observable+Bind.swift", line: 20)
        }
        let user = CallerFrame(function: "App.Model.start() -> ()", file: "/src/Sources/App/Model.swift", line: 8)

        XCTAssertTrue(companions.allSatisfy(\.isInsideRxCore))
        XCTAssertEqual(CallerLine.find(in: companions.map { [$0] } + [[user]]), .line(user))
    }

    func testASiteInTopLevelCode_isInTheExecutablesModule() {
        let renamedMain = CallerFrame(
            function: "rxtrace_fixture_main", file: "/src/Tests/Fixtures/rxtrace-fixture/main.swift", line: 12)
        let plainMain = CallerFrame(function: "main", file: "/src/Sources/my-tool/main.swift", line: 3)
        let method = CallerFrame(
            function: "RxExamples.OnceExample.run(RxExamples.ExampleOutput) -> ()",
            file: "/src/Sources/RxExamples/Examples/OnceExample.swift", line: 15)

        XCTAssertEqual(renamedMain.siteLocation?.file, "rxtrace_fixture/main.swift")
        XCTAssertEqual(
            renamedMain.location, "rxtrace_fixture/main.swift:12",
            "an entry point's line reads as the sites do: `DisposeBag.init at` and `built at` the same file")
        XCTAssertEqual(plainMain.siteLocation(inImage: "/src/.build/debug/my-tool")?.file, "my_tool/main.swift")
        XCTAssertEqual(method.siteLocation?.file, "RxExamples/OnceExample.swift")
        XCTAssertEqual(method.siteLocation?.line, 15)
    }

    func testTheUserLine_isTheFirstFrameOutsideRxCore_alongTheInlineChains() {
        let inlined = CallerFrame(function: "onNext", file: "/src/Sources/RxCore/ObserverType.swift", line: 15)
        let user = CallerFrame(function: "main", file: "/src/Sources/App/main.swift", line: 4)

        XCTAssertEqual(CallerLine.find(in: [[inlined, user]]), .line(user))
        XCTAssertEqual(user.location, "App/main.swift:4")
    }

    func testRxCoresFunctionSpecializedAndInlinedIntoTheUsersCode_isRxCores_andTheUserLineIsTheOneItIsInlinedInto() {
        // A release build: `map` and `subscribe` specialized for the user's types and inlined
        // into `main`, whose line the next entry of the same address's inline chain names.
        let map = CallerFrame(
            function: "generic specialization <RxCore.Observable<Swift.Int>, Swift.Int> of (extension in RxCore):"
                + "RxCore.ObservableType.map<A>((A.Element) throws -> A1) -> RxCore.Observable<A1>",
            file: nil, line: nil)
        let subscribe = CallerFrame(
            function: "generic specialization <RxCore.Observable<Swift.Int>> of function signature specialization "
                + "<Arg[0] = Dead> of (extension in RxCore):RxCore.ObservableType.subscribe(onNext: "
                + "Swift.Optional<(A.Element) -> ()>) -> RxCore.Disposable",
            file: nil, line: nil)
        let just = CallerFrame(
            function: "generic specialization <RxCore.Observable<Swift.Int>> of static (extension in RxCore):"
                + "RxCore.ObservableType.just(A.Element) -> RxCore.Observable<A.Element>",
            file: nil, line: nil)
        let simplified = CallerFrame(function: "specialized ObservableType.map<A>(_:)", file: nil, line: nil)
        let user = CallerFrame(function: "App_main", file: "/src/Sources/App/main.swift", line: 210)

        XCTAssertFalse(map.isUserFunctionWithoutLine)
        XCTAssertFalse(subscribe.isUserFunctionWithoutLine)
        XCTAssertEqual(CallerLine.find(in: [[map, user]]), .line(user))
        XCTAssertEqual(CallerLine.find(in: [[subscribe, user]]), .line(user))
        XCTAssertEqual(CallerLine.find(in: [[just, user]]), .line(user))
        XCTAssertEqual(
            CallerFrame.withoutCompilerWrapping(simplified.function!), "ObservableType.map<A>(_:)",
            "the simplified form's `specialized` goes too")
        XCTAssertTrue(
            CallerFrame(function: "generic specialization <Swift.Int> of App.Model.stop() -> ()", file: nil, line: nil)
                .isUserFunctionWithoutLine,
            "a user's function specialized is still the user's")
        XCTAssertEqual(
            CallerFrame(
                function: "closure #1 (Swift.Int) -> () in generic specialization <Swift.Int> of "
                    + "(extension in App):App.Model.start<A>(A) -> ()",
                file: "/src/Sources/App/Model.swift", line: 9
            ).location, "App/Model.swift:9", "a closure in a specialized extension method is in the method's module")
    }

    func testASiteWhoseStackNamedNoFrameOutsideRxCore_readsAsAnUnknownLine_notAsAnEmptyFile() {
        XCTAssertEqual(Assembly(name: "just", file: "", line: 0).description, "just at an unknown line")
        XCTAssertEqual(Assembly(name: "map", file: "App/Main.swift", line: 7).description, "map at App/Main.swift:7")
        XCTAssertEqual(SourceLine.text(file: "", line: 0), "an unknown line")
    }

    func testAFrameInTheSwiftRuntime_isNeverTheUsersLine_evenWhenTheSymbolizerNamesIt() {
        // Between a `bag = nil` and the bag's `deinit`: the runtime's release, named but with
        // no line (libswiftCore ships without debug information), or with a line of its own.
        let release = CallerFrame(
            function: "bool swift::RefCounts<swift::RefCountBitsT<(swift::RefCountInlinedness)1>>::"
                + "doDecrementSlow<(swift::PerformDeinit)1>(swift::RefCountBitsT<(swift::RefCountInlinedness)1>, unsigned int)",
            file: nil, line: nil)
        let releaseWithALine = CallerFrame(
            function: "swift_release", file: "/home/build-user/swift/stdlib/public/runtime/HeapObject.cpp", line: 120)
        let user = CallerFrame(function: "main", file: "/src/Sources/App/main.swift", line: 7)
        let images = [
            "/usr/lib/swift/linux/libswiftCore.so", "/opt/swift-6.1/usr/lib/swift/linux/libswiftCore.so",
            "/src/.build/debug/App",
        ]

        XCTAssertFalse(release.isUserFunctionWithoutLine, "a C++ function is the runtime's")
        XCTAssertEqual(CallerLine.find(in: [[release], [releaseWithALine], [user]], images: images), .line(user))
        XCTAssertEqual(
            CallerLine.find(in: [[release], [releaseWithALine]], images: Array(images.prefix(2))),
            .unresolved("every captured frame lies inside RxCore"))
    }

    func testTheSystemsAndTheToolchainsLibraries_areSystemImages_andTheUsersFilesAreNot() {
        let system = [
            "/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
            "/usr/lib/swift/linux/libswiftCore.so", "/opt/swift/usr/lib/swift/linux/libFoundation.so",
            "/home/me/toolchain/libdispatch.so",
        ]
        let user = ["/src/.build/debug/App", "/src/.build/debug/RxTracePackageTests.xctest", "/src/.build/debug/libApp.so"]

        XCTAssertEqual(system.filter { !CallerFrame.isSystemImage($0) }, [])
        XCTAssertEqual(user.filter(CallerFrame.isSystemImage), [])
    }

    func testAToolchainModulesFunctionWithoutALine_isNotTheUsers() {
        let post = CallerFrame(
            function: "Foundation.NotificationCenter.post(name: Foundation.NSNotification.Name, object: Any?) -> ()",
            file: nil, line: nil)
        let userRelease = CallerFrame(function: "App.Model.stop() -> ()", file: nil, line: nil)

        XCTAssertFalse(post.isUserFunctionWithoutLine)
        XCTAssertTrue(userRelease.isUserFunctionWithoutLine)
    }

    // A bag's global-ness comes from the caller of its init, so this reads caller lines too.
    func testAModelDeclaredInMainSwift_itsOwnBagIsNoGlobals_andItsRetainCycleIsReported() throws {
        let path = Fixture.temporaryTracePath("owner-bag-in-main")
        XCTAssertEqual(try Fixture.run(["owner-bag-in-main"], environment: ["RXTRACE_FILE": path]), .exited(0))
        let reader = try TraceReader(path: path)

        let report = try LeakFinder(reader: reader).report()
        let open = try XCTUnwrap(report.openSubscriptions.first, LeakReportRenderer().render(report))

        XCTAssertNil(report.aliveAtExit, "a bag main.swift made is a global's only when top-level code made it")
        XCTAssertEqual(open.verdict, .retaining)
        XCTAssertEqual(open.bag?.madeIn, "MainSwiftModel.init()")
        XCTAssertEqual(open.bag?.ownerTypeName, "MainSwiftModel")
    }
}
