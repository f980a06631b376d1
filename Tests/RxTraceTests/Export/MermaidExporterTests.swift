import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The Mermaid export draws one subscription as a sequence diagram: the user's code, the
/// observables subscribed through, each operator's sink and the subscriber, with the subscribe,
/// on and dispose messages in the order they happened.
final class MermaidExporterTests: RxTraceTestCase {
    func testSubscriptionThroughMap_showsSubscribeOnAndDispose_inOrder() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; let subscription = subject.map { $0 * 10 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subject.onNext(2)
            subscription.dispose()
        }

        let diagram = try exported { try MermaidExporter(reader: reader).write(subscription: 1, to: $0) }

        XCTAssertEqual(MermaidGrammar.violations(of: diagram), [])
        let lines = diagram.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(Array(lines.prefix(7)), [
            "sequenceDiagram",
            "%% subscription #1 at RxTraceTests/MermaidExporterTests.swift:\(line) in test",
            "participant U as user code",
            "participant O2 as Map#60;Int, Int#62; #35;2",
            "participant O1 as PublishSubject#60;Int#62; #35;1",
            "participant O5 as MapSink#60;…#62; #35;5",
            "participant O3 as AnonymousObserver#60;Int#62; #35;3 (subscriber)",
        ])
        let messages = lines.filter { $0.contains("->>") }
        XCTAssertEqual(Array(messages.prefix(6)), [
            "U->>O2: subscribe at RxTraceTests/MermaidExporterTests.swift:\(line)",
            "O2->>O1: subscribe",
            "O1->>O5: on(.next(1))",
            "O5->>O3: on(.next(10))",
            "O1->>O5: on(.next(2))",
            "O5->>O3: on(.next(20))",
        ])
        // Then the user's dispose, down to the sink.
        let disposals = messages.dropFirst(6)
        XCTAssertTrue(disposals.first?.hasPrefix("U->>O6: BinaryDisposable.dispose") ?? false, "\(disposals)")
        XCTAssertTrue(disposals.contains { $0.hasSuffix("Sink.dispose") }, "\(disposals)")
    }

    func testADisposeTheChainMakesItself_comesFromTheObjectWhoseCallMadeIt() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { _ in })
        }

        let diagram = try exported { try MermaidExporter(reader: reader).write(subscription: 1, to: $0) }

        XCTAssertEqual(MermaidGrammar.violations(of: diagram), [])
        let disposals = diagram.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasSuffix(".dispose") }
        // On completed, the map's sink disposes itself; nothing is disposed by the user's code.
        XCTAssertEqual(disposals.first, "O5->>O5: Sink.dispose")
        XCTAssertFalse(disposals.contains { $0.hasPrefix("U->>") }, "\(disposals)")
    }

    func testValuesAndNamesWithMermaidSyntax_areEscaped() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<String>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext("a;b #c <d> 50% e:f\nnext line")
            subscription.dispose()
        }

        let diagram = try exported { try MermaidExporter(reader: reader).write(subscription: 1, to: $0) }

        XCTAssertEqual(MermaidGrammar.violations(of: diagram), [])
        XCTAssertTrue(diagram.contains("on(.next(a#59;b #35;c #60;d#62; 50#37; e:f next line))"), diagram)
    }

    func testManyEvents_areCutAtTheLimit_withANote() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            (1...10).forEach(subject.onNext)
            subscription.dispose()
        }

        let diagram = try exported { try MermaidExporter(reader: reader, messageLimit: 4).write(subscription: 1, to: $0) }

        XCTAssertEqual(MermaidGrammar.violations(of: diagram), [])
        XCTAssertEqual(diagram.split(separator: "\n").filter { $0.contains("->>") }.count, 4)
        XCTAssertTrue(diagram.contains("Note over U: 8 more messages not shown"), diagram)
    }

    func testUnknownSubscription_throws() throws {
        let reader = try recordedTrace {}

        XCTAssertThrowsError(try MermaidExporter(reader: reader).write(subscription: 3) { _ in }) { error in
            XCTAssertEqual(error as? ReportError, .noSuchSubscription(3))
        }
    }

    func testTheGrammarCheck_catchesUndeclaredParticipantsAndRawSyntax() {
        let diagram = """
            sequenceDiagram
                participant A as one
                A->>B: hello
                A->>A: a;b
                activate A
                graph TD
            """

        let problems = MermaidGrammar.violations(of: diagram)

        XCTAssertEqual(problems.count, 4, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("undeclared participant B") })
        XCTAssertTrue(problems.contains { $0.contains("unescaped message text") })
        XCTAssertTrue(problems.contains { $0.contains("left active") })
        XCTAssertTrue(problems.contains { $0.contains("not a sequence diagram statement") })
    }
}
