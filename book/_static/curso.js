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

  // Un cajón (índice del curso o de la página, en el teléfono) se cierra al elegir un enlace:
  // si lleva a otra sección de esta misma página, la página se desplaza hasta ella y el foco pasa
  // al encabezado, como si se hubiera pulsado el enlace sin cajón.
  ready(() => {
    for (const id of ["pst-primary-sidebar-modal", "pst-secondary-sidebar-modal"]) {
      const dialog = document.getElementById(id);
      if (!dialog) continue;
      dialog.addEventListener("click", (event) => {
        const link = event.target.closest("a[href]");
        if (!link || !dialog.open) return;
        const url = new URL(link.href, location.href);
        const samePage = url.origin === location.origin && url.pathname === location.pathname;
        if (!samePage || !url.hash) {
          dialog.close();
          return;
        }
        event.preventDefault();
        dialog.close();
        const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
        history.pushState(null, "", url.hash);
        if (target) {
          // Después del cierre (el tema devuelve el foco al botón que abrió el cajón).
          setTimeout(() => {
            if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
            target.focus({ preventScroll: true });
            target.scrollIntoView({ block: "start" });
          }, 0);
        }
      });
    }
  });

  // Fórmulas como texto legible (√, θ, ≤...), para los extractos de la búsqueda: MathJax las
  // compone en la página, pero el extracto es texto plano.
  const GREEK = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa " +
    "lambda mu nu xi pi rho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda " +
    "Xi Pi Sigma Phi Psi Omega").split(" ");
  const GREEK_CHARS = "αβγδεεζηθθικλμνξπρστυφφχψωΓΔΘΛΞΠΣΦΨΩ";
  const SYMBOLS = {
    le: "≤", leq: "≤", ge: "≥", geq: "≥", ne: "≠", neq: "≠", approx: "≈", sim: "~",
    cdot: "·", times: "×", pm: "±", infty: "∞", sum: "Σ", prod: "Π", mid: "|", in: "∈",
    to: "→", rightarrow: "→", leftarrow: "←", dots: "…", ldots: "…", cdots: "…", lbrace: "{",
    rbrace: "}", "%": "%", "#": "#", "&": "&", "{": "{", "}": "}", _: "_", quad: " ",
    qquad: " ", ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "\\": " ",
  };
  GREEK.forEach((name, i) => { SYMBOLS[name] = GREEK_CHARS[i]; });
  const ACCENTS_AND_FONTS = new RegExp("\\\\(?:text\\w*|math\\w*|operatorname|hat|widehat|bar|" +
    "overline|tilde|widetilde|vec|boldsymbol)\\s*\\{([^{}]*)\\}", "g");
  const texToText = (tex) => {
    let text = tex;
    // \frac{a}{b} -> (a)/(b) y \sqrt{a} -> √(a), de dentro afuera.
    for (let i = 0; i < 10; i++) {
      const before = text;
      text = text
        .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, "($1)/($2)")
        .replace(/\\sqrt\s*\{([^{}]*)\}/g, "√($1)")
        .replace(ACCENTS_AND_FONTS, "$1");
      if (text === before) break;
    }
    return text
      .replace(/\\(left|right|big|Big|bigg|Bigg)[lr]?\b\s*\\?/g, "")
      .replace(/\\([A-Za-z]+|.)/g, (_, name) => (name in SYMBOLS ? SYMBOLS[name] : ""))
      .replace(/[{}]/g, "")
      .replace(/\s+/g, " ")
      .trim();
  };

  // Extractos de la búsqueda: el texto del artículo (no la cabecera con los botones), con las
  // fórmulas como texto legible. Abierto desde el disco (file://), el navegador no deja leer las
  // páginas para sacar extractos: la búsqueda muestra solo los títulos, sin intentarlo (cada
  // intento fallido dejaba un error en la consola).
  ready(() => {
    // `Search` y `DOCUMENTATION_OPTIONS` son constantes globales de Sphinx (no de `window`).
    if (typeof Search === "undefined" || typeof Search.htmlToText !== "function") return;
    if (location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
      DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
    }
    Search.htmlToText = (htmlString, anchor) => {
      const doc = new DOMParser().parseFromString(htmlString, "text/html");
      doc.querySelectorAll(".headerlink, script, style, noscript").forEach((e) => e.remove());
      doc.querySelectorAll("span.math, div.math").forEach((e) => {
        const tex = e.textContent.trim().replace(/^(\\\(|\\\[|\$\$?)|(\\\)|\\\]|\$\$?)$/g, "");
        e.replaceWith(doc.createTextNode(` ${texToText(tex)} `));
      });
      const article = doc.querySelector("article.bd-article") || doc.body;
      const block = (anchor && article.querySelector(anchor)) || article;
      return (block.textContent || "").replace(/\s+/g, " ");
    };
  });

  // Figuras de los cuadernos (y las de las páginas, en div.curso-figura): nunca por debajo de la mitad de su tamaño (las etiquetas de los ejes
  // se leen). En una pantalla estrecha, la figura se desplaza dentro de su caja, nunca la página.
  const LEGIBLE_SCALE = 0.5;
  // Una caja que se desplaza entra en el orden del tabulador (para desplazarla con las flechas);
  // las demás, no: MathJax deja las fórmulas fuera (inTabOrder: false en conf.py) y les pone
  // tabindex="-1", que se recupera si la caja deja de desplazarse (al ensanchar la ventana).
  const focusableWhenScrolling = (box, tooWide = (b) => b.scrollWidth > b.clientWidth + 1) => {
    if (tooWide(box)) {
      box.classList.add("curso-desplazable");
      if (box.tabIndex < 0) {
        if (!("cursoTabindex" in box.dataset)) {
          box.dataset.cursoTabindex = box.getAttribute("tabindex") ?? "";
        }
        box.setAttribute("tabindex", "0");
      }
    } else {
      box.classList.remove("curso-desplazable");
      if ("cursoTabindex" in box.dataset) {
        const original = box.dataset.cursoTabindex;
        if (original) box.setAttribute("tabindex", original);
        else box.removeAttribute("tabindex");
        delete box.dataset.cursoTabindex;
      }
    }
  };
  // Una fórmula en línea más ancha que la columna (en un teléfono) se desplaza en su caja, el
  // span.math, que el tema recorta (overflow: hidden): se perdía, p. ej., el exponente de
  // 3.6647 × 10⁻⁴³. Se mide lo que se dibuja (mjx-math): el MathML oculto para los lectores de
  // pantalla ensancha scrollWidth unos píxeles en fórmulas que sí caben.
  const inlineTooWide = (span) => {
    const math = span.querySelector("mjx-container > mjx-math");
    return Boolean(math) && math.getBoundingClientRect().width > span.clientWidth + 1;
  };
  const inlineFormulas = [];
  const fitInlineFormulas = () =>
    inlineFormulas.forEach((span) => focusableWhenScrolling(span, inlineTooWide));
  const figureBoxes = new Set();
  ready(() => {
    const legible = (img) => {
      if (!img.naturalWidth) return;
      const legibleWidth = Math.round(img.naturalWidth * LEGIBLE_SCALE);
      img.style.setProperty("--curso-ancho-legible", `${legibleWidth}px`);
      const box = img.closest("div.cell_output, div.curso-figura");
      if (box) {
        figureBoxes.add(box);
        focusableWhenScrolling(box);
      }
    };
    for (const img of document.querySelectorAll(
      "article div.cell_output img, article div.curso-figura img")) {
      if (img.complete) legible(img);
      else img.addEventListener("load", () => legible(img), { once: true });
    }
  });

  // Fórmulas aparte más anchas que la columna: las que juntan varias en una línea (separadas por
  // \qquad, o por una coma y \quad) se muestran una debajo de otra; si aun así no caben, se
  // desplazan dentro de su caja, con una sombra en el borde que lo indica.
  const splitFormula = (tex) => {
    const cuts = [];
    let depth = 0;
    const separators = [/^\\qquad(?![A-Za-z])/, /^,\s*\\quad(?![A-Za-z])/];
    for (const separator of separators) {
      depth = 0;
      for (let i = 0; i < tex.length; i++) {
        const rest = tex.slice(i);
        const ch = tex[i];
        if (ch === "\\" && /^\\(left|begin)(?![A-Za-z])/.test(rest)) depth++;
        else if (ch === "\\" && /^\\(right|end)(?![A-Za-z])/.test(rest)) depth--;
        if (ch === "\\" && /^\\[{}]/.test(rest)) { i++; continue; }
        if (ch === "{") depth++;
        else if (ch === "}") depth--;
        else if (depth === 0 && separator.test(rest)) {
          const match = rest.match(separator)[0];
          cuts.push([ch === "," ? i + 1 : i, i + match.length]);
          i += match.length - 1;
        }
      }
      if (cuts.length) break;
    }
    if (!cuts.length) return null;
    const parts = [];
    let start = 0;
    for (const [end, next] of cuts) {
      parts.push(tex.slice(start, end));
      start = next;
    }
    parts.push(tex.slice(start));
    return parts.every((p) => p.trim()) ? parts.map((p) => p.trim()) : null;
  };
  const formulas = [];
  const fitFormulas = () => {
    for (const { line, stack } of formulas) {
      line.style.display = "";
      if (stack) stack.hidden = true;
      if (stack && line.scrollWidth > line.clientWidth + 1) {
        line.style.display = "none";
        stack.hidden = false;
      }
      const shown = stack && !stack.hidden ? Array.from(stack.children) : [line];
      shown.forEach((box) => focusableWhenScrolling(box));
    }
  };
  let pending = false;
  const refit = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      fitFormulas();
      fitInlineFormulas();
      figureBoxes.forEach((box) => focusableWhenScrolling(box));
    });
  };
  window.addEventListener("resize", refit);
  ready(() => {
    if (!window.MathJax || !MathJax.startup || !MathJax.startup.promise) return;
    MathJax.startup.promise.then(() => {
      for (const item of Array.from(MathJax.startup.document.math)) {
        const line = item.typesetRoot;
        if (!item.display || !line || !line.isConnected || !line.closest("article")) continue;
        const parts = splitFormula(item.math);
        let stack = null;
        if (parts) {
          stack = document.createElement("div");
          stack.className = "curso-formula-apilada";
          stack.hidden = true;
          for (const part of parts) stack.appendChild(MathJax.tex2chtml(part, { display: true }));
          line.after(stack);
        }
        formulas.push({ line, stack });
      }
      fitFormulas();
      inlineFormulas.push(...document.querySelectorAll("article span.math"));
      fitInlineFormulas();
      document.documentElement.dataset.cursoFormulas = "listas";
    });
  });
})();
