import Foundation

extension CaptionStyle {
    /// The names of the designed presets, for `--style NAME` and `"style": "NAME"`.
    public static let presetNames = ["bold-pop", "broadcast", "karaoke"]

    /// A designed preset: `bold-pop` (large black-weight white text with a thick black outline and
    /// no plate, the word being spoken popping larger in yellow, as short-form videos caption),
    /// `broadcast` (white on a translucent dark plate in the bottom safe area) or `karaoke`
    /// (outlined white words filled with yellow from left to right as they are sung). Their JSON is in the repository's `Styles/captions/` to copy.
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
  "classes": {"highlight": {"color": "#FFD54F"}},
  "words": {"effect": "pop", "active": "#FFD54F", "scale": 1.12}
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
        "karaoke": #"""
{
  "font": {"family": "Inter", "size": "5.6vh", "weight": "black"},
  "color": "#FFFFFF",
  "plate": false,
  "outline": {"color": "#000000", "width": "0.8vh"},
  "shadow": {"color": "#00000080", "radius": 0, "x": 0, "y": 5},
  "position": "bottom",
  "maxLines": 2,
  "maxCharactersPerLine": 20,
  "safeArea": [0.08, 0.22],
  "lineSpacing": -4,
  "words": {"effect": "karaoke", "unspoken": "#FFFFFF", "active": "#FFD54F", "spoken": "#FFD54F"}
}
"""#,
    ]
}
