import Testing
@testable import Gallery

@Suite struct NaturalOrderTests {
    @Test func numbersCompareByValue() {
        #expect(NaturalOrder.sorted(["img10.jpg", "img2.jpg", "img1.jpg", "img20.jpg", "img3.jpg"])
                == ["img1.jpg", "img2.jpg", "img3.jpg", "img10.jpg", "img20.jpg"])
    }

    @Test func caseIsIgnoredButTiesAreStable() {
        #expect(NaturalOrder.sorted(["b.jpg", "A.jpg", "a.jpg", "B.jpg", "c.jpg"]) == ["A.jpg", "a.jpg", "B.jpg", "b.jpg", "c.jpg"])
        // The same answer whatever order the directory listed them in.
        let names = ["IMG_0010.JPG", "img_0002.jpg", "Img_0002.jpg", "img_1.jpg", "img_01.jpg", "zeta.png", "Alpha.png"]
        let expected = NaturalOrder.sorted(names)
        for seed in 1...20 {
            var shuffled = names
            var state = UInt64(seed)
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                shuffled.swapAt(i, Int(state >> 33) % (i + 1))
            }
            #expect(NaturalOrder.sorted(shuffled) == expected)
        }
        #expect(expected == ["Alpha.png", "img_1.jpg", "img_01.jpg", "Img_0002.jpg", "img_0002.jpg", "IMG_0010.JPG", "zeta.png"])
    }

    @Test func digitRunsLongerThanAnyIntegerStillCompare() {
        let big = "photo" + String(repeating: "9", count: 40) + ".jpg"
        let bigger = "photo1" + String(repeating: "0", count: 40) + ".jpg"
        #expect(NaturalOrder.sorted([bigger, big]) == [big, bigger])
    }

    @Test func prefixesAndMixedRuns() {
        #expect(NaturalOrder.sorted(["a1b2", "a1b10", "a1", "a", "a01b3"]) == ["a", "a1", "a1b2", "a01b3", "a1b10"])
        #expect(NaturalOrder.sorted(["Émile.jpg", "emile2.jpg", "zed.jpg", "éa.jpg"]).first == "emile2.jpg")
    }

    /// Names of every kind the comparison distinguishes: case, digit runs
    /// with and without leading zeros, prefixes, non-ASCII letters.
    static func randomNames(count: Int, seed: UInt64) -> [String] {
        let parts = ["img", "IMG", "Img_", "a", "B", "é", "É", "z", "_", ".jpg", "0", "00", "1", "01", "2", "10", "007", "99"]
        var state = seed
        return (0..<count).map { _ in
            var name = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0...(Int(state >> 60) % 5) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                name += parts[Int(state >> 33) % parts.count]
            }
            return name
        }
    }

    @Test func firstIsWhatTheSortPutsFirst() {
        for seed in 1...40 {
            let names = Self.randomNames(count: 60, seed: UInt64(seed))
            #expect(NaturalOrder.first(names) == NaturalOrder.sorted(names).first)
        }
        #expect(NaturalOrder.first([]) == nil)
        #expect(NaturalOrder.first(["img10.jpg", "IMG2.jpg", "img1.jpg"]) == "img1.jpg")
    }

    @Test func precedesAgreesWithTheSortForEveryPair() {
        let names = Self.randomNames(count: 80, seed: 7)
        let sorted = NaturalOrder.sorted(names)
        for i in sorted.indices {
            for j in sorted.indices where sorted[i] != sorted[j] {
                #expect(NaturalOrder.precedes(sorted[i], sorted[j]) == (i < j))
            }
        }
    }
}
