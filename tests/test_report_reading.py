"""Leer las tablas de resultados tal como llegan: ``analyze_results`` y ``informe``.

Cada fichero se construye aquí byte a byte (Windows-1252, BOM, finales de línea de Windows,
tabuladores, coma decimal, separadores al final, cabeceras repetidas, la salida de
``write.csv`` de R y de ``to_csv()`` de pandas); el diseño elegido y el valor p clave se
comprueban contra scipy (``wilcoxon``, ``friedmanchisquare``, ``binomtest``) o la fórmula
calculada aquí con los mismos números, nunca contra la salida de la propia función. Si R
está instalado, el fichero de ``write.csv`` lo escribe el propio R.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu
from course_utils.__main__ import OPTIONS, main

ROOT = Path(__file__).resolve().parent.parent
SEED = 20260311
NAMES = ["iris", "vino", "cáncer de mama", "señales", "año bisiesto", "diabetes", "vidrio",
         "ionosfera", "sonar", "corazón", "hepatitis", "lentes"]


def _scores(n=12, models=("Árbol", "Señal"), seed=SEED):
    """Una puntuación por conjunto y modelo, sin empates (el primero, algo mejor)."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.6, 0.9, n)
    return {m: np.round(base + 0.02 * (len(models) - i) + rng.normal(0, 0.015, n), 4)
            for i, m in enumerate(models)}


def _wilcoxon_p(scores):
    a, b = scores.values()
    return stats.wilcoxon(a, b).pvalue


def _iman_davenport_p(scores):
    """p de la F de Iman y Davenport a partir del χ² de Friedman de scipy (sin empates)."""
    cols = list(scores.values())
    n, k = len(cols[0]), len(cols)
    chi2 = stats.friedmanchisquare(*cols).statistic
    f = (n - 1) * chi2 / (n * (k - 1) - chi2)
    return stats.f.sf(f, k - 1, (k - 1) * (n - 1))


def _num(x, decimal="."):
    return f"{x:.4f}".replace(".", decimal)


def _lines(header, rows, sep, decimal=".", end="\n", trailing="", quote_names=False):
    q = (lambda s: f'"{s}"') if quote_names else str
    out = [sep.join(q(h) for h in header) + trailing]
    for name, values in rows:
        cells = [q(name)] if name is not None else []
        out.append(sep.join(cells + [_num(v, decimal) for v in values]) + trailing)
    return end.join(out) + end


def _rows(scores, names=NAMES):
    return list(zip(names, zip(*scores.values())))


def _write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def _cli(*args):
    """Ejecuta la orden dentro del proceso; devuelve (código, salida, errores)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["informe", *map(str, args)])
    return code, out.getvalue(), err.getvalue()


def _error_line(err):
    return next(line for line in err.splitlines() if "error:" in line)


# --- Nombres de fila: write.csv de R y to_csv() de pandas ------------------------------------


def test_r_write_csv_with_row_numbers_and_quoted_names(tmp_path):
    """write.csv(df) de R: cabecera «""», nombres de fila "1", "2"... y textos entre comillas."""
    s = _scores()
    lines = ['"","conjunto","Árbol","Señal"']
    lines += [f'"{i}","{n}",{a},{b}' for i, (n, (a, b)) in enumerate(_rows(s), start=1)]
    path = _write(tmp_path, "r.csv", "\n".join(lines) + "\n")
    r = cu.analyze_results(path, metric="exactitud")
    assert r.design == "datasets" and r.models == ("Árbol", "Señal") and r.n_units == 12
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    assert any("1…N" in n and "write.csv" in n for n in r.notes)
    assert "1…N" in r.to_markdown()
    code, out, _ = _cli(path, "--medida", "exactitud")
    assert code == 0 and "1…N" in out


def test_r_write_csv_with_data_set_names_as_row_names(tmp_path):
    s = _scores(models=("A", "B", "C"))
    lines = ['"","A","B","C"'] + [f'"{n}",{a},{b},{c}' for n, (a, b, c) in _rows(s)]
    path = _write(tmp_path, "r.csv", "\r\n".join(lines) + "\r\n")
    r = cu.analyze_results(path, metric="exactitud")
    assert r.design == "datasets" and r.models == ("A", "B", "C") and r.n_units == 12
    assert r.omnibus["pvalue"] == pytest.approx(_iman_davenport_p(s), rel=1e-9)
    assert any("conjuntos de datos" in n for n in r.notes)


@pytest.mark.skipif(shutil.which("Rscript") is None, reason="R no está instalado")
@pytest.mark.parametrize("row_names", ["numbers", "names"])
def test_files_written_by_r_itself(tmp_path, row_names):
    s = _scores(models=("A", "B", "C"), seed=SEED + 1)
    cols = ", ".join(f"{m} = c({', '.join(map(repr, map(float, v)))})" for m, v in s.items())
    names = "c(" + ", ".join(f'"{n}"' for n in NAMES) + ")"
    setup = (f"df <- data.frame(conjunto = {names}, {cols})" if row_names == "numbers" else
             f"df <- data.frame({cols}, row.names = {names})")
    path = tmp_path / "r.csv"
    script = f'{setup}; write.csv(df, "{path}", fileEncoding = "UTF-8")'
    subprocess.run(["Rscript", "-e", script], check=True, capture_output=True)
    assert path.read_text(encoding="utf-8").startswith('""')
    r = cu.analyze_results(path, metric="exactitud")
    assert r.design == "datasets" and r.models == ("A", "B", "C") and r.n_units == 12
    assert r.omnibus["pvalue"] == pytest.approx(_iman_davenport_p(s), rel=1e-9)
    code, _, err = _cli(path, "--medida", "exactitud")
    assert code == 0, err


def test_pandas_to_csv_default_index_is_ignored_and_said(tmp_path):
    """to_csv() con el RangeIndex: la columna «Unnamed: 0» no es un algoritmo más."""
    s = _scores(models=("A", "B", "C"))
    long = pd.DataFrame([{"conjunto": n, "algoritmo": m, "exactitud": v}
                         for m, vals in s.items() for n, v in zip(NAMES, vals)])
    path = tmp_path / "largo.csv"
    long.to_csv(path)
    assert path.read_text().startswith(",conjunto")
    r = cu.analyze_results(path, metric="exactitud")
    assert r.design == "datasets" and r.models == ("A", "B", "C")
    assert r.omnibus["pvalue"] == pytest.approx(_iman_davenport_p(s), rel=1e-9)
    assert any("0…N−1" in n and "to_csv()" in n for n in r.notes)
    # lo mismo si se leyó con pandas.read_csv antes de pasar la tabla
    again = cu.analyze_results(pd.read_csv(path), metric="exactitud")
    assert "Unnamed: 0" in pd.read_csv(path).columns and again.models == ("A", "B", "C")
    assert again.omnibus["pvalue"] == pytest.approx(r.omnibus["pvalue"], rel=1e-12)


def test_pandas_to_csv_with_a_names_index(tmp_path):
    s = _scores()
    wide = pd.DataFrame(s, index=NAMES)
    path = tmp_path / "ancha.csv"
    wide.to_csv(path)
    r = cu.analyze_results(path, metric="exactitud")
    assert r.design == "datasets" and r.models == ("Árbol", "Señal")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    # el DataFrame con ese índice sin nombre (antes pedía design='datasets')
    r2 = cu.analyze_results(wide, metric="exactitud")
    assert r2.design == "datasets" and r2.n_units == 12
    assert r2.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    assert any(n.startswith("El índice de la tabla") for n in r2.notes)
    # con nombre, el índice es una columna más (como antes)
    named = wide.rename_axis("conjunto")
    assert cu.analyze_results(named, metric="exactitud").notes == r2.notes[1:]


def test_wide_test_set_with_a_default_index_keeps_working(tmp_path):
    rng = np.random.default_rng(SEED)
    y = rng.integers(0, 2, 300)
    a = np.where(rng.random(300) < 0.88, y, 1 - y)
    b = np.where(rng.random(300) < 0.80, y, 1 - y)
    table = pd.DataFrame({"y_true": y, "A": a, "B": b})
    n01, n10 = int(np.sum((a == y) & (b != y))), int(np.sum((a != y) & (b == y)))
    mid_p = stats.binomtest(n01, n01 + n10).pvalue - stats.binom.pmf(n01, n01 + n10, 0.5)
    for data in (table, table.set_axis([f"e{i}" for i in range(300)])):
        r = cu.analyze_results(data)
        assert r.design == "test_set" and r.models == ("A", "B")
        assert r.comparisons.pvalue.iloc[0] == pytest.approx(mid_p, rel=1e-9)
    path = tmp_path / "prueba.csv"
    table.to_csv(path)
    r = cu.analyze_results(path)
    assert r.models == ("A", "B") and r.comparisons.pvalue.iloc[0] == pytest.approx(mid_p)
    assert any("0…N−1" in n for n in r.notes)


def test_index_col_from_python_and_from_the_command_line(tmp_path):
    s = _scores()
    # «Estimators:» es la cabecera que escribe aeon sobre los nombres de los conjuntos
    table = pd.DataFrame({"Estimators:": NAMES, **s})
    r = cu.analyze_results(table, metric="exactitud", index_col="Estimators:")
    assert r.design == "datasets" and r.models == ("Árbol", "Señal")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    assert cu.read_results(table, index_col=0).columns[0] == "conjunto"
    # un nombre que ya dice que son los conjuntos («problem») se queda como está
    problem = table.rename(columns={"Estimators:": "problem"})
    assert cu.read_results(problem, index_col=0).columns[0] == "problem"
    assert cu.analyze_results(problem, metric="exactitud", index_col="problem").n_units == 12
    path = tmp_path / "t.csv"
    table.to_csv(path, index=False)
    for option in ("Estimators:", "1"):
        code, out, err = _cli(path, "--medida", "exactitud", "--columna-indice", option)
        assert code == 0, err
        assert "Wilcoxon" in out
    # «ninguna» (index_col=False): la primera columna sin nombre es una columna más
    unnamed = tmp_path / "u.csv"
    pd.DataFrame(s).to_csv(unnamed)
    assert cu.read_results(unnamed).shape == (12, 2)
    assert cu.read_results(unnamed, index_col=False).shape == (12, 3)
    code, _, err = _cli(unnamed, "--medida", "exactitud", "--columna-indice", "ninguna")
    # una columna más, pero sin nombre: no puede ser un modelo sin decirlo
    assert code == 2 and "no se sabe si una columna es un modelo: «» no tiene nombre" in err


def test_integer_row_labels_that_are_not_an_index_need_index_col():
    s = _scores(n=12)
    ids = np.repeat([3, 7, 11, 15, 19, 23], 2)
    table = pd.DataFrame({"": ids[:12], **s})
    with pytest.raises(ValueError,
                       match=r"no son un índice de filas 0…N−1 ni 1…N.*`index_col=0`"):
        cu.analyze_results(table, metric="exactitud")
    # distintos y sin orden: el índice de una tabla filtrada u ordenada, se ignora y se dice
    ordered = pd.DataFrame({"conjunto": NAMES, **s}).sort_values("Árbol")
    r = cu.analyze_results(ordered.reset_index().rename(columns={"index": ""}),
                           metric="exactitud")
    assert r.models == ("Árbol", "Señal") and any("filtrada u ordenada" in n for n in r.notes)


def test_fold_names_as_row_labels_are_folds_not_data_sets():
    rng = np.random.default_rng(SEED)
    a = 0.80 + rng.normal(0, 0.01, 10)
    b = a - 0.006 + rng.normal(0, 0.004, 10)
    table = pd.DataFrame({"A": a, "B": b}, index=[f"Fold{i}" for i in range(1, 11)])
    r = cu.analyze_results(table, metric="exactitud", test_train_ratio=1 / 9)
    assert r.design == "cv"
    d = a - b
    t = d.mean() / np.sqrt((1 / 10 + 1 / 9) * d.var(ddof=1))
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(2 * stats.t.sf(abs(t), 9), rel=1e-9)


# --- Ficheros desordenados -------------------------------------------------------------------


def test_excel_in_spanish_windows_1252_semicolon_decimal_comma_crlf(tmp_path):
    s = _scores(models=("Árbol", "Señal", "Regresión"))
    text = _lines(["conjunto"] + list(s), _rows(s), ";", decimal=",", end="\r\n")
    path = _write(tmp_path, "excel.csv", text, encoding="cp1252")
    assert "ó".encode("cp1252") in path.read_bytes()
    r = cu.analyze_results(path, metric="exactitud")
    assert r.models == ("Árbol", "Señal", "Regresión") and r.n_units == 12
    assert r.omnibus["pvalue"] == pytest.approx(_iman_davenport_p(s), rel=1e-9)
    assert any("Windows-1252" in n for n in r.notes)
    assert list(cu.read_results(path)["conjunto"])[2] == "cáncer de mama"


@pytest.mark.parametrize("variant", ["bom", "tab", "utf16", "sep_line", "quoted_comma",
                                     "spaces", "blank_lines", "trailing", "trailing_header",
                                     "write_table"])
def test_messy_variants_give_the_same_analysis(tmp_path, variant):
    s = _scores()
    header = ["conjunto"] + list(s)
    encoding = "utf-8"
    if variant == "bom":
        text = "\ufeff" + _lines(header, _rows(s), ",")
    elif variant == "tab":
        text = _lines(header, _rows(s), "\t", decimal=",")
    elif variant == "utf16":  # «Texto Unicode» de Excel: UTF-16 con BOM y tabuladores
        text, encoding = "\ufeff" + _lines(header, _rows(s), "\t", decimal=",", end="\r\n"), \
            "utf-16-le"
    elif variant == "sep_line":  # Excel a veces escribe «sep=;» en la primera línea
        text = "sep=;\n" + _lines(header, _rows(s), ";", decimal=",")
    elif variant == "quoted_comma":  # separado por comas, con «"0,85"» entre comillas
        text = "conjunto,Árbol,Señal\n" + "".join(
            f'{n},"{_num(a, ",")}","{_num(b, ",")}"\n' for n, (a, b) in _rows(s))
    elif variant == "spaces":
        text = _lines(header, _rows(s), "; ", decimal=",")
    elif variant == "blank_lines":
        text = "\n" + _lines(header, _rows(s), ";", decimal=",").replace("\n", "\n\n", 3)
    elif variant == "trailing":  # «a;b;c;» en las filas de datos, no en la cabecera
        text = _lines(header, _rows(s), ";", decimal=",").replace("\n", ";\n")
        text = text.replace("Señal;\n", "Señal\n", 1)
    elif variant == "trailing_header":
        text = _lines(header, _rows(s), ";", decimal=",", trailing=";")
    else:  # write.table de R: la cabecera no tiene la columna de los nombres de fila
        text = _lines(list(s), _rows(s), ";", decimal=",", quote_names=True)
    path = _write(tmp_path, f"{variant}.csv", text, encoding)
    r = cu.analyze_results(path, metric="exactitud")
    assert r.design == "datasets" and r.models == ("Árbol", "Señal") and r.n_units == 12
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    code, out, err = _cli(path, "--medida", "exactitud")
    assert code == 0, err
    assert "Wilcoxon" in out and "Señal" in out


def test_trailing_semicolon_no_longer_shifts_the_columns(tmp_path):
    """Antes: «falta SVM en 0.8352» (pandas tomaba la primera columna como índice)."""
    s = _scores(models=("RF", "SVM"))
    text = _lines(["conjunto", "RF", "SVM"], _rows(s), ";").replace("\n", ";\n")
    text = text.replace("SVM;\n", "SVM\n", 1)
    table = cu.read_results(_write(tmp_path, "t.csv", text))
    assert list(table.columns) == ["conjunto", "RF", "SVM"]
    np.testing.assert_array_equal(table["SVM"], s["SVM"])


def test_missing_values_written_by_r_are_empty_cells(tmp_path):
    s = _scores(models=("A", "B", "C"))
    text = _lines(["conjunto", "A", "B", "C"], _rows(s), ",").replace(
        f",{_num(s['B'][3])},", ",NA,", 1)
    path = _write(tmp_path, "na.csv", text)
    assert np.isnan(cu.read_results(path)["B"].iloc[3])
    with pytest.raises(ValueError, match=r"falta la puntuación de «B» en 'señales'"):
        cu.analyze_results(path, metric="exactitud")
    code, _, err = _cli(path, "--medida", "exactitud")
    assert code == 2 and "pase --permitir-huecos" in err
    assert _cli(path, "--medida", "exactitud", "--permitir-huecos")[0] == 0


@pytest.mark.parametrize("text, pattern", [
    ("conjunto;A;SVM;B;SVM\nc1;0,8;0,7;0,6;0,5\n",
     r"repite el nombre «SVM» \(columnas 3 y 5\).*Renombre una"),
    ("conjunto;A;;B\nc1;0,8;0,7;0,6\n", r"la columna 3 de .* no tiene nombre en la cabecera"),
    ("conjunto;A;B\nc1;0,8;0,7\nc2;0.9;0.6\n",
     r"mezcla la coma y el punto decimal: «0,8» \(línea 2, columna «A»\) y «0.9» "
     r"\(línea 3, columna «A»\)"),
    ("conjunto,A,B\nc1,0,81,0,72\nc2,0,93,0,64\n",
     r"la línea 2 tiene 5 campos y la cabecera 3.*coma decimal.*punto y coma"),
    ('conjunto,A,B\nc1,"1,234","2,345"\n', r"no se sabe si «1,234» \(línea 2, columna «A»\) "
     r"lleva coma decimal o separador de miles"),
    ('conjunto;A;B\n"c1;0,8;0,7\nc2;0,9;0,6\n', r"comillas \(\"\) mal cerradas en la línea 2"),
    ("conjunto;A;B\n", r"no tiene filas de datos"),
    ("conjunto\nc1\n", r"la cabecera \(«conjunto»\) tiene una sola columna"),
    ("   \n\n", r"está vacío"),
])
def test_unreadable_files_get_a_spanish_error_with_line_and_column(tmp_path, text, pattern):
    path = _write(tmp_path, "malo.csv", text)
    with pytest.raises(ValueError, match=pattern):
        cu.analyze_results(path, metric="exactitud")
    code, _, err = _cli(path, "--medida", "exactitud")
    assert code == 2 and "Traceback" not in err
    assert re.search(pattern, _error_line(err)), err
    assert not re.search(r"Error tokenizing|Expected \d+ fields|could not convert", err)


def test_binary_and_foreign_files(tmp_path):
    xlsx = tmp_path / "libro.xlsx"
    xlsx.write_bytes(b"PK\x03\x04" + bytes(200))
    with pytest.raises(ValueError, match=r"parece un libro de Excel \(.xlsx\)"):
        cu.read_results(xlsx)
    bad = tmp_path / "raro.csv"
    bad.write_bytes("conjunto;A;B\nc1;0,8;0,7\n".encode() + b"\x81\x8d;0,1;0,2\n")
    with pytest.raises(ValueError, match=r"no está en UTF-8 ni en Windows-1252"):
        cu.read_results(bad)
    with pytest.raises(ValueError, match=r"es una carpeta"):
        cu.read_results(tmp_path)


@pytest.mark.parametrize("long", [False, True])
def test_annotated_cells_keep_their_clear_spanish_error(tmp_path, long):
    """Celdas como «0.842 (1)» (la puntuación con su rango, como en los artículos)."""
    if long:
        text = ("conjunto;algoritmo;exactitud\n"
                + "".join(f"c{i};{m};0,{80 + i}\n" for i in range(6) for m in "AB")
                ).replace("c2;B;0,82", "c2;B;0,842 (1)")
        pattern = r"«exactitud» tiene una celda que no es un número, '0,842 \(1\)' \(fila 7 "
    else:
        text = "conjunto;A;B\n" + "".join(f"c{i};0,{80 + i};0,{70 + i}\n" for i in range(6))
        text = text.replace("c2;0,82;0,72", "c2;0,82;0,842 (1)")
        pattern = (r"la columna «B» de la tabla debe tener números; en la fila «c2» hay "
                   r"'0,842 \(1\)'")
    pattern += r".* Parece un número con una anotación"
    path = _write(tmp_path, "anotada.csv", text)
    with pytest.raises(ValueError, match=pattern):
        cu.analyze_results(path, metric="exactitud")
    code, _, err = _cli(path, "--medida", "exactitud")
    assert code == 2 and re.search(pattern, err)


# --- Mensajes sin representaciones de NumPy ----------------------------------------------------


def _long_cv(folds=10):
    rng = np.random.default_rng(SEED)
    return pd.DataFrame([{"particion": np.int64(f), "modelo": m,
                          "exactitud": 0.8 + rng.normal(0, 0.01)}
                         for f in range(folds) for m in "AB"])


def test_no_numpy_reprs_in_any_message(tmp_path):
    wide = pd.DataFrame({"conjunto": NAMES, **_scores()})
    rep = pd.DataFrame({"repeticion": np.repeat(np.arange(2), 5), "particion": np.tile(
        np.arange(5), 2), "A": np.linspace(0.7, 0.8, 10), "B": np.linspace(0.71, 0.8, 10)})
    bad_cell = rep.astype({"B": object})
    bad_cell.loc[3, "B"] = "0.8 (2)"
    unpaired = _long_cv().iloc[:-1]
    cases = [
        (lambda: cu.analyze_results(pd.concat([_long_cv(), _long_cv().iloc[:1]]))),
        (lambda: cu.analyze_results(unpaired, test_train_ratio=0.1)),
        (lambda: cu.analyze_results(bad_cell, metric="exactitud")),
        (lambda: cu.analyze_results(wide, metric="exactitud", rope=np.float64(-1))),
        (lambda: cu.analyze_results(wide, metric="exactitud", alpha=np.float64(5))),
        (lambda: cu.analyze_results(wide, metric="exactitud", index_col=np.int64(9))),
        (lambda: cu.analyze_results(wide, metric="exactitud", test_train_ratio=np.float64(-2))),
        (lambda: cu.analyze_results(pd.DataFrame({"": np.repeat(np.int64(5), 12), **_scores()}),
                                    metric="exactitud")),
        (lambda: cu.analyze_results(pd.DataFrame({"": np.linspace(.1, .9, 12), **_scores()}),
                                    metric="exactitud")),
    ]
    for case in cases:
        with pytest.raises((ValueError, TypeError)) as info:
            case()
        text = str(info.value)
        assert "np." not in text and "int64(" not in text and "float64(" not in text, text
    assert "(0, 3)" in str(pytest.raises(ValueError, cases[2]).value)  # la fila, legible
    # ni en las notas del informe (la clase positiva era np.int64(1))
    rng = np.random.default_rng(SEED)
    y = rng.integers(0, 2, 200)
    scores = pd.DataFrame({"y_true": y, "A": y + rng.normal(0, 0.6, 200),
                           "B": y + rng.normal(0, 0.9, 200)})
    text = cu.analyze_results(scores).to_markdown()
    assert "np." not in text and "Clase positiva: 1" in text


# --- La orden de terminal: opciones, no argumentos de Python ----------------------------------


PYTHON_NAMES = [name for name in inspect.signature(cu.analyze_results).parameters]


def test_every_argument_has_its_command_line_name():
    assert set(OPTIONS) == set(PYTHON_NAMES)


def test_command_line_errors_name_options_not_python_arguments(tmp_path):
    s = _scores()
    good = tmp_path / "bien.csv"
    pd.DataFrame({"conjunto": NAMES, **s}).to_csv(good, index=False)
    plain = tmp_path / "sin_medida.csv"
    pd.DataFrame({"conjunto": NAMES, "A": s["Árbol"] * 3, "B": s["Señal"] * 3}).to_csv(
        plain, index=False)
    holes = tmp_path / "huecos.csv"
    pd.DataFrame({"conjunto": NAMES, **s}).assign(
        C=[np.nan] + list(s["Árbol"][1:])).to_csv(holes, index=False)
    cv = tmp_path / "cv.csv"
    _long_cv().to_csv(cv, index=False)
    cv6 = tmp_path / "cv6.csv"
    _long_cv(folds=6).to_csv(cv6, index=False)
    seeds = tmp_path / "semillas.csv"
    pd.DataFrame({"semilla": range(10), "A": s["Árbol"][:10], "B": s["Señal"][:10]}).to_csv(
        seeds, index=False)
    anonymous = tmp_path / "sin_filas.csv"
    pd.DataFrame(s).to_csv(anonymous, index=False)
    battery = [
        [anonymous, "--medida", "exactitud"], [plain], [good, "--medida", "kapa"],
        [good, "--medida", "exactitud", "--alfa", "5"],
        [good, "--medida", "exactitud", "--rope", "-1"],
        [good, "--medida", "exactitud", "--control", "Z"],
        [good, "--medida", "exactitud", "--diseno", "cv"],
        [good, "--medida", "exactitud", "--diseno", "test_set"],
        [holes, "--medida", "exactitud"], [cv], [cv, "--diseno", "datasets"],
        [cv, "--razon", "-1"], [cv6, "--cv", "5x2"],
        [seeds, "--medida", "exactitud", "--diseno",
                                                    "cv"],
        [good, "--medida", "exactitud", "--columna-indice", "9"],
        [good, "--medida", "exactitud", "--columna-indice", "nada"],
        [good, "--medida", "exactitud", "--columna-indice", "0"],
        [tmp_path / "no.csv"], [tmp_path],
    ]
    # «cv» es también un valor de --diseno («--diseno cv»): sin comillas invertidas, no cuenta
    names = re.compile(r"\b(" + "|".join(n for n in PYTHON_NAMES if n not in ("data", "cv"))
                       + r")\b")
    for args in battery:
        code, _, err = _cli(*args)
        assert code == 2, (args, err)
        line = _error_line(err)
        assert "Traceback" not in err
        assert not names.search(re.sub(r"--[\w-]+", "", line)), (args, line)
        assert "`" not in line and not re.search(r"\b(True|False|None)\b", line), (args, line)
        assert "np." not in line
    # el mensaje se lee con naturalidad después del cambio
    line = _error_line(_cli(plain)[2])
    assert "error: --mayor-es-mejor o --menor-es-mejor: no se sabe si una puntuación mayor es " \
           "mejor; dé --mayor-es-mejor (exactitud, AUC) o --menor-es-mejor" in line
    line = _error_line(_cli(holes, "--medida", "exactitud")[2])
    assert "error: huecos.csv: las celdas de la tabla" in line and str(tmp_path) not in line
    assert "pase --permitir-huecos" in line


def test_output_to_a_folder_or_a_missing_folder_is_a_spanish_error(tmp_path):
    good = tmp_path / "bien.csv"
    pd.DataFrame({"conjunto": NAMES, **_scores()}).to_csv(good, index=False)
    cases = [
        (tmp_path, r"--salida: «.*» es una carpeta; dé el nombre del fichero"),
        (str(tmp_path / "nueva") + os.sep, r"es una carpeta"),
        (tmp_path / "no_existe" / "informe.md", r"--salida: no existe la carpeta «.*no_existe»"),
        (good / "informe.md", r"--salida: «.*bien.csv» es un fichero, no una carpeta"),
        (tmp_path / "informe.png", r"es el nombre de la figura"),
    ]
    for out, pattern in cases:
        code, _, err = _cli(good, "--medida", "exactitud", "--salida", out)
        assert code == 2 and re.search(pattern, _error_line(err)), err
        assert "Errno" not in err and "Traceback" not in err
        assert "Leyendo" not in err  # se comprueba antes de analizar
    if os.geteuid() != 0:  # root escribe en cualquier carpeta
        locked = tmp_path / "cerrada"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            code, _, err = _cli(good, "--medida", "exactitud", "--salida", locked / "i.md")
            assert code == 2 and "--salida: no tiene permiso" in err
        finally:
            locked.chmod(0o700)


def test_unwritable_output_found_only_when_writing(tmp_path, monkeypatch):
    good = tmp_path / "bien.csv"
    pd.DataFrame({"conjunto": NAMES, **_scores()}).to_csv(good, index=False)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pathlib.Path.write_text", refuse)
    code, _, err = _cli(good, "--medida", "exactitud", "--formato", "latex", "--salida",
                        tmp_path / "i.tex")
    assert code == 2 and "--salida: no se pudo escribir" in err and "no tiene permiso" in err
    assert "Permission denied" not in err


def test_help_documents_the_index_column_option():
    code, out, _ = _cli("--help")
    assert code == 0
    text = " ".join(out.split())
    assert "--columna-indice COLUMNA" in text and "1 es la primera" in text
    assert "write.csv de R y to_csv() de pandas" in text



def test_readme_lists_every_command_line_option():
    """Cada opción que nombra «informe --help» está, entre comillas invertidas, en la sección
    «Analizar sus propios resultados» del README: una opción nueva sin documentar falla aquí."""
    code, out, _ = _cli("--help")
    assert code == 0
    options = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", out))
    assert {"--help", "--posthoc", "--columna-indice", "--col-etiquetas", "--enlaces"} <= options
    assert len(options) >= 29, sorted(options)  # la ayuda se leyó entera
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Analizar sus propios resultados")
    section = readme[start:readme.index("\n## ", start)]
    missing = sorted(o for o in options if not re.search(rf"`{re.escape(o)}(?![\w-])", section))
    assert not missing, f"README.md, «Analizar sus propios resultados»: faltan {missing}"

# --- Más formas de nombres de fila y de columnas que deja pandas ------------------------------


def test_two_leftover_indexes_and_an_empty_trailing_column(tmp_path):
    s = _scores(models=("A", "B", "C"))
    table = pd.DataFrame({"conjunto": NAMES, **s})
    once = tmp_path / "una.csv"
    table.to_csv(once)
    twice = tmp_path / "dos.csv"
    pd.read_csv(once).to_csv(twice)  # «,Unnamed: 0,conjunto,...»
    r = cu.analyze_results(twice, metric="exactitud")
    assert r.models == ("A", "B", "C")
    assert r.omnibus["pvalue"] == pytest.approx(_iman_davenport_p(s), rel=1e-9)
    assert sum("índice de filas" in n for n in r.notes) == 2
    # read_csv de un fichero con «;» al final de cada fila deja «Unnamed: 4», vacía
    trailing = tmp_path / "t.csv"
    trailing.write_text(_lines(["conjunto", "A", "B", "C"], _rows(s), ";", trailing=";"))
    frame = pd.read_csv(trailing, sep=";")
    assert frame.columns[-1] == "Unnamed: 4"
    assert cu.analyze_results(frame, metric="exactitud").models == ("A", "B", "C")


def test_write_table_header_one_short_is_said_in_the_notes(tmp_path):
    s = _scores()
    path = _write(tmp_path, "wt.txt", _lines(list(s), _rows(s), "\t", quote_names=True))
    r = cu.analyze_results(path, metric="exactitud")
    assert r.models == ("Árbol", "Señal")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    assert any("write.table de R" in n for n in r.notes)
    # si la primera columna ya era la de los conjuntos, no se adivina: falta un nombre
    short = _write(tmp_path, "corta.csv", "conjunto;A;B\n" + "".join(
        f"c{i};0,{80 + i};0,{70 + i};0,{60 + i}\n" for i in range(8)))
    with pytest.raises(ValueError, match=r"ya tiene una columna de conjuntos de datos"):
        cu.analyze_results(short, metric="exactitud")


def test_numbers_in_every_notation_and_duplicated_dataframe_columns(tmp_path):
    path = _write(tmp_path, "n.csv", 'conjunto,A,B\nc1,1e-1,"0.5"\nc2,2.5E-1,.75\nc3,1,0.\n')
    table = cu.read_results(path)
    np.testing.assert_allclose(table["A"], [0.1, 0.25, 1.0])
    np.testing.assert_allclose(table["B"], [0.5, 0.75, 0.0])
    dup = pd.DataFrame([[0.1, 0.2, 0.3]], columns=["A", "B", "A"])
    with pytest.raises(ValueError, match=r"dos columnas llamadas «A»"):
        cu.analyze_results(dup, metric="exactitud")


def test_quoted_header_names_with_the_separator_inside(tmp_path):
    s = _scores(models=("k-NN(k=1, p=2)", "Árbol; poda"))
    text = _lines(["conjunto"] + list(s), _rows(s), ",", quote_names=True)
    path = _write(tmp_path, "q.csv", text)
    r = cu.analyze_results(path, metric="exactitud")
    assert r.models == ("k-NN(k=1, p=2)", "Árbol; poda")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)


def test_help_does_not_import_the_statistics():
    """«informe --help» responde sin importar scipy, pandas ni matplotlib (arranque rápido)."""
    code = ("import sys, contextlib, io\n"
            "from course_utils.__main__ import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['informe', '--help'])\n"
            "print(sorted(m for m in ('scipy', 'pandas', 'matplotlib', 'sklearn', 'statsmodels')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.stdout.strip() == "[]", out.stdout


def test_command_line_numbers_accept_fractions_and_decimal_commas(tmp_path):
    """«--razon 1/9» (como dice la ayuda) y «--alfa 0,1» (teclado español)."""
    rng = np.random.default_rng(SEED + 2)
    a = 0.80 + rng.normal(0, 0.01, 10)
    b = a - 0.004 + rng.normal(0, 0.004, 10)
    path = tmp_path / "cv.csv"
    pd.DataFrame({"A": a, "B": b}, index=[f"fold_{i}" for i in range(10)]).to_csv(
        path, sep=";", decimal=",")
    d = a - b
    t = d.mean() / np.sqrt((1 / 10 + 1 / 9) * d.var(ddof=1))
    p = 2 * stats.t.sf(abs(t), 9)
    code, out, err = _cli(path, "--medida", "exactitud", "--razon", "1/9", "--alfa", "0,1",
                          "--formato", "latex")
    assert code == 0, err
    assert f"{p:.4f}" in out
    code, _, err = _cli(path, "--medida", "exactitud", "--razon", "1/0")
    assert code == 2 and "argumento --razon: se esperaba un número (como 0.05, 0,05 o 1/9)" in err
    code, _, err = _cli(path, "--medida", "exactitud", "--razon", "1/9", "--semilla", "1.5")
    assert code == 2 and ("argumento --semilla: se esperaba un entero mayor o igual que 0 (como "
                          "0 o 42); se recibió «1.5»") in err


def test_an_index_that_repeats_a_column():
    """``set_index("conjunto", drop=False)``: pandas no podría volver a ponerlo como columna."""
    s = _scores()
    table = pd.DataFrame({"conjunto": NAMES, **s}).set_index("conjunto", drop=False)
    r = cu.analyze_results(table, metric="exactitud")
    assert r.models == ("Árbol", "Señal")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(_wilcoxon_p(s), rel=1e-12)
    with pytest.raises(ValueError, match=r"«conjunto» como índice y como columna"):
        cu.analyze_results(table.set_axis(NAMES[::-1]).rename_axis("conjunto"),
                           metric="exactitud")
