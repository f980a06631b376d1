import RxCore
import RxExamples
import XCTest

/// What each example's subscribers receive: the behaviour its seed article describes.
final class ExampleBehaviorTests: XCTestCase {
    private func output(of example: any TracedExample) -> [String] {
        let output = ExampleOutput()
        example.run(output)
        return output.lines
    }

    func testPublishSubject_NextAfterDisposeIsNotDelivered() {
        XCTAssertEqual(output(of: PublishSubjectExample()), ["received 1"])
    }

    func testSubscribeAfterStop_GetsCompletedAtOnce() {
        XCTAssertEqual(output(of: SubscribeAfterStopExample()), ["completed"])
    }

    func testStopRule_EventsAfterCompletedAreDropped() {
        XCTAssertEqual(output(of: StopRuleExample()), ["next(1)", "completed"])
    }

    func testEmpty_CompletesOnly() {
        XCTAssertEqual(output(of: EmptyExample()), ["completed"])
    }

    func testCreateDisposeBag_BagDeinitDisposes() {
        XCTAssertEqual(output(of: CreateDisposeBagExample()), ["a", "b", "create's disposable ran", "disposed"])
    }

    func testBehaviorSubject_ReplaysCurrentValue() {
        XCTAssertEqual(output(of: BehaviorSubjectExample()), ["received 0", "received 1", "value() = 1"])
    }

    func testDisposeBagDeinit_LaterEventsReachNoOne() {
        XCTAssertEqual(output(of: DisposeBagDeinitExample()), ["first: hello", "second: hello"])
    }

    func testOnce_TakesTheFirstElementThenCompletes() {
        XCTAssertEqual(output(of: OnceExample()), ["next(first)", "completed"])
    }

    func testJustMap_DoublesTheElement() {
        XCTAssertEqual(output(of: JustMapExample()), ["2"])
    }

    func testMapThrows_ErrorEndsTheSequence() {
        XCTAssertEqual(output(of: MapThrowsExample()), ["next(10)", "error(TooLarge(2))"])
    }

    func testFlatMap_MergesTheInnerSequences() {
        XCTAssertEqual(output(of: FlatMapExample()), ["next(10)", "next(20)", "completed"])
    }

    func testCombineLatest_PairsWithTheOthersLatest() {
        XCTAssertEqual(output(of: CombineLatestExample()), ["next(a1)", "next(b1)", "completed"])
    }

    func testZip_PairsByIndexAndCompletesOnceBothSourcesHave() {
        XCTAssertEqual(output(of: ZipExample()), ["next(a1)", "next(b2)", "completed"])
    }

    func testCompletedCleansUp_ReceivesTheElement() {
        XCTAssertEqual(output(of: CompletedCleansUpExample()), ["done"])
    }

    func testSubjectNeverCompletes_KeepsCounting() {
        XCTAssertEqual(output(of: SubjectNeverCompletesExample()), ["total 2", "total 6"])
    }

    func testBag_KeysInInsertionOrderAndRemovalByKey() {
        XCTAssertEqual(output(of: BagExample()), [
            "a got 1", "b got 1", "c got 1", "a got 2", "c got 2",
            "key BagKey(rawValue: 0)", "key BagKey(rawValue: 1)", "key BagKey(rawValue: 2)",
            "a handled 3", "c handled 3",
        ])
    }

    func testStopRuleObserverBase_StaleNextAfterCompletedIsDropped() {
        XCTAssertEqual(output(of: StopRuleObserverBaseExample()), ["first next(1)", "first completed", "second completed"])
    }

    func testHotVsCold_ColdRunsPerSubscriberPublishedRunsOnce() {
        XCTAssertEqual(output(of: HotVsColdExample()), [
            "request sent", "cold A got 200", "request sent", "cold B got 200",
            "request sent", "hot A got 200", "hot B got 200",
        ])
    }

    func testRelayBind_AcceptsElementsAndIgnoresCompletion() {
        XCTAssertEqual(output(of: RelayBindExample()), ["shows (none)", "shows Ann", "shows Bob", "value Bob"])
    }

    func testBinder_SetsEachElementOnTheTarget() {
        XCTAssertEqual(output(of: BinderExample()), ["label shows 1 new messages", "label shows 2 new messages"])
    }

    func testSingleMaybeCompletable_OneEventEach() {
        XCTAssertEqual(
            output(of: SingleMaybeCompletableExample()),
            ["single success(42)", "maybe completed", "completable completed"]
        )
    }

    func testShareReplay_LateSubscriberGetsTheLatestAndANewConnectionStartsOver() {
        XCTAssertEqual(output(of: ShareReplayExample()), [
            "source subscribed", "first got 20", "first got 21", "late got 21", "first got 22", "late got 22",
            "source subscribed", "again got 23",
        ])
    }

    func testDriverSignal_DriverReplaysSignalDoesNotNeitherErrors() {
        XCTAssertEqual(output(of: DriverSignalExample()), [
            "driver got 1", "signal got 1", "late driver got 1",
            "driver got -1", "late driver got -1", "signal got -1", "late signal got -1",
        ])
    }

    func testRelayWithoutBag_KeepsRendering() {
        XCTAssertEqual(output(of: RelayWithoutBagExample()), ["renders Inbox", "renders Inbox (1)"])
    }

    func testLatestOnSubscribe_LateSubscribersGetTheLatest() {
        XCTAssertEqual(output(of: LatestOnSubscribeExample()), [
            "status late got loading",
            "contents first got page 1", "contents first got page 2", "contents late got page 2",
            "contents first got page 3", "contents late got page 3", "contents without latest got page 3",
        ])
    }
}
