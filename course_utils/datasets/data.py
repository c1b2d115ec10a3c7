"""Carga sin conexión del conjunto UCI Adult (Census Income).

Los ficheros originales de la UCI viajan comprimidos en ``data/`` del repositorio.
Nunca se descarga nada: si un fichero falta o no coincide con su suma sha256,
se lanza un error en español que explica qué hacer.

Referencia: Becker, B. y Kohavi, R. (1996). *Adult*. UCI Machine Learning
Repository. https://doi.org/10.24432/C5XW20 (licencia CC BY 4.0).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["ADULT_FEATURES", "ADULT_CATEGORIES", "load_adult", "data_dir"]

#: Las 14 columnas de atributos, con sus nombres de la UCI y en su orden.
ADULT_FEATURES: tuple[str, ...] = (
    "age",
    "workclass",
    "fnlwgt",
    "education",
    "education-num",
    "marital-status",
    "occupation",
    "relationship",
    "race",
    "sex",
    "capital-gain",
    "capital-loss",
    "hours-per-week",
    "native-country",
)

_NUMERIC = ("age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week")

#: Dominio de cada atributo categórico, tal como lo enumera ``adult.names``.
#: Se usa el mismo para todas las particiones, de modo que las categorías coinciden
#: entre entrenamiento y prueba.
ADULT_CATEGORIES: dict[str, tuple[str, ...]] = {
    "workclass": ("Private", "Self-emp-not-inc", "Self-emp-inc", "Federal-gov", "Local-gov",
                  "State-gov", "Without-pay", "Never-worked"),
    "education": ("Bachelors", "Some-college", "11th", "HS-grad", "Prof-school", "Assoc-acdm",
                  "Assoc-voc", "9th", "7th-8th", "12th", "Masters", "1st-4th", "10th", "Doctorate",
                  "5th-6th", "Preschool"),
    "marital-status": ("Married-civ-spouse", "Divorced", "Never-married", "Separated", "Widowed",
                       "Married-spouse-absent", "Married-AF-spouse"),
    "occupation": ("Tech-support", "Craft-repair", "Other-service", "Sales", "Exec-managerial",
                   "Prof-specialty", "Handlers-cleaners", "Machine-op-inspct", "Adm-clerical",
                   "Farming-fishing", "Transport-moving", "Priv-house-serv", "Protective-serv",
                   "Armed-Forces"),
    "relationship": ("Wife", "Own-child", "Husband", "Not-in-family", "Other-relative", "Unmarried"),
    "race": ("White", "Asian-Pac-Islander", "Amer-Indian-Eskimo", "Other", "Black"),
    "sex": ("Female", "Male"),
    "native-country": ("United-States", "Cambodia", "England", "Puerto-Rico", "Canada", "Germany",
                       "Outlying-US(Guam-USVI-etc)", "India", "Japan", "Greece", "South", "China",
                       "Cuba", "Iran", "Honduras", "Philippines", "Italy", "Poland", "Jamaica",
                       "Vietnam", "Mexico", "Portugal", "Ireland", "France", "Dominican-Republic",
                       "Laos", "Ecuador", "Taiwan", "Haiti", "Columbia", "Hungary", "Guatemala",
                       "Nicaragua", "Scotland", "Thailand", "Yugoslavia", "El-Salvador",
                       "Trinadad&Tobago", "Peru", "Hong", "Holand-Netherlands"),
}

# Ficheros comprimidos en data/ y la suma sha256 de su contenido *descomprimido*,
# que es la de los ficheros originales de la UCI (ver data/README.md).
_FILES = {
    "train": ("adult.data.gz", "5b00264637dbfec36bdeaab5676b0b309ff9eb788d63554ca0a249491c86603d", 32_561),
    "test": ("adult.test.gz", "a2a9044bc167a35b2361efbabec64e89d69ce82d9790d2980119aac5fd7e9c05", 16_281),
}

_SPLITS = ("train", "test", "all")


def data_dir() -> Path:
    """Carpeta con los datos del curso.

    Por defecto es ``data/`` en la raíz del repositorio; la variable de entorno
    ``COURSE_UTILS_DATA`` permite señalar otra carpeta.
    """
    env = os.environ.get("COURSE_UTILS_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "data"


def verified_bytes(path: Path, expected_sha: str, *, missing: str, damaged: str,
                   gzipped: bool = False) -> bytes:
    """Contenido de ``path`` (descomprimido si ``gzipped``) tras comprobar su suma sha256.

    ``missing`` y ``damaged`` completan los mensajes en español: qué hacer si el fichero falta
    y si está dañado (o no es el esperado). Lo usan todos los cargadores de datos del curso.
    """
    if not path.is_file():
        raise FileNotFoundError(f"No se encuentra el fichero `{path}`. {missing}")
    raw = path.read_bytes()
    if gzipped:
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise ValueError(
                f"El fichero `{path}` está dañado: no se puede descomprimir ({exc}). {damaged}"
            ) from None
    digest = hashlib.sha256(raw).hexdigest()
    if digest != expected_sha:
        raise ValueError(
            f"El fichero `{path}` está dañado o no es el esperado: su suma sha256 es {digest}, "
            f"pero se esperaba {expected_sha}. {damaged}"
        )
    return raw


def _read_verified(split: str, folder: Path) -> bytes:
    filename, expected_sha, _ = _FILES[split]
    return verified_bytes(
        folder / filename, expected_sha, gzipped=True,
        missing=(f"Es UCI Adult (partición {split!r}); los datos viajan con el repositorio en la "
                 "carpeta `data/`: vuelva a clonarlo o restaure el fichero con "
                 "`git checkout -- data/`. Este curso nunca descarga datos."),
        damaged="Restáurelo con `git checkout -- data/`.",
    )


def _parse(raw: bytes, split: str) -> tuple[pd.DataFrame, pd.Series]:
    names = list(ADULT_FEATURES) + ["income"]
    df = pd.read_csv(
        io.BytesIO(raw),
        header=None,
        names=names,
        sep=",",
        skipinitialspace=True,
        na_values=["?"],
        keep_default_na=False,
        skiprows=1 if split == "test" else 0,  # primera línea: «|1x3 Cross validator»
        skip_blank_lines=True,
        dtype={c: "int64" for c in _NUMERIC},
    )
    expected_rows = _FILES[split][2]
    if len(df) != expected_rows:  # pragma: no cover - protegido por la suma sha256
        raise ValueError(f"Se esperaban {expected_rows} filas en {split!r} y se leyeron {len(df)}.")
    labels = df.pop("income").str.rstrip(".")  # el fichero de prueba termina las etiquetas con «.»
    unknown = sorted(set(labels) - {">50K", "<=50K"})
    if unknown:  # pragma: no cover - protegido por la suma sha256
        raise ValueError(f"Etiquetas desconocidas en {split!r}: {unknown}.")
    y = pd.Series((labels == ">50K").astype(np.int64), name="income")
    for col, cats in ADULT_CATEGORIES.items():
        df[col] = pd.Categorical(df[col], categories=list(cats))
    return df, y


def load_adult(split: str = "train") -> tuple[pd.DataFrame, pd.Series]:
    """Carga UCI Adult (Census Income) desde los ficheros del repositorio, sin red.

    Parámetros
    ----------
    split : {"train", "test", "all"}, por defecto "train"
        ``"train"`` es ``adult.data`` (32 561 filas), ``"test"`` es ``adult.test``
        (16 281 filas) y ``"all"`` las dos concatenadas en ese orden (48 842 filas).

    Devuelve
    --------
    X : pandas.DataFrame
        Las 14 columnas de atributos con sus nombres de la UCI (por ejemplo
        ``education-num``). Las numéricas son ``int64``; las categóricas son
        ``category`` con el dominio de ``adult.names`` (el mismo en todas las
        particiones). Los valores ausentes (``?`` en los ficheros) son ``NaN``.
    y : pandas.Series
        Etiqueta ``income`` como entero 0/1: 1 significa ingresos ``>50K``.

    Lanza
    -----
    ValueError
        Si ``split`` no es una partición conocida o si un fichero está dañado
        (su suma sha256 no coincide con la del original de la UCI).
    FileNotFoundError
        Si falta un fichero de datos.

    Ejemplos
    --------
    >>> X, y = load_adult("test")
    >>> X.shape, round(float(y.mean()), 4)
    ((16281, 14), 0.2362)
    """
    if not isinstance(split, str) or split not in _SPLITS:
        raise ValueError(
            f"`split` debe ser 'train', 'test' o 'all'; se recibió {split!r}."
        )
    folder = data_dir()
    parts = ["train", "test"] if split == "all" else [split]
    frames, targets = [], []
    for part in parts:
        X, y = _parse(_read_verified(part, folder), part)
        frames.append(X)
        targets.append(y)
    if len(parts) == 1:
        return frames[0], targets[0]
    X = pd.concat(frames, ignore_index=True)
    y = pd.concat(targets, ignore_index=True)
    return X, y
