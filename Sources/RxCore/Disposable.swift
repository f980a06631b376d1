// Mirrors RxSwift's RxSwift/Disposable.swift.

/// Something that can release a resource, such as a subscription.
public protocol Disposable {
    /// Releases the resource; calling it again does nothing.
    func dispose()
}
