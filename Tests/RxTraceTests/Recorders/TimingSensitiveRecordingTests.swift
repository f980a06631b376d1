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
    /// Between two elements of a burst: wider than what sending one element through both
    /// operators and recording it costs the producer (a few hundred µs in a debug build on a
    /// loaded machine), far narrower than the operators' window.
    private let elementSpacing: UInt64 = 1_000_000
    /// Between two bursts: far wider than the operators' window.
    private let burstSpacing: UInt64 = 150_000_000
    /// The operators' window: longer than a burst.
    private let window = RxTimeInterval.milliseconds(60)

    /// What `debounce` and `throttle` passed on while `burstCount` bursts of `burstLength`
    /// elements went through them.
    private struct Output: Equatable {
        var debounced: [Int] = []
        var throttled: [Int] = []
    }

    /// Sends the bursts through a subject into `debounce` and `throttle` on a serial dispatch
    /// queue scheduler, spacing the elements by busy-waiting on the monotonic clock; returns
    /// what the operators passed on, or `nil` when the sending thread fell behind its schedule
    /// by a third of the window or more (the machine took the CPU from it, or the recorder made
    /// it wait), which can change what they pass on.
    private func runBursts() -> Output? {
        let output = LockedState(Output())
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timing-sensitive")
        let subject = PublishSubject<Int>()
        let debounced = subject.debounce(window, scheduler: scheduler).subscribe(onNext: { element in
            output.withLock { $0.debounced.append(element) }
        })
        let throttled = subject.throttle(window, latest: false, scheduler: scheduler).subscribe(onNext: { element in
            output.withLock { $0.throttled.append(element) }
        })
        defer {
            debounced.dispose()
            throttled.dispose()
        }
        var next = DispatchTime.now().uptimeNanoseconds
        for burst in 0..<burstCount {
            for index in 0..<burstLength {
                while DispatchTime.now().uptimeNanoseconds < next {}
                subject.onNext(burst * burstLength + index)
                next += elementSpacing
                if DispatchTime.now().uptimeNanoseconds > next + tolerance { return nil }
            }
            next += burstSpacing
        }
        // The last burst's debounce fires one window after its last element.
        while DispatchTime.now().uptimeNanoseconds < next {}
        return output.withLock { $0 }
    }

    /// How far the sending thread may fall behind its schedule: a third of the window.
    private let tolerance: UInt64 = 20_000_000

    func testDebounceAndThrottle_onARealScheduler_passTheSameElementsRecordedAndNot() throws {
        let firsts = (0..<burstCount).map { $0 * burstLength }
        let expected = Output(debounced: firsts.map { $0 + burstLength - 1 }, throttled: firsts)
        // A loaded machine can stall the sender in either run; the recorder itself must not,
        // so one attempt of five in which neither run fell behind must match.
        var attempts: [String] = []
        for _ in 0..<5 {
            guard let unrecorded = runBursts() else {
                attempts.append("unrecorded: the sender fell behind")
                continue
            }
            XCTAssertEqual(unrecorded, expected, "the bursts as sent, unrecorded")
            let recorder = try InMemoryTraceRecorder()
            Instrumentation.bootstrapInternal(recorder)
            let recorded = runBursts()
            Instrumentation.bootstrapInternal(nil)
            let database = try recorder.finish()
            guard let recorded else {
                attempts.append("recorded: the sender fell behind")
                continue
            }
            XCTAssertEqual(recorded, unrecorded, "recording changed what debounce or throttle passed on")
            XCTAssertGreaterThanOrEqual(
                try database.integer("SELECT count(*) FROM event WHERE kind = 'next'"), Int64(burstCount * burstLength),
                "every element sent while recording is in the trace"
            )
            return
        }
        XCTFail("no attempt kept to its schedule recorded and unrecorded: \(attempts)")
    }
}
