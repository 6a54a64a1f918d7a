#!/usr/bin/env python3
"""CHANGELOG.md's released entries as a Debian changelog (deb-changelog(5)),
newest first, for scripts/package: one entry a release, "## [X.Y.Z] - DATE"
giving the version and the date, the entry's opening paragraph and each
"### Section"'s bullets as its items, wrapped at 78 columns (lintian wants
no line over 80). [Unreleased] is left out: a package is a release.

    debian-changelog.py CHANGELOG.md PACKAGE MAINTAINER > changelog
    debian-changelog.py --newest CHANGELOG.md      # prints the newest release's version
"""
import datetime
import re
import sys
import textwrap

sys.dont_write_bytecode = True
RELEASE = re.compile(r"^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9]{4}-[0-9]{2}-[0-9]{2})\s*$")
WIDTH = 78


def releases(text):
    """[(version, date, lines)] for every released entry, in the file's order (newest first)."""
    found = []
    for line in text.splitlines():
        match = RELEASE.match(line)
        if match:
            found.append((match.group(1), match.group(2), []))
        elif line.startswith("## "):
            found.append((None, None, []))   # [Unreleased] or another heading: its lines are dropped
        elif found:
            found[-1][2].append(line)
    return [entry for entry in found if entry[0]]


def items(lines):
    """The entry's body as (depth, text): the opening paragraph and each
    section's name at depth 0, a section's bullets at depth 1."""
    out = []
    current = None
    for line in lines + [""]:
        stripped = line.strip()
        heading = stripped.startswith("### ")
        bullet = stripped.startswith("- ") and not line.startswith("  ")
        if current and (not stripped or heading or bullet):
            out.append((current[0], " ".join(current[1])))
            current = None
        if heading:
            out.append((0, stripped[4:] + ":"))
        elif bullet:
            current = (1, [stripped[2:]])
        elif stripped:
            if current is None:
                current = (0, [])
            current[1].append(stripped)
    return out


def entry(package, version, date, lines, maintainer):
    body = []
    for depth, text in items(lines):
        first, rest = ("  * ", "    ") if depth == 0 else ("    - ", "      ")
        body += textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                              break_long_words=False, break_on_hyphens=False)
    day = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
    stamp = day.strftime("%a, %d %b %Y %H:%M:%S +0000")
    return "\n".join([f"{package} ({version}) unstable; urgency=medium", "", *body, "",
                      f" -- {maintainer}  {stamp}", ""])


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "--newest":
        found = releases(open(arguments[1], encoding="utf-8").read())
        if not found:
            print(f"debian-changelog: {arguments[1]} has no released entry", file=sys.stderr)
            return 1
        print(found[0][0])
        return 0
    if len(arguments) != 3:
        print("usage: debian-changelog.py CHANGELOG.md PACKAGE MAINTAINER | --newest CHANGELOG.md", file=sys.stderr)
        return 2
    changelog, package, maintainer = arguments
    found = releases(open(changelog, encoding="utf-8").read())
    if not found:
        print(f"debian-changelog: {changelog} has no released entry", file=sys.stderr)
        return 1
    sys.stdout.write("\n".join(entry(package, *release, maintainer) for release in found))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
