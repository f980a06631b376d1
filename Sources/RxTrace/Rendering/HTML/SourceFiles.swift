import Foundation

/// Finds the source files a trace names by `#fileID` (`RxCore/Empty.swift`) in a Swift
/// package's folders, for the HTML page's source view, and the RxSwift file each RxCore file
/// mirrors.
public struct SourceFiles {
    /// The RxSwift release whose API and behaviour RxCore follows; mirror links point at its tag.
    public static let rxSwiftRelease = "6.10.2"

    /// The package folder searched, when one was found.
    public let root: String?
    /// `Module/File.swift` → the file's path, for every Swift file under `Sources/` and `Tests/`.
    private let pathsByFileID: [String: String]
    /// `Module/Folder/File.swift` → the file's path: each file by its path from the folder
    /// below `Sources/` or `Tests/` on, as a caller line names it (``CallerFrame/location``).
    private let pathsByLocation: [String: String]

    /// Indexes the Swift files of the package at `root`: each `Sources/MODULE/…/FILE.swift` and
    /// `Tests/MODULE/…/FILE.swift` under the `#fileID` `MODULE/FILE.swift`.
    public init(root: String?) {
        self.root = root
        var paths: [String: String] = [:]
        var locations: [String: String] = [:]
        if let root {
            for top in ["Sources", "Tests"] {
                let folder = (root as NSString).appendingPathComponent(top)
                guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
                while let relative = enumerator.nextObject() as? String {
                    guard relative.hasSuffix(".swift") else { continue }
                    let components = relative.split(separator: "/")
                    guard components.count >= 2, let name = components.last else { continue }
                    let fileID = "\(components[0])/\(name)"
                    let path = (folder as NSString).appendingPathComponent(relative)
                    // The first found wins; a module cannot hold two files of one name.
                    if paths[fileID] == nil { paths[fileID] = path }
                    if locations[relative] == nil { locations[relative] = path }
                }
            }
        }
        pathsByFileID = paths
        pathsByLocation = locations
    }

    /// The package a trace's program was most likely built from: the first folder with a
    /// `Package.swift` whose `Sources/` holds one of `fileIDs`' modules, looking from the
    /// trace's folder upwards, then from the current directory upwards; `nil` when none does.
    public static func defaultRoot(tracePath: String, fileIDs: [String]) -> String? {
        let modules = Set(fileIDs.compactMap { $0.split(separator: "/").first.map(String.init) })
        let starts = [
            URL(fileURLWithPath: tracePath).standardizedFileURL.deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL,
        ]
        for start in starts {
            var folder = start
            while true {
                let manifest = folder.appendingPathComponent("Package.swift").path
                if FileManager.default.fileExists(atPath: manifest),
                    modules.contains(where: { module in
                        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/\(module)").path)
                    })
                {
                    return folder.path
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    /// The path of the file with `fileID`, if the package has it.
    public func path(of fileID: String) -> String? {
        pathsByFileID[fileID]
    }

    /// The path of the file a caller line names as `location`'s file (`App/Screens/Login.swift`,
    /// its path from the folder below `Sources/` or `Tests/` on), if the package has it.
    public func path(ofLocation location: String) -> String? {
        pathsByLocation[location]
    }

    /// The text of the file with `fileID`, if the package has it and it is UTF-8.
    public func text(of fileID: String) -> String? {
        guard let path = path(of: fileID), let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// The RxSwift or RxCocoa file a source mirrors, from its first line, `// Mirrors
    /// RxSwift's PATH.` or `// Mirrors RxCocoa's PATH.`, where what follows PATH (a full stop,
    /// or words on what it mirrors) is not part of it: a link to PATH at ``rxSwiftRelease``
    /// (RxCocoa lives in RxSwift's repository); `nil` for a file without that line.
    public static func mirrorLink(inSource text: String) -> String? {
        guard let path = mirroredPath(inSource: text) else { return nil }
        return "https://github.com/ReactiveX/RxSwift/blob/\(rxSwiftRelease)/\(path)"
    }

    /// The path a source's first line says it mirrors: `RxSwift/Observables/Map.swift`.
    public static func mirroredPath(inSource text: String) -> String? {
        guard let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
            let prefix = ["// Mirrors RxSwift's ", "// Mirrors RxCocoa's "].first(where: { firstLine.hasPrefix($0) })
        else { return nil }
        // The path ends at the first character a path here never has: a space, `:`, `,`, `(`.
        var path = String(firstLine.dropFirst(prefix.count).prefix { !" :,(".contains($0) })
        if path.hasSuffix(".") { path.removeLast() }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/._+-"))
        guard path.hasSuffix(".swift"), !path.contains(".."), path.unicodeScalars.allSatisfy(allowed.contains) else {
            return nil
        }
        return path
    }
}
