import RxCore
import XCTest

final class ErrorTests: RxCoreTestCase {
    func testError_FailsAtOnce() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.error(TestError.boom).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.error(.boom)])
    }

    func testError_EachSubscriberGetsTheError() {
        let source = Observable<Int>.error(TestError.other)
        var errors: [TestError] = []

        _ = source.subscribe(onError: { errors.append($0 as! TestError) })
        _ = source.subscribe(onError: { errors.append($0 as! TestError) })

        XCTAssertEqual(errors, [.other, .other])
    }
}
