// Mirrors RxSwift's RxSwift/Errors.swift.

/// The errors RxCore itself produces.
public enum RxError: Swift.Error, CustomDebugStringConvertible {
    /// An unknown error.
    case unknown
    /// An operation on an object that was already disposed.
    case disposed(object: AnyObject)
    /// Arithmetic overflow.
    case overflow
    /// An argument was out of range.
    case argumentOutOfRange
    /// A sequence had no elements where one was required.
    case noElements
    /// A sequence had more than one element where exactly one was required.
    case moreThanOneElement
    /// A timeout fired.
    case timeout

    /// A description of the error.
    public var debugDescription: String {
        switch self {
        case .unknown: "Unknown error occurred."
        case .disposed(let object): "Object `\(object)` was already disposed."
        case .overflow: "Arithmetic overflow occurred."
        case .argumentOutOfRange: "Argument out of range."
        case .noElements: "Sequence doesn't contain any elements."
        case .moreThanOneElement: "Sequence contains more than one element."
        case .timeout: "Sequence timeout."
        }
    }
}

// `disposed(object:)` carries the object only so that the message can name it; nothing reads
// or mutates the object through the error, so sharing the error across threads is safe.
extension RxError: @unchecked Sendable {}
