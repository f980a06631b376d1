import Dispatch
import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// Recording must not change what a timing-dependent operator does: the producing thread never
/// waits for the trace to be written, so elements spaced wider than the recorder's cost per
/// element keep their spacing, and `debounce` and `throttle` on a real scheduler take the same
/// branches recorded and not.
final class TimingSensitiveRecordingTests: RxTraceTestCase {
    /// Elements per burst, and bursts per run.
    private let burstLength = 40
    private let burstCount = 8
    /// Between two elements of a burst: wider than what recording one element costs the
    /// producer (tens of µs in a debug build), far narrower than the operators' window.
    private let elementSpacing: UInt64 = 250_000
    /// Between two bursts: far wider than the operators' window.
    private let burstSpacing: UInt64 = 90_000_000
    /// The operators' window.
    private let window = RxTimeInterval.milliseconds(30)

    /// What `debounce` and `throttle` passed on while `burstCount` bursts of `burstLength`
    /// elements went through them.
    private struct Output: Equatable {
        var debounced: [Int] = []
        var throttled: [Int] = []
    }

    /// Sends the bursts through a subject into `debounce` and `throttle` on a serial dispatch
    /// queue scheduler, spacing the elements by busy-waiting on the monotonic clock.
    private func runBursts() -> Output {
        let output = LockedState(Output())
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timing-sensitive")
        let subject = PublishSubject<Int>()
        let debounced = subject.debounce(window, scheduler: scheduler).subscribe(onNext: { element in
            output.withLock { $0.debounced.append(element) }
        })
        let throttled = subject.throttle(window, latest: false, scheduler: scheduler).subscribe(onNext: { element in
            output.withLock { $0.throttled.append(element) }
        })
        var next = DispatchTime.now().uptimeNanoseconds
        for burst in 0..<burstCount {
            for index in 0..<burstLength {
                while DispatchTime.now().uptimeNanoseconds < next {}
                subject.onNext(burst * burstLength + index)
                next += elementSpacing
            }
            next += burstSpacing
        }
        // The last burst's debounce fires one window after its last element.
        while DispatchTime.now().uptimeNanoseconds < next {}
        debounced.dispose()
        throttled.dispose()
        return output.withLock { $0 }
    }

    func testDebounceAndThrottle_onARealScheduler_passTheSameElementsRecordedAndNot() throws {
        let unrecorded = runBursts()
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        let recorded = runBursts()
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()

        let firsts = (0..<burstCount).map { $0 * burstLength }
        let lasts = firsts.map { $0 + burstLength - 1 }
        XCTAssertEqual(unrecorded, Output(debounced: lasts, throttled: firsts), "the bursts as sent, unrecorded")
        XCTAssertEqual(recorded, unrecorded, "recording changed what debounce or throttle passed on")
        XCTAssertGreaterThanOrEqual(
            try database.integer("SELECT count(*) FROM event WHERE kind = 'next'"), Int64(burstCount * burstLength),
            "every element sent while recording is in the trace"
        )
    }
}
