// Mirrors RxSwift's RxSwift/Disposables/BinaryDisposable.swift.

import Synchronization

/// Disposes two disposables together; what the closure `subscribe` forms return (the
/// subscription and the `onDisposed` action).
private final class BinaryDisposable: DisposeBase, Cancelable {
    /// 1 once disposed; only the call that flips it disposes the pair.
    private let disposed = Atomic<Int>(0)
    /// The pair. Cleared only by the `dispose` that flipped `disposed`.
    @exclusivity(unchecked) private var disposable1: Disposable?
    @exclusivity(unchecked) private var disposable2: Disposable?

    init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.disposable1 = disposable1
        self.disposable2 = disposable2
        super.init()
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring) == 1
    }

    func dispose() {
        let call = TraceCall.enterFromUser("BinaryDisposable.dispose", on: self); defer { call.exit() }
        guard disposed.exchange(1, ordering: .acquiringAndReleasing) == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
        disposable1?.dispose()
        disposable2?.dispose()
        disposable1 = nil
        disposable2 = nil
    }
}

// The two references are cleared only by the `dispose` that won the `disposed` exchange.
extension BinaryDisposable: @unchecked Sendable {}

extension Disposables {
    /// A disposable that disposes `disposable1` and `disposable2` together.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }
}

// Performance: the pair is touched only by `init` and the `dispose` that won the exchange, and
// skips the dynamic exclusivity check (W2: the closure `subscribe` forms' disposable); see
// Benchmarks/README.md.
