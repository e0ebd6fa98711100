#!/usr/bin/env python3
"""Where the bytes of a WebAssembly module go: the largest function bodies,
by name, and the totals by the names' namespaces. Needs a module built with
names kept (cmake -DSCARNEY_WASM_NAMES=ON, see wasm/CMakeLists.txt).

    tools/wasm-sizes.py build-wasm/scarney.wasm [--top N]
"""
import subprocess
import sys
from collections import defaultdict


def leb(b, i):
    v = shift = 0
    while True:
        x = b[i]
        i += 1
        v |= (x & 0x7F) << shift
        shift += 7
        if x < 0x80:
            return v, i


def sections(b):
    i = 8
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        yield sid, b[j:j + size]
        i = j + size


def imported_functions(body):
    n, i = leb(body, 0)
    funcs = 0
    for _ in range(n):
        for _ in range(2):  # module and field names
            ln, i = leb(body, i)
            i += ln
        kind = body[i]
        i += 1
        if kind == 0:
            _, i = leb(body, i)
            funcs += 1
        elif kind == 1:
            i += 1
            flags, i = leb(body, i)
            _, i = leb(body, i)
            if flags & 1:
                _, i = leb(body, i)
        elif kind == 2:
            flags, i = leb(body, i)
            _, i = leb(body, i)
            if flags & 1:
                _, i = leb(body, i)
        elif kind == 3:
            i += 2
    return funcs


def names(body):
    ln, i = leb(body, 0)
    if body[i:i + ln] != b"name":
        return None
    i += ln
    out = {}
    while i < len(body):
        sub = body[i]
        size, j = leb(body, i + 1)
        if sub == 1:
            n, k = leb(body, j)
            for _ in range(n):
                idx, k = leb(body, k)
                sl, k = leb(body, k)
                out[idx] = body[k:k + sl].decode("utf-8", "replace")
                k += sl
        i = j + size
    return out


def main():
    path = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 40
    b = open(path, "rb").read()
    imports, sizes, fnames = 0, [], {}
    for sid, body in sections(b):
        if sid == 2 + 0 and False:
            pass
        if sid == 2:
            imports = imported_functions(body)
        elif sid == 10:
            n, i = leb(body, 0)
            for _ in range(n):
                size, j = leb(body, i)
                sizes.append(size)
                i = j + size
        elif sid == 0:
            got = names(body)
            if got is not None:
                fnames = got
    if not fnames:
        sys.exit(f"{path}: no name section (build with -DSCARNEY_WASM_NAMES=ON)")
    raw = [fnames.get(imports + k, f"func{imports + k}") for k in range(len(sizes))]
    pretty = subprocess.run(["c++filt"], input="\n".join(raw), capture_output=True,
                            text=True).stdout.splitlines() or raw
    rows = sorted(zip(sizes, pretty), reverse=True)
    print(f"code: {sum(sizes)} bytes in {len(sizes)} functions")
    for size, name in rows[:top]:
        print(f"{size:8d}  {name[:150]}")
    groups = defaultdict(int)
    for size, name in rows:
        key = "std" if "std::" in name.split("(")[0][:40] else name.split("(")[0].rsplit("::", 1)[0][:60]
        groups[key] += size
    print("\nby namespace or class:")
    for key, size in sorted(groups.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{size:8d}  {key}")


main()
