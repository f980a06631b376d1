import Foundation

/// The files mapped into this process, read from `/proc/self/maps`: which one an address lies
/// in, and what to subtract from it to get that file's own virtual address.
///
/// The recorder's writer looks each caller address up here, so a trace names the file and its
/// load address even when its program is cut short before anything is symbolized.
struct LoadedImages {
    /// A file mapped into the process.
    struct Image: Hashable {
        /// The file's path, links resolved.
        let path: String
        /// What to subtract from an address in it: ``TraceSchema`` `image.load_address`.
        let loadAddress: UInt
    }

    private struct Mapping {
        let start: UInt
        let end: UInt
        let image: Image
    }

    private var mappings: [Mapping] = []

    /// The images mapped now.
    init() {
        mappings = Self.readMappings()
    }

    /// The image `address` lies in, reading the maps again once when it lies in none known
    /// (a library loaded since).
    mutating func image(containing address: UInt) -> Image? {
        if let found = lookUp(address) { return found }
        mappings = Self.readMappings()
        return lookUp(address)
    }

    private func lookUp(_ address: UInt) -> Image? {
        mappings.first { $0.start <= address && address < $0.end }?.image
    }

    /// The executable mappings of files, each with its file's lowest mapping's start.
    private static func readMappings() -> [Mapping] {
        guard let text = readWholeFile("/proc/self/maps") else { return [] }
        var lowest: [String: UInt] = [:]
        var executable: [(start: UInt, end: UInt, path: String)] = []
        for line in text.split(separator: "\n") {
            // start-end perms offset dev inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/") else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) else {
                continue
            }
            lowest[path] = min(lowest[path] ?? .max, start)
            if fields[1].contains("x") {
                executable.append((start, end, path))
            }
        }
        var positionIndependent: [String: Bool] = [:]
        return executable.map { mapping in
            let isPIC = positionIndependent[mapping.path] ?? Self.isPositionIndependent(mapping.path)
            positionIndependent[mapping.path] = isPIC
            let resolved = URL(fileURLWithPath: mapping.path).resolvingSymlinksInPath().path
            return Mapping(
                start: mapping.start, end: mapping.end,
                image: Image(path: resolved, loadAddress: isPIC ? lowest[mapping.path] ?? 0 : 0)
            )
        }
    }

    /// The whole text of the file at `path`, read until its end. A `/proc` file says its size is
    /// zero and is made as it is read, one page per read: `String(contentsOfFile:)` got only
    /// its first page of `/proc/self/maps`, and every image listed after it was left out.
    static func readWholeFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: buffer[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the ELF file at `path` is position-independent (`ET_DYN`: a PIE or a shared
    /// library), whose addresses are relative to where it was loaded.
    private static func isPositionIndependent(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 18), header.count == 18 else { return true }
        let type = UInt16(header[16]) | UInt16(header[17]) << 8
        return type != 2 // ET_EXEC
    }
}
