"""The type stubs (tanbo/__init__.pyi) describe exactly the module's public API."""

import ast
import inspect
import pathlib

import tanbo

STUB = pathlib.Path(tanbo.__file__).with_name("__init__.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
        elif isinstance(node, ast.Assign):
            top.update(t.id for t in node.targets)
    return top, members


def public(cls):
    dunders = ("__init__", "__copy__", "__deepcopy__", "__eq__", "__hash__", "__getstate__", "__setstate__")
    return {n for n in vars(cls) if not n.startswith("_") or n in dunders}


def test_every_public_name_has_a_stub():
    top, members = stub_names()
    assert set(tanbo.__all__) <= top
    for name in ("Game", "Rng", "MoveResult", "Solution", "Answer", "MoveOutcome"):
        cls = getattr(tanbo, name)
        runtime = {n for n in public(cls) if n != "__init__" or name not in ("MoveResult", "Answer", "MoveOutcome")}
        assert runtime - {"__init__"} <= members[name] | {"__init__"}, name
        assert members[name] - {"__init__"} <= runtime, name


def test_everything_has_a_docstring():
    for name in tanbo.__all__:
        obj = getattr(tanbo, name)
        if name != "PointLike" and (inspect.isclass(obj) or callable(obj)):  # a typing alias
            assert obj.__doc__, name
    for cls in (tanbo.Game, tanbo.Rng, tanbo.MoveResult, tanbo.Solution, tanbo.Answer, tanbo.MoveOutcome):
        for n in public(cls):
            if not n.startswith("_"):
                assert getattr(cls, n).__doc__, f"{cls.__name__}.{n}"
