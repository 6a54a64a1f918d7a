#!/usr/bin/env python3
"""The man page of fourway, from the same option and key tables as --help:
swift-argument-parser's generate-manual reads `fourway --experimental-dump-help`
and writes mdoc; this script feeds it and finishes what it writes.

    scripts/lib/man-page.py dump FOURWAY_BIN      # the help dump, for generate-manual
    scripts/lib/man-page.py finish IN.1 OUT.1     # its output, made clean

dump: generate-manual drops every character outside ASCII, so the key table's
arrows would vanish; they are spelt in ASCII first (Left, Right, Up, Down, <->,
sqrt) and the table's columns aligned again. (man renders raw UTF-8 only under a
UTF-8 locale anyway, and groff's ASCII device has no up or down arrow.)

finish: the `help` subcommand ArgumentParser lists (fourway has none) and the
"subcommand" word it puts in the synopsis for it are dropped, and blank lines in
the discussion become `.Pp` (mdoc warns on empty lines).
"""
import json
import re
import subprocess
import sys

ASCII = {"\u2190": "Left", "\u2192": "Right", "\u2191": "Up", "\u2193": "Down", "\u2194": "<->",
         "\u221a": "sqrt ", "\u00d7": "x", "\u2014": "-", "\u2013": "-", "\u2026": "...", "\u00b7": "-"}
# A key table row: two spaces, the input, two or more spaces, what it does.
ROW = re.compile(r"^  (\S.*?) {2,}(\S.*)$")


def spelt(text):
    """TEXT in ASCII, key table rows aligned again."""
    lines = ["".join(ASCII.get(c, c) for c in line) for line in text.split("\n")]
    rows = [ROW.match(line) for line in lines]
    width = max((len(row.group(1)) for row in rows if row), default=0)
    return "\n".join(f"  {row.group(1).ljust(width)}  {row.group(2)}" if row else line
                     for row, line in zip(rows, lines))


def ascii_strings(value):
    if isinstance(value, str):
        return spelt(value)
    if isinstance(value, list):
        return [ascii_strings(v) for v in value]
    if isinstance(value, dict):
        return {k: ascii_strings(v) for k, v in value.items()}
    return value


def dump(binary):
    out = subprocess.run([binary, "--experimental-dump-help"], capture_output=True, check=True, text=True).stdout
    json.dump(ascii_strings(json.loads(out)), sys.stdout, indent=1)


def finish(source, target):
    with open(source, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    skipping = 0   # depth of .Bl lists inside the help entry
    in_help = False
    for line in lines:
        if in_help:
            if line.startswith(".Bl"):
                skipping += 1
            elif line.startswith(".El"):
                if skipping == 0:
                    in_help = False   # the options list itself ends here: keep its .El
                    out.append(line)
                else:
                    skipping -= 1
            continue
        if line == ".Ar subcommand":
            continue
        if line == ".It Em help":
            in_help = True
            continue
        out.append(".Pp" if line.strip() == "" else line)
    with open(target, "w", encoding="ascii") as f:
        f.write("\n".join(out))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "dump":
        dump(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "finish":
        finish(sys.argv[2], sys.argv[3])
    else:
        print("usage: scripts/lib/man-page.py dump FOURWAY_BIN | finish IN.1 OUT.1", file=sys.stderr)
        sys.exit(2)


main()
