import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The symbolizer a finished recording runs for its callers' lines: several files in one run of
/// `llvm-symbolizer` name the same lines as one run per file.
final class SymbolizerTests: XCTestCase {
    func testSeveralFilesInOneRun_nameTheSameFramesAsOneRunPerFile() throws {
        let symbolizer = try XCTUnwrap(Symbolizer.find(), "no llvm-symbolizer or addr2line on PATH")
        // Return addresses in this test bundle's code, and an address inside the C library's
        // `getpid`, each in the file it lies in, as an offset from where that file was loaded.
        let files = try Self.mappedFiles()
        var requests: [String: [UInt]] = [:]
        let libc = try XCTUnwrap(dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD), "the C library is not loaded")
        defer { dlclose(libc) }
        let getpid = try XCTUnwrap(dlsym(libc, "getpid"))
        for address in CallerAddresses.capture().addresses + [UInt(bitPattern: getpid) + 5] {
            guard let file = files.first(where: { $0.code.contains(address) }) else { continue }
            requests[file.path, default: []].append(address - file.loadAddress)
        }
        let asked = requests.sorted { $0.key < $1.key }.map { (image: $0.key, addresses: $0.value) }
        XCTAssertGreaterThan(asked.count, 1, "the addresses should lie in at least two files: \(asked.map(\.image))")

        let together = try symbolizer.symbolize(asked)
        let oneByOne = try asked.map { try symbolizer.symbolize($0.addresses, in: $0.image) }

        XCTAssertEqual(together.count, asked.count)
        for (index, request) in asked.enumerated() {
            let answer = try XCTUnwrap(together[index], "no answer for \(request.image)")
            XCTAssertEqual(
                request.addresses.map { answer[$0] }, request.addresses.map { oneByOne[index][$0] },
                "\(request.image): one run for all files and one run for this file disagree"
            )
            XCTAssertTrue(answer.values.contains { $0.first?.function != nil }, "\(request.image): nothing named")
        }
    }

    /// The files with code mapped into this process: their code's address range and where each
    /// was loaded (its lowest mapping), from the whole of `/proc/self/maps`.
    private static func mappedFiles() throws -> [(path: String, code: Range<UInt>, loadAddress: UInt)] {
        let file = try XCTUnwrap(fopen("/proc/self/maps", "r"))
        defer { fclose(file) }
        var lowest: [String: UInt] = [:]
        var code: [(path: String, range: Range<UInt>)] = []
        var line = [CChar](repeating: 0, count: 4_096)
        while fgets(&line, Int32(line.count), file) != nil {
            // start-end perms offset dev inode path
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].hasPrefix("/") else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespacesAndNewlines)
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard bounds.count == 2 else { continue }
            lowest[path] = min(lowest[path] ?? .max, bounds[0])
            if fields[1].contains("x") { code.append((path, bounds[0]..<bounds[1])) }
        }
        return code.map { mapping in
            (URL(fileURLWithPath: mapping.path).resolvingSymlinksInPath().path, mapping.range, lowest[mapping.path]!)
        }
    }
}
