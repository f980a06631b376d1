/// One execution of an instrumented step, as the `call_flow` view describes it.
public struct CallRecord: Codable, Equatable, Sendable {
    /// The call's serial id.
    public var id: Int64
    /// The enclosing call; `nil` for a top-level call.
    public var parentID: Int64?
    /// 0 for a top-level call.
    public var depth: Int
    /// The thread's name: `main`, `T1`, …
    public var threadName: String
    /// The step: `Producer.subscribe`.
    public var name: String
    /// The `#fileID` of the implementing code.
    public var file: String
    /// The line of the implementing code.
    public var line: Int
    /// The object the step ran on.
    public var objectID: Int64?
    /// That object's type.
    public var typeName: String?
    /// What the step carried: `next(1)`, `completed`.
    public var detail: String?
    /// When it was entered, in ns since the run started.
    public var startNanoseconds: Int64
    /// How long it ran, in ns; `nil` if it never returned.
    public var durationNanoseconds: Int64?

    /// `RxCore/Observables/Producer.swift:21`.
    public var location: String { "\(file):\(line)" }

    /// The step as a flow shows it: `ObserverBase.on(.completed) [AnonymousObserver<Int> #4]`,
    /// or with a detail that is no event, `Bag.insert(key 0, observer #4)`.
    public var label: String {
        // Built in one string of the right capacity, piece by piece: a report makes a label for
        // every step of every flow, and interpolating made a buffer of its own for each.
        let type = objectID == nil ? "" : typeName.map(TypeNames.short) ?? "object"
        var label = ""
        label.reserveCapacity(name.utf8.count + (detail?.utf8.count ?? 0) + type.utf8.count + 32)
        label += name
        if let detail {
            label += Self.shown(detail: detail)
        }
        if let objectID {
            label += " ["
            label += type
            label += " #"
            label += String(objectID)
            label += "]"
        }
        return label
    }
}

extension CallRecord {
    /// Whether `detail` is an event (`next(1)`, `next`, `error(Failure)`, `completed`) rather
    /// than a few words about the step's state (`key 3, observer #7`, `refcount 2`).
    public static func isEvent(detail: String) -> Bool {
        detail == "completed" || detail == "next" || detail == "error" || detail.hasPrefix("next(")
            || detail.hasPrefix("error(")
    }

    /// A detail as it follows a step's name: `(.next(1))` for an event, `(refcount 2)` for words.
    public static func shown(detail: String) -> String {
        isEvent(detail: detail) ? "(.\(detail))" : "(\(detail))"
    }
}
