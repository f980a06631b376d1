// Mirrors RxSwift's RxSwift/Disposables/RefCountDisposable.swift.

import Synchronization

/// Disposes its underlying disposable only once it was disposed itself and every dependent
/// disposable handed out by ``retain()`` was disposed too.
///
/// Counted in ``Resources/total``.
public final class RefCountDisposable: DisposeBase, Cancelable {
    private let lock = RecursiveLock()
    /// The underlying disposable, or `nil` once it was disposed. Guarded by `lock`.
    private var disposable: Disposable?
    /// Whether ``dispose()`` was called. Guarded by `lock`.
    private var isPrimaryDisposed = false
    /// The number of dependents not yet disposed. Guarded by `lock`.
    private var count = 0

    /// A ref-count disposable guarding `disposable`.
    public init(disposable: Disposable) {
        self.disposable = disposable
        super.init()
    }

    /// Whether the underlying disposable was disposed.
    public var isDisposed: Bool {
        lock.performLocked { disposable == nil }
    }

    /// A dependent disposable that holds the underlying disposable alive until it is
    /// disposed; the no-op disposable when the underlying one is gone already.
    public func retain() -> Disposable {
        lock.performLocked { () -> Disposable in
            guard disposable != nil else { return Disposables.create() }
            count += 1
            return RefCountInnerDisposable(self)
        }
    }

    /// Marks the primary disposed; disposes the underlying disposable when no dependent is
    /// left.
    public func dispose() {
        let call = TraceCall.enterFromUser("RefCountDisposable.dispose", on: self); defer { call.exit() }
        let (isFirstDispose, toDispose) = lock.performLocked { () -> (Bool, Disposable?) in
            guard let current = disposable, !isPrimaryDisposed else { return (false, nil) }
            isPrimaryDisposed = true
            guard count == 0 else { return (true, nil) }
            disposable = nil
            return (true, current)
        }
        guard isFirstDispose else { return }
        Instrumentation.objectDisposed(traceObjectID)
        toDispose?.dispose()
    }

    /// A dependent was disposed; disposes the underlying disposable when it was the last one
    /// and the primary was disposed.
    fileprivate func release() {
        let toDispose = lock.performLocked { () -> Disposable? in
            guard let current = disposable else { return nil }
            count -= 1
            guard count >= 0 else { rxFatalError("RefCountDisposable counter is lower than 0") }
            guard isPrimaryDisposed, count == 0 else { return nil }
            disposable = nil
            return current
        }
        toDispose?.dispose()
    }
}

// `disposable`, `isPrimaryDisposed` and `count` are read and written only while holding `lock`.
extension RefCountDisposable: @unchecked Sendable {}

/// One dependent of a ``RefCountDisposable``: created by ``RefCountDisposable/retain()``, it
/// releases its share of the parent the first time it is disposed.
final class RefCountInnerDisposable: DisposeBase, Disposable {
    private let parent: RefCountDisposable
    /// 1 once disposed; only the call that flips it releases the parent.
    private let disposed = Atomic<Int>(0)

    init(_ parent: RefCountDisposable) {
        self.parent = parent
        super.init()
    }

    func dispose() {
        let call = TraceCall.enterFromUser("RefCountInnerDisposable.dispose", on: self); defer { call.exit() }
        guard disposed.exchange(1, ordering: .acquiringAndReleasing) == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
        parent.release()
    }
}

// `parent` is immutable and `disposed` is atomic.
extension RefCountInnerDisposable: @unchecked Sendable {}
