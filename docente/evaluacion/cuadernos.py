"""Los cuadernos del curso a los que remiten las prácticas, el examen y el proyecto.

Los enunciados, las rúbricas y la retroalimentación nombran cada cuaderno por su **título**, nunca
por su número. Este diccionario es el único sitio donde aparece el fichero (y con él, el
número): si los cuadernos se renumeran, se cambia aquí y en ningún otro sitio
(``tests/test_grading.py`` comprueba que cada fichero existe y lleva ese título).
"""

from __future__ import annotations

#: Título del cuaderno (el de su encabezado ``# NN · Título``, o su comienzo) -> fichero.
CUADERNOS: dict[str, str] = {
    "Medidas de rendimiento": "01_medidas_de_rendimiento.ipynb",
    "Intervalos de confianza para la exactitud": "02_intervalos_de_confianza.ipynb",
    "Bootstrap": "03_bootstrap.ipynb",
    "Validación cruzada r×k pareada y prueba t corregida": "04_prueba_t_corregida.ipynb",
    "Prueba de McNemar": "05_mcnemar.ipynb",
    "Validación cruzada 5×2": "06_5x2cv_adult.ipynb",
    "Variabilidad, no inferioridad, equivalencia, potencia y tamaño del efecto":
        "07_variabilidad_potencia_no_inferioridad.ipynb",
    "Varios algoritmos sobre varios conjuntos de datos": "08_varios_modelos_y_conjuntos.ipynb",
    "Comparación bayesiana": "09_comparacion_bayesiana.ipynb",
    "Laboratorio de simulación": "10_laboratorio_de_simulacion.ipynb",
    "Compare sus propios modelos": "13_compare_sus_propios_modelos.ipynb",
    "Más allá de Holm": "11_mas_alla_de_holm.ipynb",
    "Comparaciones de la práctica": "12_comparaciones_de_la_practica.ipynb",
}


def titulo(nombre: str) -> str:
    """``«Título»``, comprobando que el cuaderno existe en :data:`CUADERNOS`."""
    if nombre not in CUADERNOS:
        raise ValueError(f"`nombre` debe ser el título de un cuaderno del curso "
                         f"({sorted(CUADERNOS)}); se recibió {nombre!r}.")
    return f"«{nombre}»"


def seccion(nombre: str, numero: int | str) -> str:
    """La sección que conviene repasar, como la escribe la retroalimentación.

    >>> seccion("Prueba de McNemar", 4)
    '4 del cuaderno «Prueba de McNemar»'
    """
    return f"{numero} del cuaderno {titulo(nombre)}"


def fichero(nombre: str) -> str:
    """La ruta del cuaderno dentro del repositorio (``notebooks/...``)."""
    titulo(nombre)
    return f"notebooks/{CUADERNOS[nombre]}"
