// Mirrors RxSwift's RxSwift/Disposables/BooleanDisposable.swift.
// Deviation from RxSwift: the flag is atomic (RxSwift's is a plain `Bool`), so that reading
// `isDisposed` on one thread while another disposes is well defined.

import Synchronization

/// A disposable that only remembers whether it was disposed.
///
/// Nothing happens on dispose besides the flag flipping; code polls ``isDisposed`` to learn
/// that it should stop. Not counted in ``Resources/total``, as in RxSwift, but traced.
public final class BooleanDisposable: Cancelable, TraceableObject {
    /// 1 once disposed.
    private let disposed: Atomic<Int>

    /// The id the recorder gave this disposable, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    /// A disposable that was not disposed yet.
    public init() {
        disposed = Atomic(0)
        traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// A disposable whose flag starts as `isDisposed`.
    public init(isDisposed: Bool) {
        disposed = Atomic(isDisposed ? 1 : 0)
        traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Whether ``dispose()`` was called (or the disposable was created disposed).
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring) == 1
    }

    /// Sets the flag; later calls do nothing.
    public func dispose() {
        let call = TraceCall.enterFromUser("BooleanDisposable.dispose", on: self); defer { call.exit() }
        guard disposed.exchange(1, ordering: .acquiringAndReleasing) == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// The only mutable state after `init` is the atomic `disposed` flag.
extension BooleanDisposable: @unchecked Sendable {}
