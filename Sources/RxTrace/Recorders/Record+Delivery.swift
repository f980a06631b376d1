import RxCore

/// A call's entry that carries the event its step delivered right away: one record on the
/// producing thread for what the trace says in two rows.
///
/// `Sink.forwardOn` enters its step and hands its event to the observer with nothing in
/// between, so its hook (``RecordingSession/callEntered(_:object:detail:file:line:deliveringTo:)``)
/// appends one ``Record/callEntered(id:parent:depth:thread:name:file:line:object:detail:ts:virtualTS:repeatsCallers:deliveredTo:innermostReturnedAt:)``
/// naming the observer, and the writer expands it back into the call and the event row that
/// ``Record/eventDelivered(kind:value:source:observer:ts:thread:call:virtualTS:)`` would have
/// made: the same rows, in the same order, with the event at its call's entry time.
extension Record {
    /// The `deliveredTo` of a call's entry that delivered no event.
    static let noDelivery: Int64 = -1

    /// The event a call's entry carries, as the record it stands for; `nil` for any other
    /// record.
    var deliveredEvent: Record? {
        guard
            case .callEntered(
                let id, _, _, let thread, _, _, _, let object, let detail, let ts, let virtualTS, _, let observer, _) =
                self,
            observer != Self.noDelivery, let event = detail?.event
        else { return nil }
        return .eventDelivered(
            kind: event.kind, value: event.value, source: object, observer: observer, ts: ts, thread: thread, call: id,
            virtualTS: virtualTS
        )
    }
}
