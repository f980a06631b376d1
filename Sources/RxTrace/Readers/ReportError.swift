/// A question the readers cannot answer from the trace as asked: what ``CauseFinder``,
/// ``TraceReport`` and the exporters throw for a subscription or event the trace lacks.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// `--subscription N` named a subscription the trace does not have.
    case noSuchSubscription(Int64)
    /// `rxtrace why` named an event the trace does not have.
    case noSuchEvent(Int64)
    /// `--nth K` asked for an event a subscription's observer did not receive: it received
    /// `count`.
    case noSuchNthEvent(subscription: Int64, nth: Int, count: Int)
    /// The question needs what later traces record; the trace was written before it.
    case needsNewerTrace(String)

    /// The error in one line, as `rxtrace` prints it after `error:`.
    public var description: String {
        switch self {
        case .noSuchSubscription(let id): "the trace has no subscription #\(id)"
        case .noSuchEvent(let id): "the trace has no event #\(id)"
        case .noSuchNthEvent(let subscription, let nth, let count):
            "subscription #\(subscription)'s observer received \(counted(count, "event")), so it has no event number \(nth)"
        case .needsNewerTrace(let what):
            "\(what) needs a trace recorded by this version of RxTrace (this one predates the call_cause view); record it again"
        }
    }
}
