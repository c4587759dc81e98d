import ZappCore
import ZappModel

/// Reads a plugin's `configuration_json` with messages that name the exact key
/// (`configuration_json.users[1].password: expected a string, got a number`), so a
/// misconfigured plugin is reported precisely instead of misbehaving.
struct ConfigurationReader {
    let object: JSONObject
    let path: String

    init(_ object: JSONObject, path: String = "configuration_json") {
        self.object = object
        self.path = path
    }

    /// The full path of a key, for messages.
    func path(of key: String) -> String { "\(path).\(key)" }

    func string(_ key: String) throws -> String? {
        guard let value = present(key) else { return nil }
        guard let string = value.stringValue else { throw mismatch(key, "a string", value) }
        return string
    }

    func requiredString(_ key: String) throws -> String {
        guard let string = try string(key) else { throw PluginConfigurationError("\(path(of: key)): missing") }
        return string
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = present(key) else { return nil }
        guard let bool = value.boolValue else { throw mismatch(key, "true or false", value) }
        return bool
    }

    /// A positive number of seconds (numbers written as strings are accepted, as the SDK does).
    func seconds(_ key: String) throws -> Double? {
        guard let value = present(key) else { return nil }
        guard let seconds = value.doubleValue, seconds > 0, seconds.isFinite else {
            throw mismatch(key, "a positive number of seconds", value)
        }
        return seconds
    }

    /// A list of strings; a single string counts as a list of one.
    func strings(_ key: String) throws -> [String]? {
        guard let value = present(key) else { return nil }
        if let string = value.stringValue { return [string] }
        guard let array = value.arrayValue else { throw mismatch(key, "an array of strings", value) }
        return try array.enumerated().map { offset, element in
            guard let string = element.stringValue else {
                throw PluginConfigurationError(
                    "\(path(of: key))[\(offset)]: expected a string, got \(element.kindDescription)")
            }
            return string
        }
    }

    /// Readers for each object of an array.
    func objects(_ key: String) throws -> [ConfigurationReader]? {
        guard let value = present(key) else { return nil }
        guard let array = value.arrayValue else { throw mismatch(key, "an array of objects", value) }
        return try array.enumerated().map { offset, element in
            guard let object = element.objectValue else {
                throw PluginConfigurationError(
                    "\(path(of: key))[\(offset)]: expected an object, got \(element.kindDescription)")
            }
            return ConfigurationReader(object, path: "\(path(of: key))[\(offset)]")
        }
    }

    /// The value of a key, treating `null` and the empty string as absent (Zapp Studio writes
    /// unset fields that way).
    private func present(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull, value != .string("") else { return nil }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> PluginConfigurationError {
        PluginConfigurationError("\(path(of: key)): expected \(expected), got \(value.kindDescription)")
    }
}
