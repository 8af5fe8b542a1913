#!/usr/bin/env python3
"""The documentation's own checks, run by ctest (docs.links_resolve).

Every relative link and image of README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**/*.md must
name a file of the repository, and an #anchor a heading of the page it points to (GitHub's rule:
lower case, punctuation and symbols dropped, spaces to hyphens, -1, -2 for repeats). The README
stays a front door: at most 200 lines. No page points into a folder beside the checkout, which a
user's clone does not have, or names an issue number. The command-line reference (docs/cli.md,
written from the program's own --help) points readers at the manual as `docs/PAGE.md, "Heading"`:
each such page and heading must exist, and no text may send readers to a README section (the README
is a front door with no sections to point at).
"""
import pathlib
import re
import sys
import unicodedata

LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')
FENCE = re.compile(r'^\s*(```|~~~)')
INLINE_CODE = re.compile(r'`[^`]*`')  # an example of a link inside code is not a link
README_LIMIT = 200


def slug(heading):
    text = re.sub(r'`|\*\*|__|\[([^\]]*)\]\([^)]*\)', lambda m: m.group(1) or '', heading).lower()
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch in ' -_' or category[0] in 'LNM':
            kept.append('-' if ch == ' ' else ch)
    return ''.join(kept)


def outside_fences(text):
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, line


def anchors(path, cache={}):
    if path not in cache:
        seen, result = {}, set()
        for _, line in outside_fences(path.read_text(encoding='utf-8')):
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f'{base}-{count}')
        cache[path] = result
    return cache[path]


def check_page(root, page, problems):
    text = page.read_text(encoding='utf-8')
    where = page.relative_to(root)
    if '../shared' in text:
        problems.append(f'{where}: points at ../shared, which a user\'s clone does not have')
    if page.name != 'CHANGELOG.md':
        for number, line in outside_fences(text):
            if re.search(r'\bissue\s+#?\d+', line, re.IGNORECASE):
                problems.append(f'{where}:{number}: names an issue number')
    for number, line in outside_fences(text):
        for target in LINK.findall(INLINE_CODE.sub('', line)):
            if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.IGNORECASE):
                continue  # http:, https:, mailto:
            file_part, _, anchor = target.partition('#')
            linked = (page.parent / file_part).resolve() if file_part else page
            if not linked.exists():
                problems.append(f'{where}:{number}: {target}: no such file')
            elif not linked.is_relative_to(root):
                problems.append(f'{where}:{number}: {target}: outside the repository')
            elif anchor and linked.suffix == '.md' and anchor not in anchors(linked):
                problems.append(f'{where}:{number}: {target}: no heading #{anchor} in {linked.relative_to(root)}')


MANUAL_POINTER = re.compile(r'(docs/[\w/.-]+\.md)(?:,\s*"([^"]+)")?')
README_POINTER = re.compile(r'README\s*(?::|,)\s*"?[A-Z]|\(README\)|README section')


def check_help_pointers(root, problems):
    """docs/cli.md holds every command's --help: its pointers into the manual must resolve."""
    page = root / 'docs' / 'cli.md'
    if not page.exists():
        return
    for number, line in enumerate(page.read_text(encoding='utf-8').splitlines(), 1):
        if README_POINTER.search(line):
            problems.append(f'docs/cli.md:{number}: the help sends readers to a README section; point at the manual\'s page instead')
        for target, heading in MANUAL_POINTER.findall(line):
            path = root / target
            if not path.exists():
                problems.append(f'docs/cli.md:{number}: the help names {target}, which does not exist')
            elif heading and slug(heading) not in anchors(path):
                problems.append(f'docs/cli.md:{number}: the help names "{heading}" in {target}, which has no such heading')


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    pages = [root / name for name in ('README.md', 'CONTRIBUTING.md', 'CHANGELOG.md') if (root / name).exists()]
    pages += sorted((root / 'docs').rglob('*.md'))
    problems = []
    for page in pages:
        check_page(root, page, problems)
    check_help_pointers(root, problems)
    lines = len((root / 'README.md').read_text(encoding='utf-8').splitlines())
    if lines > README_LIMIT:
        problems.append(f'README.md: {lines} lines, more than the front door\'s {README_LIMIT}')
    for problem in problems:
        print(problem)
    print(f'{len(pages)} pages checked, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
