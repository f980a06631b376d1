/// `1 call`, `2 calls`: a count with its noun, plural when it is not 1. The readers' errors and
/// every renderer word counts this way.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
