// RxCocoa's platform-independent parts under RxCocoa's own module name. They live in RxCore
// (`Driver`, `Signal`, `Binder`, `ControlEvent`, `ControlProperty`, `Reactive`); as RxSwift's
// RxCocoa does, importing it also makes the relays visible.

@_exported import RxCore
@_exported import RxRelay
