/// Prints why an event happened (``EventExplanation``) for people: the root call that pushed
/// it in, each hop on its way with the file:line of the step that made it and its thread, and
/// who received it. Everything taken from the trace is printed through
/// ``TerminalText/escaped(_:)``.
///
///     Why event #2: next(2)
///     pushed in by  subscribe(onNext:onError:onCompleted:onDisposed:) at App/Main.swift:9 (subscription #1) · thread main
///     1. next(1) from Just<Int> #1 (just at App/Main.swift:7) to MapSink<…> #5 of Map<Int, Int> #2 (map at App/Main.swift:8)
///                                                                       RxCore/Just.swift:70 · main
///     2. next(2) from MapSink<…> #5 of Map<Int, Int> #2 (map at …) to AnonymousObserver<Int> #3
///                                                                       RxCore/Sink.swift:33 · main
///     received by  AnonymousObserver<Int> #3, the subscriber of subscription #1, subscribed at App/Main.swift:9
public struct WhyRenderer {
    /// A renderer.
    public init() {}

    /// The explanation as lines of text, without a final newline.
    public func render(_ explanation: EventExplanation) -> String {
        var lines = [
            "Why event #\(explanation.eventID): \(explanation.event)",
            "pushed in by  \(explanation.origin)",
        ]
        for (index, hop) in explanation.hops.enumerated() {
            let marker = hop.kind == "thread" ? "⇢ thread hop: " : ""
            lines.append("\(index + 1). \(marker)\(hop.text)")
            lines.append(
                hop.location.isEmpty
                    ? "      on thread \(hop.threadName)" : "      at \(hop.location) · thread \(hop.threadName)"
            )
        }
        if let subscriber = explanation.subscriber {
            lines.append("received by  \(subscriber)")
        }
        if let note = explanation.note {
            lines.append(note)
        }
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
