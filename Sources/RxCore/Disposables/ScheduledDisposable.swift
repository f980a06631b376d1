// Mirrors RxSwift's RxSwift/Disposables/ScheduledDisposable.swift.

import Synchronization

/// A disposable whose disposal runs on a scheduler: disposing it schedules the disposal of
/// the wrapped disposable there.
///
/// `subscribe(on:)` wraps the upstream subscription in one, so that unsubscribing happens on
/// the scheduler the subscription was made on. Not counted in ``Resources/total``, as in
/// RxSwift, but traced.
public final class ScheduledDisposable: Cancelable, TraceableObject {
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType

    /// 1 once the wrapped disposable was disposed.
    private let disposed = Atomic<Int>(0)
    /// The wrapped disposable; read and cleared only by the one call that flips `disposed`.
    private var disposable: Disposable?

    /// The id the recorder gave this disposable, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    /// Whether the wrapped disposable was disposed: `false` from ``dispose()`` until the
    /// scheduler ran the disposal.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring) == 1
    }

    /// A disposable that disposes `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Schedules the disposal of the wrapped disposable on ``scheduler``.
    public func dispose() {
        let call = TraceCall.enterFromUser("ScheduledDisposable.dispose", on: self); defer { call.exit() }
        _ = scheduler.schedule(self) { scheduledDisposable in
            scheduledDisposable.disposeInner()
            return Disposables.create()
        }
    }

    /// Disposes the wrapped disposable, the first time only; runs on ``scheduler``.
    func disposeInner() {
        let call = TraceCall.enter("ScheduledDisposable.disposeInner", on: self); defer { call.exit() }
        guard disposed.exchange(1, ordering: .acquiringAndReleasing) == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
        disposable?.dispose()
        disposable = nil
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// `disposable` is read and cleared only by the call that won the `disposed` exchange.
extension ScheduledDisposable: @unchecked Sendable {}
