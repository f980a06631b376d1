import RxCore
@testable import RxTrace
import XCTest

/// A subscription's chain is written once (``SubscriptionChain`` and ``LeakRules/chain(subscribedThrough:observer:)``):
/// the objects its `subscribe` reached through `subscribeSafe`, ordered source first, each once,
/// then its observer; and it keeps alive what is still alive of them and of what it created.
final class SubscriptionChainTests: RxTraceTestCase {
    func testLinkStep_isSubscribeSafe_only() {
        XCTAssertTrue(SubscriptionChain.isLink(stepName: "subscribeSafe"))
        XCTAssertFalse(SubscriptionChain.isLink(stepName: "subscribe"))
        XCTAssertFalse(SubscriptionChain.isLink(stepName: "Producer.subscribe"))
    }

    func testElements_runUpstreamFirst_eachObjectOnce_thenTheObserver() {
        let chain = SubscriptionChain(observable: 2, subscribedThrough: [2, 1, 2], observer: 6, created: [])

        XCTAssertEqual(chain.elements, [2, 1, 6])
    }

    func testElements_leaveOutTheObserver_whenTheSubscribeAlsoSubscribedThroughIt() {
        let chain = SubscriptionChain(observable: 3, subscribedThrough: [3, 6, 1], observer: 6, created: [])

        XCTAssertEqual(chain.elements, [1, 6, 3])
    }

    func testInnerElements_hangUnderTheirOperator_outsideTheChainsOwnLine() {
        // 3 is flatMapLatest, 1 its source; 5 (map) and 4 (its source) the inner subscription.
        let chain = SubscriptionChain(
            observable: 3, subscribedThrough: [3, 1, 5, 4], observer: 6, created: [], innerOf: [5: 3, 4: 3])

        XCTAssertEqual(chain.outerElements, [1, 3, 6])
        XCTAssertEqual(chain.innerElements.map(\.operator), [3])
        XCTAssertEqual(chain.innerElements.first?.elements, [4, 5])
    }

    func testALeakThroughFlatMapLatest_drawsTheInnerSubscriptionUnderItsOperator() throws {
        // A search's query, which has a value, and the results a request sends: alive after the
        // run, as a view model's would be.
        var subjects: (query: BehaviorSubject<String>, results: PublishSubject<Int>)?
        var line = 0
        let reader = try recordedTrace {
            let query = BehaviorSubject(value: "rx")
            let results = PublishSubject<Int>()
            subjects = (query, results)
            line = #line + 1
            _ = query.flatMapLatest { _ in results.map { $0 + 1 } }.subscribe(onNext: { _ in })
        }
        defer {
            subjects?.query.onCompleted()
            subjects?.results.onCompleted()
        }

        let open = try XCTUnwrap(try LeakFinder(reader: reader).report().openSubscriptions.first)
        let place = "RxTraceTests/SubscriptionChainTests.swift:\(line)"

        XCTAssertEqual(
            LeakWording.chainTree(of: open),
            [
                "BehaviorSubject<String> #1",
                "└─ FlatMapLatest<…> #3 (flatMapLatest at \(place))",
                "   ├─ inner: PublishSubject<Int> #2",
                "   │  └─ Map<Int, Int> #9 (map at \(place))",
                "   └─ AnonymousObserver<Int> #4",
            ])
        XCTAssertTrue(
            LeakWording.lines(for: open).contains("                    ├─ inner: PublishSubject<Int> #2"),
            LeakWording.lines(for: open).joined(separator: "\n"))
        let json = String(decoding: try JSONText.encoder().encode(open), as: UTF8.self)
        XCTAssertTrue(json.contains("\"inner_chains\""), json)
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertTrue(
            page.contains("<ol class=\"inner\"><li>inner: PublishSubject&lt;Int&gt; #2</li><li>Map&lt;Int, Int&gt; #9"),
            "the page draws it under its operator too")
    }

    func testObjects_areTheObservableThenTheLinksDownstreamFirst_withoutTheObserver() {
        let chain = SubscriptionChain(observable: 9, subscribedThrough: [2, 1, 2], observer: 6, created: [7])

        XCTAssertEqual(chain.objects, [9, 2, 1])
    }

    func testKeptAlive_isWhatIsStillAliveOfTheLinksUpstreamFirst_thenOfWhatTheSubscribeCreated() {
        let chain = SubscriptionChain(observable: 2, subscribedThrough: [2, 1], observer: 6, created: [5, 6, 8])
        let alive: Set<Int64> = [1, 6, 8]

        let keptAlive = chain.keptAlive { alive.contains($0) ? "#\($0)" : nil }

        XCTAssertEqual(keptAlive, ["#1", "#6", "#8"])
    }

    func testChainOfARecordedSubscription_isItsSubscribeSafeSteps_andWhatItsSubscribeCreated() throws {
        var disposable: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            disposable = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
        }
        disposable?.dispose()
        let subscription = try XCTUnwrap(try reader.subscription(1))

        let chain = try reader.chain(of: subscription)

        let labels = try chain.elements.map { try XCTUnwrap(try reader.object($0)).label }
        XCTAssertEqual(labels, ["PublishSubject<Int> #1", "Map<Int, Int> #2", "AnonymousObserver<Int> #3"])
        XCTAssertEqual(chain.observable, 2)
        XCTAssertEqual(try reader.chainObjects(of: subscription), [2, 1])
        let created = try chain.created.map { try XCTUnwrap(try reader.object($0)).typeName }
        XCTAssertTrue(created.contains("MapSink<Int, AnonymousObserver<Int>>"), "\(created)")
    }
}
