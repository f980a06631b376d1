// Mirrors RxSwift's RxSwift/SwiftSupport/SwiftSupport.swift (`RxAbstractInteger`).

/// The integers that `range`, `interval` and `timer` count with, as in RxSwift 6.
public typealias RxAbstractInteger = FixedWidthInteger
