"""Los ficheros de resultados tal como llegan: Excel en español, R, pandas.

:func:`read_csv_file` lee un CSV con la codificación (UTF-8 con o sin BOM, UTF-16 de Excel,
Windows-1252), el separador (coma, punto y coma, tabulador) y la coma decimal que tenga; acepta
comillas, finales de línea de Windows y separadores al final de cada fila, y rechaza en español
(con la línea y la columna) lo que no se puede leer sin adivinar: cabeceras repetidas o vacías,
filas con campos de más, números con coma y con punto decimal a la vez.

:func:`row_labels` reconoce los nombres de fila que escriben ``write.csv`` de R (cabecera ``""``
y nombres ``"1"``, ``"2"``...) y ``to_csv()`` de pandas (cabecera vacía, que ``read_csv`` llama
``Unnamed: 0``): un índice 0…N−1 o 1…N no se analiza; unos nombres son los conjuntos de datos.
"""

from __future__ import annotations

import codecs
import csv
import errno
import io
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd

from course_utils._options import option
from course_utils._validation import describe, show_value

# Los textos que ``pandas.read_csv`` lee como celda vacía (R escribe ``NA``).
_NA = frozenset({
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND",
    "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
})
_EXP = r"(?:[eE][+-]?\d+)?"
_NUMBER = {  # formas de una celda numérica, según qué separador decimal implican
    "int": re.compile(rf"[+-]?(?:\d+{_EXP}|inf|Inf|INF|infinity|Infinity)"),
    "dot": re.compile(rf"[+-]?(?:\d+\.\d*|\.\d+){_EXP}"),
    "comma": re.compile(rf"[+-]?(?:\d+,\d*|,\d+){_EXP}"),
    "dot_thousands": re.compile(r"[+-]?\d{1,3}(?:\.\d{3})+,\d+"),  # 1.234,5
    "comma_thousands": re.compile(r"[+-]?\d{1,3}(?:,\d{3})+\.\d+"),  # 1,234.5
}
_ANY_NUMBER = re.compile("|".join(f"(?P<{k}>{rx.pattern})" for k, rx in _NUMBER.items()))
_BOOLEAN = ["True", "TRUE", "true", "False", "FALSE", "false"]  # lo que lee pandas.read_csv
_MAYBE_THOUSANDS = re.compile(r"[+-]?[1-9]\d{0,2}(?:,\d{3})+")  # 1,234: ¿mil o uno coma...?
_SEPARATORS = {"\t": "tabulador", ";": "punto y coma", ",": "coma"}
#: Lo que deja ``reset_index()`` antes de ``to_csv``, y la cabecera que dan a los nombres de
#: fila de R algunos repositorios de datos (Rdatasets: «rownames»).
_ROW_INDEX_NAMES = {"index", "level_0", "rownames", "row.names", "row_names"}
_FOLD_LABEL = re.compile(
    r"(?:fold|particion|partición|partition|pliegue|split|cv)[\s_.-]*\d+", re.IGNORECASE)
_SEED_LABEL = re.compile(r"(?:seed|semilla|run|ejecucion|ejecución)[\s_.-]*\d+", re.IGNORECASE)


# ---------------------------------------------------------------------------------------------
# El fichero
# ---------------------------------------------------------------------------------------------


def read_csv_file(path: Path) -> tuple[pd.DataFrame, list[str]]:
    """Lee un CSV de resultados; devuelve la tabla y las notas para el informe."""
    if path.is_dir():
        raise ValueError(f"`data`: «{path}» es una carpeta; dé la ruta del fichero CSV.")
    if not path.is_file():
        raise FileNotFoundError(f"`data`: no existe el fichero «{path}».")
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise ValueError(f"`data`: no se pudo leer «{path}» ({_os_reason(err)}).") from err
    text, notes = _decode(raw, path)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise ValueError(f"`data`: el fichero «{path}» está vacío.")
    lines = text.split("\n")
    first = 0
    while not lines[first].strip():
        first += 1
    hint = re.fullmatch(r"sep=(.)", lines[first].strip())  # la primera línea que añade Excel
    if hint:
        sep = hint.group(1)
        first += 1
    else:
        sep = _sniff(lines[first:first + 50])
    header, rows, where = _split(lines, first, sep, path)
    header, rows = _trim(header, rows, where, sep, path, notes)
    if not rows:
        raise ValueError(f"`data`: el fichero «{path}» no tiene filas de datos.")
    table = _to_numbers(rows, where, header, sep, path)
    table.columns = header
    return table, notes


def _os_reason(err: OSError) -> str:
    """La causa de un error del sistema al leer o escribir, en español."""
    return {
        errno.EACCES: "no tiene permiso", errno.EPERM: "no tiene permiso",
        errno.ENOSPC: "no queda espacio en el disco", errno.EROFS: "el disco es de solo lectura",
        errno.EISDIR: "es una carpeta", errno.ENOENT: "no existe",
        errno.ENOTDIR: "una parte de la ruta no es una carpeta",
    }.get(err.errno, f"error del sistema {err.errno}")


def _decode(raw: bytes, path: Path) -> tuple[str, list[str]]:
    if raw.startswith(b"PK\x03\x04"):
        raise ValueError(
            f"`data`: «{path}» parece un libro de Excel (.xlsx), no un CSV: ábralo y guárdelo "
            "como «CSV UTF-8 (delimitado por comas)», o léalo con pandas.read_excel y pase la "
            "tabla."
        )
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # «Texto Unicode» de Excel
        try:
            return raw.decode("utf-16"), []
        except UnicodeDecodeError:
            raise ValueError(f"`data`: «{path}» empieza como UTF-16, pero no lo es entero; "
                             "guárdelo como «CSV UTF-8».") from None
    if b"\x00" in raw:
        raise ValueError(f"`data`: «{path}» no es un fichero de texto (tiene bytes nulos).")
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError as err:
        raise ValueError(
            f"`data`: «{path}» no está en UTF-8 ni en Windows-1252 (byte 0x{raw[err.start]:02x} "
            f"en la posición {err.start}): guárdelo como «CSV UTF-8»."
        ) from None
    return text, ["El fichero no estaba en UTF-8: se leyó como Windows-1252, la codificación "
                  "que usa Excel en español. Compruebe que los nombres con tildes o eñes se ven "
                  "bien en el informe."]


def _fields(line: str, sep: str) -> list[str]:
    try:
        return next(csv.reader([line], delimiter=sep, skipinitialspace=True))
    except (csv.Error, StopIteration):
        return [line]


def _sniff(sample: list[str]) -> str:
    """El separador que da más columnas en la cabecera (y, si empatan, filas como ella)."""
    rows = [line for line in sample if line.strip()]

    def score(sep: str) -> tuple[int, int]:
        width = len(_fields(rows[0], sep))
        agree = sum(len(_fields(line, sep)) == width for line in rows[1:])
        return width, agree

    return max(_SEPARATORS, key=score)


def _split(lines: list[str], first: int, sep: str, path: Path):
    """Cabecera, filas no vacías (campos sin espacios alrededor) y la línea de cada una."""
    body = "\n".join(lines[first:])
    options = dict(delimiter=sep, skipinitialspace=True, strict=True)
    try:
        parsed = list(csv.reader(io.StringIO(body), **options))
        if len(parsed) == len(body.splitlines()):  # una fila por línea
            starts = range(first + 1, first + 1 + len(parsed))
        else:  # algún campo entre comillas ocupa varias líneas
            starts = _row_starts(body, first, options)
    except csv.Error:
        line = _row_starts(body, first, options)
        raise ValueError(
            f"`data`: no se pudo leer «{path}»: hay unas comillas (\") mal cerradas en la "
            f"línea {line}. Un campo entre comillas debe terminar en comillas seguidas "
            f"del separador («{_SEPARATORS.get(sep, sep)}»); revise esa línea."
        ) from None
    rows = [[f.strip() for f in fields] for fields in parsed]
    keep = [i for i, r in enumerate(rows) if any(r)]
    header = rows[keep[0]]
    if len(header) < 2:
        raise ValueError(
            f"`data`: no se pudo leer «{path}» como tabla: la cabecera («{lines[first].strip()}») "
            "tiene una sola columna. Separe las columnas con comas, punto y coma o tabuladores."
        )
    return header, [rows[i] for i in keep[1:]], [starts[i] for i in keep[1:]]


def _row_starts(body: str, first: int, options: dict):
    """La línea del fichero donde empieza cada fila; la de la fila que no se puede leer, si hay
    una (un entero en vez de la lista)."""
    reader = csv.reader(io.StringIO(body), **options)
    starts, start = [], first + 1
    while True:
        try:
            next(reader)
        except StopIteration:
            return starts
        except csv.Error:
            return start
        starts.append(start)
        start = first + reader.line_num + 1


def _trim(header, rows, where, sep, path, notes):
    """Separadores al final de las filas, nombres de fila sin cabecera y cabeceras malas."""
    width = len(header)
    extra = [r for r in rows if len(r) > width]
    if extra and not any(any(r[width:]) for r in extra):
        rows = [r[:width] for r in rows]  # «a;b;c;» en los datos
    elif rows and all(len(r) == width + 1 and r[-1] for r in rows):
        header = [""] + header  # write.table de R: la cabecera no tiene la columna de nombres
        notes.append("La cabecera tiene un nombre menos que las filas: el primer campo de cada "
                     "fila se lee como el nombre de la fila, como lo escribe write.table de R.")
    while len(header) > 1 and not header[-1]:  # «a;b;c;» también en la cabecera
        j = len(header) - 1
        used = [(line, r[j]) for r, line in zip(rows, where) if len(r) > j and r[j]]
        if used:
            break
        header = header[:-1]
        rows = [r[:j] for r in rows]
    width = len(header)
    for j, name in enumerate(header):
        if not name and j > 0:
            raise ValueError(
                f"`data`: la columna {j + 1} de «{path}» no tiene nombre en la cabecera: "
                "escriba el del modelo (o el papel de la columna) o quite la columna."
            )
    seen: dict[str, int] = {}
    for j, name in enumerate(header):
        if name in seen:
            raise ValueError(
                f"`data`: la cabecera de «{path}» repite el nombre «{name}» (columnas "
                f"{seen[name] + 1} y {j + 1}): cada columna necesita un nombre distinto, o no se "
                "sabe de cuál es cada puntuación. Renombre una."
            )
        seen[name] = j
    for r, line in zip(rows, where):
        if len(r) > width:
            hint = ""
            if sep == "," and any(_NUMBER["int"].fullmatch(f) for f in r[width:]):
                hint = (" Si los números llevan coma decimal, la coma no puede separar también "
                        "las columnas: guárdelo separado por punto y coma («;»).")
            raise ValueError(
                f"`data`: no se pudo leer «{path}» como CSV separado por «{sep}»: la línea "
                f"{line} tiene {len(r)} campos y la cabecera {width} (sobra «{r[width]}» "
                f"después de la columna «{header[-1]}»).{hint}"
            )
    for r in rows:
        if len(r) < width:  # una fila corta: las celdas que faltan, vacías
            r.extend([""] * (width - len(r)))
    return header, rows


def _to_numbers(rows: list[list[str]], where: list[int], header: list[str], sep: str,
                path: Path) -> pd.DataFrame:
    """Convierte a número las columnas que lo son, con el separador decimal del fichero.

    Cada valor distinto se clasifica una vez (entero, con punto, con coma, con separador de
    miles o texto); el separador decimal sale de todas las columnas numéricas a la vez.
    """
    columns = [list(c) for c in zip(*rows)]
    kinds, numeric, first = [], {}, {k: [] for k in _NUMBER}
    comma_cells = unambiguous = 0
    for j, cells in enumerate(columns):
        tally = Counter(cells)
        kind = {u: _kind(u) for u in tally if u not in _NA}
        kinds.append(kind)
        counts = {k: 0 for k in _NUMBER}
        n_text = 0
        for u, k in kind.items():
            if k:
                counts[k] += tally[u]
            else:
                n_text += tally[u]
        n_numbers = sum(counts.values())
        if n_numbers == 0 or n_numbers <= n_text:
            continue  # una columna de textos
        numeric[j] = n_text == 0  # si no, alguna celda anotada («0,842 (1)»): se dirá después
        for k in _NUMBER:
            if counts[k]:
                first[k].append((j, next(i for i, c in enumerate(cells) if kind.get(c) == k)))
        comma_cells += counts["comma"]
        if sep == ",":
            unambiguous += sum(tally[u] for u, k in kind.items() if k == "comma"
                               and not _MAYBE_THOUSANDS.fullmatch(u))
    comma = first["comma"] + first["dot_thousands"]
    dot = first["dot"] + first["comma_thousands"]
    if comma and dot:
        (jc, ic), (jd, id_) = comma[0], dot[0]
        raise ValueError(
            f"`data`: «{path}» mezcla la coma y el punto decimal: «{rows[ic][jc]}» (línea "
            f"{where[ic]}, columna «{header[jc]}») y «{rows[id_][jd]}» (línea {where[id_]}, "
            f"columna «{header[jd]}»). Use el mismo separador decimal en todo el fichero."
        )
    decimal = "," if comma else "."
    if sep == "," and comma_cells and not unambiguous and not first["dot_thousands"]:
        j, i = first["comma"][0]
        raise ValueError(
            f"`data`: en «{path}» no se sabe si «{rows[i][j]}» (línea {where[i]}, columna "
            f"«{header[j]}») lleva coma decimal o separador de miles. Guárdelo con punto "
            "decimal y sin separador de miles, o separado por punto y coma («;»)."
        )
    thousands = "." if decimal == "," else ","
    out = {}
    for j, cells in enumerate(columns):
        series = pd.Series(cells, dtype=object)
        if j in numeric:
            keys = [u for u, k in kinds[j].items() if k]
            text = [u.replace(thousands, "").replace(",", ".") for u in keys]
            values = dict(zip(keys, pd.to_numeric(pd.Series(text, dtype=object)).tolist()))
            if numeric[j]:
                out[j] = pd.to_numeric(series.map(values))
            else:  # los números, como números; el resto, tal cual (para el mensaje de error)
                out[j] = series.map(lambda c: values.get(c, np.nan if c in _NA else c))
        else:
            series = series.mask(series.isin(_NA))
            if series.notna().all() and series.isin(_BOOLEAN).all():
                series = series.str.lower().eq("true")
            out[j] = series
    return pd.DataFrame(out)


def _kind(cell: str) -> str | None:
    """La forma numérica de una celda (una clave de ``_NUMBER``) o None si es un texto."""
    match = _ANY_NUMBER.fullmatch(cell)
    return match.lastgroup if match else None


# ---------------------------------------------------------------------------------------------
# Nombres de fila
# ---------------------------------------------------------------------------------------------


def unnamed(name: object) -> bool:
    """Si el nombre de una columna es el de una columna sin nombre en la cabecera."""
    return name is None or (isinstance(name, str) and (
        not name.strip() or re.fullmatch(r"Unnamed: \d+(?:\.\d+)?(?:_level_\d+)?", name)
        is not None))


def index_to_column(data: pd.DataFrame) -> pd.DataFrame:
    """El índice de un ``DataFrame`` pasa a ser una columna si dice algo de las filas.

    Un índice con nombre (``conjunto``) es una columna más; un índice sin nombre con textos
    (los nombres de los conjuntos) pasa a ser la primera columna, sin nombre; un índice de
    enteros sin nombre (el ``RangeIndex`` de pandas) no dice nada y se quita.
    """
    if data.columns.duplicated().any():
        name = data.columns[data.columns.duplicated()][0]
        raise ValueError(
            f"`data` tiene dos columnas llamadas «{name}»: cada columna necesita un nombre "
            "distinto, o no se sabe de cuál es cada puntuación. Renombre una."
        )
    empty = [c for c in data.columns if isinstance(c, str) and c.startswith("Unnamed: ")
             and c != data.columns[0] and data[c].isna().all()]
    data = data.drop(columns=empty)  # lo que deja read_csv de un separador al final de cada fila
    if any(name is not None for name in data.index.names):
        for name in data.index.names:
            if name is not None and name in data.columns:
                if not np.array_equal(data.index.get_level_values(name).astype(str),
                                      data[name].astype(str)):
                    raise ValueError(
                        f"`data` tiene «{name}» como índice y como columna, con valores "
                        "distintos: no se sabe cuál usar. Quite uno de los dos "
                        "(`data.reset_index(drop=True)` quita el índice)."
                    )
                return data.reset_index(drop=True)  # el índice repite la columna
        return data.reset_index()
    index = data.index
    if isinstance(index, pd.MultiIndex) or pd.api.types.is_numeric_dtype(index.dtype) \
            or pd.api.types.is_bool_dtype(index.dtype):
        return data.reset_index(drop=True)
    if "" in data.columns:
        raise ValueError("`data` tiene una columna sin nombre y un índice sin nombre con "
                         "textos: dé nombre a la columna o al índice (`data.index.name`).")
    out = data.reset_index(drop=True)
    out.insert(0, "", index.to_numpy())
    return out


def _index_kind(values: pd.Series) -> str | None:
    """«0…N−1», «1…N», «distintos» o «concatenados» si es un índice de filas; si no, None."""
    ints = pd.to_numeric(values, errors="coerce")
    if ints.isna().any() or not np.all(np.mod(ints.to_numpy(dtype=float), 1) == 0):
        return None
    v = ints.to_numpy(dtype=np.int64)
    n = len(v)
    if np.array_equal(v, np.arange(n)):
        return "0…N−1"
    if np.array_equal(v, np.arange(1, n + 1)):
        return "1…N"
    if v.min() < 0:
        return None
    if len(np.unique(v)) == n:
        return "distintos"
    steps = np.diff(v)
    if v[0] == 0 and np.all((steps == 1) | (v[1:] == 0)):
        return "concatenados"
    return None


def row_labels(table: pd.DataFrame, index_col: object, *, label: object = None,
               dataset: object = None, fold: object = None, seed: object = None,
               from_index: bool = False, again: bool = False) -> tuple[pd.DataFrame, list[str]]:
    """Reconoce la columna de nombres de fila; devuelve la tabla y las notas para el informe.

    ``index_col`` es None (la primera columna si no tiene nombre en la cabecera), el nombre o
    la posición (desde 0) de la columna, o False (no hay nombres de fila). ``label``,
    ``dataset``, ``fold`` y ``seed`` son las columnas que ya tienen ese papel (o None);
    ``from_index``, si la primera columna era el índice sin nombre de un ``DataFrame``;
    ``again``, si ya se quitó otra columna de nombres de fila antes que esta.
    """
    if index_col is False:
        return table, []
    columns = list(table.columns)
    if index_col is None:
        if not columns or not (unnamed(columns[0]) or columns[0] in _ROW_INDEX_NAMES):
            return table, []
        col, explicit = columns[0], False
    else:
        col, explicit = _resolve(index_col, columns), True
    first = unnamed(col) and columns.index(col) == 0
    what = ("El índice de la tabla, sin nombre," if first and from_index else
            "La siguiente columna, también sin nombre," if first and again else
            "La primera columna, sin nombre en la cabecera," if first else f"La columna «{col}»")
    values = table[col]
    rest = table.drop(columns=col)
    if values.isna().all():
        return rest, [f"{what} está vacía y no se analiza."]
    kind = _index_kind(values)
    if kind is not None and (not explicit or kind in ("0…N−1", "1…N")):
        whose = {"0…N−1": "el índice 0…N−1 que escribe pandas con to_csv()",
                 "1…N": "los nombres de fila 1…N que escribe R con write.csv",
                 "distintos": "enteros distintos sin orden, como el índice de una tabla filtrada "
                              "u ordenada antes de guardarla",
                 "concatenados": "índices 0, 1, 2... que vuelven a empezar, como los de tablas "
                                 "unidas con pandas.concat"}[kind]
        hint = "" if kind in ("0…N−1", "1…N") or label is not None else (
            " Si esos números identifican los conjuntos de datos, indíquelo con "
            f"{option('index_col', columns.index(col))}.")
        return rest, [f"{what} es un índice de filas ({whose}) y no se analiza.{hint}"]
    if pd.api.types.is_numeric_dtype(values.dtype) and not explicit:
        sample = ", ".join(show_value(v) for v in values.dropna().iloc[:3])
        raise ValueError(
            f"`data`: {what[0].lower()}{what[1:]} tiene números ({sample}...) que no son un "
            "índice de filas 0…N−1 ni 1…N. Si son las puntuaciones de un modelo, escriba su "
            "nombre en la cabecera; si identifican los conjuntos de datos, indíquelo con "
            f"{option('index_col', columns.index(col))}."
        )
    if label is not None and label != col:
        return rest, [f"{what} tiene los nombres de los ejemplos de prueba y no se analiza (los "
                      "ejemplos se emparejan por su posición)."]
    if values.isna().any():
        row = int(np.flatnonzero(values.isna().to_numpy())[0])
        raise ValueError(
            f"`data`: {what[0].lower()}{what[1:]} tiene los nombres de las filas, pero la fila "
            f"{row + 1} de datos no tiene nombre."
        )
    texts = values.astype(str)
    for pattern, role, given, plural in (
        (_FOLD_LABEL, "particion", fold, "particiones de validación cruzada"),
        (_SEED_LABEL, "semilla", seed, "semillas"),
    ):
        if given is None and texts.str.fullmatch(pattern).all():
            return (table.rename(columns={col: role}),
                    [f"{what} tiene nombres de fila como «{texts.iloc[0]}»: se leen como "
                     f"{plural}."])
    if dataset is not None and dataset != col:
        if texts.tolist() == table[dataset].astype(str).tolist():
            return rest, [f"{what} repite la columna «{dataset}» y no se analiza."]
        raise ValueError(
            f"`data`: {what[0].lower()}{what[1:]} tiene nombres de fila («{texts.iloc[0]}», "
            f"«{texts.iloc[min(1, len(texts) - 1)]}»...) y la tabla ya tiene una columna de "
            f"conjuntos de datos, «{dataset}»: no se sabe cuál usar. Quite una de las dos."
        )
    if dataset == col:
        return table, []
    if explicit and not unnamed(col):
        note = f"La columna «{col}» tiene los nombres de los conjuntos de datos."
    elif from_index:
        note = f"{what} tiene nombres de fila: se leen como los conjuntos de datos."
    else:
        note = (f"{what} tiene nombres de fila (como los que escriben write.csv de R y "
                "to_csv() de pandas): se leen como los conjuntos de datos.")
    return table.rename(columns={col: "conjunto"}), [note]


def _resolve(index_col: object, columns: list) -> object:
    if isinstance(index_col, bool) or not isinstance(index_col, (int, np.integer, str)):
        raise TypeError(
            "`index_col` debe ser el nombre o la posición (0 es la primera) de la columna con "
            f"los nombres de fila, False o None; se recibió {describe(index_col)}."
        )
    if isinstance(index_col, str):
        if index_col not in columns:
            raise ValueError(
                f"{option('index_col')}: la columna «{index_col}» no está en la tabla (columnas: "
                f"{', '.join(map(str, columns))})."
            )
        return index_col
    if not 0 <= int(index_col) < len(columns):
        raise ValueError(
            f"{option('index_col')}: no hay ninguna columna en esa posición; la tabla tiene "
            f"{len(columns)} ({', '.join(map(str, columns))})."
        )
    return columns[int(index_col)]


# ---------------------------------------------------------------------------------------------
# Particiones en columnas: ``cv_results_`` de scikit-learn
# ---------------------------------------------------------------------------------------------

_SPLIT = re.compile(r"split(\d+)_test_(.+)")


def cv_results_to_long(table: pd.DataFrame, measure: str | None = None
                       ) -> tuple[pd.DataFrame, list[str]] | None:
    """La tabla ``cv_results_`` de ``GridSearchCV`` (o ``RandomizedSearchCV``, ``cross_validate``
    de varias configuraciones), en forma larga: una fila por configuración y partición.

    En ``cv_results_`` cada fila es una configuración (un modelo) y las particiones están en
    columnas (``split0_test_score``, ``split1_test_score``...; ``split0_test_accuracy``... con
    varias medidas). Devuelve la tabla larga (``modelo``, ``particion`` y una columna por
    medida) y la nota para el informe, o None si la tabla no tiene esa forma. Con más de 10
    configuraciones, se quedan las de mayor media en ``measure`` (si es una de las medidas; si
    no, la primera).
    """
    found = [(c, _SPLIT.fullmatch(str(c))) for c in table.columns]
    splits = {c: (int(m.group(1)), m.group(2)) for c, m in found if m}
    if len({i for i, _ in splits.values()}) < 2:
        return None
    names = _configuration_names(table)
    rows = []
    for column, (i, measure) in splits.items():
        rows.append(pd.DataFrame({"modelo": names, "particion": i, "medida": measure,
                                  "valor": pd.to_numeric(table[column], errors="coerce")}))
    long = pd.concat(rows, ignore_index=True)
    wide = long.pivot_table(index=["modelo", "particion"], columns="medida", values="valor",
                            sort=False, dropna=False).reset_index()
    wide.columns.name = None
    measures = list(dict.fromkeys(m for _, m in splits.values()))
    wide = wide[["modelo", "particion"] + measures]
    first, last = min(i for i, _ in splits.values()), max(i for i, _ in splits.values())
    note = (f"La tabla tiene la forma de cv_results_ de scikit-learn: cada fila es una "
            f"configuración (un modelo) y las columnas split{first}_test_… a split{last}_test_…, "
            "sus particiones; las medias, desviaciones, rangos y tiempos no se analizan.")
    wide, top_note = _top_configurations(wide, measure if measure in measures else measures[0])
    return wide, [note] + top_note


#: Configuraciones de una búsqueda de hiperparámetros que compara el informe (las de mayor media).
TOP_CONFIGURATIONS = 10


def _top_configurations(wide: pd.DataFrame, measure: str) -> tuple[pd.DataFrame, list[str]]:
    """Con más de :data:`TOP_CONFIGURATIONS` configuraciones, las de mayor media en ``measure``
    (scikit-learn puntúa siempre de forma que mayor es mejor: ``neg_mean_squared_error``...)."""
    means = wide.groupby("modelo", sort=False)[measure].mean()
    n = len(means)
    if n <= TOP_CONFIGURATIONS:
        return wide, []
    top = means.sort_values(ascending=False, kind="stable").index[:TOP_CONFIGURATIONS]
    note = (f"La búsqueda tiene {n} configuraciones: se comparan las {TOP_CONFIGURATIONS} de "
            f"mayor media en «{measure}» (las {n - TOP_CONFIGURATIONS} restantes no se "
            f"analizan). La mejor se eligió entre {n} mirando estas mismas particiones, así que "
            "su ventaja sobre las demás está sesgada a su favor (el sesgo de la selección "
            f"crece con el número de candidatas); para estimar su rendimiento sin ese sesgo "
            "hace falta un conjunto de prueba aparte o una validación cruzada anidada.")
    return wide[wide["modelo"].isin(top)].reset_index(drop=True), [note]


def _configuration_names(table: pd.DataFrame) -> list[str]:
    """El nombre de cada configuración: sus hiperparámetros (``params`` o ``param_*``)."""
    import ast

    if "params" in table.columns:
        names = []
        for text in table["params"].astype(str):
            try:
                params = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                params = None
            names.append(" ".join(f"{k}={v}" for k, v in params.items())
                         if isinstance(params, dict) else text)
    else:
        params = [c for c in table.columns if str(c).startswith("param_")]
        names = [" ".join(f"{str(c)[6:]}={row[c]}" for c in params if pd.notna(row[c]))
                 for _, row in table.iterrows()] if params else []
    if not names or len(set(names)) < len(names):
        names = [f"configuración {i + 1}" for i in range(len(table))]
    return names
