"""Datos sin conexión: nada se descarga.

* :mod:`~course_utils.datasets.data`: UCI Adult, comprobado con sus sumas sha256.
* :mod:`~course_utils.datasets.benchmark`: el banco de pruebas de varios conjuntos reales y las
  tablas publicadas (Demšar 2006, García y Herrera 2008).
* :mod:`~course_utils.datasets.atari100k`: las puntuaciones publicadas de Atari 100k, ejecución a
  ejecución (Agarwal et al., 2021).

Los nombres públicos se usan desde ``course_utils`` (``cu.load_adult``...).
"""
