"""Paquete de idioma de JupyterLab para el curso (español, código ``es``).

Sus catálogos (``locale/es/LC_MESSAGES``) se generan al construir ``./jupyter``: los de
jupyterlab-language-pack-es-ES (Project Jupyter Contributors, licencia BSD-3-Clause, cuyo texto
va al lado) con las traducciones del curso (``jupyter/po``) aplicadas encima. Ver
``jupyter/language_pack.py``.
"""
