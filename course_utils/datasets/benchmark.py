"""Banco de pruebas sin conexión: varios algoritmos sobre varios conjuntos de datos reales.

Para comparar *k* algoritmos sobre *N* conjuntos de datos (Demšar, 2006) hace falta
una tabla de puntuaciones N×k obtenida con un protocolo fijo. Este módulo la produce:

* :data:`BENCHMARK_DATASETS`: diez conjuntos de clasificación **reales** que ya están
  en el disco, sin descargar nada: cuatro que trae scikit-learn
  (``sklearn/datasets/data``), UCI Adult (carpeta ``data/`` del curso, vía
  :func:`course_utils.load_adult`) y cinco que trae statsmodels
  (``statsmodels/datasets``). Antes de usar cada fichero se comprueba su suma sha256
  (ver :data:`DATASET_INFO` y ``data/README.md``).
* :func:`benchmark_models`: seis algoritmos de scikit-learn y LightGBM, con semilla.
* :func:`benchmark_scores`: validación cruzada estratificada con semilla fija, las
  mismas particiones para todos los algoritmos de un conjunto; devuelve la tabla de
  medias N×k y las puntuaciones de cada partición (para los métodos bayesianos).

Los conjuntos grandes se submuestrean de forma estratificada (``max_rows``, por
defecto 600 filas) para que el experimento completo dure segundos en un portátil.
"""

from __future__ import annotations

import importlib.util
import io
import numbers
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from course_utils._validation import check_choice, check_count, check_n_jobs, describe

__all__ = [
    "BENCHMARK_DATASETS",
    "BENCHMARK_MODELS",
    "DATASET_INFO",
    "BenchmarkDataset",
    "BenchmarkResult",
    "load_benchmark_dataset",
    "benchmark_models",
    "benchmark_scores",
    "load_demsar_2006",
    "load_garcia_herrera_2008",
]

#: Nombres de los diez conjuntos del banco de pruebas, en el orden de las tablas.
BENCHMARK_DATASETS: tuple[str, ...] = (
    "iris",
    "wine",
    "breast_cancer",
    "digits",
    "adult",
    "anes96",
    "fair",
    "modechoice",
    "randhie",
    "spector",
)

#: Nombres de los seis algoritmos de :func:`benchmark_models`, en el orden de las columnas.
BENCHMARK_MODELS: tuple[str, ...] = (
    "Reg. logística",
    "Bayes ingenuo",
    "k-NN",
    "Árbol",
    "Bosque aleatorio",
    "LightGBM",
)


@dataclass(frozen=True)
class _Source:
    package: str  # paquete instalado que trae el fichero ("sklearn", "statsmodels", "course")
    relpath: str  # ruta del fichero dentro del paquete (o de data/)
    sha256: str  # suma sha256 de los bytes del fichero (Adult: del contenido descomprimido)
    task: str  # qué se predice
    origin: str  # procedencia
    licence: str  # licencia o condiciones


_SK = "sklearn"
_SM = "statsmodels"
_UCI = "CC BY 4.0 (UCI Machine Learning Repository); distribuido con scikit-learn (BSD-3)"

#: Procedencia, licencia, tarea y suma sha256 de cada fichero que se carga.
DATASET_INFO: dict[str, _Source] = {
    "iris": _Source(
        _SK, "datasets/data/iris.csv",
        "f13ffa8fdd56fd8e6c8d16d4081a3fbd3114bcd0aae4256c43205169cd9d1449",
        "especie de lirio (3 clases) a partir de 4 medidas de la flor",
        "Fisher (1936); UCI Iris, copia de scikit-learn", _UCI),
    "wine": _Source(
        _SK, "datasets/data/wine_data.csv",
        "10e8a802908b34f86e5da8ce962f3c806694bc98450a18f61851af59f324bede",
        "cultivar del vino (3 clases) a partir de 13 análisis químicos",
        "Aeberhard y Forina (1991); UCI Wine, copia de scikit-learn", _UCI),
    "breast_cancer": _Source(
        _SK, "datasets/data/breast_cancer.csv",
        "fed3eb72d0575ef6192293f5093c6e801b1476b577d0386bf4455504522172ed",
        "tumor maligno o benigno a partir de 30 medidas de la imagen",
        "Wolberg, Street y Mangasarian (1995); UCI Breast Cancer Wisconsin (Diagnostic), "
        "copia de scikit-learn", _UCI),
    "digits": _Source(
        _SK, "datasets/data/digits.csv.gz",
        "09f66e6debdee2cd2b5ae59e0d6abbb73fc2b0e0185d2e1957e9ebb51e23aa22",
        "dígito manuscrito (10 clases) a partir de una imagen de 8×8",
        "Alpaydin y Kaynak (1998); UCI Optical Recognition of Handwritten Digits (prueba), "
        "copia de scikit-learn", _UCI),
    "adult": _Source(
        "course", "adult.data.gz",
        "5b00264637dbfec36bdeaab5676b0b309ff9eb788d63554ca0a249491c86603d",
        "ingresos >50K a partir de 14 atributos del censo (partición de entrenamiento)",
        "Becker y Kohavi (1996); UCI Adult, carpeta data/ del curso", "CC BY 4.0"),
    "anes96": _Source(
        _SM, "datasets/anes96/anes96.csv",
        "c124d8556d6f8c4329b1fea61e3dc6891c5e663f15b7fe5791235963420ba896",
        "voto previsto (Clinton o Dole) a partir de 9 respuestas de la encuesta",
        "American National Election Studies 1996, copia de statsmodels",
        "dominio público (según statsmodels)"),
    "fair": _Source(
        _SM, "datasets/fair/fair.csv",
        "fd5f3f094a34fc35ca346a14c359e046ed27843038d6921efcd50a7ab21f6af0",
        "alguna relación extramatrimonial (affairs > 0) a partir de 8 atributos",
        "Fair (1978), encuesta de la revista Redbook (1974), copia de statsmodels",
        "incluido con permiso del autor (según statsmodels); se usa desde el paquete, sin copiarlo"),
    "modechoice": _Source(
        _SM, "datasets/modechoice/modechoice.csv",
        "d2d72c1db440f8ffce01f58ed39fc1145569ec1703970dac1636c154fc01fd8e",
        "medio de transporte elegido (avión, tren, autobús o coche) por 210 viajeros",
        "Greene y Hensher (1997), tabla F18-2 de Greene (2011), copia de statsmodels",
        "dominio público (según statsmodels)"),
    "randhie": _Source(
        _SM, "datasets/randhie/randhie.csv",
        "9f6c87d05aef087a82cc4465310c8cd3f38327be6eafa43bd81fb98c4f3d088c",
        "alguna visita al médico en el año (mdvis > 0) a partir de 9 atributos",
        "RAND Health Insurance Experiment (Deb y Trivedi, 2002), copia de statsmodels",
        "dominio público (según statsmodels)"),
    "spector": _Source(
        _SM, "datasets/spector/spector.csv",
        "b10d108ba3fa96b27e8bb771aca9ce148aa1fde9ba0c9d80ba384b851b6e6192",
        "mejora de la nota (GRADE) a partir de GPA, TUCE y PSI (32 estudiantes)",
        "Spector y Mazzeo (1980), copia de statsmodels",
        "usado con permiso expreso del autor (según statsmodels); se usa desde el paquete, "
        "sin copiarlo"),
}


@dataclass(frozen=True)
class BenchmarkDataset:
    """Un conjunto del banco de pruebas, ya numérico y listo para scikit-learn.

    Atributos
    ---------
    name : str
        Nombre en :data:`BENCHMARK_DATASETS`.
    X : numpy.ndarray de forma (n, p)
        Atributos numéricos (``float``; los categóricos de Adult en codificación *one-hot*
        con el dominio fijo de ``adult.names``, que no se aprende de los datos).
    y : numpy.ndarray de forma (n,)
        Clases como enteros 0, 1, ...
    n_original : int
        Filas del conjunto completo antes de submuestrear.
    subsampled : bool
        ``True`` si se tomó una submuestra estratificada de ``max_rows`` filas.
    task, origin, licence, path, sha256 : str
        Qué se predice, de dónde viene, en qué condiciones, qué fichero se leyó y su suma.
    """

    name: str
    X: np.ndarray = field(repr=False)
    y: np.ndarray = field(repr=False)
    n_original: int
    subsampled: bool
    task: str
    origin: str
    licence: str
    path: str
    sha256: str

    @property
    def n_classes(self) -> int:
        """Número de clases."""
        return int(np.unique(self.y).size)

    def summary(self) -> str:
        """Resumen en español (no lo imprime)."""
        n, p = self.X.shape
        rows = f"{n} filas" + (f" (submuestra estratificada de {self.n_original})"
                               if self.subsampled else "")
        return (
            f"{self.name}: {rows}, {p} atributos, {self.n_classes} clases\n"
            f"  tarea: {self.task}\n  origen: {self.origin}\n  licencia: {self.licence}"
        )


# ---------------------------------------------------------------------------
# Lectura verificada de los ficheros
# ---------------------------------------------------------------------------


def _package_dir(package: str) -> Path:
    if package == "course":
        from course_utils.datasets.data import data_dir

        return data_dir()
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        raise FileNotFoundError(
            f"No se encuentra el paquete `{package}`, que trae el conjunto de datos. "
            "Instale las dependencias del curso (requirements.txt)."
        )
    return Path(next(iter(spec.submodule_search_locations)))


def _read_verified(name: str) -> tuple[bytes, Path]:
    """Lee el fichero de ``name`` y comprueba su suma sha256 antes de usarlo."""
    from course_utils.datasets.data import verified_bytes

    src = DATASET_INFO[name]
    path = _package_dir(src.package) / src.relpath
    raw = verified_bytes(
        path, src.sha256,
        missing=(f"Es el conjunto {name!r}. Este curso nunca descarga datos: reinstale el "
                 "paquete que lo trae con la versión de requirements.txt."),
        damaged=(f"Puede que la versión instalada de `{src.package}` sea otra; instale la de "
                 "requirements.txt."),
    )
    return raw, path


def _sklearn_csv(raw: bytes) -> tuple[np.ndarray, np.ndarray]:
    """Formato de ``sklearn/datasets/data``: primera fila = (n, p, nombres de clase...)."""
    data = np.loadtxt(io.BytesIO(raw), delimiter=",", skiprows=1)
    return data[:, :-1], data[:, -1].astype(np.int64)


def _load_raw(name: str) -> tuple[np.ndarray, np.ndarray, Path]:
    if name == "adult":  # load_adult comprueba la suma sha256 del contenido descomprimido
        from course_utils.datasets.data import data_dir, load_adult

        frame, target = load_adult("train")
        numeric = frame.select_dtypes("number")
        dummies = pd.get_dummies(frame.select_dtypes("category"), dtype=float)
        X = pd.concat([numeric.astype(float), dummies], axis=1).to_numpy()
        return X, target.to_numpy(dtype=np.int64), data_dir() / DATASET_INFO[name].relpath
    raw, path = _read_verified(name)
    if name in ("iris", "wine", "breast_cancer"):
        X, y = _sklearn_csv(raw)
    elif name == "digits":
        import gzip

        data = np.loadtxt(io.BytesIO(gzip.decompress(raw)), delimiter=",")
        X, y = data[:, :-1], data[:, -1].astype(np.int64)
    elif name == "anes96":
        df = pd.read_csv(io.BytesIO(raw), sep="\t")
        df.columns = [c.strip("'") for c in df.columns]
        cols = ["popul", "TVnews", "selfLR", "ClinLR", "DoleLR", "PID", "age", "educ", "income"]
        X, y = df[cols].to_numpy(float), df["vote"].to_numpy(np.int64)
    elif name == "fair":
        df = pd.read_csv(io.BytesIO(raw))
        y = (df.pop("affairs") > 0).to_numpy(np.int64)
        X = df.to_numpy(float)
    elif name == "modechoice":
        df = pd.read_csv(io.BytesIO(raw), sep=";")
        wide = df.pivot(index="individual", columns="mode", values=["ttme", "invc", "invt", "gc"])
        chosen = df[df["choice"] == 1].set_index("individual")["mode"].sort_index()
        person = df.groupby("individual")[["hinc", "psize"]].first().sort_index()
        X = np.hstack([person.to_numpy(float), wide.sort_index().to_numpy(float)])
        y = chosen.to_numpy(np.int64) - 1
    elif name == "randhie":
        df = pd.read_csv(io.BytesIO(raw))
        y = (df.pop("mdvis") > 0).to_numpy(np.int64)
        X = df.to_numpy(float)
    else:  # spector
        df = pd.read_csv(io.BytesIO(raw), sep=r"\s+")
        df.columns = [c.strip("'") for c in df.columns]
        X, y = df[["GPA", "TUCE", "PSI"]].to_numpy(float), df["GRADE"].to_numpy(np.int64)
    return X, y, path


def _check_random_state(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"`random_state` debe ser un entero (semilla); se recibió {describe(value)}.")
    if not 0 <= value < 2**32:
        raise ValueError(
            f"`random_state` debe ser un entero entre 0 y 2**32 - 1; se recibió {value}."
        )
    return int(value)


def _check_max_rows(max_rows: object) -> int | None:
    if max_rows is None:
        return None
    return check_count(max_rows, "max_rows", minimum=50)


def load_benchmark_dataset(
    name: str, *, max_rows: int | None = 600, random_state: int = 42
) -> BenchmarkDataset:
    """Carga un conjunto del banco de pruebas desde los ficheros ya instalados, sin red.

    Antes de leerlo se comprueba la suma sha256 del fichero (ver :data:`DATASET_INFO`).
    Si el conjunto tiene más de ``max_rows`` filas, se toma una submuestra estratificada
    de ``max_rows`` filas con ``sklearn.model_selection.train_test_split``.

    Parámetros
    ----------
    name : str
        Uno de :data:`BENCHMARK_DATASETS`.
    max_rows : int o None, por defecto 600
        Máximo de filas (al menos 50); ``None`` usa el conjunto completo.
    random_state : int, por defecto 42
        Semilla de la submuestra.

    Devuelve
    --------
    BenchmarkDataset

    Lanza
    -----
    ValueError
        Si ``name`` no es un conjunto conocido, ``max_rows`` < 50 o un fichero no
        coincide con su suma sha256.
    TypeError
        Si ``max_rows`` o ``random_state`` no son enteros.
    FileNotFoundError
        Si falta el fichero (paquete no instalado).

    Ejemplos
    --------
    >>> ds = load_benchmark_dataset("anes96")
    >>> ds.X.shape, ds.n_classes, ds.subsampled
    ((600, 9), 2, True)
    """
    name = check_choice(name, "name", BENCHMARK_DATASETS)
    max_rows = _check_max_rows(max_rows)
    random_state = _check_random_state(random_state)
    X, y, path = _load_raw(name)
    n_original = int(y.size)
    subsampled = max_rows is not None and n_original > max_rows
    if subsampled:
        from sklearn.model_selection import train_test_split

        X, _, y, _ = train_test_split(
            X, y, train_size=max_rows, stratify=y, random_state=random_state
        )
    src = DATASET_INFO[name]
    return BenchmarkDataset(
        name=name,
        X=np.ascontiguousarray(X, dtype=float),
        y=np.asarray(y, dtype=np.int64),
        n_original=n_original,
        subsampled=bool(subsampled),
        task=src.task,
        origin=src.origin,
        licence=src.licence,
        path=str(path),
        sha256=src.sha256,
    )


def benchmark_models(random_state: int = 42) -> dict[str, object]:
    """Los seis algoritmos del banco de pruebas, como estimadores de scikit-learn con semilla.

    * ``"Reg. logística"``: estandarización + ``LogisticRegression(max_iter=2000)``.
    * ``"Bayes ingenuo"``: ``GaussianNB()``.
    * ``"k-NN"``: estandarización + ``KNeighborsClassifier(n_neighbors=5)``.
    * ``"Árbol"``: ``DecisionTreeClassifier(min_samples_leaf=2)``.
    * ``"Bosque aleatorio"``: ``RandomForestClassifier(n_estimators=50, n_jobs=1)``.
    * ``"LightGBM"``: ``LGBMClassifier(n_estimators=50)`` con ``verbose=-1``,
      ``deterministic=True``, ``force_row_wise=True`` y ``n_jobs=1``.

    Parámetros
    ----------
    random_state : int, por defecto 42
        Semilla de los algoritmos aleatorios (árbol, bosque, LightGBM).

    Devuelve
    --------
    dict
        ``{nombre: estimador}`` en el orden de :data:`BENCHMARK_MODELS`.

    Ejemplos
    --------
    >>> list(benchmark_models())[:2]
    ['Reg. logística', 'Bayes ingenuo']
    """
    from lightgbm import LGBMClassifier
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    seed = _check_random_state(random_state)
    return {
        "Reg. logística": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        "Bayes ingenuo": GaussianNB(),
        "k-NN": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=5)),
        "Árbol": DecisionTreeClassifier(min_samples_leaf=2, random_state=seed),
        "Bosque aleatorio": RandomForestClassifier(n_estimators=50, n_jobs=1, random_state=seed),
        "LightGBM": LGBMClassifier(
            n_estimators=50, verbose=-1, deterministic=True, force_row_wise=True,
            n_jobs=1, random_state=seed,
        ),
    }


@dataclass(frozen=True)
class BenchmarkResult:
    """Puntuaciones de validación cruzada de k algoritmos sobre N conjuntos.

    Atributos
    ---------
    scores : pandas.DataFrame de forma (N, k)
        Media de las puntuaciones de las particiones: filas = conjuntos, columnas =
        algoritmos. Es la tabla que reciben :func:`course_utils.friedman_test` y compañía.
    fold_scores : numpy.ndarray de forma (N, k, n_repeats * n_splits)
        Puntuación de cada partición (las mismas particiones para todos los algoritmos
        de un conjunto), por ejemplo para la prueba jerárquica bayesiana.
    datasets, models : tuple of str
        Nombres de filas y columnas.
    scoring : str
        Medida de scikit-learn (``"accuracy"``...).
    n_splits, n_repeats, random_state : int
        Protocolo de validación cruzada (``RepeatedStratifiedKFold``).
    max_rows : int o None
        Tamaño máximo de cada conjunto (submuestra estratificada).
    n_rows : tuple of int
        Filas usadas de cada conjunto.
    seconds : float
        Tiempo de cálculo (no forma parte del resultado: no se imprime en ``summary``).
    """

    scores: pd.DataFrame = field(repr=False)
    fold_scores: np.ndarray = field(repr=False)
    datasets: tuple[str, ...]
    models: tuple[str, ...]
    scoring: str
    n_splits: int
    n_repeats: int
    random_state: int
    max_rows: int | None
    n_rows: tuple[int, ...]
    seconds: float = field(compare=False)

    def fold_scores_of(self, model: str) -> pd.DataFrame:
        """Puntuaciones por partición de un algoritmo: filas = conjuntos, columnas = particiones."""
        model = check_choice(model, "model", self.models)
        j = self.models.index(model)
        cols = [f"partición {i + 1}" for i in range(self.fold_scores.shape[2])]
        return pd.DataFrame(self.fold_scores[:, j, :], index=list(self.datasets), columns=cols)

    def summary(self) -> str:
        """Resumen en español del protocolo (no lo imprime)."""
        rows = "completos" if self.max_rows is None else f"hasta {self.max_rows} filas"
        return (
            f"Banco de pruebas: {len(self.models)} algoritmos × {len(self.datasets)} conjuntos "
            f"({rows}, submuestra estratificada)\n"
            f"  protocolo: validación cruzada estratificada de {self.n_splits} particiones "
            f"× {self.n_repeats} repetición(es), random_state={self.random_state}\n"
            f"  medida: {self.scoring} (media de las particiones; más es mejor)"
        )


def benchmark_scores(
    models: object = None,
    datasets: object = None,
    *,
    scoring: str = "accuracy",
    n_splits: int = 5,
    n_repeats: int = 1,
    max_rows: int | None = 600,
    random_state: int = 42,
    n_jobs: int | None = None,
) -> BenchmarkResult:
    """Tabla de puntuaciones N×k con un protocolo de validación cruzada fijo y con semilla.

    Para cada conjunto se materializan una sola vez las particiones de
    ``RepeatedStratifiedKFold(n_splits, n_repeats, random_state)`` y cada algoritmo se
    evalúa con ``sklearn.model_selection.cross_val_score`` sobre **esas mismas**
    particiones (puntuaciones pareadas). Las parejas conjunto × algoritmo se reparten con
    ``joblib`` según ``n_jobs``; cada una corre en un solo proceso.

    Parámetros
    ----------
    models : None, lista de nombres o dict {nombre: estimador}
        ``None``: los seis de :func:`benchmark_models`; una lista elige algunos de ellos
        por nombre (por ejemplo ``["Reg. logística", "LightGBM"]`` para comparar dos);
        un dict usa estimadores propios.
    datasets : None o lista de nombres
        ``None``: los diez de :data:`BENCHMARK_DATASETS`.
    scoring : str, por defecto "accuracy"
        Medida de scikit-learn en la que más es mejor (``"accuracy"``,
        ``"balanced_accuracy"``...).
    n_splits, n_repeats : int, por defecto 5 y 1
    max_rows : int o None, por defecto 600
        Ver :func:`load_benchmark_dataset`.
    random_state : int, por defecto 42
        Semilla de las submuestras, de las particiones y de los algoritmos.
    n_jobs : int o None, por defecto None
        Trabajos en paralelo, como en scikit-learn y ``joblib``: ``1``, sin paralelismo;
        ``-1``, todos los núcleos (``-2``, todos menos uno...); ``None``, lo que fije el
        contexto ``joblib.parallel_config`` activo (1 fuera de él; con ``backend="dask"``,
        todos los trabajadores del clúster de Dask). Con el motor local de joblib se admiten
        como mucho ``max(64, 4 × núcleos)``; con un clúster, sin tope.
        Se reparten las parejas conjunto × algoritmo; con estimadores con semilla fija (los
        de :func:`benchmark_models` la tienen), el resultado no depende de este valor.

    Devuelve
    --------
    BenchmarkResult

    Lanza
    -----
    ValueError, TypeError
        Si un nombre no se conoce o un argumento no tiene el tipo o el valor esperado.

    Ejemplos
    --------
    >>> res = benchmark_scores(["Bayes ingenuo", "Reg. logística"], ["iris", "wine"])
    >>> res.scores.shape, res.fold_scores.shape
    ((2, 2), (2, 2, 5))
    """
    from sklearn.metrics import get_scorer_names
    from sklearn.model_selection import RepeatedStratifiedKFold
    # Las versiones de scikit-learn de Parallel y delayed llevan su configuración
    # (sklearn.set_config) a los procesos de joblib.
    from sklearn.utils.parallel import Parallel, delayed

    seed = _check_random_state(random_state)
    n_splits = check_count(n_splits, "n_splits", minimum=2)
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    max_rows = _check_max_rows(max_rows)
    if not isinstance(scoring, str) or scoring not in get_scorer_names():
        raise ValueError(
            "`scoring` debe ser el nombre de una medida de scikit-learn, por ejemplo "
            f"'accuracy'; se recibió {describe(scoring)}."
        )
    n_jobs = check_n_jobs(n_jobs)
    estimators = _resolve_models(models, seed)
    names = _resolve_datasets(datasets)
    start = time.perf_counter()
    data = []
    for name in names:
        ds = load_benchmark_dataset(name, max_rows=max_rows, random_state=seed)
        min_class = int(np.bincount(ds.y).min())
        if min_class < n_splits:
            raise ValueError(
                f"El conjunto {name!r} tiene una clase con {min_class} ejemplos, menos que "
                f"`n_splits`={n_splits}: la validación cruzada estratificada no es posible."
            )
        cv = RepeatedStratifiedKFold(n_splits=n_splits, n_repeats=n_repeats, random_state=seed)
        data.append((ds, list(cv.split(ds.X, ds.y))))
    # Una tarea por pareja conjunto × algoritmo, en el orden de la tabla (joblib lo conserva).
    scores = Parallel(n_jobs=n_jobs)(
        delayed(_fold_scores)(est, ds.X, ds.y, splits, scoring)
        for ds, splits in data
        for est in estimators.values()
    )
    folds = np.array(scores, dtype=float).reshape(len(names), len(estimators), -1)
    n_rows = [int(ds.y.size) for ds, _ in data]
    table = pd.DataFrame(folds.mean(axis=2), index=list(names), columns=list(estimators))
    table.index.name = "conjunto"
    table.columns.name = "algoritmo"
    return BenchmarkResult(
        scores=table,
        fold_scores=folds,
        datasets=tuple(names),
        models=tuple(estimators),
        scoring=scoring,
        n_splits=n_splits,
        n_repeats=n_repeats,
        random_state=seed,
        max_rows=max_rows,
        n_rows=tuple(n_rows),
        seconds=time.perf_counter() - start,
    )


def _fold_scores(estimator, X, y, splits: list, scoring: str) -> np.ndarray:
    """Puntuaciones de una copia sin ajustar de ``estimator`` en las particiones ``splits``."""
    from sklearn.base import clone
    from sklearn.model_selection import cross_val_score

    return cross_val_score(
        clone(estimator), X, y, cv=splits, scoring=scoring, n_jobs=1, error_score="raise"
    )


def _resolve_models(models: object, seed: int) -> dict[str, object]:
    available = benchmark_models(seed)
    if models is None:
        return available
    if isinstance(models, dict):
        if len(models) < 1:
            raise ValueError("`models` no puede ser un dict vacío.")
        for key, est in models.items():
            if not isinstance(key, str) or not hasattr(est, "fit"):
                raise TypeError(
                    "`models` debe ser un dict {nombre (str): estimador de scikit-learn}; "
                    f"se recibió la entrada {describe(key)}: {describe(est)}."
                )
        return dict(models)
    if isinstance(models, str) or not isinstance(models, (list, tuple)):
        raise TypeError(
            "`models` debe ser None, una lista de nombres de BENCHMARK_MODELS o un dict "
            f"{{nombre: estimador}}; se recibió {describe(models)}."
        )
    return {m: available[m] for m in _distinct_choices(models, "models", BENCHMARK_MODELS)}


def _distinct_choices(values: list | tuple, name: str, options: tuple) -> list[str]:
    """Nombres de ``options``, al menos uno y sin repetir (para ``models`` y ``datasets``)."""
    chosen = [check_choice(v, name, options) for v in values]
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(
            f"`{name}` debe tener nombres distintos y al menos uno; se recibió {chosen}."
        )
    return chosen


def _resolve_datasets(datasets: object) -> list[str]:
    if datasets is None:
        return list(BENCHMARK_DATASETS)
    if isinstance(datasets, str) or not isinstance(datasets, (list, tuple)):
        raise TypeError(
            "`datasets` debe ser None o una lista de nombres de BENCHMARK_DATASETS; "
            f"se recibió {describe(datasets)}."
        )
    return _distinct_choices(datasets, "datasets", BENCHMARK_DATASETS)



def _read_course_table(name: str, sha256: str) -> bytes:
    """Lee ``data/name`` (viaja con el repositorio) y comprueba su suma sha256."""
    from course_utils.datasets.data import data_dir, verified_bytes

    restore = "Restáurelo con `git checkout -- data/`."
    return verified_bytes(data_dir() / name, sha256, damaged=restore,
                          missing=f"Los datos viajan con el repositorio en `data/`: {restore}")


_DEMSAR_FILE = "demsar2006_table6.csv"
_DEMSAR_SHA256 = "27ff40ee96abb7814ab50e079ea1657f45c053133b637e7aa147d49fa4a84599"


def load_demsar_2006() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Tabla 6 de Demšar (2006): AUC de cuatro variantes de C4.5 en 14 conjuntos de la UCI.

    Es el ejemplo resuelto de la prueba de Friedman del artículo (§3.2.2). El fichero
    ``data/demsar2006_table6.csv`` transcribe la tabla impresa (AUC con tres decimales y
    los rangos que imprime entre paréntesis); se comprueba su suma sha256 al cargarlo.

    Ojo: en *voting* las AUC impresas de C4.5+cf y C4.5+m+cf coinciden (0.975), pero el
    artículo les da los rangos 2 y 3, probablemente porque venían de valores sin
    redondear (el artículo no lo dice, y sus otros empates impresos sí reciben el rango
    medio). Por eso los rangos medios calculados a partir de las AUC impresas (empates
    promediados) no son exactamente los del artículo; con los rangos impresos, sí.

    Devuelve
    --------
    auc : pandas.DataFrame de forma (14, 4)
        AUC impresas: filas = conjuntos, columnas = ``C4.5``, ``C4.5+m``, ``C4.5+cf``,
        ``C4.5+m+cf``.
    ranks : pandas.DataFrame de forma (14, 4)
        Rangos impresos en la tabla (1 = mejor).

    Lanza
    -----
    FileNotFoundError, ValueError
        Si falta el fichero o su suma sha256 no coincide.

    Referencias
    -----------
    Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
    *Journal of Machine Learning Research*, 7, 1-30 (tabla 6).

    Ejemplos
    --------
    >>> auc, ranks = load_demsar_2006()
    >>> auc.shape, ranks.mean().round(3).tolist()
    ((14, 4), [3.143, 2.0, 2.893, 1.964])
    """
    raw = _read_course_table(_DEMSAR_FILE, _DEMSAR_SHA256)
    table = pd.read_csv(io.BytesIO(raw), index_col="dataset")
    table.index.name = "conjunto"
    names = ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]
    auc = table[names].copy()
    ranks = table[[f"rank {n}" for n in names]].copy()
    ranks.columns = names
    auc.columns.name = ranks.columns.name = "algoritmo"
    return auc, ranks


_GARCIA_HERRERA_FILE = "garcia_herrera2008.csv"
_GARCIA_HERRERA_SHA256 = "8054e92a3b13f0f9463b601dacd0eb18dc3b729846b79584dfb5775ff6d5ef8f"


def load_garcia_herrera_2008() -> pd.DataFrame:
    """Exactitud de cinco clasificadores en 30 conjuntos de la UCI (García y Herrera, 2008).

    Es el ejemplo con el que García y Herrera (2008) comparan todas las parejas con Nemenyi,
    Holm, Shaffer y Bergmann-Hommel, y el que usa el paquete de R scmamp en su documentación.
    ``data/garcia_herrera2008.csv`` es la transcripción que distribuye scmamp
    (``data.gh.2008``), con tres decimales; se comprueba su suma sha256 al cargarla.

    Devuelve
    --------
    pandas.DataFrame de forma (30, 5)
        Filas = conjuntos, columnas = ``C4.5``, ``k-NN(k=1)``, ``NaiveBayes``, ``Kernel`` y
        ``CN2``; mayor es mejor.

    Lanza
    -----
    FileNotFoundError, ValueError
        Si falta el fichero o su suma sha256 no coincide.

    Referencias
    -----------
    García, S. y Herrera, F. (2008). An extension on "Statistical comparisons of classifiers
    over multiple data sets" for all pairwise comparisons. *JMLR*, 9, 2677-2694.
    Calvo, B. y Santafé, G. (2016). scmamp: Statistical comparison of multiple algorithms in
    multiple problems. *The R Journal*, 8(1), 248-256.

    Ejemplos
    --------
    >>> acc = load_garcia_herrera_2008()
    >>> acc.shape, acc.rank(axis=1, ascending=False).mean().round(3).tolist()
    ((30, 5), [2.1, 3.25, 2.2, 4.333, 3.117])
    """
    raw = _read_course_table(_GARCIA_HERRERA_FILE, _GARCIA_HERRERA_SHA256)
    table = pd.read_csv(io.BytesIO(raw), index_col="dataset")
    table.index.name = "conjunto"
    table.columns.name = "algoritmo"
    return table
