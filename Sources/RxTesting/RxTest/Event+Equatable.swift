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
        #if os(Linux)
        return "\(lhsError)" == "\(rhsError)"
        #else
        let lhsNSError = lhsError as NSError
        let rhsNSError = rhsError as NSError
        return lhsNSError.domain == rhsNSError.domain && lhsNSError.code == rhsNSError.code
            && "\(lhsError)" == "\(rhsError)"
        #endif
    case (.next(let lhsElement), .next(let rhsElement)):
        return lhsElement == rhsElement
    default:
        return false
    }
}

extension Event: Equatable where Element: Equatable {
    /// Whether both events are the same case with equal elements or errors of equal
    /// description; so `XCTAssertEqual` and `#expect(a == b)` work on events and records.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        equals(lhs: lhs, rhs: rhs)
    }
}
