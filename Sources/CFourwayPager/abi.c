// The layout of the interface's plain types, pinned: a change here changes
// the ABI that compiled programs and the Python bindings
// (Examples/python/pager.py) rely on, and needs a new major version.
#include "fourway/pager.h"

_Static_assert(sizeof(fw_page) == 16, "fw_page: two int64_t");
_Static_assert(sizeof(fw_point) == 16, "fw_point: two doubles");
_Static_assert(sizeof(fw_rect) == 32, "fw_rect: four doubles");
_Static_assert(sizeof(fw_slot) == 72, "fw_slot layout");
_Static_assert(sizeof(fw_slot_change) == 24, "fw_slot_change layout");
_Static_assert(sizeof(fw_event) == 312, "fw_event layout");
_Static_assert(sizeof(fw_config) == 104, "fw_config layout");
