// Mirrors RxSwift's RxSwift/Disposables/NopDisposable.swift.

/// A disposable that does nothing: what a subscription that already ended returns, such as
/// subscribing to a subject that has stopped.
///
/// A shared struct value, neither counted nor traced, as in RxSwift.
@usableFromInline struct NopDisposable: Disposable, Sendable {
    @usableFromInline static let noOp = NopDisposable()

    @inlinable func dispose() {}
}

extension Disposables {
    /// The disposable that does nothing.
    @inlinable public static func create() -> Disposable {
        NopDisposable.noOp
    }
}

// Performance: @usableFromInline and @inlinable so that `subscribe(onNext:…)`, inlined into the
// client, gets the no-op disposable without a call (row W2); see Documentation/Performance.md.
