import RxTrace
import XCTest

extension Database {
    /// The integer `sql` returns, failing the test when it returns none.
    func integer(_ sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int64 {
        try XCTUnwrap(try scalar(sql)?.integer, "no integer from: \(sql)", file: file, line: line)
    }

    /// The first column of every row of `sql`, as SQLite's shell would print it.
    func column(_ sql: String) throws -> [String] {
        try rows(sql).map { $0.values.first?.description ?? "" }
    }
}
