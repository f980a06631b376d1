// Mirrors RxSwift's RxTest/Recorded+Event.swift.

import RxCore

extension Recorded {
    /// A `next(element)` event at virtual time `time`: `.next(210, 2)`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A `completed` event at virtual time `time`: `.completed(250)`.
    ///
    /// - Parameter type: the element type, for when the compiler cannot infer it.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An `error(error)` event at virtual time `time`: `.error(230, testError)`.
    ///
    /// - Parameter type: the element type, for when the compiler cannot infer it.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }
}

extension Recorded {
    /// The recorded events given, as an array: `Recorded.events(.next(210, 2), .completed(250))`,
    /// for when the compiler cannot infer the array's type.
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        events(recordedEvents)
    }

    /// `recordedEvents` itself, for when the compiler cannot infer the array's type.
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents
    }
}
