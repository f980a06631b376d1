// Mirrors RxSwift's RxSwift/ObservableConvertibleType.swift.

/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType {
    /// The type of element in the sequence.
    associatedtype Element

    /// This value as an observable sequence.
    func asObservable() -> Observable<Element>
}
