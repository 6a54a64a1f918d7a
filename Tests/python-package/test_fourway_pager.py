"""The fourway_pager wheel as installed: Tests/python-package/run installs it
with pip into a fresh virtual environment and runs this file from a folder
outside the repository, so only the installed package (and the library in
it) can be imported."""
import importlib.metadata
import math
import os
import unittest

import fourway_pager
from fourway_pager import Pager


def settle(pager, t):
    """Steps at 120 Hz from t until settled; returns the time reached."""
    for _ in range(600):
        if pager.is_settled:
            break
        t += 1 / 120
        pager.advance(t)
    return t


def quick_drag(pager, x0, x1, t):
    """A quick drag of the content from x0 to x1 across the middle, released."""
    pager.pointer_down(x0, 40, t)
    for i in range(1, 5):
        pager.pointer_moved(x0 + (x1 - x0) * i / 4, 40, t + 0.01 * i)
    pager.pointer_up(x1, 40, t + 0.05)
    return t + 0.05


class Installed(unittest.TestCase):
    def test_the_installed_package_carries_its_library(self):
        folder = os.path.dirname(fourway_pager.__file__)
        self.assertIn("site-packages", folder)
        self.assertTrue(os.path.isfile(os.path.join(folder, "libfourway-pager.so")))
        self.assertTrue(os.path.isfile(os.path.join(folder, "py.typed")))

    def test_version_is_the_engines_and_the_wheels(self):
        self.assertRegex(fourway_pager.__version__, r"^\d+\.\d+\.\d+$")
        self.assertEqual(fourway_pager.version(), fourway_pager.__version__)
        self.assertEqual(importlib.metadata.version("fourway-pager"), fourway_pager.__version__)


class Paging(unittest.TestCase):
    def test_flip_advance_and_events(self):
        pager = Pager(1280, 800, horizontal_pages=None, vertical_pages=12)
        self.assertEqual(pager.current_page, (0, 0))
        self.assertTrue(pager.flip("right", 0.0))
        self.assertFalse(pager.is_settled)
        pager.advance(0.5)
        self.assertTrue(pager.is_settled)
        self.assertEqual(pager.current_page, (1, 0))
        self.assertEqual(pager.offset, (0.0, 0.0))
        events = pager.poll_events()
        self.assertEqual([e["event"] for e in events],
                         ["page-will-change", "page-changed", "slots-recycled", "settled"])
        self.assertEqual(events[0], {"t": 0, "event": "page-will-change", "from": [0, 0], "to": [1, 0]})
        self.assertEqual(pager.poll_events(), [])
        self.assertFalse(pager.flip("sideways", 1.0))

    def test_a_drag_flips_and_the_slots_follow(self):
        pager = Pager(100, 80, horizontal_pages=3, vertical_pages=0)
        pager.pointer_down(90, 40, 0)
        pager.pointer_moved(60, 40, 0.02)
        self.assertEqual(pager.phase, "dragging-h")
        self.assertTrue(pager.is_dragging)
        pager.pointer_up(20, 40, 0.05)
        settle(pager, 0.05)
        self.assertEqual(pager.current_page, (1, 0))
        slots = pager.slots
        self.assertEqual(len(slots), 9)
        centre = next(s for s in slots if (s.column, s.row) == (0, 0))
        self.assertEqual((centre.page, centre.frame, centre.visible_fraction), ((1, 0), (0, 0, 100, 80), 1))
        self.assertIsNone(next(s for s in slots if (s.column, s.row) == (0, 1)).page)
        self.assertEqual(pager.page_counts, (3, 0))

    def test_a_pager_starts_on_the_page_given_with_nothing_to_report(self):
        pager = Pager(100, 80, horizontal_pages=3, vertical_pages=4, start=(5, 1))
        self.assertEqual(pager.current_page, (2, 1))
        self.assertEqual(pager.poll_events(), [])
        centre = next(s for s in pager.slots if (s.column, s.row) == (0, 0))
        self.assertEqual(centre.page, (2, 1))

    def test_bad_sizes_raise(self):
        with self.assertRaises(ValueError):
            Pager(0, 800)
        with self.assertRaises(ValueError):
            Pager(1280, math.nan)

    def test_interrupt_go_resize_and_bounds(self):
        pager = Pager(100, 80)
        self.assertFalse(pager.interrupt("escape", 0))
        pager.pointer_down(50, 40, 0)
        pager.pointer_moved(50, 10, 0.05)
        self.assertTrue(pager.interrupt("focus-lost", 0.06))
        settle(pager, 0.06)
        pager.go(5, -2, False, 1)
        self.assertEqual(pager.current_page, (5, -2))
        self.assertTrue(pager.resize(60, 50, 1))
        self.assertEqual(pager.page_size, (60, 50))
        self.assertTrue(pager.set_bounds(3, None, 1))
        self.assertEqual(pager.current_page, (2, -2))
        self.assertEqual(pager.time, 1)
        self.assertEqual(pager.config["drag_slop"], 16)


class Options(unittest.TestCase):
    def test_spacing_moves_the_next_page_by_width_and_spacing(self):
        pager = Pager(100, 80)
        self.assertTrue(pager.set_spacing(20, 0))
        right = next(s for s in pager.slots if (s.column, s.row) == (1, 0))
        self.assertEqual(right.frame[0], 120)
        self.assertFalse(pager.set_spacing(-1, 0))
        self.assertFalse(pager.set_spacing(math.nan, 0))

    def test_reversed_axes(self):
        pager = Pager(100, 80)
        self.assertTrue(pager.set_reversed(True, False, 0))
        pager.flip("right", 0)
        settle(pager, 0)
        self.assertEqual(pager.current_page, (-1, 0))

    def test_long_swipes_travel_several_pages(self):
        pager = Pager(100, 80)
        self.assertTrue(pager.set_long_swipes(True, 3))
        settle(pager, quick_drag(pager, 90, 10, 0))
        self.assertEqual(pager.current_page, (3, 0))
        self.assertFalse(pager.set_long_swipes(True, 0))

    def test_touchpad_distance_scales_a_scroll(self):
        pager = Pager(1000, 600)
        pager.scroll(-300, 0, 0)
        self.assertAlmostEqual(pager.offset[0], -750)   # 300/400 of the page
        pager.scroll_ended(0.01)
        t = settle(pager, 0.01)
        self.assertTrue(pager.set_touchpad_distance(800, 600))
        pager.scroll(-300, 0, t + 1)
        self.assertAlmostEqual(pager.offset[0], -375)   # 300/800 of the page
        pager.scroll_ended(t + 1.01)
        t = settle(pager, t + 1.01)
        for bad in ((0, 600), (800, -1), (math.nan, 600), (800, math.inf)):
            self.assertFalse(pager.set_touchpad_distance(*bad))
        pager.scroll(0, -300, t + 1)
        self.assertAlmostEqual(pager.offset[1], -300)   # still 600 a page down

    def test_scroll_end_gap_and_infinity(self):
        pager = Pager(1000, 600)
        self.assertTrue(pager.set_scroll_end_gap(0.5))
        pager.scroll(-100, 0, 0)
        pager.advance(0.3)
        self.assertTrue(pager.is_dragging)
        pager.advance(0.6)
        self.assertFalse(pager.is_dragging)
        t = settle(pager, 0.6)
        self.assertTrue(pager.set_scroll_end_gap(math.inf))
        for bad in (0, -1, math.nan):
            self.assertFalse(pager.set_scroll_end_gap(bad))
        pager.scroll(-100, 0, t + 1)
        pager.advance(t + 100)
        self.assertTrue(pager.is_dragging)
        pager.scroll_ended(t + 100)
        self.assertFalse(pager.is_dragging)

    @staticmethod
    def drag_towards_the_left_edge(pager):
        """Drags the content right from page 0, towards the left edge, and
        releases; returns the farthest the content moved across, px."""
        pager.pointer_down(10, 40, 0)
        moved = 0
        for i in range(1, 10):
            pager.pointer_moved(10 + 8 * i, 40, 0.01 * i)
            moved = max(moved, abs(pager.offset[0]))
        pager.pointer_up(90, 40, 0.1)
        settle(pager, 0.1)
        return moved

    def test_an_edge_without_overshoot_never_moves(self):
        pager = Pager(100, 80, horizontal_pages=3, vertical_pages=3)
        self.assertTrue(pager.set_overshoot_edges(["right", "top", "bottom"]))
        self.assertFalse(pager.set_overshoot_edges(["middle"]))
        self.assertEqual(self.drag_towards_the_left_edge(pager), 0)
        self.assertEqual(pager.current_page, (0, 0))
        self.assertNotIn("bounced", [e["event"] for e in pager.poll_events()])

    def test_an_edge_with_overshoot_moves(self):
        # The control for the test above: the same drag with the left edge left in does move.
        pager = Pager(100, 80, horizontal_pages=3, vertical_pages=3)
        self.assertTrue(pager.set_overshoot_edges(["left", "right", "top", "bottom"]))
        self.assertGreater(self.drag_towards_the_left_edge(pager), 0)

    def test_an_edge_not_disabled_still_moves(self):
        pager = Pager(100, 80, horizontal_pages=3, vertical_pages=3)
        self.assertTrue(pager.set_overshoot_edges(["right", "top", "bottom"]))
        # Dragging the content down, towards the top edge: it rubber-bands.
        pager.pointer_down(50, 10, 0)
        pager.pointer_moved(50, 60, 0.05)
        self.assertGreater(pager.offset[1], 0)
        pager.pointer_up(50, 60, 0.1)

    def test_ragged_rows_land_on_a_shorter_rows_last_page(self):
        pager = Pager(100, 80, vertical_pages=3)
        self.assertTrue(pager.set_row_lengths([5, 2, 8], 0))
        self.assertEqual(pager.row_lengths, [5, 2, 8])
        self.assertEqual(pager.page_counts, (8, 3))
        pager.go(4, 0, False, 0)
        pager.flip("down", 1)
        settle(pager, 1)
        self.assertEqual(pager.current_page, (1, 1))
        self.assertFalse(pager.set_row_lengths([3, -1], 2))
        self.assertTrue(pager.set_row_lengths(None, 2))
        self.assertIsNone(pager.row_lengths)


class Zoom(unittest.TestCase):
    def test_zoom_to_by_and_reset(self):
        pager = Pager(100, 80)
        self.assertTrue(pager.zoom_to(2, 50, 40, False, 0))
        self.assertTrue(pager.zoom_by(1.5, 50, 40, False, 0))
        self.assertEqual(pager.zoom_scale, 3)
        self.assertTrue(pager.is_zoomed)
        self.assertTrue(pager.reset_zoom(False, 0))
        self.assertEqual(pager.zoom_scale, 1)
        self.assertFalse(pager.zoom_to(math.nan, 50, 40, False, 0))
        kinds = [e["event"] for e in pager.poll_events()]
        self.assertEqual(kinds.count("zoom-changed"), 3)

    def test_content_frame_and_visible_rect(self):
        pager = Pager(100, 80)
        self.assertTrue(pager.set_zoom_content(50, 40, 3, 0))
        self.assertEqual(pager.zoom_content_frame, (25, 20, 50, 40))
        self.assertEqual(pager.zoom_maximum_scale, 6)
        pager.zoom_in(50, 40, 0)
        self.assertEqual(pager.zoom_target_scale, 1.5)
        settle(pager, 0)
        pager.zoom_to(4, 50, 40, False, 1)
        self.assertEqual(pager.zoom_content_frame, (-50, -40, 200, 160))
        self.assertEqual(pager.zoom_visible_rect, (0.25, 0.25, 0.5, 0.5))
        self.assertEqual(pager.zoom_translation, (0, 0))


if __name__ == "__main__":
    unittest.main()
