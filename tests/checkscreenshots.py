#!/usr/bin/env python3
"""The manual's screenshots are not older than the code they show (ctest docs.screenshots_current).

docs/screenshots/shows.tsv lists every PNG under docs/screenshots/ with the source files whose code
it shows (globs relative to the repository: the panel's folder, the window's own files) and a digest
of that code when the picture was made. The digest reads the code without its comments and blank
space, so a comment does not make a picture stale; any other change does. Check mode fails for a
picture whose code changed, for a PNG the table does not list and for a row whose PNG is gone,
naming what to do. After regenerating pictures (docs/developers.md, Screenshots), record them:

    python3 tests/checkscreenshots.py . --update concepts.png start/training.png
    python3 tests/checkscreenshots.py . --update-all     # after running every tour
"""
import hashlib
import pathlib
import re
import sys

TABLE = pathlib.Path('docs/screenshots/shows.tsv')
COMMENT = re.compile(r'//[^\n]*|/\*.*?\*/', re.DOTALL)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def code_of(text):
    """The code without comments and white space; string literals kept as they are."""
    strings = []

    def keep(match):
        strings.append(match.group(0))
        return f'\0{len(strings) - 1}\0'

    text = STRING.sub(keep, text)
    text = COMMENT.sub('', text)
    text = re.sub(r'\s+', '', text)
    return re.sub(r'\0(\d+)\0', lambda m: strings[int(m.group(1))], text)


def digest(root, globs):
    files = sorted({p for g in globs for p in root.glob(g) if p.is_file() and p.suffix in ('.cpp', '.h')})
    h = hashlib.sha256()
    for path in files:
        h.update(str(path.relative_to(root)).encode())
        h.update(code_of(path.read_text(encoding='utf-8')).encode())
    return h.hexdigest()[:16], files


def read_table(root):
    rows = {}
    for number, line in enumerate((root / TABLE).read_text(encoding='utf-8').splitlines(), 1):
        if not line.strip() or line.startswith('#'):
            continue
        parts = line.split('\t')
        if len(parts) != 3:
            raise SystemExit(f'{TABLE}:{number}: expected PNG<TAB>globs<TAB>digest')
        rows[parts[0]] = (parts[1].split(), parts[2], number)
    return rows


def write_table(root, rows):
    lines = ['# PNG under docs/screenshots/\tthe source files it shows (globs)\tdigest of their code when it was made',
             '# Written by tests/checkscreenshots.py --update; see its header.']
    for png in sorted(rows):
        globs, value, _ = rows[png]
        lines.append(f'{png}\t{" ".join(globs)}\t{value}')
    (root / TABLE).write_text('\n'.join(lines) + '\n', encoding='utf-8')


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    args = sys.argv[2:]
    rows = read_table(root)
    shots = root / 'docs' / 'screenshots'
    if args and args[0] in ('--update', '--update-all'):
        names = list(rows) if args[0] == '--update-all' else args[1:]
        for name in names:
            if name not in rows:
                raise SystemExit(f'{name}: not in {TABLE}: add a row naming what it shows')
            globs, _, number = rows[name]
            rows[name] = (globs, digest(root, globs)[0], number)
        write_table(root, rows)
        print(f'{len(names)} screenshot(s) recorded')
        return 0
    problems = []
    for png in sorted(p.relative_to(shots).as_posix() for p in shots.rglob('*.png')):
        if png not in rows:
            problems.append(f'docs/screenshots/{png}: not in {TABLE}: add a row naming the code it shows')
    for png, (globs, recorded, number) in sorted(rows.items()):
        if not (shots / png).exists():
            problems.append(f'{TABLE}:{number}: {png} does not exist')
            continue
        value, files = digest(root, globs)
        if not files:
            problems.append(f'{TABLE}:{number}: {" ".join(globs)} names no source file')
        elif value != recorded:
            problems.append(f'docs/screenshots/{png} is older than the code it shows ({" ".join(globs)}): regenerate it '
                            f'(docs/developers.md, Screenshots), look at it, then run tests/checkscreenshots.py . --update {png}')
    for problem in problems:
        print(problem)
    print(f'{len(rows)} screenshots checked, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
