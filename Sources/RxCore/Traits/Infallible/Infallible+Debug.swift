// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+Debug.swift.

extension InfallibleType {
    /// This sequence, printing each subscription, event and disposal; see
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.debug"); defer { call.exit() }
        return Infallible(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function)
        )
    }
}
