"""Preguntas «Compruebe lo que ha entendido»: una sola fuente, todas las presentaciones.

Cada cuaderno ``notebooks/NN_x.ipynb`` tiene sus preguntas en
``course_utils/selfcheck/quizzes/NN.toml``
(formato descrito en ``CONTRIBUTING.md``, sección «Preguntas de repaso»). Este módulo:

- lee y valida esos ficheros (:func:`load_quiz`, :func:`course_quizzes`): cualquier problema de
  formato da un :class:`QuizFormatError` en español que nombra el fichero, la pregunta y el campo;
- muestra una pregunta en un cuaderno (:func:`quiz_question`): un HTML autónomo, sin nada que
  descargar, que funciona en JupyterLab (también en RISE), en el sitio web y, sin JavaScript,
  como una lista de opciones que se despliegan una a una con su explicación;
- ofrece las piezas que usan las exportaciones para el docente (``tools/export_quizzes.py``):
  :func:`markdown_to_html` (fórmulas como ``\\( ... \\)``).

Ejemplos
--------
>>> q = course_quizzes()["05"].questions[0]
>>> q.id, q.kind
('05.1', 'opcion')
>>> sum(o.correct for o in q.options)
1
"""

from __future__ import annotations

import html
import json
import math
import numbers
import re
import tomllib
from decimal import Decimal
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from course_utils._validation import describe
from course_utils.selfcheck import exercises
from course_utils.selfcheck.exercises import NEAR_HINT, UnreadableAnswer, judge_numbers, read_number

__all__ = [
    "QuizFormatError",
    "QuizOption",
    "QuizMistake",
    "QuizQuestion",
    "Quiz",
    "load_quiz",
    "course_quizzes",
    "quiz_question",
    "QuestionView",
    "markdown_to_html",
]

KINDS = ("opcion", "numerica")
_ID = re.compile(r"^(\d{2})\.([1-9]\d*)$")
_NOTEBOOK = re.compile(r"^(\d{2})_[\w\-]+\.ipynb$")
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9\-]*(\s[^<>]*)?/?>")
LETTERS = "ABCDEFGH"


class QuizFormatError(ValueError):
    """Un fichero de preguntas no sigue el formato; el mensaje dice fichero, pregunta y campo."""


@dataclass(frozen=True)
class QuizOption:
    """Una opción de una pregunta ``opcion``: su texto, si es la correcta y su explicación."""

    text: str
    correct: bool
    feedback: str


@dataclass(frozen=True)
class QuizMistake:
    """Un error típico en una pregunta ``numerica``: el valor, su tolerancia y su explicación."""

    value: float
    tolerance: float
    feedback: str


@dataclass(frozen=True)
class QuizQuestion:
    """Una pregunta. ``kind`` es ``"opcion"`` (usa ``options``) o ``"numerica"`` (usa ``answer``,
    ``tolerance``, ``feedback_correct``, ``feedback_wrong`` y ``mistakes``).

    ``answer_text`` es la respuesta tal como está escrita en el fichero (``0.0310`` conserva su
    cero final), para compararla con las salidas del cuaderno."""

    id: str
    section: str
    kind: str
    prompt: str
    options: tuple[QuizOption, ...] = ()
    answer: float | None = None
    answer_text: str = ""
    tolerance: float | None = None
    feedback_correct: str = ""
    feedback_wrong: str = ""
    mistakes: tuple[QuizMistake, ...] = ()

    def judge(self, value: float | str) -> tuple[str, int | None]:
        """Juzga una respuesta numérica con las reglas de :func:`course_utils.comprobar`
        (:func:`course_utils.selfcheck.exercises.judge_numbers`): ``("correcta", None)``,
        ``("fallo", i)``
        (el error declarado ``mistakes[i]``, exacto o redondeado), ``("casi", None)`` (cerca pero
        fuera de la tolerancia) u ``("otro", None)``. La tolerancia de la pregunta es absoluta, y
        una respuesta entera (un número de casos) no admite «casi».

        ``value`` es un número o lo que escribe el estudiante (``"0,031"``), leído como en
        :func:`course_utils.comprobar` (:func:`course_utils.selfcheck.exercises.read_number`); lo
        que no
        se lee da un ``TypeError`` o ``ValueError`` que lo explica.
        """
        if self.kind != "numerica":
            raise ValueError(f"La pregunta {self.id} no es numérica: no se corrige con un número.")
        try:
            x = read_number(value)
        except UnreadableAnswer as exc:
            raise exc.error(f"`value` debe ser un número real finito (o un texto con un número, "
                            f"con punto o coma decimal); {exc.reason}.") from None
        return judge_numbers(x, self.answer, self.tolerance,
                             [(m.value, m.tolerance) for m in self.mistakes],
                             atol=self.tolerance, exact=self.exact)

    @property
    def exact(self) -> bool:
        """Respuesta entera (un número de casos o de semillas): sin la regla «casi»."""
        return self.kind == "numerica" and float(self.answer).is_integer()

    def check(self, value: float | str) -> tuple[bool, str]:
        """Corrige una respuesta numérica: ``(es_correcta, explicación)`` (ver :meth:`judge`)."""
        verdict, i = self.judge(value)
        if verdict == "correcta":
            return True, self.feedback_correct
        if verdict == "fallo":
            return False, self.mistakes[i].feedback
        if verdict == "casi":
            return False, NEAR_HINT
        return False, self.feedback_wrong

    @property
    def correct_letter(self) -> str:
        return next(LETTERS[i] for i, o in enumerate(self.options) if o.correct)


@dataclass(frozen=True)
class Quiz:
    """Las preguntas de un cuaderno."""

    number: str
    notebook: str
    questions: tuple[QuizQuestion, ...]
    path: str

    def question(self, qid: str) -> QuizQuestion:
        for q in self.questions:
            if q.id == qid:
                return q
        raise KeyError(qid)


# --------------------------------------------------------------------------- lectura y validación


def _where(path: str, qid: str | None, field: str | None) -> str:
    parts = [path]
    if qid:
        parts.append(f"pregunta {qid}")
    if field:
        parts.append(f"campo «{field}»")
    return ", ".join(parts)


class _Reader:
    def __init__(self, path: str):
        self.path = path

    def fail(self, qid: str | None, field: str | None, message: str) -> QuizFormatError:
        return QuizFormatError(f"{_where(self.path, qid, field)}: {message}")

    def text(self, table: dict, key: str, qid: str | None, field: str | None = None) -> str:
        field = field or key
        if key not in table:
            raise self.fail(qid, field, "falta (es obligatorio).")
        value = table[key]
        if not isinstance(value, str):
            raise self.fail(qid, field,
                            f"debe ser un texto entre comillas; se recibió {describe(value)}.")
        if not value.strip():
            raise self.fail(qid, field, "está vacío.")
        self.markdown(value, qid, field)
        return value.strip()

    def markdown(self, value: str, qid: str | None, field: str) -> None:
        if "$$" in value:
            raise self.fail(qid, field, "no use fórmulas en bloque ($$...$$): solo $...$ en línea.")
        if len(re.findall(r"(?<!\\)\$", value)) % 2:
            raise self.fail(qid, field,
                            "tiene un número impar de «$»: alguna fórmula no está cerrada.")
        tag = _HTML_TAG.search(re.sub(r"(?<!\\)\$[^$]*\$|`[^`]*`", "", value))
        if tag:
            raise self.fail(qid, field, f"no admite HTML ({tag.group(0)!r}); use Markdown.")

    def number(self, table: dict, key: str, qid: str, field: str | None = None,
               positive: bool = False) -> float:
        field = field or key
        if key not in table:
            raise self.fail(qid, field, "falta (es obligatorio).")
        value = table[key]
        real = isinstance(value, numbers.Real) and not isinstance(value, bool)
        if not real or not math.isfinite(value):
            raise self.fail(qid, field, f"debe ser un número finito; se recibió {describe(value)}.")
        if positive and value < 0:
            raise self.fail(qid, field, f"debe ser 0 o mayor (absoluta); se recibió {value!r}.")
        return float(value)

    def unknown(self, table: dict, allowed: set[str], qid: str | None, where: str = "") -> None:
        extra = sorted(set(table) - allowed)
        if extra:
            raise self.fail(
                qid, extra[0] if not where else f"{where}.{extra[0]}",
                f"campo desconocido; los válidos son: {', '.join(sorted(allowed))}.",
            )


_TOP = {"cuaderno", "pregunta"}
_COMMON = {"id", "seccion", "tipo", "enunciado"}
_CHOICE = _COMMON | {"opcion"}
_NUMERIC = _COMMON | {"respuesta", "tolerancia", "retro_correcta", "retro_incorrecta", "fallo"}


def _answer_literals(text: str) -> list[str]:
    """Las respuestas numéricas tal como están escritas, en orden (tomllib pierde los ceros)."""
    return re.findall(r"^\s*respuesta\s*=\s*([^\s#]+)", text, re.M)


def _parse(text: str, path: str, number: str | None) -> Quiz:
    r = _Reader(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        where = f"línea {m.group(1)}, columna {m.group(2)}" if m else "posición desconocida"
        raise QuizFormatError(f"{path}: no es TOML válido ({where}). Revise comillas, "
                              "corchetes y que cada clave aparezca una vez.") from exc
    r.unknown(data, _TOP, None)
    notebook = r.text(data, "cuaderno", None)
    m = _NOTEBOOK.match(notebook)
    if not m:
        raise r.fail(None, "cuaderno", f"debe ser el nombre de un cuaderno, «NN_nombre.ipynb»; se "
                                       f"recibió {notebook!r}.")
    if number is None:
        number = m.group(1)
    elif m.group(1) != number:
        raise r.fail(None, "cuaderno", f"el fichero es el {number} pero nombra el cuaderno "
                                       f"{notebook!r}.")
    raw = data.get("pregunta")
    if not isinstance(raw, list) or not raw or not all(isinstance(t, dict) for t in raw):
        raise r.fail(None, "pregunta", "faltan las preguntas: cada una empieza por [[pregunta]].")
    literals = iter(_answer_literals(text))
    questions = []
    for k, table in enumerate(raw, start=1):
        label = f"n.º {k}"
        if "id" not in table:
            raise r.fail(label, "id", "falta (es obligatorio).")
        qid = table["id"]
        expected = f"{number}.{k}"
        if not isinstance(qid, str) or not _ID.match(qid):
            raise r.fail(label, "id", f"debe tener la forma «NN.k», aquí {expected!r}; se recibió "
                                      f"{describe(qid)}.")
        if qid != expected:
            seen = [q.id for q in questions]
            why = "está repetido" if qid in seen else "no sigue el orden"
            raise r.fail(qid, "id", f"{why}: la pregunta n.º {k} debe llamarse {expected!r}.")
        kind = table.get("tipo")
        if kind not in KINDS:
            raise r.fail(qid, "tipo",
                         f"debe ser «opcion» o «numerica»; se recibió {describe(kind)}.")
        r.unknown(table, _CHOICE if kind == "opcion" else _NUMERIC, qid)
        section = table.get("seccion")
        if not isinstance(section, str) or not section.strip():
            raise r.fail(qid, "seccion", "falta el número de la sección («3») o el título exacto de "
                                         f"un encabezado; se recibió {describe(section)}.")
        prompt = r.text(table, "enunciado", qid)
        if kind == "opcion":
            questions.append(_choice(r, table, qid, section.strip(), prompt))
        else:
            literal = next(literals, "")
            questions.append(_numeric(r, table, qid, section.strip(), prompt, literal))
    return Quiz(number=number, notebook=notebook, questions=tuple(questions), path=path)


def _choice(r: _Reader, table: dict, qid: str, section: str, prompt: str) -> QuizQuestion:
    raw = table.get("opcion")
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw) or len(raw) < 2:
        raise r.fail(qid, "opcion",
                     "una pregunta «opcion» necesita al menos dos [[pregunta.opcion]].")
    if len(raw) > len(LETTERS):
        raise r.fail(qid, "opcion", f"tiene {len(raw)} opciones; como mucho {len(LETTERS)}.")
    options = []
    for j, t in enumerate(raw, start=1):
        where = f"opcion {j}"
        r.unknown(t, {"texto", "correcta", "retro"}, qid, where)
        text = r.text(t, "texto", qid, f"{where}.texto")
        if not isinstance(t.get("correcta"), bool):
            raise r.fail(qid, f"{where}.correcta", "debe ser true o false; se recibió "
                                                  f"{describe(t.get('correcta'))}.")
        feedback = r.text(t, "retro", qid, f"{where}.retro")
        options.append(QuizOption(text, t["correcta"], feedback))
    n = sum(o.correct for o in options)
    if n != 1:
        raise r.fail(qid, "opcion",
                     f"debe haber exactamente una opción con «correcta = true»; hay {n}.")
    texts = [o.text for o in options]
    if len(set(texts)) != len(texts):
        raise r.fail(qid, "opcion", "hay dos opciones con el mismo texto.")
    return QuizQuestion(id=qid, section=section, kind="opcion", prompt=prompt,
                        options=tuple(options))


def _numeric(r: _Reader, table: dict, qid: str, section: str, prompt: str,
             literal: str) -> QuizQuestion:
    answer = r.number(table, "respuesta", qid)
    tolerance = r.number(table, "tolerancia", qid, positive=True)
    ok = r.text(table, "retro_correcta", qid)
    wrong = r.text(table, "retro_incorrecta", qid)
    raw = table.get("fallo", [])
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        raise r.fail(qid, "fallo", "cada error típico va en su propia tabla [[pregunta.fallo]].")
    mistakes = []
    for j, t in enumerate(raw, start=1):
        where = f"fallo {j}"
        r.unknown(t, {"valor", "tolerancia", "retro"}, qid, where)
        value = r.number(t, "valor", qid, f"{where}.valor")
        tol = r.number(t, "tolerancia", qid, f"{where}.tolerancia", positive=True)
        feedback = r.text(t, "retro", qid, f"{where}.retro")
        if abs(value - answer) <= tol + tolerance:
            raise r.fail(qid, f"{where}.valor", f"{value!r} ± {tol!r} se solapa con la respuesta "
                                                f"correcta {answer!r} ± {tolerance!r}.")
        mistakes.append(QuizMistake(value, tol, feedback))
    try:
        literal_value = float(literal)
    except ValueError:
        literal_value = math.nan
    if literal_value != answer:  # p. ej. una respuesta escrita en línea con otra clave
        literal = repr(answer)
    return QuizQuestion(id=qid, section=section, kind="numerica", prompt=prompt, answer=answer,
                        answer_text=literal, tolerance=tolerance, feedback_correct=ok,
                        feedback_wrong=wrong, mistakes=tuple(mistakes))


def load_quiz(path: str | Path) -> Quiz:
    """Lee y valida un fichero de preguntas ``NN.toml``.

    Parámetros
    ----------
    path : str o pathlib.Path
        El fichero; su nombre (``05.toml``) da el número del cuaderno.

    Devuelve
    --------
    Quiz

    Lanza
    -----
    QuizFormatError
        Si el fichero no sigue el formato (el mensaje dice el fichero, la pregunta y el campo).
    TypeError, FileNotFoundError
        Si ``path`` no es una ruta o no existe.
    """
    if not isinstance(path, (str, Path)):
        raise TypeError(
            f"`path` debe ser la ruta de un fichero .toml; se recibió {describe(path)}.")
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"`path`: no existe el fichero de preguntas {str(p)!r}.")
    number = p.stem if re.fullmatch(r"\d{2}", p.stem) else None
    if number is None:
        raise QuizFormatError(f"{p}: el nombre del fichero debe ser el número del cuaderno, "
                              "«NN.toml».")
    return _parse(p.read_text(encoding="utf-8"), _display_path(p), number)


def _display_path(p: Path) -> str:
    parts = p.resolve().parts
    if "course_utils" in parts:
        return "/".join(parts[len(parts) - 1 - parts[::-1].index("course_utils"):])
    return str(p)


def quiz_files() -> list[Path]:
    """Los ficheros ``NN.toml`` instalados con el paquete, en orden."""
    folder = resources.files("course_utils.selfcheck") / "quizzes"
    return sorted(Path(str(f)) for f in folder.iterdir() if re.fullmatch(r"\d{2}\.toml", f.name))


def course_quizzes() -> dict[str, Quiz]:
    """Todas las preguntas del curso, por número de cuaderno (``"05"``), ya validadas."""
    return {p.stem: load_quiz(p) for p in quiz_files()}


def _find(qid: object) -> QuizQuestion:
    if not isinstance(qid, str):
        raise TypeError(f"`qid` debe ser el identificador de una pregunta, por ejemplo '05.1'; "
                        f"se recibió {describe(qid)}.")
    m = _ID.match(qid)
    if not m:
        raise ValueError(f"`qid` debe tener la forma «NN.k» (cuaderno y número de pregunta), por "
                         f"ejemplo '05.1'; se recibió {qid!r}.")
    folder = resources.files("course_utils.selfcheck") / "quizzes"
    path = Path(str(folder / f"{m.group(1)}.toml"))
    if not path.is_file():
        raise ValueError(f"`qid`: el cuaderno {m.group(1)} no tiene preguntas "
                         f"(falta course_utils/selfcheck/quizzes/{m.group(1)}.toml); se recibió {qid!r}.")
    quiz = load_quiz(path)
    try:
        return quiz.question(qid)
    except KeyError:
        ids = ", ".join(q.id for q in quiz.questions)
        raise ValueError(f"`qid`: no hay ninguna pregunta {qid!r}; las del cuaderno "
                         f"{m.group(1)} son {ids}.") from None


# --------------------------------------------------------------------------- Markdown y HTML


def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    def inline_math(self, tokens, idx, options, env):
        return f'<span class="math">\\({html.escape(tokens[idx].content, quote=False)}\\)</span>'

    md = MarkdownIt("commonmark", {"html": False}).use(dollarmath_plugin, double_inline=False)
    md.add_render_rule("math_inline", inline_math)
    return md


_MD = None


def markdown_to_html(text: str, inline: bool = False) -> str:
    """Markdown del formato de preguntas a HTML; las fórmulas ``$x$`` pasan a ``\\(x\\)``.

    >>> markdown_to_html("Con $b < 12$ y **c**", inline=True)
    'Con <span class="math">\\\\(b &lt; 12\\\\)</span> y <strong>c</strong>'
    """
    global _MD
    if not isinstance(text, str):
        raise TypeError(f"`text` debe ser un texto Markdown; se recibió {describe(text)}.")
    if _MD is None:
        _MD = _markdown()
    return (_MD.renderInline(text) if inline else _MD.render(text)).strip()


def _fmt(x: float) -> str:
    """Un número como se escribe a mano: ``5e-05`` -> ``0.00005``, ``3.0`` -> ``3``."""
    text = format(Decimal(repr(float(x))), "f")
    return text[:-2] if text.endswith(".0") else text


# Estilos en línea que sobreviven al filtro de JupyterLab en un cuaderno no confiable (que quita
# <style> y <script>): sin script, la parte interactiva queda oculta y se ve la plegable.
_HIDDEN = "display:none"  # con el atributo «hidden»: si un filtro quita uno, queda el otro
_PLAIN_LIST = "list-style:none;padding-left:0"

# Colores: los de un fondo claro y, con un tema oscuro (el del sitio web o el de JupyterLab), otros
# más claros, todos con un contraste de 4.5:1 o más con su fondo.
_CSS = """
.cu-quiz{--cu-q-acento:#2f5f9e;--cu-q-borde:#7b8794;--cu-q-bien:#1d7a3a;--cu-q-mal:#b3261e;
border:1px solid var(--cu-q-borde);border-left:6px solid var(--cu-q-acento);border-radius:6px;
padding:.6em 1em;margin:.4em 0;max-width:52em;line-height:1.45;background:transparent}
html[data-theme=dark] .cu-quiz,[data-jp-theme-light=false] .cu-quiz{--cu-q-acento:#8fb8f0;
--cu-q-borde:#8d99a6;--cu-q-bien:#6fcf8f;--cu-q-mal:#f28b82}
.cu-quiz .cu-q-cab{font-weight:600;color:var(--cu-q-acento);margin:0 0 .3em}
.cu-quiz .cu-q-opciones{padding-left:0;list-style:none;margin:.4em 0}
.cu-quiz .cu-q-opciones>li{margin:.35em 0}
.cu-quiz label.cu-q-op{display:flex;gap:.6em;align-items:baseline;padding:.35em .6em;
border:1px solid var(--cu-q-borde);border-radius:5px;cursor:pointer}
.cu-quiz label.cu-q-op:hover{border-color:var(--cu-q-acento)}
.cu-quiz label.cu-q-op input{transform:scale(1.25);flex:none}
.cu-quiz .cu-q-letra{font-weight:600;flex:none}
.cu-quiz details>summary{cursor:pointer}
.cu-quiz .cu-q-retro{margin:.3em 0 .2em;padding:.35em .7em;border-radius:5px;
border-left:5px solid var(--cu-q-borde)}
.cu-quiz .cu-q-bien{border-left-color:var(--cu-q-bien);background:rgba(29,122,58,.08)}
.cu-quiz .cu-q-mal{border-left-color:var(--cu-q-mal);background:rgba(179,38,30,.07)}
.cu-quiz .cu-q-fila{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:.5em 0}
.cu-quiz input.cu-q-num{font:inherit;width:9em;max-width:100%;padding:.25em .4em}
.cu-quiz button{font:inherit;padding:.3em .9em;border-radius:5px;border:1px solid #2f5f9e;
background:#2f5f9e;color:#fff;cursor:pointer}
.cu-quiz button[disabled]{opacity:.6;cursor:default}
.cu-quiz p{margin:.3em 0}
"""

#: Lo que dice la pregunta en HTML de un texto que no se lee como número (por clase, como
#: :data:`course_utils.selfcheck.exercises.UNREADABLE_KINDS`); ``{t}`` es lo escrito.
READ_MESSAGES = {
    "vacio": "Escriba un número, con punto o coma decimal (como 0.25 o 0,25).",
    "ambiguo": "«{t}» es ambiguo: puede ser {a} o {b} (con {sep} como separador de miles). "
               "Escriba el número sin separador de miles.",
    "grande": "«{t}» es un número demasiado grande.",
    "porcentaje": exercises.PERCENT_SIGN_HINT,
    "miles": "«{t}» lleva separador de miles: escriba el número sin él, con punto o coma decimal.",
    "ilegible": "«{t}» no se lee como un número: escriba un número con punto o coma decimal, como "
                "1.5 o 1,5.",
}

# La lectura y el juicio de una respuesta numérica: los de course_utils.selfcheck.exercises
# (read_number y
# judge_numbers), con las mismas expresiones y constantes. tests/test_quizzes.py los ejecuta con
# node y comprueba que leen, clasifican y juzgan igual que Python.
_JUDGE_JS = r"""
function cuLee(v){var sp=new RegExp('^['+@SP@+']+|['+@SP@+']+$','g');
var num=new RegExp('^(?:'+@NUM@+')$'),gr=new RegExp('^(?:'+@GRP@+')$');
var mil=new RegExp('^(?:'+@MIL@+')$');var t=String(v).replace(sp,'').replace(/\u2212/g,'-');
if(t==='')return{k:'vacio',t:t};
if(num.test(t)){if(gr.test(t))return{k:'ambiguo',t:t};var x=Number(t.replace(',','.'));
if(!isFinite(x))return{k:'grande',t:t};return{x:x};}
if(t.slice(-1)==='%'&&num.test(t.slice(0,-1).replace(sp,'')))return{k:'porcentaje',t:t};
if(mil.test(t))return{k:'miles',t:t};return{k:'ilegible',t:t};}
function cuMensaje(l){var m=@MSG@[l.k],t=l.t,r={t:t};
if(l.k==='ambiguo'){var p=t.match(/^([+-]?)([0-9]+)([.,])([0-9]+)$/),s=p[1]==='-'?'-':'';
r.a=s+p[2]+'.'+p[4];r.b=s+p[2]+p[4];r.sep=p[3]===','?'la coma':'el punto';}
return m.replace(/\{(t|a|b|sep)\}/g,function(_,k){return r[k];});}
function cuJuzga(x,d,f){var i;
function dentro(y,v,t){return Math.abs(y-v)<=t*(1+1e-9)+1e-12;}
function cerca(y,v,r){return Math.abs(y-v)<=Math.max(r*Math.abs(v),d[1]);}
if(dentro(x,d[0],d[1]))return['correcta',null];
for(i=0;i<f.length;i++){if(dentro(x,f[i][0],f[i][1]))return['fallo',i];}
if(!d[2]&&cerca(x,d[0],@NEAR@))return['casi',null];
for(i=0;i<f.length;i++){if(!d[2]&&cerca(x,f[i][0],@NEARM@))return['fallo',i];}
return['otro',null];}
"""


def judge_js() -> str:
    """Las funciones JavaScript ``cuLee``, ``cuMensaje`` y ``cuJuzga`` de la pregunta numérica."""
    values = {
        "@SP@": json.dumps(exercises.SPACE_CHARS), "@NUM@": json.dumps(exercises.NUMBER_TEXT),
        "@GRP@": json.dumps(exercises.GROUPED_TEXT), "@MIL@": json.dumps(exercises.THOUSANDS_TEXT),
        "@MSG@": json.dumps(READ_MESSAGES), "@NEAR@": repr(exercises._NEAR),
        "@NEARM@": repr(exercises._NEAR_MISTAKE),
    }
    code = _JUDGE_JS
    for key, value in values.items():
        code = code.replace(key, value)
    return code


# Convierte la lista de opciones plegables en botones de opción con «Comprobar». Sin JavaScript
# (un cuaderno no confiable en JupyterLab, GitHub, JavaScript desactivado) no se ejecuta y queda
# la versión plegable. Todo el texto (también las explicaciones) ya está en el documento, de modo
# que MathJax lo compone una sola vez.
_JS = r"""
(function(s){var q=s.parentNode;if(!q||q.getAttribute('data-cu-activa'))return;
q.setAttribute('data-cu-activa','1');q.classList.add('cu-q-activa');
q.querySelectorAll('.cu-q-js').forEach(function(e){e.style.display='';e.hidden=false;});
q.querySelectorAll('.cu-q-sinjs').forEach(function(e){e.style.display='none';});
window.cuPreguntas=(window.cuPreguntas||0)+1;var nombre='cu-q-'+window.cuPreguntas;
var sal=q.querySelector('.cu-q-salida'),btn=q.querySelector('.cu-q-comprobar');
function muestra(el){sal.innerHTML='';if(el){var c=el.cloneNode(true);c.removeAttribute('hidden');
sal.appendChild(c);}}
function nota(fuerte,texto){sal.innerHTML='';var p=document.createElement('p');
p.className='cu-q-retro cu-q-mal';if(fuerte){var b=document.createElement('strong');
b.textContent=fuerte;p.appendChild(b);p.appendChild(document.createTextNode(' '));}
p.appendChild(document.createTextNode(texto));sal.appendChild(p);}
if(q.getAttribute('data-tipo')==='opcion'){
 var lista=q.querySelector('.cu-q-elige');
 q.querySelectorAll('.cu-q-sinjs > li').forEach(function(li,i){
  var lab=document.createElement('label');lab.className='cu-q-op';
  var r=document.createElement('input');r.type='radio';r.name=nombre;r.value=String(i);
  r.addEventListener('change',function(){btn.disabled=false;});
  lab.appendChild(r);lab.appendChild(li.querySelector('.cu-q-letra').cloneNode(true));
  lab.appendChild(li.querySelector('.cu-q-texto').cloneNode(true));
  var item=document.createElement('li');item.appendChild(lab);lista.appendChild(item);});
 btn.disabled=true;
 btn.addEventListener('click',function(){var r=q.querySelector('input[name="'+nombre+'"]:checked');
  if(!r)return;muestra(q.querySelectorAll('.cu-q-sinjs .cu-q-retro')[Number(r.value)]);});
}else{
 @JUDGE@
 var campo=q.querySelector('.cu-q-num');
 function comprueba(){var l=cuLee(campo.value);if(!('x' in l)){nota('',cuMensaje(l));return;}
  var d=JSON.parse(q.getAttribute('data-respuesta')),fs=q.querySelectorAll('.cu-q-r-fallo'),f=[];
  for(var i=0;i<fs.length;i++){f.push(JSON.parse(fs[i].getAttribute('data-valor')));}
  var j=cuJuzga(l.x,d,f);
  if(j[0]==='correcta'){muestra(q.querySelector('.cu-q-r-bien'));}
  else if(j[0]==='fallo'){muestra(fs[j[1]]);}
  else if(j[0]==='casi'){nota('✘ Casi.',@NEARHINT@);}
  else{muestra(q.querySelector('.cu-q-r-mal'));}}
 btn.addEventListener('click',comprueba);
 campo.addEventListener('keydown',function(e){if(e.key==='Enter'){e.preventDefault();comprueba();}});
}})(document.currentScript);
"""


def _compact(code: str) -> str:
    return "".join(line.strip() for line in code.strip().splitlines())


def _script() -> str:
    """El script de la pregunta, con la lectura y el juicio de :func:`judge_js`."""
    return _compact(_JS.replace("@JUDGE@", judge_js())
                    .replace("@NEARHINT@", json.dumps(NEAR_HINT, ensure_ascii=False)))


def question_html(q: QuizQuestion, title: str = "Pregunta") -> str:
    """HTML autónomo (estilos y script en línea, nada que descargar) de una pregunta."""
    e = markdown_to_html
    head = f'<p class="cu-q-cab"><strong>{html.escape(title)} {q.id}</strong></p>'
    body = [f'<div class="cu-q-enunciado">{e(q.prompt)}</div>']
    if q.kind == "opcion":
        items = []
        for i, o in enumerate(q.options):
            verdict = "✔ Correcta." if o.correct else "✘ Incorrecta."
            cls = "cu-q-bien" if o.correct else "cu-q-mal"
            items.append(
                f'<li><details><summary><span class="cu-q-letra">{LETTERS[i]}.</span> '
                f'<span class="cu-q-texto">{e(o.text, inline=True)}</span></summary>'
                f'<div class="cu-q-retro {cls}"><strong>{LETTERS[i]}. {verdict}</strong> '
                f'{e(o.feedback, inline=True)}</div></details></li>'
            )
        body.append(f'<ol class="cu-q-opciones cu-q-sinjs" style="{_PLAIN_LIST}">'
                    + "".join(items) + "</ol>")
        body.append('<p class="cu-q-sinjs"><em>Elija una opción y despliéguela para ver si es '
                    'correcta y por qué.</em></p>')
        body.append(f'<ol class="cu-q-opciones cu-q-elige cu-q-js" style="{_HIDDEN}" hidden></ol>')
        body.append(f'<div class="cu-q-js" style="{_HIDDEN}" hidden><div class="cu-q-fila"><button type="button" '
                    'class="cu-q-comprobar">Comprobar</button></div>'
                    '<div class="cu-q-salida" aria-live="polite"></div></div>')
        data = 'data-tipo="opcion"'
    else:
        fallos = "".join(
            f'<li class="cu-q-retro cu-q-mal cu-q-r-fallo" '
            f'data-valor="{html.escape(json.dumps([m.value, m.tolerance]))}">'
            f'<strong>Si obtuvo {_fmt(m.value)}:</strong> {e(m.feedback, inline=True)}</li>'
            for m in q.mistakes
        )
        body.append(
            f'<div class="cu-q-js" style="{_HIDDEN}" hidden><div class="cu-q-fila"><label>Su respuesta: <input type="text" '
            'inputmode="decimal" autocomplete="off" class="cu-q-num"></label>'
            '<button type="button" class="cu-q-comprobar">Comprobar</button></div>'
            '<div class="cu-q-salida" aria-live="polite"></div></div>'
        )
        body.append('<p class="cu-q-sinjs"><em>Calcule su respuesta y despliegue «Ver la '
                    'respuesta» para comprobarla.</em></p>')
        body.append(
            f'<details class="cu-q-respuesta"><summary>Ver la respuesta</summary>'
            f'<p><strong>Respuesta: {html.escape(q.answer_text)}</strong> '
            f'(se acepta ± {_fmt(q.tolerance)}).</p>'
            f'<div class="cu-q-retro cu-q-bien cu-q-r-bien"><strong>✔ Correcto.</strong> '
            f'{e(q.feedback_correct, inline=True)}</div>'
            + (f"<p>Errores típicos:</p><ul class=\"cu-q-opciones\">{fallos}</ul>" if fallos else "")
            + f'<div class="cu-q-retro cu-q-mal cu-q-r-mal"><strong>✘ Otro valor.</strong> '
            f'{e(q.feedback_wrong, inline=True)}</div></details>'
        )
        answer = json.dumps([q.answer, q.tolerance, int(q.exact)])
        data = f'data-tipo="numerica" data-respuesta="{html.escape(answer)}"'
    return (
        f'<div class="cu-quiz mathjax_process" {data}><style>{_compact(_CSS)}</style>'
        + head + "".join(body) + f"<script>{_script()}</script></div>"
    )


def question_markdown(q: QuizQuestion, title: str = "Pregunta") -> str:
    """La pregunta en Markdown (para quien no muestra HTML), con la respuesta plegada."""
    lines = [f"**{title} {q.id}.** {q.prompt}", ""]
    if q.kind == "opcion":
        lines += [f"- **{LETTERS[i]}.** {o.text}" for i, o in enumerate(q.options)]
        answers = [
            f"- **{LETTERS[i]}** ({'correcta' if o.correct else 'incorrecta'}): {o.feedback}"
            for i, o in enumerate(q.options)
        ]
    else:
        answers = [f"- **Respuesta: {q.answer_text}** (± {_fmt(q.tolerance)}). "
                   f"{q.feedback_correct}"]
        answers += [f"- Si obtuvo {_fmt(m.value)}: {m.feedback}" for m in q.mistakes]
        answers += [f"- Otro valor: {q.feedback_wrong}"]
    lines += ["", "<details><summary>Respuesta y explicaciones</summary>", "", *answers, "",
              "</details>"]
    return "\n".join(lines)


def question_text(q: QuizQuestion, title: str = "Pregunta") -> str:
    """La pregunta en texto plano (una consola, un terminal), con la respuesta al final."""
    lines = [f"{title} {q.id}. {' '.join(q.prompt.split())}"]
    if q.kind == "opcion":
        lines += [f"  {LETTERS[i]}. {o.text}" for i, o in enumerate(q.options)]
        lines.append(f"(Respuesta: {q.correct_letter}.)")
    else:
        lines.append(f"(Respuesta: {q.answer_text}, ± {_fmt(q.tolerance)}.)")
    return "\n".join(lines)


@dataclass(frozen=True)
class QuestionView:
    """Lo que devuelve :func:`quiz_question`: se muestra en el cuaderno como la pregunta."""

    question: QuizQuestion

    def _repr_mimebundle_(self, include=None, exclude=None):
        q = self.question
        return {
            "text/html": question_html(q),
            "text/markdown": question_markdown(q),
            "text/plain": question_text(q),
        }

    def __repr__(self) -> str:
        return question_text(self.question)


def quiz_question(qid: str) -> QuestionView:
    """Muestra una pregunta «Compruebe lo que ha entendido» en el cuaderno.

    Parámetros
    ----------
    qid : str
        Identificador de la pregunta, ``"NN.k"`` (cuaderno y número), por ejemplo ``"05.1"``.

    Devuelve
    --------
    QuestionView
        Se muestra como la pregunta: en JupyterLab (con el cuaderno confiable, es decir, tras
        ejecutar la celda) y en el sitio web, opciones con «Comprobar»; sin JavaScript, opciones
        plegables con su explicación.

    Lanza
    -----
    TypeError, ValueError
        Si ``qid`` no es un texto «NN.k» o no existe esa pregunta.

    Ejemplos
    --------
    >>> print(repr(quiz_question("05.1")).splitlines()[0][:40])
    Pregunta 05.1. Usted solo puede entrenar
    """
    return QuestionView(_find(qid))
