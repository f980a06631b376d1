// Mirrors RxSwift's RxSwift/Observables/Debug.swift.
// Deviation from RxSwift: the lines go through `DebugOutput`, which tests point at a fixed clock and a
// buffer; by default it prints, with the current date, as RxSwift does.

import Foundation
import Synchronization

extension ObservableType {
    /// Prints each subscription, event and disposal of this sequence, for every subscriber,
    /// and passes the events on unchanged.
    ///
    /// A line reads `2024-05-01 12:00:00.000: identifier -> Event next(1)`; the other lines
    /// say `subscribed` and `isDisposed`.
    ///
    /// - Parameters:
    ///   - identifier: Names the lines; by default, the calling file's name, line and
    ///     function (`ViewModel.swift:12 (load())`).
    ///   - trimOutput: Whether an event's text longer than 40 characters is cut to its first
    ///     and last 20, joined by `...`.
    ///   - file: The calling file, for the default identifier.
    ///   - line: The calling line, for the default identifier.
    ///   - function: The calling function, for the default identifier.
    /// - Returns: This sequence's events, printed as they pass. With an `identifier`, a trace
    ///   also shows it as the chain's tag, as ``traceTag(_:)`` does.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let call = TraceCall.enter("debug"); defer { call.exit() }
        let debug = Debug(source: self, identifier: identifier, trimOutput: trimOutput, file: file, line: line, function: function)
            .assembled(by: "debug")
        // An identifier names the chain in the trace too, as `traceTag` does.
        if let identifier {
            return debug.tagged(identifier)
        }
        return debug
    }
}

/// Where `debug` writes its lines and which clock stamps them: `print` and `Date()` unless a
/// test replaced them.
package enum DebugOutput {
    /// Receives one finished line.
    package typealias Write = @Sendable (String) -> Void
    /// Returns the time to stamp a line with.
    package typealias Now = @Sendable () -> Date

    private struct State {
        var write: Write = { line in print(line) }
        var now: Now = { Date() }
    }

    private static let state = LockedState(State())

    /// Receives each line `debug` prints; `print` by default.
    package static var write: Write {
        get { state.withLock { $0.write } }
        set { state.withLock { $0.write = newValue } }
    }

    /// The clock that stamps each line; `Date()` by default.
    package static var now: Now {
        get { state.withLock { $0.now } }
        set { state.withLock { $0.now = newValue } }
    }

    /// The format of a line's timestamp, as RxSwift's.
    static let dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"

    /// Writes `identifier -> content`, stamped with the clock's time.
    static func log(_ identifier: String, formatter: DateFormatter, content: String) {
        write("\(formatter.string(from: now())): \(identifier) -> \(content)")
    }
}

// MARK: - Sink

/// One subscription's state for `debug`: prints `subscribed` when created, each event before
/// forwarding it, and `isDisposed` on the first dispose; created by `Debug.run`, released
/// when the subscription is disposed or terminates.
final class DebugSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Source.Element {
    typealias Element = Observer.Element
    typealias Parent = Debug<Source>

    /// The longest event text kept whole when `trimOutput` is on.
    private static var maxEventTextLength: Int { 40 }

    private let parent: Parent
    /// This subscription's own formatter, as in RxSwift: `DateFormatter` is not thread-safe.
    private let timestampFormatter = DateFormatter()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        timestampFormatter.dateFormat = DebugOutput.dateFormat
        DebugOutput.log(parent.identifier, formatter: timestampFormatter, content: "subscribed")
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DebugSink.on", on: self, event: event); defer { call.exit() }
        let eventText = "\(event)"
        let maxLength = Self.maxEventTextLength
        let eventNormalized =
            eventText.count > maxLength && parent.trimOutput
            ? String(eventText.prefix(maxLength / 2)) + "..." + String(eventText.suffix(maxLength / 2))
            : eventText
        DebugOutput.log(parent.identifier, formatter: timestampFormatter, content: "Event \(eventNormalized)")

        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }

    override func dispose() {
        let call = TraceCall.enter("DebugSink.dispose", on: self, detail: TraceDetail(parent.identifier)); defer { call.exit() }
        if !isDisposed {
            DebugOutput.log(parent.identifier, formatter: timestampFormatter, content: "isDisposed")
        }
        super.dispose()
    }
}

// MARK: - Producer

/// The observable `debug` returns: its source, the identifier its lines carry (given, or made
/// from the call site) and whether long events are trimmed. Each subscription gets a
/// ``DebugSink``.
final class Debug<Source: ObservableType>: Producer<Source.Element> {
    fileprivate let identifier: String
    fileprivate let trimOutput: Bool
    private let source: Source

    init(source: Source, identifier: String?, trimOutput: Bool, file: String, line: UInt, function: String) {
        self.trimOutput = trimOutput
        if let identifier {
            self.identifier = identifier
        } else {
            let trimmedFile = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
            self.identifier = "\(trimmedFile):\(line) (\(function))"
        }
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Source.Element {
        let call = TraceCall.enter("Debug.run", on: self, detail: TraceDetail(identifier)); defer { call.exit() }
        let sink = DebugSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
