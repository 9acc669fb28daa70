// Contrast of what a page shows, from computed styles (WCAG 2 relative luminance).
// Returns {text: [...], borders: [...]}: every failing pair, described.
(() => {
  function parse(c) {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  }
  function over(top, bottom) {
    const a = top.a + bottom.a * (1 - top.a);
    if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
    const mix = (x, y) => (x * top.a + y * bottom.a * (1 - top.a)) / a;
    return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
  }
  function lum(c) {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  }
  function ratio(a, b) {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  function background(el) {
    // composite the backgrounds from the element up to the page
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg.a > 0) { layers.push(bg); if (bg.a >= 1) break; }
    }
    let c = { r: 255, g: 255, b: 255, a: 1 };
    for (let i = layers.length - 1; i >= 0; i--) c = over(layers[i], c);
    return c;
  }
  function visible(el) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none" && !el.closest("[hidden], .visually-hidden, .skip");
  }
  function describe(el) {
    let d = el.tagName.toLowerCase();
    if (el.id) d += "#" + el.id;
    if (el.className && typeof el.className === "string") d += "." + el.className.trim().split(/\s+/).join(".");
    const p = el.parentElement;
    return (p ? p.tagName.toLowerCase() + (p.className ? "." + String(p.className).trim().split(/\s+/)[0] : "") + " > " : "") + d;
  }
  const text = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.nodeValue.trim()) continue;
    const el = n.parentElement;
    if (!el || seen.has(el) || !visible(el)) continue;
    seen.add(el);
    const s = getComputedStyle(el);
    const fg = parse(s.color);
    if (!fg) continue;
    const bg = background(el);
    const r = ratio(over(fg, bg), bg);
    if (r < 4.5) text.push(`${describe(el)} "${n.nodeValue.trim().slice(0, 30)}" ${s.color} on rgb(${bg.r|0},${bg.g|0},${bg.b|0}) = ${r.toFixed(2)}`);
  }
  const borders = [];
  document.querySelectorAll("input, select, textarea").forEach((el) => {
    if (!visible(el) || el.type === "hidden") return;
    const s = getComputedStyle(el);
    const bc = parse(s.borderTopColor);
    const bg = background(el.parentElement);
    if (parseFloat(s.borderTopWidth) > 0 && bc) {
      const r = ratio(over(bc, bg), bg);
      if (r < 3) borders.push(`${describe(el)} border ${s.borderTopColor} on rgb(${bg.r|0},${bg.g|0},${bg.b|0}) = ${r.toFixed(2)}`);
    }
  });
  return { text, borders, ratio: null };
})()
