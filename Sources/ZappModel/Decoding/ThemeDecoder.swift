#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes a theme file (`themes/*.json`) the way river.json and plugin_configurations.json are
/// decoded: the project's `JSONParser` (syntax errors with line and column, duplicate keys as
/// warnings) and a `DecodingContext` (wrong values with their JSON path, the same tolerance for
/// `null`, numbers and booleans written as strings, blank values). Every key is optional: a
/// theme without a name takes its file's, roles it leaves out take the default theme's.
public enum ThemeDecoder {
    /// Parses and decodes a theme file; the theme is nil only when the file is not a JSON object.
    public static func decode(_ data: Data, file: String) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        let (value, parseDiagnostics) = ConfigurationFileReader.parse(data, file: file)
        guard let value else { return (nil, parseDiagnostics) }
        let (theme, diagnostics) = decode(value, file: file)
        return (theme, parseDiagnostics + diagnostics)
    }

    /// Decodes a parsed theme file.
    public static func decode(_ value: JSONValue, file: String) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        var context = DecodingContext(file: file)
        guard case .object(let object) = value else {
            context.error(
                .type, at: .root, "expected a theme object, got \(value.kindDescription)",
                hint: "a theme is {\"name\": ..., \"glyphs\": ..., \"border\": ..., \"roles\": {\"base\": {\"fg\": \"#FFD8DEE9\"}, ...}}")
            return (nil, context.diagnostics)
        }
        var theme = Theme(
            name: context.nonEmptyString(object, "name", at: .root) ?? "unnamed",
            glyphs: context.choice(object, "glyphs", at: .root, as: GlyphSetName.self) ?? .unicode,
            border: context.choice(object, "border", at: .root, as: BorderStyle.self) ?? .rounded,
            roles: [:])
        let rolesPath = JSONPath.root + "roles"
        for (key, value) in context.object(object, "roles", at: .root) {
            guard let role: ThemeRole = context.knownKey(key, at: rolesPath) else { continue }
            switch value {
            case .null:
                continue
            case .object(let style):
                theme.roles[role] = decodeStyle(style, at: rolesPath + key, context: &context)
            default:
                context.typeError(at: rolesPath + key, expected: "a style object", got: value, hint: "write {\"fg\": \"#FFFFFFFF\", \"bold\": true}")
            }
        }
        return (theme, context.diagnostics)
    }

    static func decodeStyle(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext) -> ThemeStyle {
        ThemeStyle(
            foreground: context.color(object, "fg", at: path),
            background: context.color(object, "bg", at: path),
            bold: context.bool(object, "bold", at: path) ?? false,
            dim: context.bool(object, "dim", at: path) ?? false,
            underline: context.bool(object, "underline", at: path) ?? false,
            reverse: context.bool(object, "reverse", at: path) ?? false,
            italic: context.bool(object, "italic", at: path) ?? false)
    }
}
