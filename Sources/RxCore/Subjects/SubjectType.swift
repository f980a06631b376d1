// Mirrors RxSwift's RxSwift/Subjects/SubjectType.swift.

/// A sequence that is also an observer: what it is sent, it passes on to its subscribers.
public protocol SubjectType: ObservableType {
    /// The type of the observer side of this subject; usually the subject itself.
    associatedtype Observer: ObserverType

    /// The observer side of this subject.
    func asObserver() -> Observer
}

extension SubjectType {
    /// The former name of ``Observer``.
    @available(*, deprecated, renamed: "Observer")
    public typealias SubjectObserverType = Observer
}
