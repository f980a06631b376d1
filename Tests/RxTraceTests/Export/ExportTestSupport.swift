import Dispatch
import RxCore
@testable import RxTrace
import XCTest

extension RxTraceTestCase {
    /// A trace with something of everything an export draws: a chain built by operators, a
    /// subject, events on two threads (the second hop through a serial queue), a subscription
    /// disposed, one that completes, and one left open (whose objects are alive at the end).
    func recordedTraceOfEveryKind(value: String = "hello") throws -> TraceReader {
        var leaked: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<String>()
            let disposed = subject.map { $0 + "!" }.subscribe(onNext: { _ in })
            leaked = subject.filter { !$0.isEmpty }.subscribe(onNext: { _ in })
            subject.onNext(value)
            disposed.dispose()
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })

            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.export")
            let completed = DispatchSemaphore(value: 0)
            let hop = Observable.just(1).observe(on: scheduler).subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the events never arrived")
            let fence = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                fence.signal()
                return Disposables.create()
            }
            XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
            hop.dispose()
        }
        // Recorded open; ended now, so that the test itself leaks nothing.
        leaked?.dispose()
        return reader
    }
}

/// Runs an exporter's `write(to:)` into a string.
func exported(_ write: ((String) -> Void) throws -> Void) rethrows -> String {
    var text = ""
    try write { text += $0 }
    return text
}
