// Mirrors RxSwift's RxSwift/Disposables/AnonymousDisposable.swift.

import Synchronization

/// Runs a closure the first time it is disposed; what `Disposables.create(with:)` returns.
private final class AnonymousDisposable: DisposeBase, Cancelable {
    /// 1 once disposed; the closure runs only for the call that flips it.
    private let disposed = Atomic<Int>(0)
    /// The closure to run. Read and cleared only by the one `dispose` that flipped `disposed`.
    private var disposeAction: (() -> Void)?

    init(_ disposeAction: @escaping () -> Void) {
        self.disposeAction = disposeAction
        super.init()
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring) == 1
    }

    func dispose() {
        let call = TraceCall.enterFromUser("AnonymousDisposable.dispose", on: self); defer { call.exit() }
        guard disposed.exchange(1, ordering: .acquiringAndReleasing) == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
        if let action = disposeAction {
            disposeAction = nil
            action()
        }
    }
}

// The closure is read and cleared only after winning the `disposed` exchange, so only one
// thread ever touches it after `init`.
extension AnonymousDisposable: @unchecked Sendable {}

extension Disposables {
    /// A disposable that runs `dispose` once, the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(dispose)
    }
}
