// Mirrors RxSwift's RxSwift/Rx.swift.

/// Traps: a subclass must override the method that called this.
func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    rxFatalError("Abstract method", file: file, line: line)
}

/// Traps with `message`: used for broken invariants, never for user input.
func rxFatalError(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    fatalError(message(), file: file, line: line)
}
