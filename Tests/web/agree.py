#!/usr/bin/env python3
"""pager-replay against Examples/web/replay.mjs (the engine as wasm, under
Node): every script of Tests/replay, with the flags Tests/replay/check.py
gives it, from the file, with --frames and on standard input. Standard
output, standard error and the exit code must be identical.

    agree.py PAGER_REPLAY NODE        # $FOURWAY_PAGER_WASM names the wasm

--start is fw_pager_create_on_page's start: the pager is created there.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
REPLAY = os.path.join(ROOT, "Tests", "replay")
REPLAY_MJS = os.path.join(ROOT, "Examples", "web", "replay.mjs")
# Generous bound for one run, s: the longest (a pointer held 60 s at 120 fps) takes under a second.
TIMEOUT = 120


def flags_of_cases():
    text = open(os.path.join(REPLAY, "check.py")).read()
    return {name: re.findall(r'"([^"]*)"', rest)
            for name, rest in re.findall(r'^@case\("([^"]+)"((?:, "[^"]*")*)', text, re.M)}


def run(command, stdin_text=None):
    result = subprocess.run(command, input=stdin_text, capture_output=True, text=True, timeout=TIMEOUT)
    return result.returncode, result.stdout, result.stderr


def first_difference(a, b):
    for number, (left, right) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if left != right:
            return f"line {number}: {left!r} vs {right!r}"
    return f"{len(a.splitlines())} lines vs {len(b.splitlines())}"


def main():
    pager_replay, node = sys.argv[1:3]
    cases = flags_of_cases()
    passed = failed = 0
    for script in sorted(f for f in os.listdir(REPLAY) if f.endswith(".jsonl")):
        name = script[:-len(".jsonl")]
        path = os.path.join(REPLAY, script)
        flags = cases.get(name, [])
        problems = []
        for variant, extra, stdin_text in [("file", [path], None), ("--frames", ["--frames", path], None),
                                           ("stdin", [], open(path).read())]:
            try:
                expected = run([pager_replay, *flags, *extra], stdin_text)
                actual = run([node, REPLAY_MJS, *flags, *extra], stdin_text)
            except subprocess.TimeoutExpired as error:
                problems.append(f"{variant}: {error}")
                continue
            if actual != expected:
                what = [part for part, a, e in zip(["exit code", "stdout", "stderr"], actual, expected) if a != e]
                detail = first_difference(expected[1], actual[1]) if "stdout" in what else \
                    f"{expected[0]}/{expected[2]!r} vs {actual[0]}/{actual[2]!r}"
                problems.append(f"{variant}: {', '.join(what)} differ ({detail})")
        if problems:
            failed += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {name} {' '.join(flags)}".rstrip())
    print(f"replay agreement: {passed} identical, {failed} different")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
