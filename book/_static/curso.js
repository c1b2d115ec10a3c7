// Ajustes del sitio del curso (sin recursos externos).
(() => {
  "use strict";
  const ready = (fn) =>
    document.readyState !== "loading" ? fn() : document.addEventListener("DOMContentLoaded", fn);

  // Los botones de las barras laterales. pydata-sphinx-theme 0.20 y sphinx-book-theme 1.4 atan su
  // comportamiento solo al primer `.primary-toggle`/`.secondary-toggle` de la página, un botón
  // oculto de la cabecera; los botones visibles no hacían nada. Cada botón visible reenvía su
  // pulsación al primero, que abre el cajón (teléfono) u oculta la barra (pantalla ancha).
  ready(() => {
    for (const kind of ["primary-toggle", "secondary-toggle"]) {
      const buttons = Array.from(document.querySelectorAll(`.${kind}`));
      const [handled, ...others] = buttons;
      for (const button of others) {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopPropagation();
          button.blur();
          handled.click();
        });
      }
    }
  });

  // Extractos de la búsqueda: sin los delimitadores de las fórmulas (\( \) $$), que MathJax
  // compone en la página pero no en el extracto. Abierto desde el disco (file://), el navegador
  // no deja leer las páginas para sacar extractos: la búsqueda muestra solo los títulos, sin
  // intentarlo (cada intento fallido dejaba un error en la consola).
  ready(() => {
    // `Search` y `DOCUMENTATION_OPTIONS` son constantes globales de Sphinx (no de `window`).
    if (typeof Search === "undefined" || typeof Search.htmlToText !== "function") return;
    if (location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
      DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
    }
    const original = Search.htmlToText;
    Search.htmlToText = (...args) =>
      original(...args)
        .replace(/\\[()[\]]/g, "")
        .replace(/\$\$?/g, "")
        .replace(/\s+/g, " ");
  });

  // Figuras anchas (más del doble de anchas que altas): legibles en un teléfono.
  ready(() => {
    const mark = (img) => {
      if (img.naturalWidth > 1.7 * img.naturalHeight) img.classList.add("curso-figura-ancha");
    };
    for (const img of document.querySelectorAll("article div.cell_output img")) {
      if (img.complete) mark(img);
      else img.addEventListener("load", () => mark(img), { once: true });
    }
  });
})();
