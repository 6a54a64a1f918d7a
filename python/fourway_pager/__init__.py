"""Fourway's pager engine for Python: an infinite four-direction pager as a
pure, deterministic state machine, through its C interface (``fourway/pager.h``,
``libfourway-pager.so``, which the wheel carries; built with Embedded Swift, it
needs nothing but the C library).

Time and input go in, state and events come out. The engine never reads a
clock and never draws: feed it your toolkit's input with your own timestamps
(seconds), call :meth:`Pager.advance` once per frame, draw the nine
:attr:`Pager.slots` where it puts them and drain :meth:`Pager.poll_events`::

    import fourway_pager

    pager = fourway_pager.Pager(1280, 800, horizontal_pages=None, vertical_pages=12)
    pager.flip("right", 0.0)
    pager.advance(0.5)
    print(pager.current_page)            # (1, 0)
    for event in pager.poll_events():    # {'t': 0.0, 'event': 'page-will-change', ...}
        print(event["event"])

Every method is the C function of the same name without the ``fw_pager_``
prefix, with the same arguments in the same order; C functions that only read
the pager (``fw_pager_current_page``, ``fw_pager_zoom_scale``, …) are
properties. Directions, edges, interruption reasons and phases are the names
the event lines use (``"right"``, ``"left"``, ``"focus-lost"``, ``"dragging-h"``).
Page counts are ``None`` for an infinite axis, 0 for a disabled one, N for
pages 0…N-1. Bad arguments raise nothing: like the C functions, the setters
return ``False`` and change nothing.

The library is the one in this package; ``$FOURWAY_PAGER_LIBRARY`` names
another.
"""
from __future__ import annotations

import ctypes
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

__all__ = [
    "Pager", "Slot", "version", "__version__", "DIRECTIONS", "EDGES", "INTERRUPTIONS", "PHASES",
    "Rect",
]

#: fw_direction, in order: the direction the view moves to.
DIRECTIONS: Tuple[str, ...] = ("left", "right", "up", "down")
#: fw_edge, in order: a bounded edge, named for where it is on screen.
EDGES: Tuple[str, ...] = ("left", "right", "top", "bottom")
#: fw_interruption, in order: why a gesture ended abnormally.
INTERRUPTIONS: Tuple[str, ...] = (
    "focus-lost", "window-hidden", "second-pointer", "released-outside", "escape", "host")
#: fw_phase, in order: what the pager is doing (pager-replay's --frames names).
PHASES: Tuple[str, ...] = (
    "idle", "pressed", "dragging-h", "dragging-v", "dragging-none",
    "scrolling-h", "scrolling-v", "scrolling-none", "animating", "settling")

_PAGES_INFINITE = -1
_SLOT_COUNT = 9


class _Page(ctypes.Structure):
    _fields_ = [("h", ctypes.c_int64), ("v", ctypes.c_int64)]


class _Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double),
                ("width", ctypes.c_double), ("height", ctypes.c_double)]


class _Slot(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int32), ("column", ctypes.c_int32), ("row", ctypes.c_int32),
                ("has_page", ctypes.c_bool), ("page", _Page), ("frame", _Rect),
                ("visible_fraction", ctypes.c_double)]


class _SlotChange(ctypes.Structure):
    _fields_ = [("slot", ctypes.c_int32), ("has_page", ctypes.c_bool), ("page", _Page)]


class _Event(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int32), ("time", ctypes.c_double),
                ("axis", ctypes.c_int32), ("direction", ctypes.c_int32),
                ("from_", _Page), ("to", _Page), ("page", _Page),
                ("edge", ctypes.c_int32), ("reason", ctypes.c_int32),
                ("scale", ctypes.c_double), ("at_fit", ctypes.c_bool),
                ("slot_count", ctypes.c_int32), ("slots", _SlotChange * _SLOT_COUNT)]


class _Config(ctypes.Structure):
    _fields_ = [(name, ctypes.c_double) for name in (
        "drag_slop", "scroll_slop", "pointer_fling_velocity", "scroll_fling_velocity",
        "maximum_release_speed", "flip_threshold", "rubber_band_coefficient")] + [
        ("animation", ctypes.c_int32)] + [(name, ctypes.c_double) for name in (
            "spring_damping_ratio", "spring_mass", "spring_stiffness",
            "easing_minimum_duration", "easing_maximum_duration")]


Rect = Tuple[float, float, float, float]
"""A rectangle (x, y, width, height) in viewport px."""


@dataclass(frozen=True)
class Slot:
    """One of the nine page slots around the current page (``fw_slot``).

    ``id`` (0…8) is stable for the life of the pager: key textures by it. A
    slot keeps its page until a ``slots-recycled`` event names it."""

    id: int
    #: Grid position around the current page, each -1…1 (0, 0 = the current page).
    column: int
    row: int
    #: The page shown, ``None`` outside the bounds.
    page: Optional[Tuple[int, int]]
    #: Where to draw it: (x, y, width, height), viewport px.
    frame: Rect
    #: Share of the viewport it covers, 0…1.
    visible_fraction: float


def _library_path() -> str:
    given = os.environ.get("FOURWAY_PAGER_LIBRARY")
    if given:
        return given
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "libfourway-pager.so")


def _load() -> ctypes.CDLL:
    lib = ctypes.CDLL(_library_path())
    P, D, I64, I32, B, Z = (ctypes.c_void_p, ctypes.c_double, ctypes.c_int64, ctypes.c_int32,
                            ctypes.c_bool, ctypes.c_size_t)
    signatures: Dict[str, Tuple[Any, List[Any]]] = {
        "fw_pager_version": (ctypes.c_char_p, []),
        "fw_pager_create": (P, [D, D, I64, I64]),
        "fw_pager_create_on_page": (P, [D, D, I64, I64, I64, I64, P]),
        "fw_pager_destroy": (None, [P]),
        "fw_pager_pointer_down": (None, [P, D, D, D]),
        "fw_pager_pointer_moved": (None, [P, D, D, D]),
        "fw_pager_pointer_up": (None, [P, D, D, D]),
        "fw_pager_scroll": (None, [P, D, D, D]),
        "fw_pager_scroll_ended": (None, [P, D]),
        "fw_pager_flip": (B, [P, I32, D]),
        "fw_pager_go": (None, [P, I64, I64, B, D]),
        "fw_pager_interrupt": (B, [P, I32, D]),
        "fw_pager_resize": (B, [P, D, D, D]),
        "fw_pager_set_bounds": (B, [P, I64, I64, D]),
        "fw_pager_advance": (None, [P, D]),
        "fw_pager_set_spacing": (B, [P, D, D]),
        "fw_pager_set_reversed": (B, [P, B, B, D]),
        "fw_pager_set_long_swipes": (B, [P, B, I32]),
        "fw_pager_set_touchpad_distance": (B, [P, D, D]),
        "fw_pager_set_scroll_end_gap": (B, [P, D]),
        "fw_pager_set_overshoot_edges": (B, [P, ctypes.c_uint32]),
        "fw_pager_set_row_lengths": (B, [P, ctypes.POINTER(I64), Z, D]),
        "fw_pager_set_zoom_content": (B, [P, D, D, D, D]),
        "fw_pager_zoom_to": (B, [P, D, D, D, B, D]),
        "fw_pager_zoom_by": (B, [P, D, D, D, B, D]),
        "fw_pager_zoom_in": (B, [P, D, D, D]),
        "fw_pager_zoom_out": (B, [P, D, D, D]),
        "fw_pager_toggle_zoom": (B, [P, D, D, D]),
        "fw_pager_reset_zoom": (B, [P, B, D]),
        "fw_pager_zoom_scale": (D, [P]),
        "fw_pager_zoom_target_scale": (D, [P]),
        "fw_pager_zoom_maximum_scale": (D, [P]),
        "fw_pager_is_zoomed": (B, [P]),
        "fw_pager_zoom_translation": (_Point, [P]),
        "fw_pager_zoom_content_frame": (_Rect, [P]),
        "fw_pager_zoom_visible_rect": (_Rect, [P]),
        "fw_pager_is_settled": (B, [P]),
        "fw_pager_is_dragging": (B, [P]),
        "fw_pager_phase": (I32, [P]),
        "fw_pager_config": (_Config, [P]),
        "fw_pager_time": (D, [P]),
        "fw_pager_dropped_event_count": (Z, [P]),
        "fw_pager_page_size": (_Point, [P]),
        "fw_pager_page_counts": (B, [P, ctypes.POINTER(I64), ctypes.POINTER(I64)]),
        "fw_pager_row_lengths": (Z, [P, ctypes.POINTER(I64), Z]),
        "fw_pager_current_page": (_Page, [P]),
        "fw_pager_offset": (_Point, [P]),
        "fw_pager_slots": (Z, [P, ctypes.POINTER(_Slot)]),
        "fw_pager_poll_event": (B, [P, ctypes.POINTER(_Event)]),
        "fw_pager_event_json": (Z, [ctypes.POINTER(_Event), ctypes.c_char_p, Z]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = _load()


def version() -> str:
    """The engine's version, ``fw_pager_version()`` ("MAJOR.MINOR.PATCH")."""
    return _lib.fw_pager_version().decode()


__version__: str = version()


def _count(pages: Optional[int]) -> int:
    return _PAGES_INFINITE if pages is None else int(pages)


def _code(name: Union[str, int], names: Sequence[str]) -> int:
    """The C constant for a name (or an int passed through); -1, which every
    C function refuses, for an unknown name."""
    if isinstance(name, int):
        return name
    return names.index(name) if name in names else -1


def _rect(rect: _Rect) -> Rect:
    return (rect.x, rect.y, rect.width, rect.height)


class Pager:
    """One engine (``fw_pager``). Two pagers are independent; one pager must
    not be used from two threads at once.

    :param width: the page (viewport) width, px, above 0.
    :param height: the page (viewport) height, px, above 0.
    :param horizontal_pages: ``None`` infinite (the default), 0 disabled, N pages 0…N-1.
    :param vertical_pages: likewise, for rows.
    :param start: the first page ``(h, v)``, clamped into the bounds: the pager starts there
        as if created there (``fw_pager_create_on_page``), with nothing to report.
    :raises ValueError: for a size that is not a finite number above 0 or a count below 0.
    """

    def __init__(self, width: float, height: float,
                 horizontal_pages: Optional[int] = None, vertical_pages: Optional[int] = None,
                 start: Tuple[int, int] = (0, 0)) -> None:
        self._handle: Optional[int] = _lib.fw_pager_create_on_page(
            width, height, _count(horizontal_pages), _count(vertical_pages),
            int(start[0]), int(start[1]), None)
        if not self._handle:
            raise ValueError("fw_pager_create_on_page: a page size is not a finite number above 0, "
                             "or a page count is below 0")
        self._event = _Event()
        self._slots = (_Slot * _SLOT_COUNT)()
        self._line = ctypes.create_string_buffer(1024)

    def close(self) -> None:
        """Frees the engine now (``fw_pager_destroy``); the pager is unusable after."""
        if getattr(self, "_handle", None):
            _lib.fw_pager_destroy(self._handle)
            self._handle = None

    def __del__(self) -> None:
        self.close()

    # ------------------------------------------------------------ input

    def pointer_down(self, x: float, y: float, time: float) -> None:
        """A mouse button or finger went down at (x, y), viewport px; catches a moving page."""
        _lib.fw_pager_pointer_down(self._handle, x, y, time)

    def pointer_moved(self, x: float, y: float, time: float) -> None:
        """The pointer moved. Before the slop (16 px) nothing moves; then the drag locks to an axis."""
        _lib.fw_pager_pointer_moved(self._handle, x, y, time)

    def pointer_up(self, x: float, y: float, time: float) -> None:
        """The pointer was released: flip, return or bounce, from position and velocity."""
        _lib.fw_pager_pointer_up(self._handle, x, y, time)

    def scroll(self, dx: float, dy: float, time: float) -> None:
        """Touchpad scrolling by (dx, dy) touchpad units, libinput's px: 400 a page across,
        300 down (a negative dx brings the page on the right)."""
        _lib.fw_pager_scroll(self._handle, dx, dy, time)

    def scroll_ended(self, time: float) -> None:
        """The touchpad's fingers lifted (otherwise the scroll ends after 0.15 s of quiet,
        see :meth:`set_scroll_end_gap`)."""
        _lib.fw_pager_scroll_ended(self._handle, time)

    def flip(self, direction: Union[str, int], time: float) -> bool:
        """One page towards ``"left"``, ``"right"``, ``"up"`` or ``"down"``, animated.
        Returns whether a flip started (not during a gesture, at an edge, or for an unknown direction)."""
        return bool(_lib.fw_pager_flip(self._handle, _code(direction, DIRECTIONS), time))

    def go(self, h: int, v: int, animated: bool, time: float) -> None:
        """Shows page (h, v), clamped into the bounds: at once or animated."""
        _lib.fw_pager_go(self._handle, h, v, animated, time)

    def interrupt(self, reason: Union[str, int], time: float) -> bool:
        """Ends the gesture in progress abnormally (``"focus-lost"``, ``"escape"``, …; see
        :data:`INTERRUPTIONS`); the pager settles on the nearest page. Returns whether there was one."""
        return bool(_lib.fw_pager_interrupt(self._handle, _code(reason, INTERRUPTIONS), time))

    def resize(self, width: float, height: float, time: float) -> bool:
        """The viewport is now width × height px; the page and the relative position are kept."""
        return bool(_lib.fw_pager_resize(self._handle, width, height, time))

    def set_bounds(self, horizontal_pages: Optional[int], vertical_pages: Optional[int], time: float) -> bool:
        """New page counts (``None`` infinite); the current page is clamped into them. Ends ragged rows."""
        return bool(_lib.fw_pager_set_bounds(
            self._handle, _count(horizontal_pages), _count(vertical_pages), time))

    def advance(self, time: float) -> None:
        """Moves time forward: steps animations, lands on pages, recycles slots. Once per frame."""
        _lib.fw_pager_advance(self._handle, time)

    # --------------------------------------------------- paging options

    def set_spacing(self, spacing: float, time: float) -> bool:
        """A gap of ``spacing`` px (>= 0) between pages: the next page sits width + spacing away."""
        return bool(_lib.fw_pager_set_spacing(self._handle, spacing, time))

    def set_reversed(self, horizontal: bool, vertical: bool, time: float) -> bool:
        """Runs an axis against the screen: h + 1 on the left, or v + 1 above."""
        return bool(_lib.fw_pager_set_reversed(self._handle, horizontal, vertical, time))

    def set_long_swipes(self, allowed: bool, maximum_pages: int) -> bool:
        """Lets one release travel several pages, at most ``maximum_pages`` (>= 1)."""
        return bool(_lib.fw_pager_set_long_swipes(self._handle, allowed, maximum_pages))

    def set_touchpad_distance(self, horizontal: float, vertical: float) -> bool:
        """Touchpad units per page across and down (both finite, > 0; 400 and 300 by default):
        :meth:`scroll` moves the page by ``dx / horizontal`` of it. False for a bad value."""
        return bool(_lib.fw_pager_set_touchpad_distance(self._handle, horizontal, vertical))

    def set_scroll_end_gap(self, seconds: float) -> bool:
        """Seconds (> 0; 0.15 by default) of quiet that end a touchpad swipe; ``math.inf``:
        only :meth:`scroll_ended` ends it. False for NaN and values <= 0."""
        return bool(_lib.fw_pager_set_scroll_end_gap(self._handle, seconds))

    def set_overshoot_edges(self, edges: Union[Iterable[str], int]) -> bool:
        """The bounded edges that rubber-band and bounce: names from :data:`EDGES` (or the C bit
        set). At the others a drag stops dead. False for an unknown name."""
        if isinstance(edges, int):
            bits = edges
        else:
            bits = 0
            for edge in edges:
                if edge not in EDGES:
                    return False
                bits |= 1 << EDGES.index(edge)
        if not 0 <= bits <= 0xFFFFFFFF:
            return False
        return bool(_lib.fw_pager_set_overshoot_edges(self._handle, bits))

    def set_row_lengths(self, lengths: Optional[Sequence[int]], time: float) -> bool:
        """Ragged rows: row v holds ``lengths[v]`` pages; ``None`` or ``[]`` ends them. A move
        into a shorter row lands on its last page. False for a negative length."""
        if not lengths:
            return bool(_lib.fw_pager_set_row_lengths(self._handle, None, 0, time))
        array = (ctypes.c_int64 * len(lengths))(*lengths)
        return bool(_lib.fw_pager_set_row_lengths(self._handle, array, len(lengths), time))

    # ------------------------------------------------------------- zoom

    def set_zoom_content(self, width: float, height: float, pixel_scale: float, time: float) -> bool:
        """The current page's content: its size fitted on the page, px, and the scale at which
        it shows at 1:1 (a 4000×3000 photo fitted to 1067×800 has ``pixel_scale`` 3.75)."""
        return bool(_lib.fw_pager_set_zoom_content(self._handle, width, height, pixel_scale, time))

    def zoom_to(self, scale: float, x: float, y: float, animated: bool, time: float) -> bool:
        """Zooms to ``scale`` (relative to fit) holding the viewport point (x, y) still.
        Returns whether the target scale changed."""
        return bool(_lib.fw_pager_zoom_to(self._handle, scale, x, y, animated, time))

    def zoom_by(self, factor: float, x: float, y: float, animated: bool, time: float) -> bool:
        """Multiplies the target scale by ``factor`` (a pinch's step, a wheel notch)."""
        return bool(_lib.fw_pager_zoom_by(self._handle, factor, x, y, animated, time))

    def zoom_in(self, x: float, y: float, time: float) -> bool:
        """One step in (1.5×), animated, around (x, y)."""
        return bool(_lib.fw_pager_zoom_in(self._handle, x, y, time))

    def zoom_out(self, x: float, y: float, time: float) -> bool:
        """One step out, animated, never below fit."""
        return bool(_lib.fw_pager_zoom_out(self._handle, x, y, time))

    def toggle_zoom(self, x: float, y: float, time: float) -> bool:
        """Fit ↔ 1:1 (a double-click), around (x, y)."""
        return bool(_lib.fw_pager_toggle_zoom(self._handle, x, y, time))

    def reset_zoom(self, animated: bool, time: float) -> bool:
        """Back to fit. Returns whether the target scale changed."""
        return bool(_lib.fw_pager_reset_zoom(self._handle, animated, time))

    @property
    def zoom_scale(self) -> float:
        """The scale shown now, relative to fit."""
        return float(_lib.fw_pager_zoom_scale(self._handle))

    @property
    def zoom_target_scale(self) -> float:
        """The scale the zoom is heading for."""
        return float(_lib.fw_pager_zoom_target_scale(self._handle))

    @property
    def zoom_maximum_scale(self) -> float:
        """The largest scale: max(4, 2 × pixel_scale)."""
        return float(_lib.fw_pager_zoom_maximum_scale(self._handle))

    @property
    def is_zoomed(self) -> bool:
        """Zoomed in or zooming: a drag pans the page then."""
        return bool(_lib.fw_pager_is_zoomed(self._handle))

    @property
    def zoom_translation(self) -> Tuple[float, float]:
        """The pan: the content's displacement from its centred position, px."""
        point = _lib.fw_pager_zoom_translation(self._handle)
        return (point.x, point.y)

    @property
    def zoom_content_frame(self) -> Rect:
        """Where to draw the current page's content (x, y, width, height), clipped to its slot."""
        return _rect(_lib.fw_pager_zoom_content_frame(self._handle))

    @property
    def zoom_visible_rect(self) -> Rect:
        """The part of the content visible now, as fractions (0…1) of its width and height."""
        return _rect(_lib.fw_pager_zoom_visible_rect(self._handle))

    # ------------------------------------------------------------ state

    @property
    def is_settled(self) -> bool:
        """At rest on a whole page: no gesture, no animation, offset zero, the zoom still."""
        return bool(_lib.fw_pager_is_settled(self._handle))

    @property
    def is_dragging(self) -> bool:
        """A drag or scroll has moved past the slop: suppress taps on page content."""
        return bool(_lib.fw_pager_is_dragging(self._handle))

    @property
    def config(self) -> Dict[str, Any]:
        """The configuration it was created with (``fw_config``'s fields by name; ``animation``
        is ``"spring"`` or ``"easing"``)."""
        config = _lib.fw_pager_config(self._handle)
        fields = {name: getattr(config, name) for name, _ in _Config._fields_}
        fields["animation"] = ("spring", "easing")[config.animation]
        return fields

    @property
    def phase(self) -> str:
        """What the pager does: a name from :data:`PHASES` (``"idle"``, ``"dragging-h"``, …)."""
        return PHASES[_lib.fw_pager_phase(self._handle)]

    @property
    def time(self) -> float:
        """The latest time the pager has seen, s."""
        return float(_lib.fw_pager_time(self._handle))

    @property
    def dropped_event_count(self) -> int:
        """Events dropped because they were not polled in time (the queue holds 256)."""
        return int(_lib.fw_pager_dropped_event_count(self._handle))

    @property
    def page_size(self) -> Tuple[float, float]:
        """The page (viewport) size, (width, height) px."""
        point = _lib.fw_pager_page_size(self._handle)
        return (point.x, point.y)

    @property
    def page_counts(self) -> Tuple[Optional[int], Optional[int]]:
        """The page counts (horizontal, vertical), ``None`` for an infinite axis."""
        h, v = ctypes.c_int64(), ctypes.c_int64()
        _lib.fw_pager_page_counts(self._handle, ctypes.byref(h), ctypes.byref(v))
        return (None if h.value == _PAGES_INFINITE else h.value,
                None if v.value == _PAGES_INFINITE else v.value)

    @property
    def row_lengths(self) -> Optional[List[int]]:
        """The ragged rows' lengths, ``None`` when rows are not ragged."""
        count = _lib.fw_pager_row_lengths(self._handle, None, 0)
        if count == 0:
            return None
        array = (ctypes.c_int64 * count)()
        _lib.fw_pager_row_lengths(self._handle, array, count)
        return list(array)

    @property
    def current_page(self) -> Tuple[int, int]:
        """The current page, (h, v)."""
        page = _lib.fw_pager_current_page(self._handle)
        return (page.h, page.v)

    @property
    def offset(self) -> Tuple[float, float]:
        """The content's displacement from rest, px: positive x shows the page on the left."""
        point = _lib.fw_pager_offset(self._handle)
        return (point.x, point.y)

    @property
    def slots(self) -> List[Slot]:
        """The nine slots in id order. Draw those with a page and a visible fraction above 0."""
        count = _lib.fw_pager_slots(self._handle, self._slots)
        return [Slot(id=s.id, column=s.column, row=s.row,
                     page=(s.page.h, s.page.v) if s.has_page else None,
                     frame=_rect(s.frame), visible_fraction=s.visible_fraction)
                for s in self._slots[:count]]

    # ----------------------------------------------------------- events

    def poll_event_lines(self) -> List[str]:
        """Drains the events, oldest first, each as the JSON line pager-replay prints."""
        lines = []
        while _lib.fw_pager_poll_event(self._handle, ctypes.byref(self._event)):
            needed = _lib.fw_pager_event_json(ctypes.byref(self._event), self._line, len(self._line))
            if needed >= len(self._line):
                self._line = ctypes.create_string_buffer(needed + 1)
                _lib.fw_pager_event_json(ctypes.byref(self._event), self._line, len(self._line))
            lines.append(self._line.value.decode())
        return lines

    def poll_events(self) -> List[Dict[str, Any]]:
        """Drains the events, oldest first, each as a dict of its JSON line::

            {"t": 0.3, "event": "page-changed", "from": [0, 0], "to": [1, 0]}
        """
        return [json.loads(line) for line in self.poll_event_lines()]
