// RxCore's own: the user's line that subscribed, captured by `#fileID`/`#line` defaults.

/// A place in source code: a `#fileID` (`RxExamples/EmptyExample.swift`) and a line.
///
/// The public `subscribe` forms take `file: StaticString = #fileID, line: UInt = #line`
/// default arguments, so existing RxSwift code compiles unchanged while the trace learns
/// which line of user code made each subscription.
public struct CallSite: Sendable, CustomStringConvertible {
    /// The `#fileID` of the source file: module name, a slash, the file name.
    public let file: StaticString
    /// The line in ``file``.
    public let line: UInt

    /// A call site at `file`:`line`.
    public init(file: StaticString, line: UInt) {
        self.file = file
        self.line = line
    }

    /// `Module/File.swift:12`.
    public var description: String { "\(file):\(line)" }
}
