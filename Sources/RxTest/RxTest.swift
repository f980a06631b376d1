// RxTesting under RxTest's module name: `TestScheduler`, `Recorded`, `TestableObserver` and
// the event helpers (`.next(210, 1)`), so that RxTest-based tests compile with no change.

@_exported import RxTesting
