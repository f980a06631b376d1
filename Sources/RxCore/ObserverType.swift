// Mirrors RxSwift's RxSwift/ObserverType.swift.

/// Something that receives a sequence's events.
public protocol ObserverType {
    /// The type of element this observer receives.
    associatedtype Element

    /// Delivers `event` to this observer.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Delivers `next(element)`.
    @inlinable public func onNext(_ element: Element) {
        self.on(.next(element))
    }

    /// Delivers `completed`.
    @inlinable public func onCompleted() {
        self.on(.completed)
    }

    /// Delivers `error(error)`.
    @inlinable public func onError(_ error: Swift.Error) {
        self.on(.error(error))
    }
}

// Performance: `onNext`, `onCompleted` and `onError` are @inlinable, so `subject.onNext(x)` is
// specialized in the client (rows W1s, W3, W4, W5z); see Documentation/Performance.md.
