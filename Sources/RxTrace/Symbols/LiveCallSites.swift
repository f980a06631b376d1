import RxCore
import Synchronization

/// The user's line of a ``CallSite`` captured in this process, for the live leak checks, which
/// name build and subscribe sites in a failure while the program runs.
///
/// A site named directly gives its `#fileID` and line. A captured one is symbolized here, its
/// addresses looked up in the files mapped now (``LoadedImages``) and named by a
/// ``Symbolizer`` run per file; its line is the first frame outside RxCore and its companion
/// libraries (``CallerLine``), as a trace's reader finds it. Each stack is symbolized once: the
/// answers are kept for the life of the process. Only failures ask, so a passing test never
/// runs the symbolizer.
package enum LiveCallSites {
    /// The `#fileID` and line of each of `sites`, in order: `("", 0)` for a captured site whose
    /// stack holds no user line (or when no symbolizer is found).
    package static func locations(of sites: [CallSite]) -> [(file: String, line: Int)] {
        let captured = sites.filter { $0.file == nil }.map(\.callers.addresses)
        let missing = known.withLock { known in Set(captured.filter { known[$0] == nil }) }
        if !missing.isEmpty {
            let found = resolve(Array(missing))
            known.withLock { $0.merge(found) { first, _ in first } }
        }
        return known.withLock { known in
            sites.map { site in
                if let file = site.file { return ("\(file)", Int(site.line)) }
                guard let location = known[site.callers.addresses] ?? nil else { return ("", 0) }
                return location
            }
        }
    }

    /// The `#fileID` and line of `site`.
    package static func location(of site: CallSite) -> (file: String, line: Int) {
        locations(of: [site])[0]
    }

    /// Each stack's user line found so far, or `nil` when it has none.
    private static let known = Mutex<[[UInt]: (file: String, line: Int)?]>([:])

    /// Symbolizes `stacks` in one run per file and finds each one's user line.
    private static func resolve(_ stacks: [[UInt]]) -> [[UInt]: (file: String, line: Int)?] {
        var result: [[UInt]: (file: String, line: Int)?] = [:]
        guard let symbolizer = Symbolizer.find() else {
            for stack in stacks { result[stack] = .some(nil) }
            return result
        }
        var images = LoadedImages()
        var byImage: [LoadedImages.Image: Set<UInt>] = [:]
        for address in Set(stacks.joined()) {
            if let image = images.image(containing: address) { byImage[image, default: []].insert(address) }
        }
        var chains: [UInt: [CallerFrame]] = [:]
        var imagePaths: [UInt: String] = [:]
        for (image, addresses) in byImage {
            for address in addresses { imagePaths[address] = image.path }
            let sorted = addresses.sorted()
            guard let named = try? symbolizer.symbolize(sorted.map { $0 - image.loadAddress }, in: image.path) else {
                continue
            }
            for address in sorted { chains[address] = named[address - image.loadAddress] }
        }
        for stack in stacks {
            let stackChains = stack.map { chains[$0] ?? [CallerFrame(function: nil, file: nil, line: nil)] }
            if case .line(let frame) = CallerLine.find(in: stackChains, images: stack.map { imagePaths[$0] }),
                let site = frame.siteLocation(
                    inImage: stackChains.firstIndex { $0.contains(frame) }.flatMap { imagePaths[stack[$0]] })
            {
                result[stack] = .some(site)
            } else {
                result[stack] = .some(nil)
            }
        }
        return result
    }
}
