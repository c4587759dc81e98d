import CNCurses

/// A terminfo entry's capabilities as stored: numbers, flags and strings before their parameters
/// are filled in. `TerminalCodes` reads every capability through this, from ncurses' compiled
/// entry in the app (`CompiledTerminfo`) and from an entry's source text in tests.
protocol TerminfoCapabilities {
    /// A numeric capability (`colors#256`, also written `colors#0x100` or `colors#0400`); nil when absent.
    func number(_ name: String) -> Int?
    /// A boolean capability; false when absent.
    func flag(_ name: String) -> Bool
    /// A string capability with its escapes decoded, parameters not yet filled in; nil when absent.
    func string(_ name: String) -> [UInt8]?
}

/// The current ncurses terminfo entry (`TerminfoLock` held, the entry pushed by `TerminalCodes`).
/// `tic` stored its numbers as binary whatever notation the source used.
struct CompiledTerminfo: TerminfoCapabilities {
    func number(_ name: String) -> Int? {
        let value = Int(zs_tigetnum(name))
        return value < 0 ? nil : value
    }

    func flag(_ name: String) -> Bool {
        zs_tigetflag(name) != 0
    }

    func string(_ name: String) -> [UInt8]? {
        guard var pointer = zs_tigetstr(name) else { return nil }
        var bytes: [UInt8] = []
        while pointer.pointee != 0 {
            bytes.append(UInt8(bitPattern: pointer.pointee))
            pointer += 1
        }
        return bytes
    }
}
