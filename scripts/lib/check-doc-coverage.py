#!/usr/bin/env python3
"""Fails when a public symbol of Pager has no documentation or no place in the
DocC catalogue's topic groups (scripts/docs runs it after DocC).

    check-doc-coverage.py SYMBOL_GRAPH.json CATALOGUE_DIR

- Every public symbol declared in Sources/Pager needs a doc comment, except the
  members that only implement a standard protocol (`==`, `hash(into:)`,
  `startIndex`, …): DocC shows the protocol's documentation for those.
- Every top-level symbol must be listed as ``Name`` in a catalogue page's Topics.
Prints what is missing, one line each, and exits 1 if anything is.
"""
import glob
import json
import os
import re
import sys

# Members that implement a standard library protocol's requirement.
PROTOCOL_WITNESSES = {
    "==(_:_:)", "hash(into:)", "hashValue", "startIndex", "endIndex", "index(after:)",
    "index(before:)", "makeIterator()", "next()", "init(rawValue:)", "rawValue",
    "description", "allCases", "AllCases", "RawValue", "Iterator", "Element",
}


def main():
    graph_path, catalogue = sys.argv[1:3]
    graph = json.load(open(graph_path))
    missing = []
    for symbol in graph["symbols"]:
        path = "/".join(symbol["pathComponents"])
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/Pager/" not in location:
            continue   # synthesized, or inherited from a protocol extension
        if symbol["pathComponents"][-1] in PROTOCOL_WITNESSES:
            continue
        if not symbol.get("docComment"):
            file = location.split("/Sources/Pager/")[-1]
            line = symbol["location"]["position"]["line"] + 1
            missing.append(f"undocumented: {path} (Sources/Pager/{file}:{line})")
    listed = set()
    for page in glob.glob(os.path.join(catalogue, "*.md")):
        text = open(page).read()
        topics = text.split("## Topics", 1)[1] if "## Topics" in text else ""
        listed.update(re.findall(r"^- ``(?:Pager/)?([A-Za-z]+)``", topics, re.M))
    for symbol in graph["symbols"]:
        if len(symbol["pathComponents"]) == 1 and symbol["pathComponents"][0] not in listed:
            missing.append(f"in no topic group of {catalogue}: {symbol['pathComponents'][0]}")
    for line in missing:
        print(line)
    print(f"doc coverage: {len(graph['symbols'])} public symbols, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
