import Foundation
import TextEffects

/// `GET /`: the templates the folder serves, each with its card path and parameters, and the
/// ones that cannot be used with their problem, so that a site's developer sees what to ask for.
struct CardIndex: Encodable {
    struct Template: Encodable {
        /// The card's path: `/social/quote.png`.
        var path: String
        var parameters: [String: Parameter]
    }

    struct Parameter: Encodable {
        var type: String
        /// The default as text, absent when the parameter must be given.
        var `default`: String?
        var format: String?
    }

    struct Problem: Encodable {
        var path: String
        var error: String
    }

    var templates: [Template] = []
    var problems: [Problem] = []
    /// Whether more templates are in the folder than an index lists.
    var truncated = false

    /// Templates an index lists at most.
    static let maximumTemplates = 256

    /// The index of `folder`: every `.json` file in it, its folders down to the depth a path may
    /// reach, that names a template; hidden files and folders, and names no URL can reach, are
    /// left out. Each is read as a request for it would read it.
    init(folder: CardFolder) {
        var names: [String] = []
        collect(folder.root, prefix: "", depth: 0, into: &names)
        names.sort()
        if names.count > Self.maximumTemplates {
            truncated = true
            names = Array(names.prefix(Self.maximumTemplates))
        }
        for name in names {
            let path = "/\(name).png"
            do {
                let template = try folder.template(at: path).template
                let parameters = template.batch.parameters.mapValues { parameter in
                    Parameter(type: parameter.kind.rawValue, default: template.batch.defaultTexts[parameter.name], format: parameter.format)
                }
                templates.append(Template(path: path, parameters: parameters))
            } catch where error.status == 404 {
                continue
            } catch {
                problems.append(Problem(path: path, error: error.message))
            }
        }
    }

    /// The names (paths without `.json`) of the JSON files below `directory`.
    private func collect(_ directory: String, prefix: String, depth: Int, into names: inout [String]) {
        guard depth <= CardFolder.maximumDepth, names.count <= Self.maximumTemplates,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let full = directory + "/" + entry
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                collect(full, prefix: prefix + entry + "/", depth: depth + 1, into: &names)
            } else if entry.hasSuffix(".json"), entry.count > 5 {
                let name = prefix + String(entry.dropLast(5))
                // Only names a URL can reach.
                if (try? CardFolder.parse("/\(name).png")) != nil { names.append(name) }
            }
        }
    }
}
