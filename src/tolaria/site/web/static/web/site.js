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

  function ready() { setupFlip(); setupAutocomplete(); setupBuilder(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
})();
