#!/usr/bin/env python3
"""Builds the fourway_pager wheel from the package's sources and a built
libfourway-pager.so, with the standard library only (zipfile): the files,
then the .dist-info's METADATA, WHEEL and RECORD (each file's sha256 and
size) as the wheel format asks. scripts/package-python runs it.

    build-wheel.py PACKAGE_DIR LIBRARY VERSION LICENSE OUTPUT_DIR

Prints the wheel's path. The tag is py3-none-linux_x86_64: the library is
plain C (no Python ABI), built for this machine's Linux on x86_64.
"""
import ast
import base64
import hashlib
import os
import platform
import sys
import zipfile

NAME = "fourway_pager"
SUMMARY = "Fourway's infinite four-direction pager engine (Embedded Swift, through its C interface)"


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def metadata(version, readme):
    return (f"Metadata-Version: 2.1\n"
            f"Name: fourway-pager\n"
            f"Version: {version}\n"
            f"Summary: {SUMMARY}\n"
            f"License: Apache-2.0\n"
            f"Requires-Python: >=3.8\n"
            f"Classifier: Operating System :: POSIX :: Linux\n"
            f"Classifier: Programming Language :: Python :: 3\n"
            f"Classifier: Typing :: Typed\n"
            f"Description-Content-Type: text/plain\n"
            f"\n{readme}")


def main():
    package_dir, library, version, licence, output = sys.argv[1:6]
    machine = platform.machine()
    if machine != "x86_64":
        sys.exit(f"build-wheel: the wheel is tagged linux_x86_64, and this machine is {machine}")
    tag = "py3-none-linux_x86_64"
    info = f"{NAME}-{version}.dist-info"
    files = []
    for name in sorted(os.listdir(package_dir)):
        path = os.path.join(package_dir, name)
        if name == "__pycache__" or name.endswith(".so") or not os.path.isfile(path):
            continue
        files.append((f"{NAME}/{name}", open(path, "rb").read()))
    files.append((f"{NAME}/libfourway-pager.so", open(library, "rb").read()))
    readme = ast.get_docstring(ast.parse(open(os.path.join(package_dir, "__init__.py")).read()))
    files.append((f"{info}/METADATA", metadata(version, readme + "\n").encode()))
    files.append((f"{info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: fourway build-wheel.py\n"
                                    f"Root-Is-Purelib: false\nTag: {tag}\n").encode()))
    files.append((f"{info}/LICENSE", open(licence, "rb").read()))
    files.append((f"{info}/top_level.txt", f"{NAME}\n".encode()))
    record = "\n".join([record_line(path, data) for path, data in files] + [f"{info}/RECORD,,"]) + "\n"
    files.append((f"{info}/RECORD", record.encode()))
    os.makedirs(output, exist_ok=True)
    wheel = os.path.join(output, f"{NAME}-{version}-{tag}.whl")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files:
            entry = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            # Regular files: the library executable, the rest read-only for others.
            entry.external_attr = (0o100755 if path.endswith(".so") else 0o100644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    print(wheel)


if __name__ == "__main__":
    main()
