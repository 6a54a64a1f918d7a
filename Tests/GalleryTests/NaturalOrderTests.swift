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
}
