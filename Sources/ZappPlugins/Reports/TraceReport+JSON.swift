#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

extension TraceReport {
    /// The report as a JSON object (keys sorted, dataDict keys only, controls in strings
    /// escaped): {"app", "screen", "signed_in", "session", "steps", "result"}.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(
            app: app, screen: screen, signed_in: signedIn, session: session,
            steps: steps.map {
                Step(stage: $0.stage.rawValue, step: $0.step.rawValue, identifier: $0.identifier, message: $0.message,
                     keys: $0.keys, line: $0.line)
            },
            result: ResultObject(result))
        guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8) else {
            return "{}"
        }
        return TextSanitizer.jsonEscaped(text)
    }

    private struct Document: Encodable {
        var app: String
        var screen: String
        var signed_in: String?
        var session: String?
        var steps: [Step]
        var result: ResultObject

        private enum CodingKeys: String, CodingKey {
            case app, screen, signed_in, session, steps, result
        }

        /// Like the synthesized encoding, but `signed_in` and `session` are `null` rather than missing when signed out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(app, forKey: .app)
            try container.encode(screen, forKey: .screen)
            try container.encode(signed_in, forKey: .signed_in)
            try container.encode(session, forKey: .session)
            try container.encode(steps, forKey: .steps)
            try container.encode(result, forKey: .result)
        }
    }

    private struct Step: Encodable {
        var stage: String
        var step: String
        var identifier: String?
        var message: String
        var keys: [String]?
        var line: String
    }

    private struct ResultObject: Encodable {
        var outcome: String
        var screen: String?
        var data_dict_keys: [String]?
        var blocked_by: String?
        var reason: String?
        var line: String

        init(_ result: HookChainResult) {
            switch result {
            case .presented(let screenID, let dataDict):
                outcome = "presented"
                screen = screenID
                data_dict_keys = dataDict.map { Array($0.keys) } ?? []
                line = "result: presented \(screenID)"
            case .blocked(let identifier, let reason):
                outcome = "blocked"
                blocked_by = identifier
                self.reason = reason
                line = "result: blocked by \(identifier)"
            }
        }
    }
}
