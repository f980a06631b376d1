import Foundation
import RxCore
import RxTesting
@testable import RxTrace
import XCTest

/// The HTML page's content is built from the trace as the text report's is, and tested the
/// same way, without a browser (scripts/browser-test.py opens the pages in one): the same flows,
/// a lane per observable with the recorded events, only the source files the flows touch,
/// the leaks first, everything from the trace escaped, and bounded for large traces.
final class HTMLReportTests: RxTraceTestCase {
    /// The package's root folder.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let thisFile = "RxTraceTests/HTMLReportTests.swift"

    private var sources: SourceFiles { SourceFiles(root: Self.packageRoot.path) }

    func testFlows_HaveTheTextReportsStepsInTheSameOrder() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        let report = try HTMLReport(reader: reader, sources: sources)
        let flows = try FlowBuilder(reader: reader).flows()

        XCTAssertEqual(report.flows.map(\.number), flows.map(\.number))
        XCTAssertEqual(report.flows.map(\.title), flows.map(\.title))
        XCTAssertEqual(report.flows.map { $0.steps.map(\.label) }, flows.map { $0.steps.map(\.label) })
        XCTAssertEqual(report.flows.map { $0.steps.map(\.depth) }, flows.map { $0.steps.map(\.depth) })
        XCTAssertEqual(report.summaryLine, TextReportRenderer().render(try XCTUnwrap(TraceReport(reader: reader, sections: .summary).summary)))
        let subscribeFlow = try XCTUnwrap(report.flows.first { $0.subscription == 1 })
        XCTAssertEqual(subscribeFlow.userPlace.flatMap(HTMLReportBuilder.fileAndLine)?.file, Self.thisFile)
        XCTAssertEqual(subscribeFlow.steps.first?.place, "RxCore/ObservableType+Extensions.swift:29")
    }

    func testThePageWrittenAsItIsBuilt_isThePageOfItsReport_andCountsTheObjectsAliveAtTheEnd() throws {
        var leaked: [Disposable] = []
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            for _ in 0..<3 { leaked.append(subject.map { $0 + 1 }.subscribe(onNext: { _ in })) }
            leaked.append(subject.subscribe(onNext: { _ in }))
        }
        // Open in the trace; disposed for the leak check.
        defer { leaked.forEach { $0.dispose() } }
        let report = try HTMLReport(reader: reader, sources: sources)
        XCTAssertGreaterThan(Set(report.leaks.liveObjects.map(\.holder)).count, 1, "more than one block")

        var page = ""
        let summary = try HTMLReportRenderer().write(reader: reader, sources: sources) { page += $0 }

        XCTAssertEqual(page, try HTMLReportRenderer().render(report))
        XCTAssertEqual(summary.liveObjectCount, report.leaks.liveObjectCount)
        XCTAssertEqual(summary.liveObjects, [], "counted, not held")
        XCTAssertFalse(summary.isEmpty)
    }

    func testMarbles_OneLanePerObservableSourceFirst_WithValuesAndCompletion() throws {
        var line = 0
        let reader = try recordedTrace {
            line = #line; _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        let subscription = try XCTUnwrap(try HTMLReport(reader: reader, sources: sources).subscriptions.first)

        XCTAssertEqual(subscription.site, "\(Self.thisFile):\(line)")
        XCTAssertEqual(subscription.end, "completed")
        XCTAssertFalse(subscription.isVirtualTime)
        XCTAssertNil(subscription.disposedAt)
        XCTAssertEqual(subscription.lanes.map(\.label), [
            "Just<Int> #1 (just at \(Self.thisFile):\(line))",
            "Map<Int, Int> #2 (map at \(Self.thisFile):\(line))",
        ])
        XCTAssertEqual(subscription.lanes.map { $0.marbles.map(\.kind) }, [["next", "completed"], ["next", "completed"]])
        XCTAssertEqual(subscription.lanes.map { $0.marbles.map(\.value) }, [["1", nil], ["2", nil]])
        // Event order: each event its own place on the x axis, as delivered.
        XCTAssertEqual(subscription.lanes.flatMap { $0.marbles.map(\.x) }.sorted(), [0, 1, 2, 3])
        XCTAssertEqual(subscription.lanes[0].marbles.map(\.x), [0, 2])
        // The flows that built `just` and `map`, then the subscribe's.
        XCTAssertEqual(subscription.flows, [1, 2, 3])
        XCTAssertEqual(subscription.subscribeFlow, subscription.flows.last)
        XCTAssertTrue(subscription.lanes.allSatisfy { $0.marbles.allSatisfy { $0.flow == subscription.subscribeFlow } })
    }

    func testMarbles_FollowInnerSubscriptions_AndStopAtASharedSubject() throws {
        var subject: PublishSubject<Int>?
        var first: Disposable?
        let reader = try recordedTrace {
            let shared = PublishSubject<Int>()
            subject = shared
            first = shared.flatMap { Observable.just($0 * 10) }.subscribe(onNext: { _ in })
            _ = shared.subscribe(onNext: { _ in })
            shared.onNext(1)
            shared.onCompleted()
        }
        first = nil
        subject = nil
        XCTAssertNil(first)
        XCTAssertNil(subject)

        let subscriptions = try HTMLReport(reader: reader, sources: sources).subscriptions

        XCTAssertEqual(subscriptions.count, 2)
        // The flatMap's: the subject's elements, the merged output, and under it the inner just's.
        XCTAssertEqual(subscriptions[0].lanes.map { TypeNames.short(String($0.label.prefix { $0 != " " })) }, [
            "PublishSubject<Int>", "FlatMap<…>", "Just<Int>",
        ])
        XCTAssertEqual(subscriptions[0].lanes[1].marbles.map(\.value), ["10", nil])
        XCTAssertEqual(subscriptions[0].lanes.map(\.innerOf), [nil, nil, 1])
        XCTAssertEqual(subscriptions[0].lanes[2].innerEnd, "completed")
        // The second subscriber's lane is the subject's alone: nothing of the flatMap's.
        XCTAssertEqual(subscriptions[1].lanes.count, 1)
        XCTAssertEqual(subscriptions[1].lanes[0].marbles.map(\.kind), ["next", "completed"])
    }

    func testMarbles_FlatMapLatest_GroupsEachInnerUnderItsOperator_AndMarksTheOneItCancelled() throws {
        var subscription: Disposable?
        let reader = try recordedTrace {
            let searches = PublishSubject<Int>()
            let results = [PublishSubject<String>(), PublishSubject<String>()]
            subscription = searches.flatMapLatest { results[$0] }.subscribe(onNext: { _ in })
            searches.onNext(0)
            results[0].onNext("a")
            searches.onNext(1)
            results[0].onNext("dropped")
            results[1].onNext("b")
            results[1].onCompleted()
            subscription?.dispose()
        }
        subscription = nil
        XCTAssertNil(subscription)

        let lanes = try XCTUnwrap(try HTMLReport(reader: reader, sources: sources).subscriptions.first).lanes

        XCTAssertEqual(lanes.map { TypeNames.short(String($0.label.prefix { $0 != " " })) }, [
            "PublishSubject<Int>", "FlatMapLatest<…>", "PublishSubject<String>", "PublishSubject<String>",
        ])
        XCTAssertEqual(lanes.map(\.innerOf), [nil, nil, 1, 1])
        // The first search's results were let go when the second search came: marked where.
        XCTAssertEqual(lanes[2].marbles.map(\.value), ["a"])
        XCTAssertEqual(lanes[2].innerEnd, "cancelled")
        let cancelledAt = try XCTUnwrap(lanes[2].cancelledAt)
        let secondSearch = try XCTUnwrap(lanes[0].marbles.last?.x)
        let dropped = try XCTUnwrap(lanes[3].marbles.first?.x)
        XCTAssertTrue(Double(secondSearch) < cancelledAt && cancelledAt < Double(dropped), "\(cancelledAt)")
        // Each inner lane opens where its search subscribed to it, not where its subject was made.
        let firstSearch = try XCTUnwrap(lanes[0].marbles.first?.x)
        let firstInnerOpens = try XCTUnwrap(lanes[2].subscribedAt)
        let secondInnerOpens = try XCTUnwrap(lanes[3].subscribedAt)
        XCTAssertTrue(Double(firstSearch) < firstInnerOpens && firstInnerOpens < Double(lanes[2].marbles[0].x))
        XCTAssertTrue(Double(secondSearch) < secondInnerOpens && secondInnerOpens < Double(dropped), "\(secondInnerOpens)")
        XCTAssertEqual(lanes[3].marbles.map(\.value), ["b", nil])
        XCTAssertEqual(lanes[3].innerEnd, "completed")
        XCTAssertNil(lanes[3].cancelledAt)
    }

    func testMarbles_OnATestScheduler_UseVirtualTime_AndShowTheDispose() throws {
        let reader = try recordedTrace {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(310, 1), .next(350, 2), .next(450, 3)])
            var subscription: Disposable?
            scheduler.scheduleAt(300) { subscription = xs.map { $0 + 1 }.subscribe(onNext: { _ in }) }
            scheduler.scheduleAt(400) { subscription?.dispose() }
            scheduler.start()
        }

        let subscription = try XCTUnwrap(try HTMLReport(reader: reader, sources: sources).subscriptions.first)

        XCTAssertTrue(subscription.isVirtualTime)
        XCTAssertEqual(subscription.end, "disposed")
        // Subscribed inside the scheduler's action: the flow of that action holds the subscribe.
        XCTAssertNotNil(subscription.subscribeFlow)
        let map = try XCTUnwrap(subscription.lanes.last)
        XCTAssertTrue(map.label.hasPrefix("Map<Int, Int>"), map.label)
        XCTAssertEqual(map.marbles.map(\.x), [310, 350])
        XCTAssertEqual(map.marbles.map(\.value), ["2", "3"])
        let disposedAt = try XCTUnwrap(subscription.disposedAt)
        XCTAssertTrue(disposedAt > 350 && disposedAt < 450, "\(disposedAt)")
    }

    func testMarbles_WithValuesOff_CarryNoValues() throws {
        let recorder = try InMemoryTraceRecorder(isRecordingValues: false)
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just("secret").map { $0 + "!" }.subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        let reader = try TraceReader(database: recorder.finish())

        let report = try HTMLReport(reader: reader, sources: sources)

        XCTAssertFalse(report.isRecordingValues)
        let marbles = try XCTUnwrap(report.subscriptions.first).lanes.flatMap(\.marbles)
        XCTAssertEqual(marbles.count, 4)
        XCTAssertTrue(marbles.allSatisfy { $0.value == nil })
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertFalse(page.contains("secret"))
    }

    func testSources_OnlyTheFilesTheFlowsTouch_WithTheRxSwiftFileEachMirrors() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        let report = try HTMLReport(reader: reader, sources: sources)
        let byID = Dictionary(uniqueKeysWithValues: report.sources.map { ($0.fileID, $0) })

        XCTAssertEqual(report.sources.map(\.fileID), report.sources.map(\.fileID).sorted())
        let touched = Set(report.flows.flatMap { flow in
            flow.steps.compactMap { $0.place.flatMap(HTMLReportBuilder.fileAndLine)?.file }
                + [flow.userPlace.flatMap(HTMLReportBuilder.fileAndLine)?.file].compactMap { $0 }
        })
        XCTAssertEqual(Set(byID.keys), touched)
        XCTAssertNil(byID["RxCore/Zip.swift"])
        let map = try XCTUnwrap(byID["RxCore/Map.swift"])
        XCTAssertEqual(map.mirror, "https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift")
        XCTAssertEqual(map.lines?.first, "// Mirrors RxSwift's RxSwift/Observables/Map.swift.")
        XCTAssertNotNil(byID[Self.thisFile]?.lines)
        XCTAssertNil(byID[Self.thisFile]?.mirror)

        // Without the package's sources, each file is named and not embedded.
        let bare = try HTMLReport(reader: reader, sources: SourceFiles(root: nil))
        XCTAssertEqual(bare.sources.map(\.fileID), report.sources.map(\.fileID))
        XCTAssertTrue(bare.sources.allSatisfy { $0.lines == nil && $0.mirror == nil })
    }

    func testSourceRoot_DefaultsToThePackageHoldingTheTrace() throws {
        let trace = Self.packageRoot.appendingPathComponent("traces/empty.sqlite").path
        XCTAssertEqual(
            SourceFiles.defaultRoot(tracePath: trace, fileIDs: ["RxCore/Empty.swift"]).map { URL(fileURLWithPath: $0).standardizedFileURL },
            Self.packageRoot.standardizedFileURL
        )
        XCTAssertNil(SourceFiles.defaultRoot(tracePath: "/tmp/x.sqlite", fileIDs: ["NoSuchModule/File.swift"]))
        XCTAssertNil(SourceFiles.mirrorLink(inSource: "// Mirrors RxSwift's ../../etc/passwd.\n"))
        XCTAssertEqual(
            SourceFiles.mirroredPath(inSource: "// Mirrors RxSwift's RxSwift/Observables/Zip.swift: the state every arity\n"),
            "RxSwift/Observables/Zip.swift"
        )
        XCTAssertEqual(
            SourceFiles.mirrorLink(inSource: "// Mirrors RxCocoa's RxCocoa/Traits/Driver/Driver.swift.\n"),
            "https://github.com/ReactiveX/RxSwift/blob/\(SourceFiles.rxSwiftRelease)/RxCocoa/Traits/Driver/Driver.swift"
        )
        XCTAssertNil(SourceFiles.mirrorLink(inSource: "import RxCore\n"))
    }

    /// This file as a caller line names it: as its `#fileID` does, the module and the file's name.
    private static let thisFileAsCalled = thisFile

    func testCallerLines_OpenTheUsersLine_InTheUsersFileEmbeddedOnce() throws {
        var sendLine = 0
        var disposeLine = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            sendLine = #line; subject.onNext(21)
            disposeLine = #line; subscription.dispose()
        }
        let ownLines = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")

        let report = try HTMLReport(reader: reader, sources: sources)

        let steps = report.flows.flatMap(\.steps)
        let send = try XCTUnwrap(steps.first { $0.caller == "\(Self.thisFileAsCalled):\(sendLine)" })
        XCTAssertTrue(send.label.hasPrefix("PublishSubject.on"), send.label)
        XCTAssertEqual(send.place, "RxCore/PublishSubject.swift:51")
        XCTAssertNotNil(steps.first { $0.caller == "\(Self.thisFileAsCalled):\(disposeLine)" })
        // The subscribe site and the caller lines name one file, embedded once.
        let named = report.sources.filter { $0.fileID == Self.thisFile }
        XCTAssertEqual(named.count, 1)
        XCTAssertNil(named.first?.aliases)
        XCTAssertEqual(named.first?.lines?[sendLine - 1], ownLines[sendLine - 1])
    }

    func testCallerLines_WithoutTheSourceRoot_EmbedTheFileAtThePathTheDebugInformationNames() throws {
        var sendLine = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            _ = subject.subscribe(onNext: { _ in })
            sendLine = #line; subject.onNext(21)
        }
        let ownLines = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")

        let report = try HTMLReport(reader: reader, sources: SourceFiles(root: nil))

        // The subscribe site's `#fileID` is the caller lines' file too: one source.
        let source = try XCTUnwrap(report.sources.first { $0.fileID == Self.thisFile })
        XCTAssertEqual(source.lines?[sendLine - 1], ownLines[sendLine - 1])
        // RxCore's files are named by `#fileID` only; without the package they stay out.
        XCTAssertNil(report.sources.first { $0.fileID == "RxCore/PublishSubject.swift" }?.lines)
        XCTAssertTrue(report.notes.isEmpty, "\(report.notes)")

        var small = HTMLReport.Limits()
        small.sourceFileBytes = 1024
        let capped = try HTMLReport(reader: reader, sources: SourceFiles(root: nil), limits: small)
        XCTAssertNil(capped.sources.first { $0.fileID == Self.thisFile }?.lines)
        XCTAssertEqual(
            capped.notes,
            ["1 source file named but not embedded: larger than 1 KiB, or past 8 MiB of sources in all."]
        )
    }

    func testLeaks_OneClickAway_WithTheSubscribeLineLinkedToTheSourceView() throws {
        var line = 0
        var keptAlive: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; keptAlive = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
        }
        keptAlive?.dispose()

        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: sources))

        // After the explorer, not above everything; the step bar's button leads there.
        let leaks = try XCTUnwrap(page.range(of: "<section id=\"leaks\" class=\"has-leaks\">"))
        let app = try XCTUnwrap(page.range(of: "<main id=\"app\" hidden>"))
        XCTAssertLessThan(app.lowerBound, leaks.lowerBound)
        XCTAssertTrue(page.contains("<button type=\"button\" id=\"leaks-button\" class=\"has-leaks\">⚠ 1 leak ↓</button>"))
        XCTAssertTrue(page.contains(
            "<a class=\"source-link mono\" id=\"leak-1-site\" href=\"#src=\(Self.thisFile):\(line)&amp;show=explorer\">\(Self.thisFile):\(line)</a>"
        ))
        XCTAssertTrue(page.contains("<li>Map&lt;Int, Int&gt; #2 (map at \(Self.thisFile):\(line))</li>"))
        XCTAssertTrue(page.contains(LeakReportRenderer.subscriptionAdvice))
        XCTAssertTrue(page.contains("<dt>verdict</dt><dd>retaining: it keeps 4 objects alive</dd>"), page)
    }

    /// A model that captures itself strongly in a subscription kept in its own bag.
    final class CyclicModel {
        let name = PublishSubject<String>()
        var greeting = ""
        let bag = DisposeBag()

        init() {
            name.subscribe(onNext: { self.greeting = $0 }).disposed(by: bag)
        }
    }

    func testLeaks_SayWhatTheTextReportSays_TheRetainCycleThroughABagWithItsWeakCaptureFix() throws {
        weak var model: CyclicModel?
        let reader = try recordedTrace {
            let strong = CyclicModel()
            model = strong
        }
        defer { model?.name.onCompleted() }
        let report = try LeakFinder(reader: reader).report()
        let open = try XCTUnwrap(report.openSubscriptions.first)

        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: sources))

        XCTAssertTrue(page.contains("<dt>verdict</dt><dd>" + LeakWording.verdictText(open) + "</dd>"), page)
        XCTAssertTrue(page.contains("<dt>in bag</dt><dd>" + LeakWording.bagText(try XCTUnwrap(open.bag))), page)
        XCTAssertTrue(page.contains(LeakWording.bagCycleAdvice.replacingOccurrences(of: "'", with: "&#39;")), page)
        XCTAssertFalse(page.contains(LeakReportRenderer.subscriptionAdvice), "never 'add it to a DisposeBag' for a subscription in one")
    }

    func testWalkthrough_PlacesEachMomentOnTheFlowRowThatShowsIt() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }

        let report = try HTMLReport(reader: reader, sources: sources)
        let walkthrough = report.walkthrough
        let moments = try reader.moments(limit: 10_000)

        XCTAssertEqual(walkthrough.total, moments.count)
        XCTAssertEqual(walkthrough.moments.count, 4 * moments.count)
        let flows = Dictionary(uniqueKeysWithValues: report.flows.map { ($0.number, $0) })
        for (index, moment) in moments.enumerated() {
            let (kind, flow, row, id) = (
                walkthrough.moments[4 * index], walkthrough.moments[4 * index + 1],
                walkthrough.moments[4 * index + 2], walkthrough.moments[4 * index + 3]
            )
            XCTAssertEqual(kind, Int64(moment.kind.rawValue))
            XCTAssertEqual(id, moment.id)
            switch moment.kind {
            case .call:
                // A call's row is the call: the same step, as the flow prints it.
                let step = try XCTUnwrap(flows[Int(flow)]?.steps[Int(row)], "call #\(id) has a row")
                let call = try XCTUnwrap(try reader.call(id))
                XCTAssertEqual(step.label, call.label)
            case .`init`:
                if flow != 0 {
                    XCTAssertEqual(flows[Int(flow)]?.steps[Int(row)].isInit, true)
                }
            case .`deinit`:
                XCTAssertEqual(flow, 0, "a deinit has no row: the trace does not say which call released it")
            case .event, .end:
                XCTAssertNotEqual(flow, 0)
            }
        }
        // The objects from their init's moment to their deinit's.
        let objects = try reader.objects()
        XCTAssertEqual(walkthrough.objects.count, 4 * objects.count)
        for (index, object) in objects.enumerated() {
            let (id, type, start, end) = (
                walkthrough.objects[4 * index], walkthrough.objects[4 * index + 1],
                Int(walkthrough.objects[4 * index + 2]), Int(walkthrough.objects[4 * index + 3])
            )
            XCTAssertEqual(id, object.id)
            XCTAssertEqual("\(walkthrough.types[Int(type)]) #\(id)", object.label)
            XCTAssertEqual(moments[start].kind, .`init`)
            XCTAssertEqual(moments[start].id, id)
            if end >= 0 {
                XCTAssertEqual(moments[end].kind, .`deinit`)
                XCTAssertEqual(moments[end].id, id)
            } else {
                XCTAssertTrue(object.isAlive)
            }
        }
        // The subscription from its subscribe call to its end, and the marbles' events in the moments.
        let subscription = try XCTUnwrap(try reader.subscription(1))
        XCTAssertEqual(Array(walkthrough.subscriptions.prefix(4)), [
            1, try XCTUnwrap(subscription.observableObjectID), try XCTUnwrap(subscription.observerObjectID),
            try XCTUnwrap(subscription.disposableObjectID),
        ])
        let start = Int(walkthrough.subscriptions[4])
        XCTAssertEqual(moments[start].kind, .call)
        XCTAssertEqual(moments[start].id, subscription.callID)
        XCTAssertEqual(moments[Int(walkthrough.subscriptions[5])].kind, .end)
        let eventMoments = Set(moments.filter { $0.kind == .event }.map(\.id))
        let marbles = report.subscriptions.flatMap { $0.lanes.flatMap(\.marbles) }
        XCTAssertFalse(marbles.isEmpty)
        XCTAssertTrue(marbles.allSatisfy { eventMoments.contains($0.event) })
        XCTAssertEqual(walkthrough.events.count, 4 * eventMoments.count)
    }

    func testMarbles_MarkTheElementAReplayingSourceHandsANewSubscriber_AndWhereEachLaneBegan() throws {
        let reader = try recordedTrace {
            let subject = BehaviorSubject(value: 0)
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }

        let subscription = try XCTUnwrap(try HTMLReport(reader: reader, sources: sources).subscriptions.first)

        let lane = try XCTUnwrap(subscription.lanes.first)
        XCTAssertEqual(lane.marbles.map(\.value), ["0", "1"])
        XCTAssertEqual(lane.marbles.map(\.isReplayed), [true, nil], "the current value replayed, the later one sent")
        // The lane began at the subscribe, before its first event (event order: x 0).
        XCTAssertEqual(lane.subscribedAt, -0.5)
    }

    func testMarbles_MarkNothingReplayed_ForAColdSourceDeliveringInsideSubscribe() throws {
        let reader = try recordedTrace { _ = Observable.just(1).subscribe(onNext: { _ in }) }

        let subscription = try XCTUnwrap(try HTMLReport(reader: reader, sources: sources).subscriptions.first)

        XCTAssertTrue(subscription.lanes.allSatisfy { $0.marbles.allSatisfy { $0.isReplayed == nil } })
    }

    func testLesson_OpensThePage_ReadableWithoutJavaScript() throws {
        let reader = try recordedTrace { _ = Observable<Int>.empty().subscribe { _ in } }
        let lesson = HTMLReport.Lesson(
            article: "001 · Reading <empty>", demonstrates: "empty() completes at once", notice: "No sink is made.",
            isLeakExpected: true)

        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: sources, lesson: lesson))

        let section = try XCTUnwrap(page.range(of: "<section id=\"lesson\">"))
        XCTAssertLessThan(section.lowerBound, try XCTUnwrap(page.range(of: "</header>")).lowerBound)
        XCTAssertTrue(page.contains("<strong id=\"lesson-article\">001 · Reading &lt;empty&gt;</strong>"), page)
        XCTAssertTrue(page.contains("<span class=\"leak-badge\">leaks on purpose</span>"))
        XCTAssertTrue(page.contains("<p id=\"lesson-demonstrates\">empty() completes at once</p>"))
        XCTAssertTrue(page.contains("No sink is made."))
        XCTAssertFalse(try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: sources)).contains("id=\"lesson\""))
    }

    func testEverythingFromTheTrace_IsEscaped() throws {
        let recorder = try InMemoryTraceRecorder(program: "hostile")
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just("v").map { $0 + "!" }.subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()
        let attack = "'</script><img src=x onerror=alert(1)>&\u{2028}'"
        try database.execute(
            """
            UPDATE run SET program = program || \(attack);
            UPDATE type SET type_name = type_name || \(attack);
            UPDATE step SET name = name || \(attack), file = \(attack) || file;
            UPDATE subscription SET file = \(attack) || file;
            UPDATE event SET value = value || \(attack) WHERE value IS NOT NULL;
            UPDATE thread SET name = name || \(attack);
            """
        )
        let report = try HTMLReport(reader: TraceReader(database: database), sources: SourceFiles(root: nil))

        let page = try HTMLReportRenderer().render(report)

        XCTAssertFalse(page.contains("<img"))
        XCTAssertEqual(page.components(separatedBy: "</script>").count, 3, "only the page's own two scripts end")
        XCTAssertTrue(page.contains("<h1>hostile&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;"))
        // The data gives the text back unchanged.
        let start = try XCTUnwrap(page.range(of: "<script type=\"application/json\" id=\"trace-data\">")).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let decoded = try JSONDecoder().decode(HTMLReport.self, from: Data(page[start..<end].utf8))
        XCTAssertEqual(decoded, report)
        XCTAssertTrue(decoded.program.hasSuffix("</script><img src=x onerror=alert(1)>&\u{2028}"))
    }

    func testLargeTrace_KeepsTheLargestFlowsWithinTheLimit_AndSaysWhatItLeftOut() throws {
        let reader = try recordedTrace {
            for _ in 0..<20 { _ = Observable.just(1).subscribe(onNext: { _ in }) }
            _ = Observable.of(1, 2, 3).map { $0 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        }
        let all = try FlowBuilder(reader: reader).flows()
        let largest = try XCTUnwrap(all.max { $0.steps.count < $1.steps.count })
        var limits = HTMLReport.Limits()
        // Room for the largest flow (the budget counts each call twice, for the objects it
        // creates) and little more.
        limits.steps = 2 * largest.steps.filter { $0.kind == .call }.count + 1
        limits.lifetimeObjects = 3
        limits.threadCalls = 4

        let report = try HTMLReport(reader: reader, sources: sources, limits: limits)

        XCTAssertLessThan(report.flows.count, all.count)
        XCTAssertTrue(report.flows.contains { $0.number == largest.number }, "the largest flow is kept")
        XCTAssertEqual(report.flows.map(\.number), report.flows.map(\.number).sorted())
        for flow in report.flows {
            XCTAssertEqual(flow.steps.map(\.label), all.first { $0.number == flow.number }?.steps.map(\.label))
        }
        XCTAssertEqual(report.lifetimes.flatMap(\.lives).count, 3)
        XCTAssertEqual(report.threads.flatMap(\.calls).count, 4)
        // Every subscription is listed; those whose flows were left out without flows or marbles.
        XCTAssertEqual(report.subscriptions.map(\.id), Array(1...21))
        let listedOnly = report.subscriptions.filter { !$0.isInPage }
        XCTAssertFalse(listedOnly.isEmpty)
        XCTAssertTrue(listedOnly.allSatisfy { $0.flows.isEmpty && $0.lanes.isEmpty && $0.end == "completed" })
        XCTAssertEqual(report.notes.count, 4, "\(report.notes)")
        XCTAssertTrue(report.notes[1].hasSuffix("(listed): `rxtrace report --subscription N` prints any one."), report.notes[1])
        XCTAssertTrue(report.notes[0].hasSuffix("`rxtrace report --all` prints every flow."), report.notes[0])
    }

    func testResources_StartAndEndAtTheRecordedTotals() throws {
        var keptAlive: Disposable?
        let reader = try recordedTrace {
            keptAlive = PublishSubject<Int>().subscribe(onNext: { _ in })
        }
        keptAlive?.dispose()

        let report = try HTMLReport(reader: reader, sources: sources)

        XCTAssertEqual(report.resources.first?.total, reader.run.resourcesTotalStart)
        XCTAssertEqual(report.resources.last?.total, reader.run.resourcesTotalEnd)
        XCTAssertEqual(report.resources.map(\.time), report.resources.map(\.time).sorted())
    }

    /// The page around the data (head, policy, style, panels, script) against
    /// `Snapshots/static-page.html`; `RXTRACE_RECORD=1` records it afresh.
    func testStaticParts_MatchTheSnapshot() throws {
        let report = HTMLReport(
            program: "snapshot", summaryLine: "snapshot · 0 flows", isRecordingValues: true, flows: [], subscriptions: [],
            leaks: LeakReport(resourcesTotalStart: 0, resourcesTotalEnd: 0, openSubscriptions: [], liveObjects: []),
            sources: [], endTime: 0, lifetimes: [], resources: [], threads: [], notes: ["A note."]
        )
        let page = try HTMLReportRenderer().render(report)
        let snapshot = Self.packageRoot.appendingPathComponent("Tests/RxTraceTests/Rendering/Snapshots/static-page.html")
        if ProcessInfo.processInfo.environment["RXTRACE_RECORD"] == "1" {
            try page.write(to: snapshot, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(
            page, try String(contentsOf: snapshot, encoding: .utf8),
            "the page's static parts changed; if that was meant, re-record with RXTRACE_RECORD=1"
        )
        XCTAssertTrue(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        XCTAssertTrue(page.contains("<script>" + HTMLReportRenderer.scriptText + "</script>"))
        XCTAssertTrue(page.contains("<style>" + HTMLReportRenderer.styleText + "</style>"))
    }

    func testSHA256_GivesTheStandardsDigests() {
        func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        XCTAssertEqual(hex(String(repeating: "a", count: 1_000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        XCTAssertEqual(SHA256.contentSecurityPolicySource(of: "abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }
}
