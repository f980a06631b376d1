// RxCore's own: the user's line that built, subscribed or tagged, without a `file:line`
// parameter that would change RxSwift's API.

/// Where user code called one of RxCore's public operators, factories, `subscribe` forms or
/// `traceTag`: the return addresses on the stack then, or a `#fileID` and a line a recorder
/// was handed directly.
///
/// RxCore captures the addresses itself (``capture()``) whenever a recorder is installed, as it
/// does for the entry points (``CallerAddresses``): its public signatures are RxSwift's, so
/// `optional.map(Observable.just)` and overload resolution behave as they do there. A recorder
/// turns the addresses into the user's line the way it does for an entry point's call: the
/// first frame outside RxCore and its companion libraries.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// The return addresses, innermost first; empty when the site was named by ``file`` and
    /// ``line``.
    public let callers: CallerAddresses
    /// The `#fileID` of the source file, when the site was named directly; `nil` when it was
    /// captured as ``callers``.
    public let file: StaticString?
    /// The line in ``file``; 0 when the site was captured.
    public let line: UInt

    /// A call site at `file`:`line`, named directly (a test, a recorder's own caller).
    public init(file: StaticString, line: UInt) {
        self.callers = CallerAddresses()
        self.file = file
        self.line = line
    }

    /// A call site the return addresses `callers` lead to.
    public init(callers: CallerAddresses) {
        self.callers = callers
        self.file = nil
        self.line = 0
    }

    /// The call site of the public RxCore function this is inlined into: the return addresses
    /// of its frame and its callers'.
    ///
    /// Transparent (inlined even in a debug build), as ``CallerAddresses/capture()`` is, so the
    /// first address lies in RxCore's function and the user's frame follows it.
    @_transparent @usableFromInline
    package static func capture() -> CallSite {
        CallSite(callers: CallerAddresses.capture())
    }

    /// The call site, as ``capture()`` takes it, while a recorder is installed; `nil` (after one
    /// atomic load) otherwise. For an operator that builds an observable later, on the user's
    /// behalf (`catchAndReturn`'s element), and records it as built here.
    @_transparent @usableFromInline
    package static func captureIfRecording() -> CallSite? {
        Instrumentation.recorder == nil ? nil : CallSite(callers: CallerAddresses.capture())
    }

    /// `Module/File.swift:12` when named directly; the number of captured addresses otherwise.
    public var description: String {
        if let file { return "\(file):\(line)" }
        return "\(callers.count) caller addresses"
    }

    /// Whether both name the same file and line, or hold the same addresses.
    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.callers == rhs.callers && lhs.line == rhs.line && lhs.file?.description == rhs.file?.description
    }
}
