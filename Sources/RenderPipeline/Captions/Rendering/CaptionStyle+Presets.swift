import Foundation

extension CaptionStyle {
    /// The names of the designed presets, for `--style NAME` and `"style": "NAME"`.
    public static let presetNames = ["bold-pop", "broadcast"]

    /// A designed preset: `bold-pop` (large black-weight white text with a thick black outline and
    /// no plate, as short-form videos caption) or `broadcast` (white on a translucent dark plate
    /// in the bottom safe area). Their JSON is in the repository's `Styles/captions/` to copy.
    public static func preset(named name: String) -> CaptionStyle? {
        guard let json = presetJSON[name], let value = try? JSONValue(parsing: Data(json.utf8)) else { return nil }
        return JSONNode(value: value, path: "", problems: SceneProblems()).captionStyle()
    }

    /// The presets' JSON, as in `Styles/captions/NAME.json` (a test keeps the two the same).
    static let presetJSON: [String: String] = [
        "bold-pop": #"""
{
  "font": {"family": "Inter", "size": "6vh", "weight": "black"},
  "color": "#FFFFFF",
  "plate": false,
  "outline": {"color": "#000000", "width": "0.9vh"},
  "shadow": {"color": "#00000099", "radius": 0, "x": 0, "y": 6},
  "position": "bottom",
  "maxLines": 2,
  "maxCharactersPerLine": 22,
  "safeArea": [0.08, 0.2],
  "lineSpacing": -4,
  "classes": {"highlight": {"color": "#FFD54F"}}
}
"""#,
        "broadcast": #"""
{
  "font": {"family": "Inter", "size": "4.8vh", "weight": "semibold"},
  "color": "#FFFFFF",
  "plate": {"color": "#000000B8", "cornerRadius": 6, "padding": [14, 5]},
  "outline": false,
  "shadow": false,
  "position": "bottom",
  "maxLines": 2,
  "maxCharactersPerLine": 42,
  "safeArea": 0.1,
  "lineSpacing": 6,
  "classes": {"highlight": {"color": "#FFD54F"}}
}
"""#,
    ]
}
