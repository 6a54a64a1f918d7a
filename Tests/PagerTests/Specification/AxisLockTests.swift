import Pager
import Testing

/// Nothing moves until the pointer has travelled the slop
/// (16 px, Euclidean); then the drag locks to the dominant axis for the rest
/// of the gesture and perpendicular motion is ignored.
@Suite("Axis lock")
struct AxisLockTests {
    @Test func pressingIsNotYetADrag() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        #expect(pager.model.phase == .pressed)
        #expect(pager.model.isDragging == false)
        #expect(pager.events.isEmpty)
    }

    @Test func motionWithinTheSlopMovesNothing() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(511, 411, at: 0.01)  // 15.6 px: inside the 16 px circle
        pager.move(485, 400, at: 0.02)  // 15 px
        #expect(pager.model.phase == .pressed)
        #expect(pager.model.offset == .zero)
        #expect(pager.events.isEmpty)
    }

    @Test func slopIsMeasuredAsAStraightLineDistance() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(512, 412, at: 0.01)  // 16.97 px diagonally, though 12 px on each axis
        #expect(pager.kinds == [.dragBegan, .axisLocked(.horizontal)])
        #expect(pager.model.phase == .dragging(.horizontal))
        #expect(pager.model.isDragging)
    }

    @Test func horizontalDominantMotionLocksHorizontally() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(480, 390, at: 0.01)
        #expect(pager.kinds == [.dragBegan, .axisLocked(.horizontal)])
    }

    @Test func verticalDominantMotionLocksVertically() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(490, 380, at: 0.01)
        #expect(pager.kinds == [.dragBegan, .axisLocked(.vertical)])
        #expect(pager.model.phase == .dragging(.vertical))
    }

    @Test func exactDiagonalLocksHorizontally() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(480, 380, at: 0.01)
        #expect(pager.kinds == [.dragBegan, .axisLocked(.horizontal)])
    }

    @Test func lockingDoesNotJumpByTheSlop() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(470, 400, at: 0.01)  // 30 px: 14 px past the slop
        #expect(pager.model.offset.y == 0)
        #expect(pager.model.offset.x <= 0 && pager.model.offset.x >= -14,
                "at most the travel past the slop, never the slop itself: \(pager.model.offset.x)")
    }

    @Test func afterTheLockTheContentFollowsThePointerOneToOne() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(470, 400, at: 0.01)
        let locked = pager.model.offset.x
        pager.move(370, 400, at: 0.02)
        #expect(pager.model.offset.x == locked - 100)
        pager.move(520, 400, at: 0.03)
        #expect(pager.model.offset.x == locked + 50)
    }

    @Test func perpendicularMotionIsIgnoredUntilRelease() {
        var pager = RecordingPager()
        pager.grab(along: .horizontal, towards: -1, at: 0)
        let lockX = pager.pointer.x
        pager.move(lockX - 100, 100, at: 0.05)
        pager.move(lockX - 120, 750, at: 0.10)
        #expect(pager.model.offset == Point(x: -120, y: 0))
        #expect(pager.model.phase == .dragging(.horizontal))
        #expect(pager.kinds == [.dragBegan, .axisLocked(.horizontal)], "locked once, for the whole gesture")
    }

    @Test func verticalLockIgnoresHorizontalMotion() {
        var pager = RecordingPager()
        pager.grab(along: .vertical, towards: -1, at: 0)
        let lockY = pager.pointer.y
        pager.move(100, lockY - 200, at: 0.05)
        #expect(pager.model.offset == Point(x: 0, y: -200))
    }

    @Test func tapIsNotAGesture() {
        var pager = RecordingPager()
        pager.down(500, 400, at: 0)
        pager.move(505, 403, at: 0.02)
        pager.up(505, 403, at: 0.05)
        #expect(pager.model.phase == .idle)
        pager.run(for: 1)
        #expect(pager.events.isEmpty, "a tap emits nothing, not even settled")
        #expect(pager.model.isSettled)
    }

    @Test func dragAlongADisabledAxisBeginsButLocksNothing() {
        var pager = RecordingPager(horizontalPages: nil, verticalPages: 0)
        pager.down(500, 400, at: 0)
        pager.move(495, 300, at: 0.02)
        #expect(pager.kinds == [.dragBegan])
        #expect(pager.model.phase == .dragging(nil))
        #expect(pager.model.isDragging)
        pager.move(200, 100, at: 0.05)
        #expect(pager.model.offset == .zero, "not even the enabled axis moves")
    }

    @Test func dragAlongADisabledAxisStillEndsSettled() {
        var pager = RecordingPager(horizontalPages: 0)
        pager.swipe(by: (-300, 0), over: 0.1, at: 0)
        pager.settle()
        #expect(pager.kinds.first == .dragBegan)
        #expect(pager.kinds.last == .settled(page(0, 0)))
    }
}
