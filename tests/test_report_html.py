"""El informe en HTML (``AnalysisResult.to_html``) leído en un Chromium real.

A 390 px (un teléfono), 1024 y 1366 px, con el tema claro y con el oscuro: la página no se
desplaza de lado (las tablas y la figura se desplazan dentro de su caja, y desde 1024 px caben
sin desplazarse), ningún valor p se parte
en dos líneas («< 0.0001» tampoco en el texto), la figura no se encoge por debajo del 80 % de su
tamaño natural (la letra seguiría legible) y todo el texto tiene un contraste de al menos 4.5:1
con su fondo (WCAG 2, nivel AA). Deja capturas de pantalla en ``book/_build/screenshots/``.

Necesita Chromium, como ``tests/test_book.py`` (``COURSE_CHROMIUM`` o el del sistema): sin él,
las pruebas se omiten y lo dicen; con ``CI=true`` fallan.
"""

from __future__ import annotations

import re

import pytest

# El navegador de las pruebas del sitio web (Chromium sin ventana; sin él, se omiten).
from test_book import SCREENSHOTS, browser  # noqa: F401
from test_report_render import report

WIDTHS = (390, 1024, 1366)
SCHEMES = ("light", "dark")
MIN_CONTRAST = 4.5
#: Parte del tamaño natural de la figura por debajo de la cual no se encoge.
MIN_FIGURE_SCALE = 0.8

# Un informe con diagrama CD y una tabla ancha, uno con nombres largos (28 parejas), uno con la
# tabla bayesiana y uno con la figura de intervalos.
PAGES = ["friedman", "nombres_largos", "cv_5x2_rope", "cochran"]


_MEASURE = r"""() => {
  const lines = (range) => new Set(Array.from(range.getClientRects())
      .filter(r => r.width > 0).map(r => Math.round(r.top))).size;
  const cells = Array.from(document.querySelectorAll('td.num')).map(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return {text: td.textContent, lines: lines(range)};
  });
  // «p < 0.0001» (o «= 0.0291») en el texto: la relación y la cifra en la misma línea.
  const prose = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('td, th, style, title')) continue;
    for (const m of node.data.matchAll(/\S+[\s\u00a0][<=][\s\u00a0][\d.]+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      if (lines(range) > 1) prose.push(m[0]);
    }
  }
  const boxes = Array.from(document.querySelectorAll('table, img')).map(el => ({
    tag: el.tagName,
    display: getComputedStyle(el).display,
    overflow: getComputedStyle(el.parentElement).overflowX,
  }));
  const hidden = Array.from(document.querySelectorAll('div.caja'))
      .filter(e => e.scrollWidth > e.clientWidth + 1)
      .map(e => e.getAttribute('aria-label').slice(0, 40));
  const img = document.querySelector('img');
  const figure = img && {
    rendered: img.getBoundingClientRect().width,
    natural: Number(img.getAttribute('width')),
    loaded: img.complete && img.naturalWidth > 0,
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const texts = [];
  for (const el of document.body.querySelectorAll('*')) {
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3 && n.data.trim());
    if (!own.length) continue;
    texts.push({tag: el.tagName, text: own[0].data.trim().slice(0, 40),
                color: getComputedStyle(el).color, background: background(el)});
  }
  return {page: document.documentElement.scrollWidth, cells, prose, boxes, hidden, figure, texts,
          body: background(document.body)};
}"""


def _rgb(css: str) -> tuple[float, float, float]:
    values = [float(v) for v in re.findall(r"[\d.]+", css)[:3]]
    assert len(values) == 3, css
    return values[0], values[1], values[2]


def _luminance(css: str) -> float:
    """Luminancia relativa de WCAG 2 (sRGB linealizado)."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(css))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(color: str, background: str) -> float:
    hi, lo = sorted((_luminance(color), _luminance(background)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula():
    """Los valores de referencia de WCAG 2: negro sobre blanco 21:1, #767676 sobre blanco 4.54:1."""
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgb(118, 118, 118)", "rgb(255, 255, 255)") == pytest.approx(4.54, abs=0.01)


def _problems(state: dict, width: int, scheme: str) -> list[str]:
    where = f"a {width} px, tema {'claro' if scheme == 'light' else 'oscuro'}"
    out = []
    if state["page"] > width:
        out.append(f"{where}: la página se desplaza de lado ({state['page']} px)")
    if width >= 1024 and state["hidden"]:
        out.append(f"{where}: hay que desplazar de lado para leer: {state['hidden']}")
    wrapped = [c["text"] for c in state["cells"] if c["lines"] > 1]
    if wrapped:
        out.append(f"{where}: celdas numéricas partidas en dos líneas: {wrapped[:3]}")
    if not state["cells"]:
        out.append(f"{where}: ninguna celda numérica")
    if state["prose"]:
        out.append(f"{where}: relaciones partidas en el texto: {state['prose'][:3]}")
    for box in state["boxes"]:
        if box["overflow"] != "auto" or (box["tag"] == "TABLE" and box["display"] != "table"):
            out.append(f"{where}: {box['tag']} sin su caja que se desplaza: {box}")
    fig = state["figure"]
    if fig is None or not fig["loaded"]:
        out.append(f"{where}: la figura no se ha cargado")
    elif fig["rendered"] < MIN_FIGURE_SCALE * fig["natural"] - 0.5:
        out.append(f"{where}: la figura mide {fig['rendered']:.0f} px, menos del "
                   f"{MIN_FIGURE_SCALE:.0%} de sus {fig['natural']} px")
    low = [f"{t['tag']} «{t['text']}» {contrast(t['color'], t['background']):.2f}:1"
           for t in state["texts"] if contrast(t["color"], t["background"]) < MIN_CONTRAST]
    if low:
        out.append(f"{where}: contraste por debajo de {MIN_CONTRAST}:1: {low[:3]}")
    dark = _luminance(state["body"]) < 0.05
    if dark != (scheme == "dark"):
        out.append(f"{where}: el fondo ({state['body']}) no sigue el tema del sistema")
    return out


@pytest.mark.parametrize("name", PAGES)
def test_report_reads_well_on_a_phone_and_a_laptop_in_both_themes(browser, tmp_path, name):
    path = tmp_path / f"{name}.html"
    path.write_text(report(name).to_html(), encoding="utf-8")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for scheme in SCHEMES:
        page = browser.new_page(viewport={"width": WIDTHS[0], "height": 900},
                                color_scheme=scheme, locale="es-ES")
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: r.url.startswith(("file:", "data:"))
                or errors.append(f"petición fuera del fichero: {r.url}"))
        page.goto(path.as_uri(), wait_until="load")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(50)
            problems += _problems(page.evaluate(_MEASURE), width, scheme)
            page.screenshot(path=SCREENSHOTS / f"informe_{name}_{width}_{scheme}.png",
                            full_page=True)
        page.close()
        problems += errors
    assert not problems, "\n".join(problems)


def test_the_checks_catch_a_page_that_does_not_fit(browser, tmp_path):
    """Las comprobaciones no pasan con cualquier página: el HTML de antes (una tabla con
    ``display:block``, la figura al 100 % del ancho y «< 0.0001» que se puede partir) falla."""
    old = report("friedman").to_html()
    old = old.replace("&lt;&nbsp;", "&lt; ").replace('<div class="caja"', '<div class="x"')
    old = re.sub(r'style="min-width:\d+px"', "", old)
    old = old.replace(".num{text-align:right;white-space:nowrap;", ".num{text-align:right;")
    old = old.replace("--suave:#4d4d4d", "--suave:#9a9a9a")
    path = tmp_path / "antes.html"
    path.write_text(old, encoding="utf-8")
    page = browser.new_page(viewport={"width": 390, "height": 900}, color_scheme="light")
    page.goto(path.as_uri(), wait_until="load")
    found = "\n".join(_problems(page.evaluate(_MEASURE), 390, "light"))
    page.close()
    for symptom in ("se desplaza de lado", "celdas numéricas partidas", "relaciones partidas",
                    "sin su caja", "la figura mide", "contraste"):
        assert symptom in found, (symptom, found)
