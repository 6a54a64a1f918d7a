#!/usr/bin/env python3
"""Lists Swift functions longer than a number of lines.

    scripts/lib/long-functions.py [--max N] PATH...

PATH is a .swift file or a folder (searched for .swift files). A function is a
`func`, `init`, `deinit` or `subscript`, or a computed property (`var name: Type {`),
measured from its declaration's first line to the line of its closing brace,
both included. The body is found by brace matching, with comments, string
literals (`"…"`, `\"\"\"…\"\"\"`, raw `#"…"#`) and character escapes skipped.
A nested function is listed on its own and also counts in the one around it.

Prints `path:line: name: N lines` for each function over N (default 80),
longest first, and exits 1 when there is any, 0 otherwise.
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(
    r"(?<![\w.])(?:"
    r"func\s+(?P<func>[^\s(<]+)"
    r"|(?P<init>init[?!]?)\s*[(<]"
    r"|(?P<deinit>deinit)\b"
    r"|(?P<subscript>subscript)\s*[(<]"
    r"|var\s+(?P<var>\w+)\s*:[^=]*?\{\s*(?://.*)?$"
    r")"
)
# Lines that start another declaration: a function declared without a body
# (a protocol's requirement) ends before them.
NEXT_DECLARATION = re.compile(
    r"^\s*(?:@|//|/\*|\}|func\b|var\b|let\b|init\b|case\b|static\b|class\b|public\b|private\b|"
    r"fileprivate\b|internal\b|mutating\b|nonmutating\b|subscript\b|associatedtype\b|override\b|"
    r"nonisolated\b|struct\b|enum\b|extension\b|protocol\b|typealias\b|deinit\b)"
)


def code_mask(text):
    """`text` with every comment and string literal's characters (newlines
    kept) replaced by spaces, so braces and parentheses can be counted."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = 0
            while text[i + hashes] == "#":
                hashes += 1
            start = i
            j = i + hashes
            multi = text.startswith('"""', j)
            quote = '"""' if multi else '"'
            j += len(quote)
            closing = quote + "#" * hashes
            escape = "\\" + "#" * hashes
            while j < n:
                if text.startswith(escape, j):
                    j += len(escape) + 1
                elif text.startswith(closing, j):
                    j += len(closing)
                    break
                elif not multi and text[j] == "\n":
                    break
                else:
                    j += 1
            blank(start, j)
            i = j
        else:
            i += 1
    return "".join(out)


def functions(path):
    """(line, name, length) of every function in the file at `path`."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    code = code_mask(text)
    lines = code.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = []
    for number, line in enumerate(lines):
        for match in DECLARATION.finditer(line):
            name = next(value for value in match.groupdict().values() if value)
            end_line = body_end(code, lines, offsets[number] + match.start(), number)
            if end_line is not None:
                found.append((number + 1, name, end_line - number + 1))
    return found


def body_end(code, lines, start, line_number):
    """The 0-based line of the closing brace of the body whose declaration
    starts at offset `start`, or None when it has no body."""
    parens = 0
    i, n = start, len(code)
    while i < n:
        c = code[i]
        if c in "([":
            parens += 1
        elif c in ")]":
            parens -= 1
        elif parens == 0 and c == "{":
            break
        elif parens == 0 and c in "};":
            return None
        elif parens == 0 and c == "\n":
            rest = code[i + 1:code.find("\n", i + 1) if code.find("\n", i + 1) >= 0 else n]
            if rest.strip() and NEXT_DECLARATION.match(rest):
                return None
        i += 1
    else:
        return None
    depth = 0
    while i < n:
        c = code[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return code.count("\n", 0, i)
        i += 1
    return None


def swift_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".swift"):
                        yield os.path.join(folder, name)
        else:
            yield path


def main():
    parser = argparse.ArgumentParser(description="List Swift functions longer than N lines.")
    parser.add_argument("--max", type=int, default=80, help="the longest a function may be, lines (default 80)")
    parser.add_argument("paths", nargs="+", help=".swift files or folders")
    arguments = parser.parse_args()
    long = []
    for path in swift_files(arguments.paths):
        for line, name, length in functions(path):
            if length > arguments.max:
                long.append((length, path, line, name))
    for length, path, line, name in sorted(long, key=lambda item: (-item[0], item[1], item[2])):
        print(f"{path}:{line}: {name}: {length} lines")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
