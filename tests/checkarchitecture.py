#!/usr/bin/env python3
"""The developer guide's rules, checked (ctest: architecture.rules_hold).

Each rule is one sentence of docs/developers.md (section "Rules checked by ctest"), quoted here
and there word for word: the check fails when a sentence is missing from the guide, so the two
cannot drift apart, and every violation is printed under the sentence it breaks, naming the file
and line. Exceptions live in tests/architecture-allowlist.tsv, one per line with the reason.

    checkarchitecture.py ROOT            check every rule; exit 1 on a violation
    checkarchitecture.py ROOT --metrics  print the figures the rules bound (sizes, counts)
"""
import collections
import pathlib
import re
import sys

# Core's modules from the bottom up: each may include only the modules before it (and itself).
CORE_ORDER = ['runtime', 'io', 'text', 'engine', 'data', 'parse', 'evaluation', 'vision', 'models',
              'training', 'inference', 'analysis', 'experiments']
# Widget folders every panel may include: the views two panels share, and the common code.
WIDGET_COMMON = {'common', 'shared'}
PRODUCTION = ['core', 'widgets', 'app', 'figures']
SOURCE_SUFFIXES = {'.h', '.cpp'}
FILE_LIMIT = 1000
CLASS_LIMIT = 1000
FUNCTION_LIMIT = 100
COMMAND_LIMIT = 250
GUI_BASES = re.compile(r'\bpublic\s+(?:Q\w*Widget|QMainWindow|QDialog|QFrame|QAbstractScrollArea|QScrollArea|'
                       r'QSplitter|QTabWidget|QGroupBox|QDockWidget|QCustomPlot|QGraphicsView|QTextBrowser|'
                       r'QPlainTextEdit|QTreeView|QListView|QTableView|[A-Z]\w*(?:View|Panel|Widget|Window|Dialog|Base))\b')

RULES = {
    'core-order': "Core's modules depend one way, in the order runtime, io, text, engine, data, parse, "
                  "evaluation, vision, models, training, inference, analysis, experiments: a module includes "
                  "only the modules before it in that order.",
    'core-no-widgets': 'Core never includes Qt Widgets.',
    'panel-isolation': "A panel's folder includes only its own files, the shared views (widgets/shared/) and the "
                       "common code (widgets/common/); shared/ and common/ include no panel.",
    'no-concurrent': 'No widget runs work through QtConcurrent or a thread pool of its own: background work '
                     'goes through the engine (BackgroundJob).',
    'model-names': 'A model\'s name is spelled as a string literal only in the model registry '
                   '(core/training/modelregistry.cpp).',
    'file-size': f'No production file is over {FILE_LIMIT:,} lines.',
    'class-size': f'No GUI class is over {CLASS_LIMIT:,} lines, counting its header and every .cpp that defines '
                  'its members.',
    'function-size': f'No function is over {FUNCTION_LIMIT} lines.',
    'comment-pointers': 'No comment or message names a file outside the repository or a README section that does '
                        'not exist.',
    'guide-paths': "Every folder of the guide's layout block, and every path the guide names, exists.",
    'thin-commands': f'A command of groundscope-cli parses its arguments, calls core or figures and prints: its file '
                     f'is at most {COMMAND_LIMIT} lines, in the folder of its role under app/cli/commands/.',
}

LINE_COMMENT = re.compile(r'//.*$')
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SYSTEM_INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>')


class Checker:
    def __init__(self, root):
        self.root = root
        self.violations = collections.defaultdict(list)
        self.allowed = self.read_allowlist()
        self.used_allowances = set()

    # --- helpers --------------------------------------------------------------------------------
    def read_allowlist(self):
        allowed = {}
        path = self.root / 'tests' / 'architecture-allowlist.tsv'
        if not path.exists():
            return allowed
        for number, line in enumerate(path.read_text(encoding='utf-8').splitlines(), 1):
            if not line.strip() or line.startswith('#'):
                continue
            fields = line.split('\t')
            if len(fields) != 3 or not fields[2].strip():
                self.violations['allowlist'].append(f'tests/architecture-allowlist.tsv:{number}: '
                                                    'want "rule<TAB>path<TAB>why"')
                continue
            allowed[(fields[0], fields[1])] = fields[2]
        return allowed

    def report(self, rule, path, message):
        key = (rule, str(path))
        if key in self.allowed:
            self.used_allowances.add(key)
            return
        self.violations[rule].append(f'{path}: {message}')

    def sources(self, *tops):
        for top in tops:
            for path in sorted((self.root / top).rglob('*')):
                if path.suffix in SOURCE_SUFFIXES and path.is_file():
                    yield path

    def rel(self, path):
        return path.relative_to(self.root)

    def lines(self, path, cache={}):
        if path not in cache:
            cache[path] = path.read_text(encoding='utf-8', errors='replace').splitlines()
        return cache[path]

    # --- the rules ------------------------------------------------------------------------------
    def check_core_order(self):
        rank = {name: i for i, name in enumerate(CORE_ORDER)}
        folders = {p.name for p in (self.root / 'core').iterdir() if p.is_dir()}
        for missing in sorted(folders - set(CORE_ORDER)):
            self.report('core-order', f'core/{missing}', 'a module missing from the order')
        for path in self.sources('core'):
            module = self.rel(path).parts[1]
            for number, line in enumerate(self.lines(path), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = match.group(1).split('/')[0]
                if target in rank and module in rank and rank[target] > rank[module]:
                    self.report('core-order', f'{self.rel(path)}:{number}', f'{module}/ includes {match.group(1)}')

    def check_core_no_widgets(self):
        for path in self.sources('core'):
            for number, line in enumerate(self.lines(path), 1):
                match = SYSTEM_INCLUDE.match(line)
                if match and (match.group(1).startswith('QtWidgets') or match.group(1) in WIDGET_HEADERS):
                    self.report('core-no-widgets', f'{self.rel(path)}:{number}', f'includes <{match.group(1)}>')

    def check_panel_isolation(self):
        widgets = self.root / 'widgets'
        panels = {p.name for p in widgets.iterdir() if p.is_dir()}
        for path in self.sources('widgets'):
            own = self.rel(path).parts[1]
            for number, line in enumerate(self.lines(path), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = match.group(1).split('/')[0]
                # A core header of the same folder name ("analysis/jointspace.h") is not a panel's.
                if target not in panels or not (widgets / match.group(1)).exists() or target == own:
                    continue
                if own in WIDGET_COMMON and target not in WIDGET_COMMON:
                    self.report('panel-isolation', f'{self.rel(path)}:{number}', f'{own}/ includes the panel {match.group(1)}')
                elif own in WIDGET_COMMON and own == 'common' and target == 'shared':
                    self.report('panel-isolation', f'{self.rel(path)}:{number}', f'common/ includes the view {match.group(1)}')
                elif own not in WIDGET_COMMON and target not in WIDGET_COMMON:
                    self.report('panel-isolation', f'{self.rel(path)}:{number}', f'{own}/ includes {match.group(1)}')

    def check_no_concurrent(self):
        pattern = re.compile(r'QtConcurrent|QThreadPool\b|QFutureWatcher')
        for path in self.sources('widgets'):
            for number, line in enumerate(self.lines(path), 1):
                code = LINE_COMMENT.sub('', line)
                if pattern.search(code):
                    self.report('no-concurrent', self.rel(path), f'line {number}: {code.strip()}')

    def model_names(self):
        registry = self.root / 'core/training/modelregistry.cpp'
        return set(re.findall(r'ModelEntry e\{ModelKind::\w+, QStringLiteral\("([a-z0-9]+)"\)', registry.read_text()))

    def check_model_names(self):
        # Names that are also ordinary words or layer names ("concepts" as a JSON key, a module's
        # "lstm" submodule) count only where a string is compared with them; the others anywhere.
        names = self.model_names()
        common = {'bow', 'rnn', 'lstm', 'cca', 'concepts'}
        literal = re.compile(r'"([a-z0-9]+)"')
        compared = re.compile(r'[=!]=\s*(?:QStringLiteral|QLatin1String|QString)?\(?\s*"([a-z0-9]+)"|'
                              r'"([a-z0-9]+)"\s*\)?\s*[=!]=')
        for path in self.sources(*PRODUCTION):
            if self.rel(path).as_posix() == 'core/training/modelregistry.cpp':
                continue
            for number, line in enumerate(self.lines(path), 1):
                code = LINE_COMMENT.sub('', line)
                found = {n for n in literal.findall(code) if n in names and n not in common}
                found |= {n for pair in compared.findall(code) for n in pair if n in names}
                for name in sorted(found):
                    self.report('model-names', self.rel(path), f'line {number}: "{name}"')

    def check_file_size(self):
        for path in self.sources(*PRODUCTION):
            count = len(self.lines(path))
            if count > FILE_LIMIT:
                self.report('file-size', self.rel(path), f'{count} lines')

    def check_class_size(self):
        for name, (count, files) in sorted(gui_class_sizes(self).items()):
            if count > CLASS_LIMIT:
                self.report('class-size', name, f'{count} lines in {", ".join(files)}')

    def check_function_size(self):
        for path in self.sources(*PRODUCTION):
            for start, length, header in functions(self.lines(path)):
                if length > FUNCTION_LIMIT:
                    self.report('function-size', f'{self.rel(path)}:{start}', f'{length} lines: {header[:80]}')

    def check_comment_pointers(self):
        sections = readme_sections(self.root)
        outside = re.compile(r'(\.\./shared|/work/|/home/\w|~/\w)')
        readme = re.compile(r'README(?:\.md)?(?:\'s)?(?::\s*|\s+section\s+|\'s\s+)([A-Z][\w -]*[\w])')
        bare = re.compile(r'\(README\)')
        for path in self.sources(*PRODUCTION):
            for number, line in enumerate(self.lines(path), 1):
                where = f'{self.rel(path)}:{number}'
                if outside.search(line):
                    self.report('comment-pointers', where, f'names a path outside the repository: {line.strip()[:100]}')
                if bare.search(line):
                    self.report('comment-pointers', where, 'points at "(README)" without saying where')
                for section in readme.findall(line):
                    if not any(s.lower().startswith(section.lower()) for s in sections):
                        self.report('comment-pointers', where, f'README has no section "{section}"')

    def check_guide_paths(self):
        guide = self.root / 'docs' / 'developers.md'
        text = guide.read_text(encoding='utf-8')
        block = re.search(r'## The layout\s*```\n(.*?)```', text, re.S)
        if not block:
            self.report('guide-paths', 'docs/developers.md', 'no layout block under "## The layout"')
        else:
            for folder in layout_folders(block.group(1)):
                if not (self.root / folder).is_dir():
                    self.report('guide-paths', 'docs/developers.md', f'the layout names {folder}/, which does not exist')
        for number, line in enumerate(text.splitlines(), 1):
            for path in re.findall(r'`([\w./-]+/[\w./-]*|[\w-]+\.(?:h|cpp|py|sh|cmake|json|md|tsv))`', line):
                if not guide_path_exists(self.root, path):
                    self.report('guide-paths', f'docs/developers.md:{number}', f'names {path}, which does not exist')

    def check_thin_commands(self):
        commands = self.root / 'app' / 'cli' / 'commands'
        for path in self.sources('app/cli/commands'):
            relative = path.relative_to(commands)
            if len(relative.parts) == 1 and path.name != 'commands.h':
                self.report('thin-commands', self.rel(path), 'not in a folder of its role')
            count = len(self.lines(path))
            if path.name.endswith('command.cpp') and count > COMMAND_LIMIT:
                self.report('thin-commands', self.rel(path), f'{count} lines')

    def run(self):
        for rule in RULES:
            getattr(self, 'check_' + rule.replace('-', '_'))()
        guide = (self.root / 'docs' / 'developers.md').read_text(encoding='utf-8')
        flat_guide = ' '.join(guide.split())
        for rule, sentence in RULES.items():
            if sentence not in flat_guide:
                self.violations['guide'].append(f'docs/developers.md lacks the rule "{rule}": {sentence}')
        for key in sorted(set(self.allowed) - self.used_allowances):
            self.violations['allowlist'].append(f'tests/architecture-allowlist.tsv: {key[0]} {key[1]} is allowed '
                                                'but no longer needed: remove the line')
        return self.violations


WIDGET_HEADERS = {'QWidget', 'QApplication', 'QMainWindow', 'QDialog', 'QLabel', 'QPushButton', 'QMessageBox'}


def strip_code(lines):
    """The lines with comments, string and character literals blanked, so braces count true."""
    out, in_block = [], False
    for line in lines:
        result, i = [], 0
        while i < len(line):
            if in_block:
                end = line.find('*/', i)
                if end < 0:
                    i = len(line)
                    continue
                in_block, i = False, end + 2
                continue
            two = line[i:i + 2]
            if two == '//':
                break
            if two == '/*':
                in_block, i = True, i + 2
                continue
            if line[i] in '"\'':
                raw = line[i] == '"' and i > 0 and line[i - 1] == 'R'
                if raw:
                    close = line.find(')"', i)
                    i = len(line) if close < 0 else close + 2
                    result.append('""')
                    continue
                quote, i = line[i], i + 1
                while i < len(line) and line[i] != quote:
                    i += 2 if line[i] == '\\' else 1
                i += 1
                result.append(quote * 2)
                continue
            result.append(line[i])
            i += 1
        out.append(''.join(result))
    return out


SCOPE_OPENERS = re.compile(r'^\s*(?:namespace\b|extern\s+"C"|(?:template\s*<[^>]*>\s*)?(?:class|struct|union|enum)\b)')
FUNCTION_HEADER = re.compile(r'\)\s*(?:const\s*)?(?:noexcept\s*)?(?:override\s*)?(?:final\s*)?(?:->\s*[\w:<>*& ]+)?'
                             r'(?::[^{;]*)?\{?\s*$')


def functions(lines):
    """(first line, length, header) of each function defined at namespace or class scope."""
    code = strip_code(lines)
    stack = []  # for each open brace: 'scope', 'function' or 'block'
    found, pending = [], ''
    for number, line in enumerate(code, 1):
        for ch in line:
            if ch == '{':
                header = ' '.join(pending.split())
                in_function = any(kind[0] == 'function' for kind in stack)
                if in_function:
                    stack.append(('block', number, header))
                elif SCOPE_OPENERS.match(header) and not re.search(r'\)\s*$', header):
                    stack.append(('scope', number, header))
                elif '(' in header and not re.search(r'=\s*$|\breturn\b', header):
                    stack.append(('function', statement_start(code, number, header), header))
                else:
                    stack.append(('block', number, header))
                pending = ''
            elif ch == '}':
                if stack:
                    kind, start, header = stack.pop()
                    if kind == 'function':
                        found.append((start, number - start + 1, header))
                pending = ''
            elif ch == ';':
                pending = ''
            else:
                pending += ch
        pending += ' '
    return found


def statement_start(code, number, header):
    """The line where a function's header starts: walk back while the header spans lines."""
    start = number
    while start > 1 and not re.search(r'[;{}]\s*$|^\s*$|^\s*#', code[start - 2]) and header:
        start -= 1
    return start


def gui_class_sizes(checker):
    """{class: (lines of its header and every .cpp defining its members, files)} of widgets/ and app/."""
    sizes = {}
    declared = re.compile(r'^\s*class\s+(\w+)\s*(?:final\s*)?:\s*([^{]*)')
    for header in checker.sources('widgets', 'app'):
        if header.suffix != '.h':
            continue
        for line in checker.lines(header):
            match = declared.match(line)
            if not match or not GUI_BASES.search(': ' + match.group(2)):
                continue
            name = match.group(1)
            files, count = [str(checker.rel(header))], len(checker.lines(header))
            # A definition starts its line (a call or a connect is indented).
            member = re.compile(r'^(?:[\w:<>,*& ]+[ *&])?' + name + r'::~?\w+\s*\(')
            for source in sorted(header.parent.glob('*.cpp')):
                if any(member.search(l) for l in checker.lines(source)):
                    files.append(str(checker.rel(source)))
                    count += len(checker.lines(source))
            sizes[name] = (count, files)
    return sizes


def readme_sections(root):
    headings = []
    for line in (root / 'README.md').read_text(encoding='utf-8').splitlines():
        match = re.match(r'^#{1,6}\s+(.*?)\s*$', line)
        if match:
            headings.append(match.group(1))
    return headings


def layout_folders(block):
    """The folders of the layout block: a path ending in '/' at the start of a line, nested by indent."""
    folders, parents = [], []
    for line in block.splitlines():
        match = re.match(r'^(\s*)([\w.-]+/)', line)
        if not match:
            continue
        depth = len(match.group(1)) // 2
        parents = parents[:depth] + [match.group(2).rstrip('/')]
        folders.append('/'.join(parents))
    return folders


TOP_FOLDERS = ('core/', 'widgets/', 'app/', 'figures/', 'tests/', 'docs/', 'packaging/', 'resources/',
               'translations/', '.ci/')
SOURCE_NAME = re.compile(r'\.(h|cpp|py|sh|cmake|md|tsv|txt)$')


def guide_path_exists(root, path):
    """A path the guide names: one under a top-level folder must exist as written; a source file
    named relative to its module (`detail/loop/traininghook.h`) must exist somewhere. Names of the
    files a run or a build writes (`result.json`, `build-asan/`) are not the repository's."""
    path = path.split('#')[0]
    if '*' in path or '<' in path:
        return True
    if path.startswith(TOP_FOLDERS) or path in ('CMakeLists.txt', 'README.md', 'CHANGELOG.md', 'CONTRIBUTING.md'):
        return (root / path.rstrip('/')).exists()
    if not SOURCE_NAME.search(path):
        return True
    return any(str(found.relative_to(root)).endswith(path) for found in root.rglob(pathlib.PurePath(path).name)
               if 'build' not in found.relative_to(root).parts[0])


def metrics(checker):
    root = checker.root
    sizes = gui_class_sizes(checker)
    production = list(checker.sources(*PRODUCTION))
    panel_includes = 0
    saved = checker.violations
    checker.violations = collections.defaultdict(list)
    checker.allowed, allowed = {}, checker.allowed
    checker.check_panel_isolation()
    checker.check_core_order()
    panel_includes = len(checker.violations['panel-isolation'])
    upward = {v.split('/')[1] for v in checker.violations['core-order'] if v.startswith('core/')}
    checker.violations, checker.allowed = saved, allowed
    run_calls = sum(len(re.findall(r'QtConcurrent::run', LINE_COMMENT.sub('', l)))
                    for p in checker.sources('widgets') for l in checker.lines(p))
    long_functions = [(checker.rel(p), s, n) for p in production for s, n, _ in functions(checker.lines(p)) if n > FUNCTION_LIMIT]
    total = sum(len(checker.lines(p)) for p in production)
    print(f'production lines: {total}')
    print(f'GUI classes over {CLASS_LIMIT} lines (header + every .cpp): '
          f'{sum(1 for c, _ in sizes.values() if c > CLASS_LIMIT)}')
    for name, (count, _) in sorted(sizes.items(), key=lambda kv: -kv[1][0])[:6]:
        print(f'  {name}: {count}')
    print(f'panel -> panel includes: {panel_includes}')
    print(f'QtConcurrent::run in widgets: {run_calls}')
    over600 = sorted(((len(checker.lines(p)), checker.rel(p)) for p in production if len(checker.lines(p)) > 600), reverse=True)
    print(f'production files over 600 lines: {len(over600)}')
    for count, path in over600:
        print(f'  {path}: {count}')
    print(f'functions over {FUNCTION_LIMIT} lines: {len(long_functions)}')
    for path, start, count in long_functions:
        print(f'  {path}:{start}: {count}')
    print(f'core modules with an include running back up: {len(upward)}')


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    checker = Checker(root)
    if '--metrics' in sys.argv[2:]:
        metrics(checker)
        return 0
    violations = checker.run()
    for rule, found in violations.items():
        sentence = RULES.get(rule, 'The allow-list and the guide stay true.')
        print(f'RULE BROKEN ({rule}): "{sentence}"')
        for item in found:
            print(f'  {item}')
    count = sum(len(v) for v in violations.values())
    print(f'{len(RULES)} rules checked, {count} violations')
    return 1 if count else 0


if __name__ == '__main__':
    sys.exit(main())
