// Mirrors RxSwift's RxTest/Event+Equatable.swift.

import Foundation
import RxCore

/// Whether two events are the same case with equal payloads.
///
/// Errors are compared by their descriptions; on Apple platforms also by their `NSError`
/// domain and code, as in RxTest.
func equals<Element: Equatable>(lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed):
        return true
    case (.error(let lhsError), .error(let rhsError)):
        return errorsEqual(lhsError, rhsError)
    case (.next(let lhsElement), .next(let rhsElement)):
        return lhsElement == rhsElement
    default:
        return false
    }
}

/// Whether two ``SingleEvent``s are the same case with an equal element or errors of equal
/// description.
///
/// A function rather than `==`: `SingleEvent` is Swift's `Result`, which is `Equatable` only
/// when its `Failure` is, and `Swift.Error` is not.
func equals<Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.failure(let lhsError), .failure(let rhsError)):
        return errorsEqual(lhsError, rhsError)
    case (.success(let lhsElement), .success(let rhsElement)):
        return lhsElement == rhsElement
    default:
        return false
    }
}

/// Whether two ``MaybeEvent``s are the same case with an equal element or errors of equal
/// description.
func equals<Element: Equatable>(lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed):
        return true
    case (.error(let lhsError), .error(let rhsError)):
        return errorsEqual(lhsError, rhsError)
    case (.success(let lhsElement), .success(let rhsElement)):
        return lhsElement == rhsElement
    default:
        return false
    }
}

/// Whether two errors have the same description; on Apple platforms also the same `NSError`
/// domain and code, as in RxTest.
private func errorsEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    #if os(Linux)
        return "\(lhs)" == "\(rhs)"
    #else
        let lhsNSError = lhs as NSError
        let rhsNSError = rhs as NSError
        return lhsNSError.domain == rhsNSError.domain && lhsNSError.code == rhsNSError.code && "\(lhs)" == "\(rhs)"
    #endif
}

extension Event: Equatable where Element: Equatable {
    /// Whether both events are the same case with equal elements or errors of equal
    /// description; so `XCTAssertEqual` and `#expect(a == b)` work on events and records.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        equals(lhs: lhs, rhs: rhs)
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Whether both events are the same case with equal elements or errors of equal
    /// description.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        equals(lhs: lhs, rhs: rhs)
    }
}

extension CompletableEvent: Equatable {
    /// Whether both events are completion, or errors of equal description.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed):
            true
        case (.error(let lhsError), .error(let rhsError)):
            errorsEqual(lhsError, rhsError)
        default:
            false
        }
    }
}
