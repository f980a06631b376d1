import RxCore
import RxTesting
import XCTest

final class GenerateTests: RxCoreTestCase {
    func testGenerate_Finite_OneStepPerScheduledAction() {
        let scheduler = TestScheduler(initialClock: 0)
        var conditionCalls = 0
        var iterateCalls = 0

        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { state in
                    conditionCalls += 1
                    return state <= 3
                },
                scheduler: scheduler,
                iterate: { state in
                    iterateCalls += 1
                    return state + 1
                }
            )
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .completed(205)])
        XCTAssertEqual(conditionCalls, 5)
        XCTAssertEqual(iterateCalls, 4)
    }

    func testGenerate_ConditionFalseAtOnce_CompletesWithoutElements() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(initialState: 10, condition: { $0 < 3 }, scheduler: scheduler, iterate: { $0 + 1 })
        }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testGenerate_ThrowCondition() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(
                initialState: 0, condition: { _ in throw TestError.boom }, scheduler: scheduler, iterate: { $0 + 1 }
            )
        }

        XCTAssertEqual(res.events, [.error(201, TestError.boom)])
    }

    func testGenerate_ThrowIterate() {
        let scheduler = TestScheduler(initialClock: 0)
        var conditionCalls = 0

        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { _ in
                    conditionCalls += 1
                    return true
                },
                scheduler: scheduler,
                iterate: { _ in throw TestError.boom }
            )
        }

        XCTAssertEqual(res.events, [.next(201, 0), .error(202, TestError.boom)])
        XCTAssertEqual(conditionCalls, 1)
    }

    func testGenerate_Dispose_StopsTheLoop() {
        let scheduler = TestScheduler(initialClock: 0)
        var iterateCalls = 0

        let res = scheduler.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler, iterate: { state in
                iterateCalls += 1
                return state + 1
            })
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
        XCTAssertEqual(iterateCalls, 1)
    }

    func testGenerate_DefaultScheduler_RunsTheWholeLoopWhileSubscribing() {
        let recorder = EventRecorder<Int>()

        _ = Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 }).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(2), .completed])
    }

    func testGenerate_DefaultScheduler_TakeStopsAnEndlessLoop() {
        let recorder = EventRecorder<Int>()
        var iterations = 0

        // Endless for take(4): the condition holds for 1 000 states, so that a loop take
        // cannot stop (a trampoline that runs nested work at once) fails instead of hanging.
        _ = Observable.generate(initialState: 0, condition: { $0 < 1_000 }, iterate: { state in
            iterations += 1
            return state + 1
        })
        .take(4)
        .subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(iterations, 3, "the loop stops once take(4) ended")
    }
}
