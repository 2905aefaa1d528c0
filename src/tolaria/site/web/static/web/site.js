/* Tolaria: small progressive enhancements. Every page works without this file. */
(function () {
  "use strict";

  // Flip a double-faced card: both faces are shown (as Scryfall does); the button is an extra that
  // shows one face at a time, then both again: both -> back -> front -> both.
  function setupFlip() {
    var btn = document.querySelector("[data-flip]");
    var faces = document.getElementById("faces");
    if (!btn || !faces) return;
    var articles = faces.querySelectorAll(".face");
    var label = btn.querySelector("[data-flip-label]");
    var verb = btn.querySelector("[data-flip-verb]");
    btn.hidden = false;
    function show(i) {
      faces.setAttribute("data-current", String(i));
      articles.forEach(function (a, j) { a.hidden = i >= 0 && j !== i; });
      // one image at a time: the front while both faces' text shows, else the face shown
      document.querySelectorAll("#card-images [data-face]").forEach(function (im, j) { im.hidden = j !== Math.max(i, 0); });
      var upcoming = i < 0 ? 1 : (i === 0 ? -1 : 0);
      if (upcoming < 0) { verb.textContent = "Show"; label.textContent = "both faces"; }
      else { verb.textContent = "Flip to"; label.textContent = articles[upcoming].getAttribute("aria-label"); }
      btn.setAttribute("aria-pressed", i < 0 ? "false" : "true");
    }
    btn.addEventListener("click", function () {
      var cur = parseInt(faces.getAttribute("data-current") || "-1", 10);
      show(cur < 0 ? 1 : (cur === 1 ? 0 : -1));
    });
    show(-1);
  }

  // Name autocomplete: fill the <datalist> from the API as the player types.
  function setupAutocomplete() {
    var list = document.getElementById("card-names");
    if (!list || !window.fetch) return;
    var timer = null, last = "";
    document.querySelectorAll("input[data-autocomplete]").forEach(function (input) {
      input.addEventListener("input", function () {
        var q = input.value.trim();
        clearTimeout(timer);
        if (q.length < 2 || q === last || /[:<>=!"()]/.test(q)) return;
        timer = setTimeout(function () {
          last = q;
          fetch(input.getAttribute("data-autocomplete") + "?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
            .then(function (r) { return r.ok ? r.json() : []; })
            .then(function (data) {
              var names = Array.isArray(data) ? data : (data.data || data.names || data.results || []);
              list.textContent = "";
              names.slice(0, 20).forEach(function (n) {
                var opt = document.createElement("option");
                opt.value = typeof n === "string" ? n : (n.name || "");
                list.appendChild(opt);
              });
            })
            .catch(function () {});
        }, 120);
      });
    });
  }

  // Query builder: write the syntax as the fields change (the form also works without JS).
  function setupBuilder() {
    var form = document.getElementById("builder");
    if (!form) return;
    var out = document.getElementById("built");
    function quoted(v) { v = v.trim(); return /\s/.test(v) ? '"' + v + '"' : v; }
    function compose() {
      var parts = [];
      function f(n) { return form.querySelector('[name="' + n + '"]'); }
      if (f("name").value.trim()) parts.push(quoted(f("name").value));
      [["oracle", "o"], ["type", "t"]].forEach(function (p) {
        f(p[0]).value.split(",").forEach(function (w) { if (w.trim()) parts.push(p[1] + ":" + quoted(w)); });
      });
      var colors = "";
      "wubrgc".split("").forEach(function (c) { if (f("color_" + c).checked) colors += c; });
      if (colors) parts.push("c" + f("color_op").value + colors);
      if (f("mv").value.trim()) parts.push("mv" + f("mv_op").value + f("mv").value.trim());
      [["format", "f"], ["rarity", "r"], ["set", "s"]].forEach(function (p) {
        if (f(p[0]).value.trim()) parts.push(p[1] + ":" + quoted(f(p[0]).value));
      });
      return parts.join(" ");
    }
    function update() {
      var q = compose();
      out.textContent = q;
      var box = document.getElementById("q");
      if (box) box.value = q;
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", function (e) {
      var q = compose();
      if (!q) return;
      e.preventDefault();
      window.location.href = "/search?q=" + encodeURIComponent(q);
    });
  }


  // Card images: each sits over a rendered frame of its card (name, cost, type line, text) in a box of
  // the card's shape. A loaded image covers the frame; one that fails (a 404, images off, offline) or
  // has not loaded TIMEOUT ms after it came into view (a host that does not answer) is dropped, so the
  // frame stays: never a broken-image icon. Rows the deck editor swaps in are watched too.
  function setupImages() {
    var timeout = parseInt(document.documentElement.getAttribute("data-image-timeout") || "8000", 10);
    function boxOf(img) { return img.closest ? img.closest("[data-card-image]") : null; }
    function loaded(img) {
      var box = boxOf(img);
      if (box && !box.classList.contains("image-failed")) box.classList.add("image-loaded");
    }
    function failed(img) {
      var box = boxOf(img);
      if (!box || box.classList.contains("image-failed")) return;
      box.classList.remove("image-loaded");
      box.classList.add("image-failed");
      var frame = box.querySelector(".card-frame");
      if (frame) frame.removeAttribute("aria-hidden");  // the frame is the card now, for screen readers too
      img.alt = "";
      img.removeAttribute("srcset");
      img.removeAttribute("src");  // stops a request that hangs
    }
    function ok(img) { return img.complete && img.naturalWidth > 0; }
    function later(img) {
      setTimeout(function () { if (!ok(img)) failed(img); }, timeout);
    }
    var seen = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        seen.unobserve(e.target);
        var img = e.target.querySelector("img");
        if (img && !ok(img)) later(img);
      });
    }, { rootMargin: "200px" }) : null;
    function watch(img) {
      if (img.dataset.watched || !boxOf(img)) return;
      img.dataset.watched = "1";
      if (img.complete) { if (img.naturalWidth > 0) loaded(img); else failed(img); return; }
      if (seen) seen.observe(boxOf(img)); else later(img);
    }
    document.addEventListener("load", function (e) { if (e.target.tagName === "IMG") loaded(e.target); }, true);
    document.addEventListener("error", function (e) { if (e.target.tagName === "IMG") failed(e.target); }, true);
    document.querySelectorAll("[data-card-image] img").forEach(watch);
    if (window.MutationObserver) {
      new MutationObserver(function (changes) {
        changes.forEach(function (c) {
          c.addedNodes.forEach(function (n) {
            if (n.querySelectorAll) n.querySelectorAll("[data-card-image] img").forEach(watch);
          });
        });
      }).observe(document.body, { childList: true, subtree: true });
    }
  }

  // A card's preview in a deck or list row: hover and keyboard focus show it (CSS alone); a touch
  // screen has no hover, so the first tap on a card's name shows it (under the name, in the row: the
  // row's own controls stay free), a tap on the preview or elsewhere closes it, and a second tap on the
  // name opens the card page.
  // Rows are replaced after each change, so taps are handled once, on the document.
  function wireTapPreview() {
    let touch = false;
    const close = (except) => {
      for (const cell of document.querySelectorAll(".name.previewing")) {
        if (cell === except) continue;
        cell.classList.remove("previewing");
        const link = cell.querySelector("a.card-link");
        if (link) link.setAttribute("aria-expanded", "false");
      }
    };
    document.addEventListener("pointerdown", (event) => { touch = event.pointerType === "touch" || event.pointerType === "pen"; }, true);
    document.addEventListener("click", (event) => {
      const tapped = event.target.closest(".name.previewing .preview");
      if (tapped) {  // a tap on the preview closes it
        const link = tapped.closest(".name").querySelector("a.card-link");
        close(null);
        if (link && document.activeElement === link) link.blur();
        return;
      }
      const link = event.target.closest("a.card-link");
      const cell = link && link.closest(".name");
      if (!touch || !cell || !cell.querySelector(".preview")) {
        if (!(event.target.closest(".name.previewing"))) close(null);
        return;
      }
      if (cell.classList.contains("previewing")) return;  // the second tap follows the link
      event.preventDefault();
      close(cell);
      cell.classList.add("previewing");
      link.setAttribute("aria-expanded", "true");
    });
    document.addEventListener("keydown", (event) => { if (event.key === "Escape") close(null); });
  }


  // The search page's display options apply as soon as one changes. The Apply button stays (pages
  // without JavaScript need it): hiding it now would move the results under it once they are drawn.
  function setupControls() {
    var form = document.querySelector("form.controls");
    if (!form) return;
    form.querySelectorAll("select").forEach(function (sel) {
      sel.addEventListener("change", function () { form.submit(); });
    });
  }

  // A hovered or focused row's preview opens below its name, or above it where the screen ends first.
  function placePreviews() {
    function place(event) {
      var cell = event.target.closest && event.target.closest(".name");
      var preview = cell && cell.querySelector(".preview");
      if (!preview || cell.classList.contains("previewing")) return;
      var below = window.innerHeight - cell.getBoundingClientRect().bottom;
      var tall = Math.min(window.innerWidth * 0.7, 240) * 680 / 488 + 16;
      preview.classList.toggle("above", below < tall && cell.getBoundingClientRect().top > tall);
    }
    document.addEventListener("mouseover", place);
    document.addEventListener("focusin", place);
  }

  function ready() { placePreviews(); setupControls(); setupFlip(); setupAutocomplete(); setupBuilder(); setupImages(); wireTapPreview(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
})();
