// RxCore's own: an event's payload as a hook hands it to a recorder, cheap to capture.

/// An element's or error's value as a recorder receives it: the common standard types held
/// as they are, anything else already described.
///
/// A hook runs on the thread that sends the event, so capturing must be cheap: an `Int`, a
/// `Double`, a `Bool` or a `String` is stored as it is, and ``description`` formats it later,
/// where the recorder writes (its writer thread). Any other value is described with
/// `String(describing:)` at capture, on the sending thread: a class element could change, or be
/// in use by its owner, by the time another thread would read it.
public enum TraceValue: Sendable, Equatable, CustomStringConvertible {
    /// An `Int` element.
    case int(Int)
    /// A `Double` element.
    case double(Double)
    /// A `Bool` element.
    case bool(Bool)
    /// A `String` element.
    case string(String)
    /// Any other element or error, as `String(describing:)` described it at capture, already
    /// truncated to ``maximumLength``.
    case text(String)

    /// The longest description a trace keeps; longer ones end in `…`.
    public static var maximumLength: Int { 80 }

    /// Captures `value`: as it is when it is an `Int`, `Double`, `Bool` or `String`, else as
    /// its description.
    ///
    /// The type test compares metatypes, which costs a compare per case even where the
    /// function is not specialized, unlike `as?`, which is a dynamic cast.
    @inlinable public init<Value>(_ value: Value) {
        if Value.self == Int.self {
            self = .int(unsafeBitCast(value, to: Int.self))
        } else if Value.self == String.self {
            self = .string(unsafeBitCast(value, to: String.self))
        } else if Value.self == Double.self {
            self = .double(unsafeBitCast(value, to: Double.self))
        } else if Value.self == Bool.self {
            self = .bool(unsafeBitCast(value, to: Bool.self))
        } else {
            // Truncated here too, so a huge description does not sit in the recorder's buffer.
            self = .text(Self._truncated(String(describing: value)))
        }
    }

    /// Captures an error as its dynamic type's name (`NetworkError`), never its description,
    /// which can carry what values off must keep out of a trace (a token in a message).
    public init(typeOf error: any Error) {
        self = .text(Self._truncated(String(describing: type(of: error))))
    }

    /// What a trace shows for the value: `String(describing:)` of it, truncated to
    /// ``maximumLength`` characters (the last one `…`).
    public var description: String {
        switch self {
        case .int(let value): value.description
        case .double(let value): value.description
        case .bool(let value): value.description
        case .string(let text), .text(let text): Self._truncated(text)
        }
    }

    /// `text`, or its first ``maximumLength`` − 1 characters and `…` when it is longer.
    @usableFromInline static func _truncated(_ text: String) -> String {
        // At most as many characters as UTF-8 bytes: a short text needs no count.
        guard text.utf8.count > maximumLength, text.count > maximumLength else { return text }
        return String(text.prefix(maximumLength - 1)) + "…"
    }
}

// Performance: `init(_:)` is @inlinable (`_truncated` @usableFromInline), so a hook specialized for
// its element type tests the type at compile time; see Documentation/Recording.md.
