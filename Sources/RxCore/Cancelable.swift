// Mirrors RxSwift's RxSwift/Cancelable.swift.

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// Whether ``Disposable/dispose()`` was called.
    var isDisposed: Bool { get }
}
