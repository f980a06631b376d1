// Mirrors RxSwift's RxSwift/Date+Dispatch.swift (the part the virtual time scheduler uses).

import Dispatch
import Foundation

extension DispatchTimeInterval {
    /// How many of this interval's units make one second.
    var convertToSecondsFactor: Double {
        switch self {
        case .nanoseconds: 1_000_000_000.0
        case .microseconds: 1_000_000.0
        case .milliseconds: 1_000.0
        case .seconds: 1.0
        case .never: rxFatalError("DispatchTimeInterval.never has no length in seconds")
        @unknown default: rxFatalError("Unknown DispatchTimeInterval")
        }
    }
}

extension Date {
    /// This date moved by `dispatchInterval`; `.never` gives `Date.distantFuture`.
    func addingDispatchInterval(_ dispatchInterval: DispatchTimeInterval) -> Date {
        switch dispatchInterval {
        case .nanoseconds(let value), .microseconds(let value), .milliseconds(let value), .seconds(let value):
            addingTimeInterval(TimeInterval(value) / dispatchInterval.convertToSecondsFactor)
        case .never:
            Date.distantFuture
        @unknown default:
            rxFatalError("Unknown DispatchTimeInterval")
        }
    }
}
