// judge: progressive enhancement only. Every page works without this file.
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");

  // ------------------------------------------------------------ search scope: remember the game
  // The game a user picks for searching (the select of the search page, or "all games") is kept
  // in localStorage and applied to search boxes that have no game of their own, with the scope
  // shown and an "all games" button. A game page's own search stays scoped to that game.
  var GAME_KEY = "judge.searchGame";
  function remembered() {
    try { return localStorage.getItem(GAME_KEY) || ""; } catch (e) { return ""; }
  }
  function remember(g) {
    try { localStorage.setItem(GAME_KEY, g || ""); } catch (e) { /* private mode: forget */ }
  }
  var titlesEl = doc.querySelector("[data-game-titles]");
  var titles = {};
  try { titles = JSON.parse(titlesEl ? titlesEl.getAttribute("data-game-titles") : "{}") || {}; } catch (e) { titles = {}; }
  doc.querySelectorAll("a[data-scope-all]").forEach(function (a) {
    a.addEventListener("click", function () { remember(""); });
  });
  doc.querySelectorAll("form[role=search]").forEach(function (form) {
    form.addEventListener("submit", function (e) {
      var sub = e.submitter;
      if (sub && sub.hasAttribute("data-scope-all")) { remember(""); return; }
      var sel = form.querySelector("select[name=game]");
      if (sel) remember(sel.value);
    });
    var g = remembered();
    var own = form.querySelector("select[name=game]");
    if (own) {  // a game picker the page left unset (home): preset to the game picked last time
      var set = Array.prototype.some.call(own.options, function (o) { return o.defaultSelected; });
      if (!set && g && titles[g]) own.value = g;
      return;
    }
    if (form.querySelector("[name=game]")) return;  // scoped by the page's own game
    if (!g || !titles[g]) return;
    var scope = doc.createElement("span");
    scope.className = "scope";
    scope.setAttribute("data-scope", "");
    scope.appendChild(doc.createTextNode("in " + titles[g] + " "));
    var all = doc.createElement("button");
    all.type = "submit"; all.name = "game"; all.value = ""; all.className = "scope-all";
    all.setAttribute("data-scope-all", "");
    all.textContent = "all games";
    scope.appendChild(all);
    var hidden = doc.createElement("input");
    hidden.type = "hidden"; hidden.name = "game"; hidden.value = g;
    // after the default submit button, so that Enter still searches the remembered game
    var btn = form.querySelector("button[type=submit]:not([data-scope-all])");
    var anchor = btn ? btn.nextSibling : null;
    form.insertBefore(scope, anchor);
    form.insertBefore(hidden, anchor);
  });

  // ------------------------------------------------------------ toast + copy
  var toastTimer = null;
  function toast(msg) {
    var t = doc.querySelector(".toast");
    if (!t) return;
    t.textContent = msg;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { t.hidden = true; }, 1800);
  }

  function fallbackCopy(text) {
    var ta = doc.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.className = "visually-hidden";
    doc.body.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = doc.execCommand("copy"); } catch (e) { ok = false; }
    doc.body.removeChild(ta);
    return ok;
  }

  function copy(text, what) {
    window.__judgeLastCopy = text; // read by the end-to-end tests
    var done = function () { toast("Copied " + what); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () {
        if (fallbackCopy(text)) done(); else toast("Copy failed");
      });
    } else if (fallbackCopy(text)) {
      done();
    } else {
      toast("Copy failed");
    }
  }

  function citeOf(el, kind) {
    var holder = el && el.closest("[data-cite-plain]");
    if (!holder) return null;
    return kind === "markdown" ? holder.getAttribute("data-cite-md") : holder.getAttribute("data-cite-plain");
  }

  doc.querySelectorAll("[data-copy], [data-copy-text]").forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () {
      var own = b.getAttribute("data-copy-text");
      var kind = b.getAttribute("data-copy");
      var text = own || citeOf(b, kind);
      var what = b.getAttribute("data-copy-what") || (kind === "markdown" ? "for chat" : "citation");
      if (text) copy(text, what);
    });
  });

  // ------------------------------------------------------------ "What happens if?"
  var form = doc.querySelector("[data-check-form]");
  if (form) {
    var area = form.querySelector("textarea");
    var note = form.querySelector("[data-size-note]");
    var maxBytes = parseInt(area.getAttribute("data-max-bytes") || "0", 10);
    var bytes = function () { return new TextEncoder().encode(area.value).length; };
    var sizeCheck = function () {
      var n = bytes();
      var over = maxBytes && n > maxBytes;
      note.textContent = over ? "The scenario is " + n.toLocaleString("en") + " bytes; at most " +
        maxBytes.toLocaleString("en") + " are accepted. Nothing was cut: shorten it to check." : "";
      note.classList.toggle("error-text", !!over);
      return !over;
    };
    area.addEventListener("input", function () { if (note.textContent) sizeCheck(); });
    form.addEventListener("submit", function (e) {
      if (!sizeCheck()) { e.preventDefault(); area.focus(); }
    });
    area.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        if (sizeCheck()) { if (form.requestSubmit) form.requestSubmit(); else form.submit(); }
      }
    });
    doc.querySelectorAll("[data-goto-line]").forEach(function (a) {
      a.addEventListener("click", function (e) {
        e.preventDefault();
        var line = parseInt(a.getAttribute("data-goto-line"), 10);
        var col = parseInt(a.getAttribute("data-goto-column") || "1", 10);
        var lines = area.value.split("\n");
        var start = 0;
        for (var i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
        var len = (lines[line - 1] || "").length;
        area.focus();
        area.setSelectionRange(start + Math.min(col - 1, len), start + len);
        var lh = parseFloat(getComputedStyle(area).lineHeight) || 20;
        area.scrollTop = Math.max(0, (line - 3) * lh);
      });
    });
  }

  // ------------------------------------------------------------ glossary filter
  var filter = doc.querySelector("[data-glossary-filter]");
  if (filter) {
    filter.hidden = false;
    var input = filter.querySelector("input");
    var entries = Array.prototype.slice.call(doc.querySelectorAll(".term-entry"));
    var count = filter.querySelector("[data-filter-count]");
    input.addEventListener("input", function () {
      var q = input.value.trim().toLowerCase();
      var shown = 0;
      entries.forEach(function (el) {
        var hit = !q || el.textContent.toLowerCase().indexOf(q) !== -1;
        el.hidden = !hit;
        if (hit) shown++;
      });
      count.textContent = q ? shown + " of " + entries.length + " terms" : "";
    });
  }

  // ------------------------------------------------------------ "?" shows the keyboard shortcuts
  var help = null;
  function toggleHelp() {
    if (!help) {
      help = doc.createElement("div");
      help.className = "shortcuts";
      help.setAttribute("role", "dialog");
      help.setAttribute("aria-label", "Keyboard shortcuts");
      help.tabIndex = -1;
      var rows = [["/", "search"], ["j / k", "next / previous rule or result"], ["Enter", "open the selected result"],
        ["y", "copy the citation"], ["Ctrl+Enter", "check the scenario (What happens if?)"],
        ["Esc", "close a preview or this list"], ["?", "show or hide this list"]];
      var h = doc.createElement("h2");
      h.textContent = "Keyboard shortcuts";
      help.appendChild(h);
      var dl = doc.createElement("dl");
      rows.forEach(function (r) {
        var dt = doc.createElement("dt"); var k = doc.createElement("kbd"); k.textContent = r[0]; dt.appendChild(k);
        var dd = doc.createElement("dd"); dd.textContent = r[1];
        dl.appendChild(dt); dl.appendChild(dd);
      });
      help.appendChild(dl);
      help.hidden = true;
      doc.body.appendChild(help);
    }
    help.hidden = !help.hidden;
    if (!help.hidden) help.focus();
  }

  // ------------------------------------------------------------ browse: expand all, open on anchor
  var expand = doc.querySelector("[data-expand]");
  if (expand) {
    expand.hidden = false;
    expand.addEventListener("click", function () {
      var all = doc.querySelectorAll("details.node");
      var open = expand.getAttribute("data-open") !== "1";
      all.forEach(function (d) { d.open = open; });
      expand.setAttribute("data-open", open ? "1" : "0");
      expand.textContent = open ? "Collapse all" : "Expand all";
    });
  }
  function openTarget() {
    if (!location.hash) return;
    var el = doc.getElementById(decodeURIComponent(location.hash.slice(1)));
    for (var p = el; p; p = p.parentElement) { if (p.tagName === "DETAILS") p.open = true; }
    if (el) el.scrollIntoView({ block: "start" });
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();

  // ------------------------------------------------------------ previews of referenced rules
  var cache = new Map();
  var box = null;
  var showing = null;
  var hoverTimer = null;
  var lastPointer = "mouse";

  function getBox() {
    if (!box) {
      box = doc.querySelector(".preview");
      if (!box) {
        box = doc.createElement("div");
        box.className = "preview";
        box.setAttribute("role", "tooltip");
        box.hidden = true;
        doc.body.appendChild(box);
      }
    }
    return box;
  }

  function load(url) {
    if (!cache.has(url)) {
      cache.set(url, fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); }));
    }
    return cache.get(url);
  }

  function hide() {
    if (box) box.hidden = true;
    showing = null;
  }

  function show(link) {
    var url = link.getAttribute("data-preview");
    if (!url) return;
    showing = link;
    load(url).then(function (data) {
      if (showing !== link) return;
      var b = getBox();
      b.textContent = "";
      var r = data.rule || {};
      var head = doc.createElement("div");
      head.className = "p-head";
      head.textContent = r.id + (r.title ? " " + r.title : (data.heading ? " · " + data.heading : ""));
      var body = doc.createElement("div");
      body.className = "p-body";
      var text = r.text || "";
      if (!text && data.children && data.children.length) {
        text = data.children.slice(0, 4).map(function (c) { return c.id + " " + (c.title || c.text); }).join("\n");
      }
      body.textContent = text.length > 600 ? text.slice(0, 599) + "…" : text;
      b.appendChild(head);
      b.appendChild(body);
      if (lastPointer === "touch") {
        var more = doc.createElement("a");
        more.className = "p-more";
        more.href = link.getAttribute("href");
        more.textContent = "Open " + r.id + " →";
        b.appendChild(more);
      }
      b.hidden = false;
      var rect = link.getBoundingClientRect();
      var top = window.scrollY + rect.bottom + 6;
      var left = Math.max(8, Math.min(window.scrollX + rect.left, window.scrollX + doc.documentElement.clientWidth - b.offsetWidth - 8));
      b.style.top = top + "px";
      b.style.left = left + "px";
    }).catch(function () { if (showing === link) hide(); });
  }

  doc.addEventListener("pointerdown", function (e) { lastPointer = e.pointerType || "mouse"; }, true);
  doc.addEventListener("mouseover", function (e) {
    var a = e.target.closest && e.target.closest("a[data-preview]");
    if (!a || lastPointer === "touch") return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(function () { show(a); }, 120);
  });
  doc.addEventListener("mouseout", function (e) {
    var a = e.target.closest && e.target.closest("a[data-preview]");
    if (!a) return;
    clearTimeout(hoverTimer);
    var to = e.relatedTarget;
    if (to && box && box.contains(to)) return;
    setTimeout(function () { if (showing === a && !(box && box.matches(":hover"))) hide(); }, 150);
  });
  var keyboardFocus = false;
  doc.addEventListener("keydown", function () { keyboardFocus = true; }, true);
  doc.addEventListener("pointerdown", function () { keyboardFocus = false; }, true);
  doc.addEventListener("focusin", function (e) {
    // keyboard users get the preview on focus; a tap or click decides for itself
    var a = e.target.closest && e.target.closest("a[data-preview]");
    if (a && keyboardFocus) show(a);
  });
  doc.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[data-preview]");
    if (a && lastPointer === "touch" && showing !== a) {
      e.preventDefault(); // first tap previews, the link in the preview opens
      show(a);
      return;
    }
    if (box && !box.hidden && !(box.contains(e.target))) hide();
  });

  // ------------------------------------------------------------ keyboard
  var items = Array.prototype.slice.call(doc.querySelectorAll("[data-nav-item]"));
  var cur = -1;
  function select(n) {
    if (!items.length) return;
    if (cur >= 0) items[cur].classList.remove("current");
    cur = Math.max(0, Math.min(items.length - 1, n));
    var el = items[cur];
    el.classList.add("current");
    for (var p = el; p; p = p.parentElement) { if (p.tagName === "DETAILS") p.open = true; }
    el.scrollIntoView({ block: "nearest" });
  }
  function typing(t) {
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  }
  doc.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape") { hide(); if (help && !help.hidden) help.hidden = true; if (typing(e.target)) e.target.blur(); return; }
    if (typing(e.target)) return;
    if (e.key === "?") { e.preventDefault(); toggleHelp(); return; }
    var isRule = doc.body.classList.contains("rule-page");
    if (e.key === "/") {
      var s = doc.querySelector("[data-primary]") || doc.querySelector("main [data-search]") || doc.querySelector("[data-search]");
      if (s) { e.preventDefault(); s.focus(); s.select(); }
    } else if (e.key === "j" || e.key === "k") {
      if (isRule) {
        var link = doc.querySelector('.prevnext a[data-key="' + e.key + '"]');
        if (link) { e.preventDefault(); location.href = link.href; }
      } else if (items.length) {
        e.preventDefault();
        select(cur < 0 ? 0 : cur + (e.key === "j" ? 1 : -1));
      }
    } else if (e.key === "Enter" && !isRule && cur >= 0) {
      var a = items[cur].querySelector("a[href]");
      if (a) { e.preventDefault(); location.href = a.href; }
    } else if (e.key === "y") {
      var holder = (!isRule && cur >= 0) ? items[cur] : doc.querySelector("article[data-cite-plain]");
      var text = citeOf(holder, "plain");
      if (text) { e.preventDefault(); copy(text, "citation"); }
    }
  });
})();
