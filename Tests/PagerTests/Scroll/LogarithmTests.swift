import Glibc
@testable import Pager
import Testing

/// The engine's own natural logarithm (for momentum), checked against libm.
@Suite("Logarithm")
struct LogarithmTests {
    @Test(arguments: [1e-300, 1e-9, 0.001, 0.5, 0.99, 0.998, 0.9999, 1, 1.5, 2, 3, 10, 12345.678, 1e12, 1e300])
    func matchesTheSystemLogarithm(_ x: Double) {
        let ours = ElementaryFunctions.log(x)
        let theirs = Glibc.log(x)
        #expect(abs(ours - theirs) <= 4 * theirs.ulp.magnitude + 1e-300 || abs(ours - theirs) < 1e-15)
    }

    @Test func edgeCases() {
        #expect(ElementaryFunctions.log(0) == -.infinity)
        #expect(ElementaryFunctions.log(-1).isNaN)
        #expect(ElementaryFunctions.log(.infinity) == .infinity)
    }
}
