#!/usr/bin/env python3
# Writes the table of Unicode code points that the network protocol's text filter reads
# (net_text_check in src/net/proto.c, whose rule src/net/proto.h writes down): each code point
# falls in one of four classes, from its general category in Python's unicodedata and from the
# few lists below. The table is of the Unicode version of the Python that runs the script, and
# says so; the build never runs it, the generated file is committed.
#
#     python3 tools/unicode_table.py > src/net/unicode_tab.c
#     python3 tools/unicode_table.py --check src/net/unicode_tab.c
#
# With --check it compares what it would write with the file: 0 when they are the same, 1 when
# they differ, 77 when this Python's Unicode version is not the file's (nothing to compare).
# SPDX-License-Identifier: MIT
import sys
import unicodedata

# The classes, as src/net/unicode_int.h names them. A code point no range names is visible.
VISIBLE, SPACE, MARK, SELECTOR, REFUSED = "VISIBLE", "SPACE", "MARK", "SELECTOR", "REFUSED"

# Never shown: controls (Cc), format characters (Cf: the bidirectional controls, the zero-width
# characters and joiners, the soft hyphen, the invisible operators, the tags, the BOM, ...),
# surrogates (Cs), private use (Co), unassigned code points and non-characters (Cn), and the
# line and paragraph separators (Zl, Zp).
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}

# The default-ignorable characters of other categories that are not variation selectors (the
# assigned part of Unicode's Other_Default_Ignorable_Code_Point): they draw nothing, and serve
# mostly to hide text or to make a line look empty. Each with its category, checked below.
HIDING = {
    0x034F: "Mn",  # COMBINING GRAPHEME JOINER
    0x115F: "Lo",  # HANGUL CHOSEONG FILLER
    0x1160: "Lo",  # HANGUL JUNGSEONG FILLER
    0x17B4: "Mn",  # KHMER VOWEL INHERENT AQ
    0x17B5: "Mn",  # KHMER VOWEL INHERENT AA
    0x3164: "Lo",  # HANGUL FILLER
    0xFFA0: "Lo",  # HALFWIDTH HANGUL FILLER
}

# The variation selectors (Unicode's Variation_Selector): the Mongolian free variation
# selectors, VS1..VS16 (VS16 asks for an emoji's colour form) and VS17..VS256. Shown only right
# after a visible character, and never visible themselves.
SELECTORS = [(0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF)]

# Shown, but not visible: a chat message of these alone is refused. Blank space: the space
# separators, and the symbols that draw nothing. Marks, which draw on the character before them.
SPACE_CATEGORIES = {"Zs"}
BLANK_SYMBOLS = {
    0x2800: "So",  # BRAILLE PATTERN BLANK
    0x1D159: "So",  # MUSICAL SYMBOL NULL NOTEHEAD
}
MARK_CATEGORIES = {"Mn", "Mc", "Me"}

OUT = "src/net/unicode_tab.c"


def check_lists():
    """The lists name the characters they mean: each has the category said beside it, and the
    selectors are marks."""
    for table in (HIDING, BLANK_SYMBOLS):
        for c, cat in table.items():
            got = unicodedata.category(chr(c))
            if got != cat:
                sys.exit("U+%04X is %s in Unicode %s, not %s: read the lists again"
                         % (c, got, unicodedata.unidata_version, cat))
    for lo, hi in SELECTORS:
        for c in range(lo, hi + 1):
            if unicodedata.category(chr(c)) != "Mn":
                sys.exit("the selector U+%04X is not a mark" % c)


def classify(c):
    """The class of code point 'c', and its general category."""
    cat = unicodedata.category(chr(c))
    if cat in REFUSED_CATEGORIES or c in HIDING:
        return REFUSED, cat
    if any(lo <= c <= hi for lo, hi in SELECTORS):
        return SELECTOR, cat
    if cat in SPACE_CATEGORIES or c in BLANK_SYMBOLS:
        return SPACE, cat
    if cat in MARK_CATEGORIES:
        return MARK, cat
    return VISIBLE, cat


def ranges():
    """The code points as runs of one class: [lo, hi, class, categories]."""
    out = []
    for c in range(0x110000):
        cls, cat = classify(c)
        if out and out[-1][2] == cls and out[-1][1] == c - 1:
            out[-1][1] = c
            out[-1][3].add(cat)
        else:
            out.append([c, c, cls, {cat}])
    return [r for r in out if r[2] != VISIBLE]


def text():
    version = unicodedata.unidata_version
    rs = ranges()
    lines = [
        "/* The classes of the Unicode %s code points for the network protocol's text filter"
        % version,
        " * (net_text_check, src/net/proto.c; the rule is written in src/net/proto.h): every",
        " * code point that is not visible, in sorted and disjoint ranges of its class. Made by",
        " *     python3 tools/unicode_table.py > %s" % OUT,
        " * from Python's unicodedata; do not edit it, change the script and run it again.",
        " * SPDX-License-Identifier: MIT */",
        '#include "unicode_int.h"',
        "",
        'const char net_uc_version[] = "%s";' % version,
        "",
        "/* Each with the general categories of its code points. */",
        "const NetUcRange net_uc_ranges[] = {",
    ]
    # The comments line up a space after the longest entry, as clang-format leaves them.
    entries = ["    {0x%04X, 0x%04X, NET_UC_%s}," % (lo, hi, cls) for lo, hi, cls, _ in rs]
    width = max(len(e) for e in entries) + 1
    for e, (_, _, _, cats) in zip(entries, rs):
        lines.append("%-*s/* %s */" % (width, e, " ".join(sorted(cats))))
    lines += [
        "};",
        "",
        "const size_t net_uc_nranges = sizeof net_uc_ranges / sizeof *net_uc_ranges;",
    ]
    return "\n".join(lines) + "\n"


def main(argv):
    check_lists()
    if len(argv) == 1:
        sys.stdout.write(text())
        return 0
    if len(argv) == 3 and argv[1] == "--check":
        with open(argv[2], encoding="utf-8") as f:
            old = f.read()
        if ('net_uc_version[] = "%s";' % unicodedata.unidata_version) not in old:
            print("unicode_table: this Python has Unicode %s, the file another version"
                  % unicodedata.unidata_version)
            return 77
        if old != text():
            print("unicode_table: %s is not what tools/unicode_table.py writes" % argv[2])
            return 1
        print("unicode_table: %s is the table of Unicode %s"
              % (argv[2], unicodedata.unidata_version))
        return 0
    sys.stderr.write("usage: tools/unicode_table.py [--check FILE]\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
