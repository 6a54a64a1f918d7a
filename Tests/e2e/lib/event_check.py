"""One check of the shell suites (Tests/e2e/lib/harness.sh `check`): a Python
expression over fourway's --events log (JSON Lines).

    python3 Tests/e2e/lib/event_check.py LOG FROM EXPRESSION

Exits 0 when EXPRESSION is true, 1 otherwise (printing the events it saw).
The expression may use:
  ev              the events after line FROM (dicts)
  all_ev          every event so far
  kinds(name)     the events in `ev` named `name`
  changed()       the pages (`to`) of the page-changed events in `ev`
  last_settled()  the page of the last settled event in `ev`, or None
  index(name, **fields)  where in `ev` the first event `name` with those fields is, or None
  zooms()         (scale, fit) of each zoom-changed event in `ev`
It may span lines (it is evaluated in parentheses).
"""
import json
import sys

# Left out of the events printed on a failure: frequent and rarely the point.
QUIET_EVENTS = ("slots-recycled", "page-ready")
# How much of the events a failure prints, characters.
PRINT_LIMIT = 1500

path, start, expression = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path) as f:
    all_ev = [json.loads(line) for line in f if line.strip()]
ev = all_ev[start:]


def kinds(name):
    return [e for e in ev if e.get("event") == name]


def changed():
    return [e["to"] for e in kinds("page-changed")]


def last_settled():
    return ([e["page"] for e in kinds("settled")] or [None])[-1]


def index(name, **fields):
    for i, e in enumerate(ev):
        if e.get("event") == name and all(e.get(k) == v for k, v in fields.items()):
            return i
    return None


def zooms():
    return [(e["scale"], e["fit"]) for e in kinds("zoom-changed")]


ok = eval("(" + expression + ")")
if not ok:
    print("   events:", json.dumps([e for e in ev if e.get("event") not in QUIET_EVENTS])[:PRINT_LIMIT])
sys.exit(0 if ok else 1)
