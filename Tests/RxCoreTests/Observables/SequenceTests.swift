import RxCore
import XCTest

final class SequenceTests: RxCoreTestCase {
    func testOf_SendsElementsThenCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable.of(1, 2, 3).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testOf_NoElementsCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.of().subscribe(recorder)

        XCTAssertEqual(recorder.events, [.completed])
    }

    func testFromArray_SendsElementsThenCompletes() {
        let recorder = EventRecorder<String>()

        _ = Observable.from(["a", "b"]).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next("a"), .next("b"), .completed])
    }

    func testFromSequence_SendsElementsThenCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable.from(1...3).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testFrom_EachSubscriberGetsAllElements() {
        let source = Observable.from([1, 2])
        var received: [Int] = []

        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 1, 2])
    }

    func testFrom_DeliversEverythingBeforeSubscribeReturns() {
        var received: [Int] = []

        let subscription = Observable.from([1, 2, 3]).subscribe(onNext: { received.append($0) })
        let receivedWhenSubscribeReturned = received
        subscription.dispose()

        XCTAssertEqual(receivedWhenSubscribeReturned, [1, 2, 3])
    }

    func testFrom_TakeStopsTheRecursionEarly() {
        var iterated: [Int] = []
        let elements = [1, 2, 3, 4].lazy.map { element -> Int in
            iterated.append(element)
            return element
        }
        let recorder = EventRecorder<Int>()

        _ = Observable.from(elements).take(2).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(iterated, [1, 2])
    }

    func testFrom_ElementsArriveAfterOuterSubscribeStarts() {
        var received: [String] = []

        _ = Observable<Int>.create { observer in
            _ = Observable.from([1, 2]).subscribe(onNext: { received.append("inner \($0)") })
            received.append("outer subscribed")
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(onNext: { _ in })

        XCTAssertEqual(received, ["outer subscribed", "inner 1", "inner 2"])
    }
}
