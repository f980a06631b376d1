import RxCore
@testable import RxTesting
import RxTrace
import XCTest

/// A leak reads the same in a failing test and in `rxtrace report --leaks` on the same run:
/// the leak check (LeakTracker, live) and LeakFinder (SQL over the trace) apply LeakRules and
/// print LeakWording.
final class LeakRulesAgreementTests: RxTestingTestCase {
    func testTheSameLeak_readsTheSameInATestFailureAndInTheTracesLeakReport() throws {
        let recorder = try InMemoryTraceRecorder()
        let check = LeakCheck(testName: "LeakyTests.testLeak", countsResources: false, retryCount: 0)
        XCTAssertTrue(LeakTracker.shared.attach(recorder), "another recorder is attached")
        var subject: PublishSubject<Int>?
        var line = 0
        TraceScope.$current.withValue(check.scope) {
            let leaky = PublishSubject<Int>()
            subject = leaky
            line = #line + 1
            _ = leaky.map { $0 * 2 }.traceTag("doubled").subscribe(onNext: { _ in })
            leaky.onNext(1)
        }
        let failure = try XCTUnwrap(check.finish())
        LeakTracker.shared.detach(recorder)
        let traceReport = try LeakFinder(reader: TraceReader(database: recorder.finish())).report()
        subject?.onCompleted()
        subject = nil

        let expected = """
            Subscription #1 to Map<Int, Int> #2 was never disposed, and its source never terminated.
              verdict        retaining: it keeps 4 objects alive
              subscribed at  RxTestingTests/LeakRulesAgreementTests.swift:\(line)
              tagged         "doubled"
              built at       RxTestingTests/LeakRulesAgreementTests.swift:\(line) (map)
              chain          PublishSubject<Int> #1
                             └─ Map<Int, Int> #2 (map at RxTestingTests/LeakRulesAgreementTests.swift:\(line))
                                └─ AnonymousObserver<Int> #3
              held by        PublishSubject<Int> #1: it keeps its observers until it terminates, and it never did
                             └─ SinkDisposer #4, MapSink<…> #5: the subscription's sinks
                                └─ AnonymousObserver<Int> #3: the subscriber, with the closures passed at RxTestingTests/LeakRulesAgreementTests.swift:\(line)
              keeps alive    4 objects: 1 PublishSubject<Int>, 1 AnonymousObserver<Int>, 1 SinkDisposer, 1 MapSink<…>
              why            its Disposable was dropped and its source never terminated, so the source keeps its sinks and the subscriber's closures alive, with everything they capture
              fix            keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source
            """
        let objects = """
              1 ×  PublishSubject<Int>     #1  created outside any subscribe
              1 ×  AnonymousObserver<Int>  #3  created in the subscribe at RxTestingTests/LeakRulesAgreementTests.swift:\(line)
              1 ×  SinkDisposer            #4  created in the subscribe at RxTestingTests/LeakRulesAgreementTests.swift:\(line)
              1 ×  MapSink<…>              #5  created in the subscribe at RxTestingTests/LeakRulesAgreementTests.swift:\(line)
              verdict        retaining: kept alive by Subscription #1 above
              fix            they are released with Subscription #1: see its fix above
            """
        let reportText = LeakReportRenderer().render(traceReport)
        XCTAssertTrue(failure.text.contains(expected + "\n\nRx objects alive when the test ended:\n" + objects), failure.text)
        XCTAssertTrue(reportText.contains(expected + "\n\nObjects alive at the end:\n" + objects), reportText)
        XCTAssertEqual(failure.report.openSubscriptions.map(LeakWording.lines(for:)), traceReport.openSubscriptions.map(LeakWording.lines(for:)))
        XCTAssertEqual(
            LeakWording.lines(forLiveObjects: failure.report.liveObjects),
            LeakWording.lines(forLiveObjects: traceReport.liveObjects)
        )
    }
}
