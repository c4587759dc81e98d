import Glibc
import Testing

@testable import ZappModel

@Suite("processors")
struct ProcessorsTests {
    @Test("the affinity mask's processors: at least one, at most those online")
    func countsTheAffinityMask() {
        let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #expect(Processors.available >= 1)
        #expect(Processors.available <= max(online, 1))
    }
}
