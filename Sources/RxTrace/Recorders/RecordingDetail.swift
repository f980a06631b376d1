/// How much a recording keeps: every step RxCore takes, or only what an app's behaviour is
/// made of.
///
/// `RXTRACE_DETAIL=events` or `record(to:detail: .events)` chooses the coarser level, for long
/// runs of whole programs: the recorder then skips the call hooks (each costs one branch), so
/// a trace holds a few records per event instead of a dozen. `run.detail` says which level a
/// trace was recorded at.
public enum RecordingDetail: String, Sendable, CaseIterable, Codable {
    /// Everything: objects, subscriptions, events and every instrumented call, so reports show
    /// call flows. The default.
    case calls
    /// Objects, subscriptions and events, without the calls: lifetimes, leaks, marbles and
    /// how subscriptions ended, but no call flows, and events and ends say no call.
    case events

    /// `RXTRACE_DETAIL` read strictly, as `RXTRACE_VALUES` is: unset is ``calls``; `calls` or
    /// `events` (any case) name a level; anything else is `nil`, so a typo never records what
    /// the user did not ask for.
    static func parse(environmentValue setting: String?) -> RecordingDetail? {
        guard let setting else { return .calls }
        return RecordingDetail(rawValue: setting.lowercased())
    }
}
