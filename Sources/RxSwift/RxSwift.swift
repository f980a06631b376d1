// RxCore under RxSwift's own module name, so that code written for RxSwift, including code
// that names types through their module (`RxSwift.Observable`), compiles with no change.

@_exported import RxCore
