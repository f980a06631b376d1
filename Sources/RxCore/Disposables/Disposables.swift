// Mirrors RxSwift's RxSwift/Disposables/Disposables.swift.

/// The namespace of the `Disposables.create` factories.
public struct Disposables {
    private init() {}
}
