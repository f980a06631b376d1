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
@usableFromInline package struct TraceCall {
    /// The box of the recorder that recorded the step's start, or `nil`; not retained (an
    /// installed box is never released), so that a step costs no reference counting, two
    /// atomic read-modify-writes per step otherwise.
    @usableFromInline let box: Unmanaged<RecorderBox>?
    @usableFromInline let id: CallID

    /// Records the start of step `name` running on `object`.
    ///
    /// Always inlined, as are the other two: at a step's start only the one atomic load and
    /// its branch should run while nothing records, not a call that first builds the
    /// `object` existential.
    @inlinable @inline(__always)
    package static func enter(
        _ name: StaticString,
        on object: (any TraceableObject)? = nil,
        detail: @autoclosure () -> TraceDetail? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let unretained = Instrumentation.installedUnretained else { return TraceCall(recording: nil, id: .none) }
        return unretained._withUnsafeGuaranteedRef { box in
            guard box.isRecordingCalls else { return TraceCall(recording: nil, id: .none) }
            let id = box.recorder.callEntered(
                name, object: object?.traceObjectID ?? .none, detail: detail(), file: file, line: line
            )
            return TraceCall(recording: unretained, id: id)
        }
    }

    /// Records the start of step `name` on `object`, carrying `event` as its detail.
    @inlinable @inline(__always)
    package static func enter<Element>(
        _ name: StaticString,
        on object: (any TraceableObject)?,
        event: Event<Element>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let unretained = Instrumentation.installedUnretained else { return TraceCall(recording: nil, id: .none) }
        return unretained._withUnsafeGuaranteedRef { box in
            guard box.isRecordingCalls else { return TraceCall(recording: nil, id: .none) }
            let detail = event.traceDetail(includingElement: box.isRecordingValues)
            let id = box.recorder.callEntered(
                name, object: object?.traceObjectID ?? .none, detail: detail, file: file, line: line
            )
            return TraceCall(recording: unretained, id: id)
        }
    }

    /// Records the start of step `name` on `sink`, carrying `event` as its detail, and, when
    /// `isDelivered`, the event's hop from `sink` to its observer, which the step makes right
    /// away (`Sink.forwardOn`): one hook for both, so the event is looked at once and a
    /// recorder may keep both in one record. With the calls left out, records the hop alone.
    @inlinable @inline(__always)
    static func enter<Observer>(
        _ name: StaticString,
        on sink: Sink<Observer>,
        forwarding event: Event<Observer.Element>,
        isDelivered: Bool,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let unretained = Instrumentation.installedUnretained else { return TraceCall(recording: nil, id: .none) }
        return unretained._withUnsafeGuaranteedRef { box in
            guard box.isRecordingCalls else {
                if isDelivered, box.isRecordingEvents {
                    let (kind, value) = event.traceKindAndValue(includingElement: box.isRecordingValues)
                    box.recorder.eventDelivered(kind, value: value, from: sink.traceObjectID, to: sink.observerTraceID)
                }
                return TraceCall(recording: nil, id: .none)
            }
            let detail = event.traceDetail(includingElement: box.isRecordingValues)
            let id =
                isDelivered && box.isRecordingEvents
                ? box.recorder.callEntered(
                    name, object: sink.traceObjectID, detail: detail, file: file, line: line,
                    deliveringTo: sink.observerTraceID)
                : box.recorder.callEntered(name, object: sink.traceObjectID, detail: detail, file: file, line: line)
            return TraceCall(recording: unretained, id: id)
        }
    }

    /// Records the start of step `name` on `object`, a public entry point that user code calls
    /// (`accept`, `dispose()`, `connect()`), with the return addresses that lead to the user's
    /// line (``CallerAddresses``).
    ///
    /// The addresses are taken only while a recorder records calls: with none, this costs what
    /// ``enter(_:on:detail:file:line:)`` costs. Transparent, so inlined even in a debug build:
    /// the entry point calls the C walk itself, and its first address is the entry point's.
    @_transparent @usableFromInline
    package static func enterFromUser(
        _ name: StaticString,
        on object: (any TraceableObject)?,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let unretained = Instrumentation.installedUnretained else { return TraceCall(recording: nil, id: .none) }
        let box = unretained.takeUnretainedValue()
        guard box.isRecordingCalls else { return TraceCall(recording: nil, id: .none) }
        let recorder = box.recorder
        let callers = box.isRecordingCallers ? CallerAddresses.capture() : CallerAddresses()
        let id = recorder.callEntered(
            name, object: object?.traceObjectID ?? .none, detail: nil, file: file, line: line, callers: callers
        )
        return TraceCall(recording: unretained, id: id)
    }

    /// Records the start of step `name` on `object`, a public entry point that user code calls
    /// with `event` (a subject's or observer's `on`), with the return addresses that lead to
    /// the user's `onNext` line (``CallerAddresses``).
    @_transparent @usableFromInline
    package static func enterFromUser<Element>(
        _ name: StaticString,
        on object: (any TraceableObject)?,
        event: Event<Element>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> TraceCall {
        guard let unretained = Instrumentation.installedUnretained else { return TraceCall(recording: nil, id: .none) }
        let box = unretained.takeUnretainedValue()
        guard box.isRecordingCalls else { return TraceCall(recording: nil, id: .none) }
        let recorder = box.recorder
        let callers = box.isRecordingCallers ? CallerAddresses.capture() : CallerAddresses()
        let detail = event.traceDetail(includingElement: box.isRecordingValues)
        let id = recorder.callEntered(
            name, object: object?.traceObjectID ?? .none, detail: detail, file: file, line: line, callers: callers
        )
        return TraceCall(recording: unretained, id: id)
    }

    /// Records the start of a `subscribeSafe` on `observable`; to a recorder that leaves out
    /// the calls, says ``TraceRecorder/subscribedThrough(_:)`` instead.
    @inlinable @inline(__always)
    package static func enterSubscribeSafe(
        on observable: any TraceableObject, file: StaticString = #fileID, line: UInt = #line
    ) -> TraceCall {
        guard let unretained = Instrumentation.installedUnretained else { return TraceCall(recording: nil, id: .none) }
        return unretained._withUnsafeGuaranteedRef { box in
            guard box.isRecordingCalls else {
                box.recorder.subscribedThrough(observable.traceObjectID)
                return TraceCall(recording: nil, id: .none)
            }
            let id = box.recorder.callEntered(
                "subscribeSafe", object: observable.traceObjectID, detail: nil, file: file, line: line
            )
            return TraceCall(recording: unretained, id: id)
        }
    }

    /// Records the end of the step.
    @inlinable @inline(__always)
    package func exit() {
        box?._withUnsafeGuaranteedRef { $0.recorder.callExited(id) }
    }
}

extension TraceCall {
    /// A step whose start the recorder in `box` numbered `id`, or no step (`nil`,
    /// ``CallID/none``); for the inlined `enter`s.
    @usableFromInline init(recording box: Unmanaged<RecorderBox>?, id: CallID) {
        self.box = box
        self.id = id
    }
}

// Performance: `enter` and `exit` are @inlinable (the fields @usableFromInline, set through
// `init(recording:id:)`), so every inlined step still costs one atomic load while nothing records
// (every row); see Documentation/Performance.md.
// Performance: a step keeps its recorder's box unretained from `enter` to `exit`, and the hooks
// borrow the box instead of retaining it (W1s recorded: retains and releases per element 44 → 10,
// each an atomic read-modify-write); see Documentation/Recording.md, "What the producer pays
// besides instructions".
