"""La guía «¿Qué prueba uso?» del cuaderno 10, como datos.

Cada rama de la guía que :func:`course_utils.analyze_results` puede seguir es una
:class:`GuideEntry`: la rama del cuaderno 10 (sección 7) en que aparece, una frase que esa rama
contiene literalmente, el procedimiento y el cuaderno que lo enseña. La función elige siempre
una entrada de :data:`GUIDE` (nunca un texto propio), y ``tests/test_report.py`` comprueba que
cada frase y cada enlace estén en la rama indicada del cuaderno 10: la guía y la función no
pueden contradecirse sin que falle una prueba.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GUIDE", "GuideEntry"]

#: Título del cuaderno que enseña cada procedimiento (para los enlaces del informe).
NOTEBOOK_TITLES = {
    "02_intervalos_de_confianza.ipynb": "02 · Intervalos de confianza",
    "03_bootstrap.ipynb": "03 · Bootstrap",
    "04_prueba_t_corregida.ipynb": "04 · Prueba t corregida",
    "05_mcnemar.ipynb": "05 · McNemar",
    "06_5x2cv_adult.ipynb": "06 · 5×2cv",
    "07_variabilidad_potencia_no_inferioridad.ipynb": "07 · Variabilidad, potencia y no inferioridad",
    "08_varios_modelos_y_conjuntos.ipynb": "08 · Varios modelos y conjuntos",
    "09_comparacion_bayesiana.ipynb": "09 · Comparación bayesiana",
    "10_laboratorio_de_simulacion.ipynb": "10 · Laboratorio de simulación",
    "11_mas_alla_de_holm.ipynb": "11 · Más allá de Holm",
    "12_comparaciones_de_la_practica.ipynb": "12 · Comparaciones de la práctica",
}


@dataclass(frozen=True)
class GuideEntry:
    """Una rama de la guía «¿Qué prueba uso?».

    Atributos
    ---------
    key : str
        Identificador estable de la rama.
    branch : int
        Número de la pregunta de la guía (1 a 7) del cuaderno 10, sección 7.
    phrase : str
        Texto que esa pregunta de la guía contiene literalmente (Markdown incluido).
    procedure : str
        El procedimiento, como lo nombra el informe.
    why : str
        Por qué encaja con el diseño, en una o dos frases.
    notebook : str
        Cuaderno que lo enseña (nombre de fichero en ``notebooks/``).
    section : str
        Sección de ese cuaderno (``""`` si es el cuaderno entero).
    """

    key: str
    branch: int
    phrase: str
    procedure: str
    why: str
    notebook: str
    section: str = ""

    @property
    def where(self) -> str:
        """«05 · McNemar, sección 3»: dónde lo enseña el curso."""
        title = NOTEBOOK_TITLES.get(self.notebook, self.notebook)
        return f"{title}, sección {self.section}" if self.section else title


_ENTRIES = (
    GuideEntry(
        "test_set_labels_two", 1, "McNemar **mid-p**, la decisión del curso",
        "prueba de McNemar mid-p",
        "Dos clasificadores sobre los mismos ejemplos de prueba: solo informan los ejemplos en "
        "que discrepan, y la mid-p se mantiene cerca del nivel nominal sin ser tan conservadora "
        "como la exacta.",
        "05_mcnemar.ipynb", "6",
    ),
    GuideEntry(
        "test_set_labels_many", 1, "Q de Cochran y McNemar por parejas con Holm",
        "Q de Cochran y McNemar mid-p por parejas con Holm",
        "Varios clasificadores sobre los mismos ejemplos: primero una prueba global de que "
        "todos aciertan igual, después cada pareja con corrección por multiplicidad.",
        "12_comparaciones_de_la_practica.ipynb", "3",
    ),
    GuideEntry(
        "test_set_scores_two", 1, "Dos **AUC** sobre el mismo conjunto de prueba: DeLong",
        "prueba de DeLong para dos AUC correlacionadas",
        "Dos modelos que puntúan los mismos ejemplos: las dos AUC están correlacionadas y "
        "DeLong estima esa correlación a partir de los propios ejemplos.",
        "12_comparaciones_de_la_practica.ipynb", "1",
    ),
    GuideEntry(
        "test_set_scores_many", 1, "varios **AUC**, DeLong por parejas con Holm",
        "prueba de DeLong por parejas con Holm",
        "Varios modelos que puntúan los mismos ejemplos: cada pareja de AUC con DeLong y el "
        "ajuste de Holm para controlar el error de familia.",
        "12_comparaciones_de_la_practica.ipynb", "1",
    ),
    GuideEntry(
        "test_set_regression_two", 1, "**dos regresores**: pérdidas por ejemplo pareadas",
        "prueba t pareada sobre las pérdidas por ejemplo, con su intervalo t",
        "Dos regresores sobre los mismos ejemplos: cada ejemplo da una pareja de pérdidas, y "
        "la diferencia media de pérdida es lo que se compara.",
        "12_comparaciones_de_la_practica.ipynb", "5",
    ),
    GuideEntry(
        "test_set_regression_many", 1, "varios regresores, las mismas pérdidas por parejas con Holm",
        "prueba t pareada sobre las pérdidas por ejemplo, por parejas con Holm",
        "Varios regresores sobre los mismos ejemplos: cada pareja con sus pérdidas por "
        "ejemplo, con el ajuste de Holm.",
        "12_comparaciones_de_la_practica.ipynb", "5",
    ),
    GuideEntry(
        "cv_two_corrected", 2, "validación cruzada 10×10 con la t corregida",
        "prueba t de remuestreo corregida (Nadeau y Bengio)",
        "Las particiones comparten ejemplos de entrenamiento, así que sus puntuaciones no son "
        "independientes; la t corregida infla la varianza para tenerlo en cuenta.",
        "04_prueba_t_corregida.ipynb", "5",
    ),
    GuideEntry(
        "cv_two_5x2", 2, "5×2cv con la F combinada",
        "prueba F combinada 5×2cv (Alpaydin)",
        "Cinco repeticiones de validación cruzada de 2 particiones: la F combinada respeta el "
        "nivel y es más estable que la t 5×2cv.",
        "06_5x2cv_adult.ipynb", "10",
    ),
    GuideEntry(
        "cv_many", 2, "**Más de dos algoritmos:** la t corregida por parejas, con Holm",
        "prueba t de remuestreo corregida por parejas, con Holm",
        "Varios algoritmos sobre las mismas particiones de un conjunto: cada pareja con la t "
        "corregida y el ajuste de Holm (las particiones no son conjuntos de datos: nada de "
        "Friedman sobre ellas).",
        "04_prueba_t_corregida.ipynb", "9",
    ),
    GuideEntry(
        "seeds_two", 2, "orden estocástico aproximado",
        "orden estocástico aproximado (ASO)",
        "Dos configuraciones entrenadas con muchas semillas sobre la misma división: se "
        "compara la distribución de sus puntuaciones entre semillas.",
        "12_comparaciones_de_la_practica.ipynb", "6",
    ),
    GuideEntry(
        "datasets_two", 3,
        "prueba de Wilcoxon de rangos con signo, con la de los signos como comprobación",
        "prueba de Wilcoxon de rangos con signo (y la de los signos como comprobación)",
        "La unidad de análisis es el conjunto de datos: una puntuación por conjunto y "
        "algoritmo, sin suponer normalidad ni escalas comparables entre conjuntos.",
        "08_varios_modelos_y_conjuntos.ipynb", "7",
    ),
    GuideEntry(
        "datasets_many_omnibus", 4, "Friedman, con la corrección de Iman y Davenport",
        "prueba de Friedman con la corrección de Iman y Davenport",
        "Varios algoritmos en varios conjuntos: primero una sola prueba global sobre los rangos "
        "de cada conjunto.",
        "08_varios_modelos_y_conjuntos.ipynb", "4",
    ),
    GuideEntry(
        "datasets_many_control", 4, "Wilcoxon frente al control, con Holm",
        "prueba de Wilcoxon de cada algoritmo frente al control, con Holm",
        "Solo interesan las comparaciones con un algoritmo de control: k − 1 hipótesis en lugar "
        "de k(k − 1)/2, y más potencia. Cada una usa solo las puntuaciones de su pareja, así "
        "que no cambia si se añaden o quitan otros algoritmos (Benavoli, Corani y Mangili, 2016).",
        "08_varios_modelos_y_conjuntos.ipynb", "8",
    ),
    GuideEntry(
        "datasets_many_all", 4,
        "Wilcoxon por parejas con Bergmann-Hommel (hasta 10 algoritmos) o Shaffer",
        "prueba de Wilcoxon por parejas con Bergmann-Hommel (Shaffer de 11 a 30 algoritmos, "
        "Holm con más)",
        "Cada pareja se compara solo con sus propias puntuaciones: el resultado de A frente a B "
        "no depende de qué otros algoritmos haya en la tabla (Benavoli, Corani y Mangili, 2016). "
        "El ajuste controla el error de familia como Holm, con más potencia, porque tiene en "
        "cuenta qué hipótesis pueden ser ciertas a la vez (cuaderno 11, sección 4).",
        "08_varios_modelos_y_conjuntos.ipynb", "8",
    ),
    GuideEntry(
        "datasets_many_control_ranks", 4, "Holm frente al control sobre los rangos medios",
        "Holm frente al control sobre los rangos medios",
        "Opción elegida a mano (posthoc=\"ranks\"; en la terminal, --posthoc rangos): compara "
        "los rangos medios de Friedman, como Demšar (2006). Esos rangos dependen de qué otros "
        "algoritmos haya en la tabla (cuaderno 08, sección 8); úsela para comparar con "
        "artículos que la emplean.",
        "08_varios_modelos_y_conjuntos.ipynb", "6",
    ),
    GuideEntry(
        "datasets_many_all_ranks", 4,
        "Shaffer o Bergmann-Hommel sobre los rangos medios",
        "todas las parejas sobre los rangos medios con Bergmann-Hommel (Shaffer con más de 10 "
        "algoritmos)",
        "Opción elegida a mano (posthoc=\"ranks\"; en la terminal, --posthoc rangos): la "
        "prueba z sobre la diferencia de rangos medios de García y Herrera (2008). Esos rangos "
        "dependen de qué otros algoritmos haya en la tabla (cuaderno 08, sección 8): un "
        "algoritmo puede ganar en todos los conjuntos a otro sin que la prueba lo separe; "
        "úsela para comparar con artículos que la emplean.",
        "11_mas_alla_de_holm.ipynb", "4",
    ),
    GuideEntry(
        "datasets_incomplete", 4, "Skillings y Mack",
        "prueba de Skillings y Mack y, por parejas, Wilcoxon con Holm en los conjuntos comunes",
        "Faltan algunas celdas de la tabla: la prueba global usa todas las observadas, sin "
        "rellenar huecos ni tirar filas; después, cada pareja se compara con Wilcoxon en los "
        "conjuntos en que están las dos, con Holm.",
        "11_mas_alla_de_holm.ipynb", "6",
    ),
    GuideEntry(
        "bayes_cv", 6, "La alternativa bayesiana",
        "prueba t bayesiana correlacionada con ROPE",
        "Con una región de equivalencia práctica (ROPE) se puede afirmar que dos algoritmos "
        "son prácticamente equivalentes, cosa que un valor p no permite.",
        "09_comparacion_bayesiana.ipynb", "4",
    ),
    GuideEntry(
        "bayes_datasets", 3, "la prueba de rangos con signo bayesiana",
        "prueba de rangos con signo bayesiana con ROPE",
        "Con una ROPE se puede afirmar que dos algoritmos son prácticamente equivalentes en "
        "los conjuntos estudiados, cosa que un valor p no permite.",
        "09_comparacion_bayesiana.ipynb", "6",
    ),
)

#: Las ramas de la guía, por su identificador.
GUIDE: dict[str, GuideEntry] = {entry.key: entry for entry in _ENTRIES}
