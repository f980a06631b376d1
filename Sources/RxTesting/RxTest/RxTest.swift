// Mirrors RxSwift's RxTest/RxTest.swift.

/// A point or span of ``TestScheduler`` virtual time, in ticks.
public typealias TestTime = Int
