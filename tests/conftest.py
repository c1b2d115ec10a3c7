"""Configuración común de las pruebas unitarias."""

import matplotlib

matplotlib.use("Agg")
