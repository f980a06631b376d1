// Mirrors RxSwift's RxSwift/Disposables/SingleAssignmentDisposable.swift.

import Synchronization

/// Holds one disposable that is set once, possibly after this was disposed, in which case it
/// is disposed as soon as it is set.
public final class SingleAssignmentDisposable: DisposeBase, Cancelable {
    private enum State: Int {
        case disposed = 1
        case disposableSet = 2
    }

    /// Bits of ``State``, set with atomic `or`.
    private let state = Atomic<Int>(0)
    /// Set once by ``setDisposable(_:)``; taken by whichever call sees both bits.
    @exclusivity(unchecked) private var disposable: Disposable?

    /// A disposable with nothing assigned yet.
    public override init() {
        super.init()
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        state.load(ordering: .acquiring) & State.disposed.rawValue != 0
    }

    /// Assigns the disposable; disposes it at once if this was disposed already. Traps when
    /// called twice.
    public func setDisposable(_ disposable: Disposable) {
        let call = TraceCall.enter("SingleAssignmentDisposable.setDisposable", on: self); defer { call.exit() }
        self.disposable = disposable
        let previous = state.bitwiseOr(State.disposableSet.rawValue, ordering: .acquiringAndReleasing).oldValue
        if previous & State.disposableSet.rawValue != 0 {
            rxFatalError("oldState.disposable != nil")
        }
        if previous & State.disposed.rawValue != 0 {
            disposable.dispose()
            self.disposable = nil
        }
    }

    /// Disposes the assigned disposable, now or as soon as it is assigned.
    public func dispose() {
        let call = TraceCall.enterFromUser("SingleAssignmentDisposable.dispose", on: self); defer { call.exit() }
        let previous = state.bitwiseOr(State.disposed.rawValue, ordering: .acquiringAndReleasing).oldValue
        guard previous & State.disposed.rawValue == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
        if previous & State.disposableSet.rawValue != 0 {
            guard let disposable else { rxFatalError("Disposable not set") }
            disposable.dispose()
            self.disposable = nil
        }
    }
}

// `disposable` is written before the state's atomic `or` publishes it and cleared only by the
// call that saw both bits, so the atomic state orders every access.
extension SingleAssignmentDisposable: @unchecked Sendable {}

// Performance: `disposable` skips the dynamic exclusivity check (the atomic `state` orders every
// access to it): the check's runtime calls were ~2% of W4 (`perf`, flatMap to just); see
// Benchmarks/README.md.
