// The program RxTraceTests runs as a child process, to see what a trace holds after each way
// a recorded program can end. Usage: rxtrace-fixture MODE [PATH] [ARGUMENT]
//
//   finish PATH       record, work, stop the recording
//   exit PATH         record, work, exit(0) without stopping
//   fatal PATH        record, work, then fatalError inside an onNext
//   signal PATH       record, work, raise(SIGTERM)
//   environment       work only: RXTRACE_FILE does the recording
//   global-bag        RXTRACE_FILE records a subscription kept in a top-level DisposeBag, as a
//                     main.swift keeps one: a global's, alive until exit by design
//   global-scheduler  RXTRACE_FILE records a scheduler and a subject top-level code made and
//                     globals hold, as a `let scheduler = …` in main.swift: alive until exit by
//                     design, by the rule that tells a global's DisposeBag
//   threads PATH N    record, work on N threads at once, stop
//   busy PATH         record, work nonstop on 2 threads, send itself SIGTERM after 100 ms
//   hold PATH         record, work, print the trace's path, wait for stdin to close, stop
//   callers PATH      record `callerLines()`, stop: the lines marked `// caller:` are what the
//                     trace must name
//   callers-exit PATH record `callerLines()`, exit(0): a trace with addresses and no lines
//   callers-cost PATH N  record N `subject.onNext` into a subscriber, print ns per onNext
//                     (RXTRACE_CALLERS=0 leaves the callers out: Documentation/Performance.md)
//   nested PATH N     record N nested `create { previous.map { … }.subscribe($0) }` levels, stop
//   one-flow PATH N   record one subscribe to `range(0, N).map.filter`: one flow of ~4 N steps
//   open PATH N       record N subscriptions to one subject, never disposed
//   flows PATH N      record `work()` N times: 2 N short flows of about 20 calls each, all ended

import Foundation
import RxCore
import RxTrace

/// One `just → map → subscribe` and one `create → subscribe`, both completing synchronously.
func work() {
    _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
    _ = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
    }.subscribe(onNext: { _ in })
}

/// Subscribes, sends with `onNext`, ends one subscription with `dispose()` and one by
/// releasing its bag, and sends from inside `create`: each entry point's line is marked with
/// `// caller:` and a name, which the tests look up.
func callerLines() {
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { _ in })
    subject.onNext(21)  // caller: onNext
    subscription.dispose()  // caller: dispose
    var bag: DisposeBag? = DisposeBag()
    subject.subscribe(onNext: { _ in }).disposed(by: bag!)
    subject.onNext(22)
    bag = nil  // caller: bag
    _ = Observable<Int>.create { observer in
        observer.onNext(7)  // caller: create
        return Disposables.create()
    }.subscribe(onNext: { _ in })
}

/// The `global-bag` mode's bag: a global, as top-level code's variables are.
/// A model declared in main.swift that captures itself strongly in a subscription it keeps in
/// its own bag: its bag is no global's, though main.swift made it.
final class MainSwiftModel {
    let ticks = PublishSubject<Int>()
    var total = 0
    let bag = DisposeBag()

    init() {
        ticks.subscribe(onNext: { self.total += $0 }).disposed(by: bag)
    }
}

nonisolated(unsafe) var globalBag: DisposeBag?
/// The `global-scheduler` mode's scheduler and subject: globals, as top-level code's are.
nonisolated(unsafe) var globalScheduler: SerialDispatchQueueScheduler?
nonisolated(unsafe) var globalSubject: PublishSubject<Int>?

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: rxtrace-fixture finish|exit|fatal|signal|environment|threads|busy|hold|nested [PATH] [N]\n".utf8))
    exit(2)
}

switch arguments[1] {
case "finish":
    let recording = try record(to: arguments[2], program: "fixture-finish")
    work()
    try recording.stop()

case "callers":
    let recording = try record(to: arguments[2], program: "fixture-callers")
    callerLines()
    try recording.stop()

case "callers-exit":
    _ = try record(to: arguments[2], program: "fixture-callers-exit")
    callerLines()
    exit(0)

case "callers-cost":
    let count = Int(arguments[3]) ?? 100_000
    let recording = try record(to: arguments[2], program: "fixture-callers-cost")
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { _ in })
    let start = DispatchTime.now().uptimeNanoseconds
    for value in 0..<count {
        subject.onNext(value)
    }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    subscription.dispose()
    try recording.stop()
    print("\(elapsed / UInt64(count)) ns per onNext")

case "exit":
    _ = try record(to: arguments[2], program: "fixture-exit")
    work()
    exit(0)

case "fatal":
    _ = try record(to: arguments[2], program: "fixture-fatal")
    work()
    _ = Observable.just(3).subscribe(onNext: { value in fatalError("boom \(value)") })

case "signal":
    _ = try record(to: arguments[2], program: "fixture-signal")
    work()
    raise(SIGTERM)

case "environment":
    work()

case "global-bag":
    globalBag = DisposeBag()
    let ticks = PublishSubject<Int>()
    ticks.map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: globalBag!)
    ticks.onNext(1)

case "global-scheduler":
    globalScheduler = SerialDispatchQueueScheduler(qos: .default)
    globalSubject = PublishSubject<Int>()
    globalSubject?.onNext(1)

case "file-size-limit":
    // As `ulimit -f 256` would: the trace may not grow past 256 KiB.
    var limit = rlimit(rlim_cur: 256 * 1024, rlim_max: 256 * 1024)
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
    let recording = try record(to: arguments[2], program: "fixture-file-size-limit")
    for _ in 0..<20_000 {
        work()
    }
    _ = try? recording.stop()
    print("ran on past the limit")

case "owner-bag-in-main":
    MainSwiftModel().ticks.onNext(1)

case "threads":
    let recording = try record(to: arguments[2], program: "fixture-threads")
    let done = DispatchGroup()
    for _ in 0..<(Int(arguments[3]) ?? 2) {
        done.enter()
        Thread.detachNewThread {
            for _ in 0..<100 {
                work()
            }
            done.leave()
        }
    }
    guard done.wait(timeout: .now() + 60) == .success else {
        fatalError("the recording threads did not finish within 60 s")
    }
    try recording.stop()

case "busy":
    _ = try record(to: arguments[2], program: "fixture-busy")
    for _ in 0..<2 {
        Thread.detachNewThread {
            while true {
                work()
            }
        }
    }
    usleep(100_000)
    kill(getpid(), SIGTERM)
    while true {
        work()
    }

case "hold":
    let recording = try record(to: arguments[2], program: "fixture-hold")
    work()
    FileHandle.standardOutput.write(Data((recording.path + "\n").utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    work()
    try recording.stop()

case "nested":
    let recording = try record(to: arguments[2], program: "fixture-nested")
    do {
        var chain = Observable.just(0)
        for _ in 0..<(Int(arguments[3]) ?? 600) {
            let previous = chain
            chain = Observable.create { observer in previous.map { $0 + 1 }.subscribe(observer) }
        }
        _ = chain.subscribe(onNext: { _ in })
    }
    try recording.stop()

case "one-flow":
    let recording = try record(to: arguments[2], program: "fixture-one-flow")
    _ = Observable.range(start: 0, count: Int(arguments[3]) ?? 1_000).map { $0 + 1 }.filter { $0 > 0 }
        .subscribe(onNext: { _ in })
    try recording.stop()

case "open":
    let recording = try record(to: arguments[2], program: "fixture-open")
    let subject = PublishSubject<Int>()
    for _ in 0..<(Int(arguments[3]) ?? 1_000) {
        _ = subject.subscribe(onNext: { _ in })
    }
    try recording.stop()

case "flows":
    let recording = try record(to: arguments[2], program: "fixture-flows")
    for _ in 0..<(Int(arguments[3]) ?? 1_000) {
        work()
    }
    try recording.stop()

default:
    FileHandle.standardError.write(Data("rxtrace-fixture: unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
