import Foundation
import RxTesting
import RxTrace
import XCTest

final class LeakFailureMessageTests: RxTestingTestCase {
    /// `LeakReport` has no public memberwise initializer; it is `Codable`, as the JSON report
    /// writes it.
    private func report(_ json: String) throws -> LeakReport {
        try JSONDecoder().decode(LeakReport.self, from: Data(json.utf8))
    }

    private let emptyReport = """
        {"resourcesTotalStart": 0, "resourcesTotalEnd": 0, "openSubscriptions": [], "liveObjects": []}
        """

    func testText_OpenSubscriptionAndLiveObjects() throws {
        let report = try report("""
            {
              "resourcesTotalStart": 0, "resourcesTotalEnd": 5,
              "openSubscriptions": [{
                "subscription": {
                  "id": 3, "startNanoseconds": 1000, "threadName": "main", "callID": 7, "observableObjectID": 1,
                  "observableTypeName": "PublishSubject<Int>", "observerObjectID": 6, "disposableObjectID": 8,
                  "file": "AppTests/CounterTests.swift", "line": 21
                },
                "chain": ["PublishSubject<Int> #1", "Map<Int, Int> #2", "AnonymousObserver<Int> #6"],
                "alive": ["PublishSubject<Int> #1", "Map<Int, Int> #2", "MapSink<…> #5", "AnonymousObserver<Int> #6"],
                "verdict": "retaining"
              }],
              "liveObjects": [
                {
                  "typeName": "PublishSubject<Int>", "objectIDs": [1], "createdIn": ["outside any subscribe"],
                  "verdict": "retaining", "holder": {"subscriptionIDs": [3]}
                },
                {
                  "typeName": "MapSink<Int, AnonymousObserver<Int>>", "objectIDs": [5],
                  "createdIn": ["in the subscribe at AppTests/CounterTests.swift:21"],
                  "verdict": "retaining", "holder": {"subscriptionIDs": [3]}
                }
              ]
            }
            """)

        let message = LeakFailureMessage(testName: "CounterTests.testCount", report: report, waitedSeconds: 1)

        XCTAssertEqual(message.text, """
            CounterTests.testCount leaked 1 subscription and 2 Rx objects:

            Subscription #3 to PublishSubject<Int> #1 was never disposed, and its source never terminated.
              verdict        retaining: it keeps 4 objects alive
              subscribed at  AppTests/CounterTests.swift:21
              chain          PublishSubject<Int> #1
                             └─ Map<Int, Int> #2
                                └─ AnonymousObserver<Int> #6
              held by        PublishSubject<Int> #1: it keeps its observers until it terminates, and it never did
                             └─ MapSink<…> #5: the subscription's sinks
                                └─ AnonymousObserver<Int> #6: the subscriber, with the closures passed at AppTests/CounterTests.swift:21
              keeps alive    4 objects: 1 PublishSubject<Int>, 1 Map<Int, Int>, 1 MapSink<…>, 1 AnonymousObserver<Int>
              why            its Disposable was dropped and its source never terminated, so the source keeps its sinks and the subscriber's closures alive, with everything they capture
              fix            keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source

            Rx objects alive when the test ended:
              1 ×  PublishSubject<Int>  #1  created outside any subscribe
              1 ×  MapSink<…>           #5  created in the subscribe at AppTests/CounterTests.swift:21
              verdict        retaining: kept alive by Subscription #3 above
              fix            they are released with Subscription #3: see its fix above

            #n numbers the objects and subscriptions the test made, in the order it made them.
            The check waited 1.0 s for objects released on other queues before failing.
            To keep the test's trace for `rxtrace report`, set RXTRACE_LEAK_TRACE_DIRECTORY to a folder.
            """)
        XCTAssertFalse(message.isEmpty)
    }

    func testText_TheSameLeakMadeTwice_readsOnceWithHowOften() throws {
        let subscription = { (id: Int) in
            """
            {
              "subscription": {
                "id": \(id), "startNanoseconds": 0, "threadName": "", "observableObjectID": \(id),
                "observableTypeName": "PublishSubject<Int>", "observerObjectID": \(id + 10),
                "file": "AppTests/CounterTests.swift", "line": 30
              },
              "chain": ["PublishSubject<Int> #\(id)", "AnonymousObserver<Int> #\(id + 10)"], "alive": [],
              "verdict": "never_ended_but_released"
            }
            """
        }
        let report = try report("""
            {
              "resourcesTotalStart": 0, "resourcesTotalEnd": 0,
              "openSubscriptions": [\(subscription(1)), \(subscription(2))], "liveObjects": []
            }
            """)

        let text = LeakFailureMessage(testName: "CounterTests.testLoop", report: report, waitedSeconds: 1).text

        XCTAssertTrue(text.contains("  found          2 times: subscriptions #1, #2"), text)
        XCTAssertFalse(text.contains("Subscription #2 to"), text)
    }

    func testText_UntracedObjects() throws {
        let message = LeakFailureMessage(
            testName: "QueueTests.testBackground", report: try report(emptyReport), untracedObjectCount: 2, waitedSeconds: 1
        )

        XCTAssertEqual(message.text, """
            QueueTests.testBackground leaked 2 Rx objects:

            Rx objects alive when the test ended:
              2 ×  untraced  counted by Resources.total, not in the trace: made on another thread or under another recorder
              fix            release them: dispose the subscriptions that hold them, or end their sequences

            #n numbers the objects and subscriptions the test made, in the order it made them.
            The check waited 1.0 s for objects released on other queues before failing.
            To keep the test's trace for `rxtrace report`, set RXTRACE_LEAK_TRACE_DIRECTORY to a folder.
            """)
    }

    func testIsEmpty_WhenNothingLeaked() throws {
        XCTAssertTrue(LeakFailureMessage(testName: "T.test", report: try report(emptyReport), waitedSeconds: 0).isEmpty)
    }
}
