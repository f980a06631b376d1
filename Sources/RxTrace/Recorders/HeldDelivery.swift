import RxCore

/// An event a thread delivered to an instrumented observer and holds back for one hook: when the
/// next thing the thread records is that observer's step receiving the same event
/// (`ObserverBase.on`, a sink's `on`), the step's entry stands for the event too
/// (``Record/callEntered(id:parent:name:file:line:object:detail:repeatsCallers:thread:ts:virtualTS:deliveredTo:receivedFrom:innermostReturnedAt:)``'s
/// `receivedFrom`); anything else the thread records appends it first, as its own
/// ``Record/eventDelivered(kind:value:source:observer:ts:thread:call:virtualTS:)``.
///
/// A subject hands each element to its observers this way (`Bag.dispatch`): one ring slot for
/// the event and the step that receives it instead of one each.
struct HeldDelivery {
    let kind: EventKind
    /// The value as the trace keeps it (`nil` for an element when values are not recorded).
    let value: TraceValue?
    let source: Int64
    let observer: Int64
    /// When it was delivered, as ``TraceClock/ticks()``; the row takes its receiving call's
    /// entry time instead when the call carries it.
    let ts: Int64
    /// The thread's innermost open call when it was delivered.
    let call: Int64
    let virtualTS: Int64?

    /// Whether a call entered on `object` with `detail`, at virtual time `virtualTS`, is the
    /// observer's receiving of this event.
    @inline(__always)
    func isReceived(by object: Int64, detail: borrowing TraceDetail?, virtualTS: Int64?) -> Bool {
        guard object == observer, virtualTS == self.virtualTS else { return false }
        switch detail {
        case .some(let detail): return detail.isEvent(kind, value: value)
        case .none: return false
        }
    }

    /// No event: what a thread's hold starts with.
    static let nothing = HeldDelivery(
        kind: .completed, value: nil, source: 0, observer: 0, ts: 0, call: 0, virtualTS: nil)

    /// The record it is on its own.
    func record(thread: Int32) -> Record {
        .eventDelivered(
            kind: kind, value: value, source: source, observer: observer, ts: ts, thread: thread, call: call,
            virtualTS: virtualTS)
    }
}
