"""The package's structure holds what the engine's second step promised:
the solver is a package that imports no rule's module (it reads rules by what
they provide), and the package finds no rule by its class name."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "patience_cli"


def imports(path: Path) -> list[str]:
    """The modules *path* imports, relative ones written as in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def test_no_solver_module_reads_a_rule_by_its_class_name():
    for path in sorted((PACKAGE / "solver").glob("*.py")):
        assert "__name__" not in path.read_text(encoding="utf-8"), path.name


def test_no_solver_module_imports_a_concrete_rule():
    modules = sorted((PACKAGE / "solver").glob("*.py"))
    assert len(modules) >= 13
    for path in modules:
        for name in imports(path):
            if "features" in name:
                assert name.endswith("features.feature"), (path.name, name)  # the protocol only


def test_no_rule_is_found_by_its_class_name_in_the_package():
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "feature" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                raise AssertionError(f"{path.relative_to(PACKAGE)}:{node.lineno}: "
                                     f"feature({node.args[0].value!r}): ask providing()")


def test_what_each_rule_provides_is_a_known_name():
    from patience_cli.features import feature as protocol
    from patience_cli.game import Game
    from patience_cli.layout import game_ids

    known = {"talon", "still", "holds-nothing", "regather", "placing", "placed-safe", "pairs",
             "formed-at-end", "grace", "holds", "scoring", "change-places", "extra-card",
             "covered-triples", "turned-card", "turn-safe", "crowned", "deal-to", "cleared",
             "unwind-safe"}
    documented = protocol.Feature.__doc__ or ""
    source = Path(protocol.__file__).read_text(encoding="utf-8")
    for name in known:
        assert f"``{name}``" in source, name        # each name is explained where it is declared
    for gid in game_ids():
        for f in Game.new(gid, seed=1).rules.features:
            assert f.provides <= known, (gid, type(f).__name__, f.provides - known)
    assert documented


def _classes() -> dict[str, list[tuple[Path, ast.ClassDef]]]:
    """Every class of the package by name, with its module."""
    found: dict[str, list[tuple[Path, ast.ClassDef]]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append((path, node))
    return found


def _lines_with_bases(name: str, path: Path, classes: dict) -> int:
    """The lines of class *name* (of *path*) and of the package's classes it
    inherits from (a base named in the same module first)."""
    node = next(n for p, n in classes[name] if p == path)
    total = node.end_lineno - node.lineno + 1
    for base in node.bases:
        base_name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", None)
        if base_name in classes and base_name != "Protocol":
            where = [p for p, _ in classes[base_name]]
            total += _lines_with_bases(base_name, path if path in where else where[0], classes)
    return total


def test_no_class_with_its_bases_in_the_package_passes_500_lines():
    """One object per responsibility: the engine holds its parts (building,
    the quick look, refusals, status, advice, words) instead of inheriting
    them, and a game's own rule is a small class of its own, not an engine."""
    classes = _classes()
    sizes = {(name, path.relative_to(PACKAGE).as_posix()): _lines_with_bases(name, path, classes)
             for name, defs in classes.items() for path, _ in defs}
    assert sizes[("Rules", "engine.py")] < 500
    over = {k: v for k, v in sizes.items() if v > 500}
    assert not over, over


def test_the_engine_inherits_nothing_and_no_game_rule_is_an_engine():
    from patience_cli.engine import Rules
    from patience_cli.features.game_rule import GameRule

    assert Rules.__bases__ == (object,)
    assert not issubclass(GameRule, Rules)


def test_no_source_file_passes_600_lines():
    """A reader should know a file's job from its name: none is over 600 lines."""
    long = {path.relative_to(PACKAGE).as_posix(): n for path in PACKAGE.rglob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long
