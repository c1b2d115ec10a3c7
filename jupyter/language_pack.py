"""El paquete de idioma del curso para JupyterLab: el catálogo en español de
``jupyterlab-language-pack-es-ES`` más las traducciones del curso (``po/*.po``).

JupyterLab admite un solo paquete de idioma por código de idioma (el punto de entrada
``jupyterlab.languagepack``), y el paquete original no se puede ampliar desde fuera: su catálogo
declara la versión ``"jupyterlab"``, que ``jupyterlab_server`` no sabe comparar al fusionar los
catálogos de otros paquetes (punto de entrada ``jupyterlab.locale``), y las etiquetas de los menús
que vienen de los esquemas de ajustes se traducen en el servidor con el ``.mo`` del módulo
``jupyterlab_language_pack_<idioma>``, sin fusión posible. Por eso el curso instala un paquete
completo con otro código, ``es`` (español, sin país): al construirlo, copia los catálogos del
paquete original (licencia BSD-3-Clause, cuyo texto se instala al lado) y les aplica las
traducciones del curso, que sustituyen a las originales con el mismo identificador.

Lo usa ``setup.py`` al construir ``./jupyter``; las pruebas del curso lo importan para comprobar
los catálogos.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import json
import shutil
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

#: Código de idioma del paquete del curso y nombre del módulo que JupyterLab busca para él.
LOCALE = "es"
MODULE = f"jupyterlab_language_pack_{LOCALE}"
#: El paquete original del que parte.
UPSTREAM = "jupyterlab-language-pack-es-ES"
UPSTREAM_MODULE = "jupyterlab_language_pack_es_ES"
UPSTREAM_LOCALE = "es_ES"
UPSTREAM_LICENSE = "LICENSE-jupyterlab-language-pack-es-ES.txt"
PO_DIR = Path(__file__).resolve().parent / "po"


def read_course_catalogs(po_dir: Path = PO_DIR) -> dict[str, Catalog]:
    """Las traducciones del curso, por dominio (el nombre del fichero ``<dominio>.po``)."""
    catalogs = {}
    for path in sorted(po_dir.glob("*.po")):
        with open(path, "rb") as fh:
            catalogs[path.stem] = read_po(fh, locale=LOCALE, domain=path.stem)
    return catalogs


def json_key(message: Message) -> str:
    """La clave de un mensaje en el catálogo JSON de JupyterLab (``contexto\\x04id``)."""
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return f"{message.context}\x04{msgid}" if message.context else msgid


def json_value(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def translated(catalog: Catalog) -> list[Message]:
    """Los mensajes con traducción (sin la cabecera)."""
    return [m for m in catalog if m.id and (all(m.string) if isinstance(m.string, tuple)
                                            else m.string)]


def merge_json(upstream: dict | None, course: Catalog, domain: str, version: str) -> dict:
    """Catálogo JSON (el formato que JupyterLab sirve al navegador) con las entradas del curso.

    La cabecera declara la versión del paquete original (una versión que ``jupyterlab_server``
    sabe comparar, no ``"jupyterlab"`` como el original)."""
    merged = dict(upstream or {})
    header = dict(merged.get("", {}))
    header.update({"domain": domain, "language": LOCALE, "version": version,
                   "plural_forms": header.get("plural_forms", "nplurals=2; plural=(n != 1);")})
    merged[""] = header
    for message in translated(course):
        merged[json_key(message)] = json_value(message)
    return merged


def merge_mo(upstream: bytes | None, course: Catalog) -> bytes:
    """Catálogo ``.mo`` (el que usa el servidor para los esquemas) con las entradas del curso."""
    catalog = Catalog(locale=LOCALE)
    if upstream:
        original = read_mo(io.BytesIO(upstream))
        catalog.mime_headers = original.mime_headers
        for message in translated(original):
            # babel 2.18 lee el contexto de un .mo como bytes (y no sabría escribirlo).
            context = message.context
            if isinstance(context, bytes):
                context = context.decode(original.charset)
            catalog.add(message.id, message.string, context=context)
    for message in translated(course):
        catalog.delete(message.id, context=message.context)
        catalog.add(message.id, message.string, context=message.context)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def upstream() -> tuple[Path, Path, str]:
    """La carpeta de catálogos, la licencia y la versión del paquete original instalado."""
    spec = importlib.util.find_spec(UPSTREAM_MODULE)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"falta {UPSTREAM} (es un requisito de construcción)")
    dist = importlib.metadata.distribution(UPSTREAM)
    licence = next((Path(dist.locate_file(f)) for f in dist.files or ()
                    if f.name in ("LICENSE", "LICENSE.txt")), None)
    if licence is None:
        raise FileNotFoundError(f"{UPSTREAM} no trae su licencia")
    catalogs = Path(spec.origin).parent / "locale" / UPSTREAM_LOCALE / "LC_MESSAGES"
    return catalogs, licence, dist.version


def build(package_dir: Path, po_dir: Path = PO_DIR) -> list[Path]:
    """Escribe en ``package_dir`` (el módulo :data:`MODULE` ya copiado al directorio de
    construcción) los catálogos fusionados de todos los dominios y la licencia del original."""
    source, licence, version = upstream()
    target = package_dir / "locale" / LOCALE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    course = read_course_catalogs(po_dir)
    domains = sorted({p.stem for p in source.glob("*.json")} | set(course))
    written = []
    for domain in domains:
        additions = course.get(domain, Catalog(locale=LOCALE, domain=domain))
        up_json = source / f"{domain}.json"
        up_mo = source / f"{domain}.mo"
        data = merge_json(json.loads(up_json.read_text(encoding="utf-8"))
                          if up_json.exists() else None, additions, domain, version)
        (target / f"{domain}.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
            encoding="utf-8")
        (target / f"{domain}.mo").write_bytes(
            merge_mo(up_mo.read_bytes() if up_mo.exists() else None, additions))
        written += [target / f"{domain}.json", target / f"{domain}.mo"]
    shutil.copyfile(licence, package_dir / UPSTREAM_LICENSE)
    written.append(package_dir / UPSTREAM_LICENSE)
    return written
