import RxCore
import XCTest

final class OptionalTests: RxCoreTestCase {
    func testFromOptional_SomeSendsElementThenCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable.from(optional: 7).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(7), .completed])
    }

    func testFromOptional_NoneCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.from(optional: nil).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.completed])
    }

    func testFromOptionalScheduler_SomeSendsElementThenCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable.from(optional: 7, scheduler: CurrentThreadScheduler.instance).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(7), .completed])
    }

    func testFromOptionalScheduler_NoneCompletes() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.from(optional: nil, scheduler: CurrentThreadScheduler.instance).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.completed])
    }
}
