/// Errors the tests send through sequences and throw from closures.
enum TestError: Error, Equatable {
    case boom
    case other
}
