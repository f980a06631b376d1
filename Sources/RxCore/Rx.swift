// Mirrors RxSwift's RxSwift/Rx.swift.

/// Traps: a subclass must override the method that called this.
func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    rxFatalError("Abstract method", file: file, line: line)
}

/// Traps with `message`: used for broken invariants, never for user input.
func rxFatalError(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    fatalError(message(), file: file, line: line)
}

/// Traps with `message` in a debug build; in a release build prints it with `file`:`line`
/// and carries on. Used where a trait's source broke the trait's rule (a `Single` that
/// completed without an element).
func rxFatalErrorInDebug(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
    fatalError(message(), file: file, line: line)
    #else
    print("\(file):\(line): \(message())")
    #endif
}
