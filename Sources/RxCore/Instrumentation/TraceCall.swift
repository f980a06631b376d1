// RxCore's own: the two lines an instrumented step starts with.

/// One open step in the call flow; created at a step's start and exited at its end.
///
/// A step in RxCore begins with
///
///     let call = TraceCall.enter("Producer.subscribe", on: self); defer { call.exit() }
///
/// When nothing records, ``enter(_:on:detail:file:line:)`` is one atomic load and ``exit()``
/// one branch. `#fileID` and `#line` name the implementing code, which is what the flow shows
/// next to each step.
package struct TraceCall {
    private let recorder: (any TraceRecorder)?
    private let id: CallID

    /// Records the start of step `name` running on `object`.
    ///
    /// Always inlined, as are the other two: at a step's start only the one atomic load and
    /// its branch should run while nothing records, not a call that first builds the
    /// `object` existential.
    @inline(__always)
    package static func enter(
        _ name: StaticString,
        on object: (any TraceableObject)? = nil,
        detail: @autoclosure () -> TraceDetail? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let recorder = Instrumentation.callRecorder else { return TraceCall(recorder: nil, id: .none) }
        let id = recorder.callEntered(
            name, object: object?.traceObjectID ?? .none, detail: detail(), file: file, line: line
        )
        return TraceCall(recorder: recorder, id: id)
    }

    /// Records the start of step `name` on `object`, carrying `event` as its detail.
    @inline(__always)
    package static func enter<Element>(
        _ name: StaticString,
        on object: (any TraceableObject)?,
        event: Event<Element>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let recorder = Instrumentation.callRecorder else { return TraceCall(recorder: nil, id: .none) }
        let detail = event.traceDetail(includingElement: recorder.isRecordingValues)
        let id = recorder.callEntered(
            name, object: object?.traceObjectID ?? .none, detail: detail, file: file, line: line
        )
        return TraceCall(recorder: recorder, id: id)
    }

    /// Records the end of the step.
    @inline(__always)
    package func exit() {
        recorder?.callExited(id)
    }
}
