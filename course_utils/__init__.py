"""Utilidades del curso «Medir y comparar algoritmos de aprendizaje automático».

Un paquete delgado: delega en scipy.stats, statsmodels y scikit-learn siempre que
pueden hacer el trabajo, y añade validación de entradas con mensajes en español,
resultados con nombre (``dataclasses`` congeladas con ``summary()``) y gráficas.

Módulos
-------
data        Carga de UCI Adult sin conexión (``load_adult``).
intervals   Intervalos para proporciones y bootstrap.
metrics     Medidas de clasificación a partir de matrices de confusión.
comparison  Pruebas para comparar dos modelos.
resampling  Validación cruzada pareada (r×k y 5×2).
plots       Gráficas de pruebas t, distribuciones bootstrap e intervalos.
"""

from course_utils.data import ADULT_FEATURES, load_adult

# --- intervals / metrics (issue 3, part A) ---
# --- comparison / resampling / plots (issue 3, part B) ---

__version__ = "0.1.0"

__all__ = [
    "ADULT_FEATURES",
    "load_adult",
]
