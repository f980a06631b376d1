// RxCore's own: what a step in the call flow carries, formatted only when it is written.

/// What an instrumented step carried, shown next to it in a call flow: an event (`next(1)`,
/// `completed`, `error(Failure)`) or a few words (`at 300`).
///
/// A step that carries an event keeps its kind and its ``TraceValue``; the text is made only
/// when ``description`` is asked for, which a recorder does where it writes, off the thread
/// that ran the step. A string literal or interpolation is a free-text detail:
///
///     TraceCall.enter("VirtualSchedulerItem.invoke", detail: "at \(time)")
public struct TraceDetail: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    // The value before the kind: so the kind fits in the byte after the value's and a
    // detail takes 18 bytes, not 26, in every call record a recorder buffers.
    private enum Storage: Equatable {
        case text(String)
        case event(TraceValue?, EventKind)
    }

    private let storage: Storage

    /// A free-text detail, shown as it is.
    public init(_ text: String) {
        storage = .text(text)
    }

    /// A free-text detail from a string literal.
    public init(stringLiteral text: String) {
        storage = .text(text)
    }

    /// A free-text detail from an interpolation (`"at \(time)"`).
    public init(stringInterpolation: DefaultStringInterpolation) {
        storage = .text(String(stringInterpolation: stringInterpolation))
    }

    /// An event's detail: its kind, and its element's or error's value, or `nil` when the
    /// event has none or values are not recorded.
    public init(event kind: EventKind, value: TraceValue?) {
        storage = .event(value, kind)
    }

    /// The event's kind and value when the detail is an event's, else `nil`: what a recorder
    /// writes as the event row of a step that delivered its event at entry
    /// (``TraceRecorder/callEntered(_:object:detail:file:line:deliveringTo:)``).
    package var event: (kind: EventKind, value: TraceValue?)? {
        switch storage {
        case .text: nil
        case .event(let value, let kind): (kind, value)
        }
    }

    /// Whether the detail is the event of `kind` with `value`: what a recorder asks of a step's
    /// entry that may receive an event it holds, in place, with no copy of the value.
    package func isEvent(_ kind: EventKind, value: borrowing TraceValue?) -> Bool {
        switch storage {
        case .text: false
        case .event(let ownValue, let ownKind): ownKind == kind && ownValue == value
        }
    }

    /// The detail's text: `next(1)`, `next` (no value), `error(Failure)`, `completed`, or the
    /// free text.
    public var description: String {
        switch storage {
        case .text(let text): text
        case .event(nil, let kind): kind.rawValue
        case .event(let value?, let kind): "\(kind.rawValue)(\(value.description))"
        }
    }
}
