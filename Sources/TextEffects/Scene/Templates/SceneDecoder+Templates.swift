import Foundation

extension SceneDecoder {
    /// The scene's JSON with its parameters filled from `templateValues` (problems recorded at
    /// their paths); the JSON as written for a scene without `parameters`.
    func fillTemplate(_ root: JSONNode) -> JSONNode {
        guard var template = SceneTemplate(root, values: templateValues) else { return root }
        return JSONNode(value: template.filling(root), path: root.path, problems: root.problems)
    }
}
