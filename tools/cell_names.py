"""Análisis estático de las celdas de código de un cuaderno: qué nombres define y usa cada una.

Lo usa :mod:`classroom` para comprobar que ninguna celda que no sea solución usa un nombre
definido solo en una solución (las copias de estudiantes deben correr sin ellas); se importa
también de ``classroom``.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, field

# --------------------------------------------------------------------------- análisis estático

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _arg_names(args: ast.arguments) -> set[str]:
    names = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}
    names |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    return names


def _import_names(node: ast.Import | ast.ImportFrom) -> tuple[set[str], bool]:
    names, star = set(), False
    for alias in node.names:
        if alias.name == "*":
            star = True
        elif alias.asname:
            names.add(alias.asname)
        elif isinstance(node, ast.Import):
            names.add(alias.name.split(".")[0])
        else:
            names.add(alias.name)
    return names, star


class _Collector:
    """Nombres que un trozo de código lee y escribe en su ámbito, flujo aparte.

    Los ámbitos anidados (funciones, lambdas, clases, comprensiones) se resuelven aparte: de ellos
    solo suben los nombres libres (que se buscan en este ámbito o en el global) y las escrituras
    en este ámbito (``:=`` dentro de una comprensión) o en el global (``global x``).
    """

    def __init__(self) -> None:
        self.loads: set[str] = set()
        self.stores: set[str] = set()
        self.globals: set[str] = set()
        self.nonlocals: set[str] = set()
        self.global_writes: set[str] = set()  # escrituras de ámbitos anidados con «global»
        self.star_import = False

    def visit(self, node) -> None:
        if isinstance(node, list):
            for item in node:
                self.visit(item)
            return
        if node is None:
            return
        if isinstance(node, ast.Name):
            (self.loads if isinstance(node.ctx, ast.Load) else self.stores).add(node.id)
        elif isinstance(node, ast.NamedExpr):
            self.visit(node.value)
            self.stores.add(node.target.id)
        elif isinstance(node, ast.Global):
            self.globals.update(node.names)
        elif isinstance(node, ast.Nonlocal):
            self.nonlocals.update(node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names, star = _import_names(node)
            self.stores |= names
            self.star_import |= star
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.stores.add(node.name)
            self._signature(node)
            free, gw = function_free_names(node)
            self.loads |= free
            self.global_writes |= gw
        elif isinstance(node, ast.Lambda):
            self._signature(node)
            free, gw = function_free_names(node)
            self.loads |= free
            self.global_writes |= gw
        elif isinstance(node, ast.ClassDef):
            self.stores.add(node.name)
            self.visit(node.decorator_list)
            self.visit(node.bases)
            self.visit([k.value for k in node.keywords])
            free, gw = class_free_names(node)
            self.loads |= free
            self.global_writes |= gw
        elif isinstance(node, _COMPREHENSIONS):
            loads, binds = comprehension_names(node)
            self.loads |= loads
            self.stores |= binds
        elif isinstance(node, ast.ExceptHandler):
            if node.name:
                self.stores.add(node.name)
            self.visit(node.type)
            self.visit(node.body)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)):
            if node.name:
                self.stores.add(node.name)
            for child in ast.iter_child_nodes(node):
                self.visit(child)
        elif isinstance(node, ast.MatchMapping):
            if node.rest:
                self.stores.add(node.rest)
            for child in ast.iter_child_nodes(node):
                self.visit(child)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child)

    def _signature(self, node) -> None:
        """Lo que se evalúa al definir una función: decoradores, valores por defecto, anotaciones."""
        args = node.args
        self.visit(list(args.defaults))
        self.visit([d for d in args.kw_defaults if d is not None])
        if not isinstance(node, ast.Lambda):
            self.visit(node.decorator_list)
            every = args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
            self.visit([a.annotation for a in every if a is not None and a.annotation is not None])
            self.visit(node.returns)


def collect(node) -> _Collector:
    c = _Collector()
    c.visit(node)
    return c


def function_free_names(node) -> tuple[set[str], set[str]]:
    """Nombres libres del cuerpo de una función o lambda (se leen al llamarla) y nombres globales
    que puede escribir. Las variables locales se deciden por todo el cuerpo, como en Python."""
    body = node.body if isinstance(node.body, list) else [node.body]
    c = collect(body)
    local = (c.stores | _arg_names(node.args)) - c.globals
    free = c.loads - local - c.nonlocals
    return free, (c.stores & c.globals) | c.global_writes


def class_free_names(node: ast.ClassDef) -> tuple[set[str], set[str]]:
    """Nombres que el cuerpo de una clase (y sus métodos) puede leer fuera de la clase.

    Conservador: cuenta como libre cualquier nombre leído, aunque la clase lo defina antes.
    """
    c = collect(node.body)
    return c.loads - c.nonlocals, (c.stores & c.globals) | c.global_writes


def comprehension_names(node) -> tuple[set[str], set[str]]:
    """Nombres que una comprensión lee de su ámbito exterior y los que escribe en él (``:=``).

    El primer iterable se evalúa fuera; las variables de los ``for`` son locales de la comprensión.
    """
    gens = node.generators
    outer = collect(gens[0].iter)
    local: set[str] = set()
    for gen in gens:
        local |= {n.id for n in ast.walk(gen.target) if isinstance(n, ast.Name)}
    inner = _Collector()
    for i, gen in enumerate(gens):
        inner.visit(gen.target)
        if i:
            inner.visit(gen.iter)
        inner.visit(gen.ifs)
    inner.visit([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt])
    loads = outer.loads | (inner.loads - local)
    binds = outer.stores | (inner.stores - local)
    return loads, binds


def _root_name(node) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


@dataclass
class CellNames:
    """Lo que una celda hace con los nombres globales del cuaderno.

    - ``uses``: nombres que puede leer antes de haberlos definido ella misma (incluidos los
      nombres libres de las funciones y clases que define: se leerán al llamarlas).
    - ``definite``: nombres que deja definidos con seguridad (en todos los caminos).
    - ``writes``: nombres que puede definir, redefinir, borrar o modificar (``x[i] = ...``,
      ``x.a = ...``, ``x += ...``, ``del x``).
    - ``deferred``: para cada función o clase que define, los nombres libres de su cuerpo.
    """

    uses: set[str] = field(default_factory=set)
    definite: set[str] = field(default_factory=set)
    writes: set[str] = field(default_factory=set)
    deferred: dict[str, set[str]] = field(default_factory=dict)
    imports: dict[str, str] = field(default_factory=dict)  # nombre -> lo que importa
    star_import: bool = False


class _CellAnalyzer:
    def __init__(self) -> None:
        self.info = CellNames()

    # Expresiones: lo que leen se compara con lo ya definido; «:=» solo cuenta como posible.
    def expr(self, node, bound: set[str]) -> None:
        if node is None:
            return
        c = collect(node)
        self.info.uses |= c.loads - bound
        self.info.writes |= c.stores | c.global_writes

    def target(self, node, bound: set[str]) -> None:
        if isinstance(node, ast.Name):
            bound.add(node.id)
            self.info.writes.add(node.id)
            self.info.imports.pop(node.id, None)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for elt in node.elts:
                self.target(elt, bound)
        elif isinstance(node, ast.Starred):
            self.target(node.value, bound)
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            self.expr(node.value, bound)
            if isinstance(node, ast.Subscript):
                self.expr(node.slice, bound)
            root = _root_name(node)
            if root:
                self.info.writes.add(root)
        else:  # pragma: no cover - destino que Python no admite
            self.expr(node, bound)

    def block(self, stmts, bound: set[str]) -> set[str]:
        for stmt in stmts:
            bound = self.stmt(stmt, bound)
        return bound

    def stmt(self, node, bound: set[str]) -> set[str]:
        info = self.info
        if isinstance(node, ast.Assign):
            self.expr(node.value, bound)
            for t in node.targets:
                self.target(t, bound)
        elif isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name):
                if node.target.id not in bound:
                    info.uses.add(node.target.id)
                self.expr(node.value, bound)
                self.target(node.target, bound)
            else:
                self.expr(node.value, bound)
                self.target(node.target, bound)
        elif isinstance(node, ast.AnnAssign):
            self.expr(node.value, bound)
            self.expr(node.annotation, bound)
            if node.value is not None:
                self.target(node.target, bound)
            elif not isinstance(node.target, ast.Name):
                self.expr(node.target.value, bound)
        elif isinstance(node, ast.Delete):
            for t in node.targets:
                for name in [n for n in ast.walk(t) if isinstance(n, ast.Name)]:
                    if isinstance(name.ctx, ast.Del):
                        if name.id not in bound:
                            info.uses.add(name.id)
                        bound.discard(name.id)
                        info.writes.add(name.id)
                if not isinstance(t, (ast.Name, ast.Tuple, ast.List)):
                    self.target(t, bound)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names, star = _import_names(node)
            bound |= names
            info.writes |= names
            info.star_import |= star
            for alias in node.names:
                if isinstance(node, ast.Import) and not alias.asname:
                    name, what = alias.name.split(".")[0], alias.name.split(".")[0]
                elif isinstance(node, ast.Import):
                    name, what = alias.asname, alias.name
                else:
                    name = alias.asname or alias.name
                    what = f"{'.' * node.level}{node.module or ''}:{alias.name}"
                info.imports[name] = what
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            c = _Collector()
            if isinstance(node, ast.ClassDef):
                c.visit(node.decorator_list)
                c.visit(node.bases)
                c.visit([k.value for k in node.keywords])
                free, gw = class_free_names(node)
            else:
                c._signature(node)
                free, gw = function_free_names(node)
            info.uses |= c.loads - bound
            info.writes |= c.stores | c.global_writes | gw
            info.uses |= free - bound - {node.name}
            info.deferred[node.name] = set(free)
            info.imports.pop(node.name, None)
            bound.add(node.name)
            info.writes.add(node.name)
        elif isinstance(node, ast.If):
            self.expr(node.test, bound)
            bound = self.block(node.body, set(bound)) & self.block(node.orelse, set(bound))
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self.expr(node.iter, bound)
            inner = set(bound)
            self.target(node.target, inner)
            self.block(node.body, inner)
            self.block(node.orelse, set(inner))
        elif isinstance(node, ast.While):
            self.expr(node.test, bound)
            self.block(node.body, set(bound))
            self.block(node.orelse, set(bound))
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expr(item.context_expr, bound)
                if item.optional_vars is not None:
                    self.target(item.optional_vars, bound)
            bound = self.block(node.body, bound)
        elif isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            after = self.block(node.orelse, self.block(node.body, set(bound)))
            results = [after]
            for handler in node.handlers:
                hb = set(bound)
                self.expr(handler.type, hb)
                if handler.name:
                    hb.add(handler.name)
                    info.writes.add(handler.name)
                hb = self.block(handler.body, hb)
                hb.discard(handler.name)  # Python borra el nombre al salir del «except»
                results.append(hb)
            bound = self.block(node.finalbody, set.intersection(*results))
        else:
            # Resto de sentencias (expresiones, return, raise, assert, match...): se leen todos
            # sus nombres y sus escrituras solo cuentan como posibles.
            c = collect(node)
            info.uses |= c.loads - bound
            info.writes |= c.stores | c.global_writes
            info.star_import |= c.star_import
        return bound


def python_source(cell_source: str) -> str:
    """El código Python de una celda, con las órdenes de IPython (``%``, ``!``) traducidas."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(cell_source)


_TIMING_LINE = re.compile(r"^(\s*)%time(?:it)?((?:\s+-\w+(?:\s+\d+)?)*)\s+(.*)$")


def _unwrap_timing(source: str) -> str:
    """``%time x = f()`` y ``%%time`` ejecutan su código en el cuaderno: se analiza ese código."""
    lines = source.splitlines()
    if lines and re.match(r"^\s*%%time(it)?\b", lines[0]):
        lines = lines[1:]
    return "\n".join(_TIMING_LINE.sub(r"\1\3", line) for line in lines)


@functools.lru_cache(maxsize=4096)
def analyze_cell(cell_source: str) -> CellNames:
    """Analiza una celda de código (lanza ``SyntaxError`` si no es Python válido).

    El resultado se guarda en caché: no lo modifique."""
    cell_source = _unwrap_timing(cell_source)
    try:
        tree = ast.parse(cell_source)
    except SyntaxError:  # quizá una orden de IPython (%magia, !orden)
        tree = ast.parse(python_source(cell_source))
    analyzer = _CellAnalyzer()
    analyzer.info.definite = analyzer.block(tree.body, set())
    return analyzer.info
