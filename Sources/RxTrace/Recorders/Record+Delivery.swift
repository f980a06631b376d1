import RxCore

/// A call's entry that carries the event its step delivered right away, or received just before:
/// one record on the producing thread for what the trace says in two rows.
///
/// `Sink.forwardOn` enters its step and hands its event to the observer with nothing in
/// between, so its hook (``RecordingSession/callEntered(_:object:detail:file:line:deliveringTo:)``)
/// appends one ``Record/callEntered(id:parent:name:file:line:object:detail:repeatsCallers:thread:ts:virtualTS:deliveredTo:receivedFrom:innermostReturnedAt:)``
/// naming the observer, and the writer expands it back into the call and the event row that
/// ``Record/eventDelivered(kind:value:source:observer:ts:thread:call:virtualTS:)`` would have
/// made: the same rows, in the same order, with the event at its call's entry time.
///
/// The other way round, an event a subject (or any source that is not a sink) hands to an
/// observer whose `on` enters a step right away: the thread holds the event
/// (``RecordingSession``'s held delivery) and, when the next thing it records is that step's
/// entry on the observer, with the same event as its detail, that entry names the source
/// (`receivedFrom`) and stands for the event's row, which the writer dates a nanosecond before
/// the call's entry, so that the event comes before the call it caused wherever moments are
/// ordered by time.
extension Record {
    /// The `deliveredTo` of a call's entry that delivered no event, and the `receivedFrom` of
    /// one that received none.
    static let noDelivery: Int64 = -1

    /// The event a call's entry delivered, as the record it stands for; `nil` for any other
    /// record.
    var deliveredEvent: Record? {
        guard
            case .callEntered(
                let id, _, _, _, _, let object, let detail, _, let thread, let ts, let virtualTS, let observer, _, _) =
                self,
            observer != Self.noDelivery, let event = detail?.event
        else { return nil }
        return .eventDelivered(
            kind: event.kind, value: event.value, source: object, observer: observer, ts: ts, thread: thread, call: id,
            virtualTS: virtualTS
        )
    }

    /// The event a call's entry received, as the record it stands for: delivered inside the
    /// call's parent, stamped with the call's entry (the writer dates its row a nanosecond
    /// earlier); `nil` for any other record.
    var receivedEvent: Record? {
        guard
            case .callEntered(
                _, let parent, _, _, _, let object, let detail, _, let thread, let ts, let virtualTS, _, let source, _) =
                self,
            source != Self.noDelivery, let event = detail?.event
        else { return nil }
        return .eventDelivered(
            kind: event.kind, value: event.value, source: source, observer: object, ts: ts, thread: thread,
            call: parent, virtualTS: virtualTS
        )
    }
}
