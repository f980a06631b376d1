import RxCore
@testable import RxTrace
import XCTest

/// `rxtrace report --subscription N` shows a subscription's whole life: how its chain was
/// built, the flow that subscribed it, its events (counted, the first and last few), what ended
/// it at which user line and in which flow, that flow attached to it, and what was sent into its
/// chain after it ended, reaching no one.
final class SubscriptionLifeTests: RxTraceTestCase {
    private let file = "RxTraceTests/SubscriptionLifeTests.swift"
    private let fileID = "RxTraceTests/SubscriptionLifeTests.swift"

    private func summary(of id: Int64, in reader: TraceReader) throws -> SubscriptionSummary {
        try SubscriptionSummary(reader: reader, id: id)
    }

    private func flows(of id: Int64, in reader: TraceReader) throws -> [Flow] {
        try XCTUnwrap(FlowBuilder(reader: reader).flows(forSubscription: id))
    }

    // MARK: - How it ended, and the flow that ended it

    func testDisposedWithDispose_namesTheDisposeLine_andAttachesTheFlowThatDisposedIt() throws {
        var disposeLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
            disposeLine = #line; subscription.dispose()
        }

        let life = try summary(of: 1, in: reader)
        XCTAssertTrue(life.ended.hasPrefix("ended: disposed by a dispose() at \(fileID):\(disposeLine) "), life.ended)
        let endFlow = try XCTUnwrap(life.endedInFlow)
        let attached = try XCTUnwrap(flows(of: 1, in: reader).first { $0.number == endFlow })
        XCTAssertEqual(attached.endsSubscriptions, [1])
        XCTAssertTrue(attached.title.hasSuffix(".dispose at \(fileID):\(disposeLine)"), attached.title)
        XCTAssertTrue(
            FlowTreeRenderer().render(attached).contains(" · ends subscription #1 · thread main"),
            FlowTreeRenderer().render(attached)
        )
    }

    func testDisposedByReleasingItsBag_namesTheReleaseLine_andAttachesTheBagsDeinitFlow() throws {
        var releaseLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            var bag: DisposeBag? = DisposeBag()
            subject.subscribe(onNext: { _ in }).disposed(by: bag!)
            releaseLine = #line; bag = nil
            _ = bag
        }

        let life = try summary(of: 1, in: reader)
        XCTAssertTrue(life.ended.hasSuffix(", released at \(fileID):\(releaseLine)"), life.ended)
        let endFlow = try XCTUnwrap(life.endedInFlow)
        let attached = try XCTUnwrap(flows(of: 1, in: reader).first { $0.number == endFlow })
        XCTAssertEqual(attached.title, "DisposeBag.deinit at \(fileID):\(releaseLine)")
        XCTAssertEqual(attached.endsSubscriptions, [1])
        XCTAssertTrue(attached.steps.contains { $0.label.hasPrefix("DisposeBag.dispose") })
    }

    func testEndedByTheSourcesCompletion_namesTheSource_andTheFlowItCompletedIn() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subject.onCompleted()
        }

        let life = try summary(of: 1, in: reader)
        XCTAssertEqual(life.ended, "ended: completed, sent by PublishSubject<Int> #1")
        XCTAssertEqual(life.events?.counts, ["next": 1, "completed": 1])
        let endFlow = try XCTUnwrap(life.endedInFlow)
        XCTAssertEqual(life.events?.first.last?.flowNumber, endFlow)
        XCTAssertEqual(life.built, ["PublishSubject<Int> #1", "Map<Int, Int> #2 (map at \(file):\(line))"])
        XCTAssertTrue(try flows(of: 1, in: reader).contains { $0.number == endFlow && $0.endsSubscriptions == [1] })
    }

    func testCutShortByTake_namesTheTake_andTheSendThatCutItShort() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            _ = subject.take(1).subscribe(onNext: { _ in })
            subject.onNext(7)
        }

        let life = try summary(of: 1, in: reader)
        XCTAssertTrue(life.ended.hasPrefix("ended: completed by TakeCountSink<…> #"), life.ended)
        XCTAssertTrue(life.ended.hasSuffix("cutting it short on next(7) from PublishSubject<Int> #1"), life.ended)
        XCTAssertEqual(life.events?.first.map(\.event), ["next(7)", "completed"])
        XCTAssertEqual(life.events?.first.map(\.flowNumber), [life.endedInFlow, life.endedInFlow])
    }

    // MARK: - Its events, bounded

    func testManyEvents_areCounted_withOnlyTheFirstAndLastFewListed() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            for value in 1...100 { subject.onNext(value) }
            subscription.dispose()
        }

        let events = try XCTUnwrap(summary(of: 1, in: reader).events)
        XCTAssertEqual(events.count, 100)
        XCTAssertEqual(events.first.map(\.event), ["next(1)", "next(2)", "next(3)"])
        XCTAssertEqual(events.last.map(\.event), ["next(98)", "next(99)", "next(100)"])
        XCTAssertEqual(events.notShown, 94)
        let text = try summary(of: 1, in: reader).text
        XCTAssertTrue(text.contains("\nevents: 100 (100 next)\n  1. next(1) · event #"), text)
        XCTAssertTrue(text.contains("\n  … 94 more …\n  98. next(98) · event #"), text)
    }

    // MARK: - What was sent after it ended

    func testEventsSentAfterItEnded_areShownReachingNoOne() throws {
        var sendLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { _ in }).dispose()
            sendLine = #line; subject.onNext(2)
            subject.onNext(3)
        }

        let life = try summary(of: 1, in: reader)
        let after = try XCTUnwrap(life.afterEnd)
        XCTAssertEqual(after.count, 2)
        XCTAssertEqual(
            after.first.first?.text, "PublishSubject.on(.next(2)) on PublishSubject<Int> #1 at \(fileID):\(sendLine)"
        )
        XCTAssertEqual(after.first.map(\.reachedAnyone), [false, false])
        XCTAssertTrue(
            life.text.contains("\nafter it ended: 2 events sent into its chain, none reaching it\n"), life.text
        )
        XCTAssertTrue(life.text.contains(" · reached no one"), life.text)
    }

    func testAnEventSentAfterItEnded_thatAnotherSubscriptionReceived_saysSo() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { _ in }).dispose()
            let other = subject.subscribe(onNext: { _ in })
            subject.onNext(2)
            other.dispose()
        }

        XCTAssertEqual(try summary(of: 1, in: reader).afterEnd?.first.map(\.reachedAnyone), [true])
    }

    func testAnOpenSubscription_hasNoEndFlow_andNothingSentAfter() throws {
        var kept: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            kept = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
        }
        kept?.dispose()

        let life = try summary(of: 1, in: reader)
        XCTAssertNil(life.endedInFlow)
        XCTAssertNil(life.afterEnd)
        XCTAssertEqual(life.events?.count, 1)
    }

    // MARK: - The page

    func testThePage_listsTheFlowThatEndedIt_withWhatEndedIt() throws {
        var disposeLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
            disposeLine = #line; subscription.dispose()
        }

        let page = try XCTUnwrap(HTMLReport(reader: reader, sources: SourceFiles(root: nil)).subscriptions.first)
        let endFlow = try XCTUnwrap(page.endFlow)
        XCTAssertTrue(page.flows.contains(endFlow), "\(page.flows)")
        XCTAssertEqual(endFlow, try summary(of: 1, in: reader).endedInFlow)
        XCTAssertTrue(page.ended?.contains("dispose() at \(fileID):\(disposeLine)") == true, page.ended ?? "")
    }

    // MARK: - JSON

    func testTheJSONReport_holdsTheWholeLife() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { _ in }).dispose()
            subject.onNext(2)
        }

        var json = ""
        try JSONReportRenderer().write(reader: reader, sections: .standard, subscription: 1) { json += $0 }
        for key in ["\"built\"", "\"events\"", "\"ended_in_flow\"", "\"after_end\"", "\"reached_anyone\" : false",
            "\"ends_subscriptions\""]
        {
            XCTAssertTrue(json.contains(key), "\(key) missing from \(json)")
        }
    }
}
