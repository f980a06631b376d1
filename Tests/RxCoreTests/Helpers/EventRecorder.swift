import RxCore

/// An ``Event`` reduced to something tests can compare: the element, the error's
/// description, or completion.
enum TestEvent<Element: Equatable>: Equatable {
    case next(Element)
    case error(String)
    case completed

    init(_ event: Event<Element>) {
        switch event {
        case .next(let element): self = .next(element)
        case .error(let error): self = .error(String(describing: error))
        case .completed: self = .completed
        }
    }

    /// The comparable form of an `error(testError)` event.
    static func error(_ error: TestError) -> TestEvent {
        .error(String(describing: error))
    }
}

/// An observer that records every event it receives, in order, without any stop rule of its
/// own: a test sees exactly what the sequence sent.
final class EventRecorder<Element: Equatable>: ObserverType {
    private(set) var events: [TestEvent<Element>] = []

    func on(_ event: Event<Element>) {
        events.append(TestEvent(event))
    }
}

/// A disposable that counts how often it was disposed.
final class TestDisposable: Disposable {
    private(set) var disposeCount = 0

    var isDisposed: Bool { disposeCount > 0 }

    func dispose() {
        disposeCount += 1
    }
}

/// A disposable that appends its name to a shared log when disposed, to check dispose order.
final class NamedDisposable: Disposable {
    private let name: String
    private let log: (String) -> Void

    init(_ name: String, log: @escaping (String) -> Void) {
        self.name = name
        self.log = log
    }

    func dispose() {
        log(name)
    }
}
