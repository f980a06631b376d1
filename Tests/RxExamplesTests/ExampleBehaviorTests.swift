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
}
