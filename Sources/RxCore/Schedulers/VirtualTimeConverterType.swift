// Mirrors RxSwift's RxSwift/Schedulers/VirtualTimeConverterType.swift.

import Foundation

/// Converts between a virtual time scheduler's own clock units and real dates and intervals.
///
/// ``VirtualTimeScheduler`` keeps its clock in ``VirtualTimeUnit``s (ticks for a test
/// scheduler, dates for a historical one) and asks the converter whenever it must compare,
/// offset or report them as ``RxTime``.
public protocol VirtualTimeConverterType {
    /// The type of a point in virtual time.
    associatedtype VirtualTimeUnit
    /// The type of a span of virtual time.
    associatedtype VirtualTimeIntervalUnit

    /// The real date that `virtualTime` stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

    /// The virtual time that the real date `time` stands for.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

    /// The real interval, in seconds, that `virtualTimeInterval` stands for.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

    /// The virtual interval that the real interval `timeInterval` (seconds) stands for.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

    /// How `lhs` compares with `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison {
    /// The left time is earlier.
    case lessThan
    /// Both times are the same.
    case equal
    /// The left time is later.
    case greaterThan
}

extension VirtualTimeComparison {
    /// Whether the left time is earlier (RxSwift's spelling).
    var lessThen: Bool {
        self == .lessThan
    }

    /// Whether the left time is later.
    var greaterThan: Bool {
        self == .greaterThan
    }

    /// Whether both times are the same.
    var equal: Bool {
        self == .equal
    }
}
