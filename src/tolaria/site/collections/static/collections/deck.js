// The deck editor, on top of forms that work without JavaScript:
// - the add box completes card names from /api/cards/autocomplete (a typed quantity, "4 bolt", is kept);
// - forms marked data-live (add, change a row's quantity or zone, pick a suggestion) are sent with fetch and
//   the page's live part (messages, legality, cards, statistics, price) is replaced from the answer, so the
//   deck changes without a page reload; a quantity or zone change is sent as soon as it is made;
// - a card's preview (its image) shows on hover and keyboard focus (CSS alone) and on a tap (site.js, for
//   every page with card rows);
// - after a change the focus comes back to the control that had it (or the next row's), not to the page's top.
(function () {
  const QTY = /^(\d+)\s*x?\s+/i;

  function wireAutocomplete(root) {
    for (const input of root.querySelectorAll("input[data-autocomplete]")) {
      if (input.dataset.wired) continue;
      input.dataset.wired = "1";
      const list = document.getElementById(input.getAttribute("list"));
      let timer = null, last = "";
      input.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(async () => {
          const typed = input.value.trim();
          const m = typed.match(QTY);
          const prefix = m ? m[1] + " " : "";
          const q = m ? typed.slice(m[0].length) : typed;
          if (q.length < 2 || typed === last) return;
          last = typed;
          try {
            const r = await fetch(input.dataset.autocomplete + "?q=" + encodeURIComponent(q), {headers: {Accept: "application/json"}});
            if (!r.ok) return;
            const data = await r.json();
            const items = Array.isArray(data) ? data : (data.data || data.names || []);
            list.replaceChildren(...items.slice(0, 20).map((item) => {
              const option = document.createElement("option");
              option.value = prefix + (typeof item === "string" ? item : (item.name || ""));
              return option;
            }));
          } catch (e) { /* offline: the plain field still works */ }
        }, 120);
      });
    }
  }

  // The live part is replaced after each change: the control that had the focus (or the one the Tab that
  // sent the change moved to) gets it back in the new part — the same control of the same row, else the
  // same control of the row now at that place (after a Remove or a merge: the next one), else the heading.
  function focusKey(live) {
    const el = document.activeElement;
    if (!el || el === document.body || !live.contains(el)) return null;
    const row = el.closest("tr[data-row]");
    const rows = Array.from(live.querySelectorAll("tr[data-row]"));
    let what = el.tagName.toLowerCase();
    if (el.name) what += '[name="' + el.name + '"]';
    else if (el.classList.contains("card-link")) what += ".card-link";
    return {row: row ? row.dataset.row : null, index: row ? rows.indexOf(row) : -1, what};
  }

  function restoreFocus(fresh, key) {
    if (!key) return;
    let target = null;
    if (key.row) {
      const same = fresh.querySelector('tr[data-row="' + key.row + '"]');
      const rows = fresh.querySelectorAll("tr[data-row]");
      const row = same || rows[Math.min(key.index, rows.length - 1)];
      target = row && row.querySelector(key.what);
    } else {
      target = fresh.querySelector(key.what);
    }
    if (!target) {
      target = fresh.querySelector("#cards-h");
      if (target) target.setAttribute("tabindex", "-1");
    }
    if (target) target.focus();
  }

  async function send(form, submitter, beforeFallback) {
    const body = new FormData(form);
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    const live = document.getElementById("deck-live");
    live.setAttribute("aria-busy", "true");
    try {
      const r = await fetch(form.action, {method: "POST", body, headers: {"X-Requested-With": "fetch"}});
      const html = await r.text();
      const doc = new DOMParser().parseFromString(html, "text/html");
      const fresh = doc.getElementById("deck-live");
      if (!fresh) { window.location.reload(); return null; }
      const key = focusKey(live);
      live.replaceWith(fresh);
      const meta = doc.querySelector("p.meta");
      if (meta) document.querySelector("p.meta").replaceWith(meta);
      wire(fresh);
      wireAutocomplete(fresh);
      restoreFocus(fresh, key);
      return fresh;
    } catch (e) {
      if (beforeFallback) beforeFallback();
      form.submit();  // the network failed: fall back to a plain post
      return null;
    } finally {
      live.removeAttribute("aria-busy");
    }
  }

  function wire(root) {
    for (const form of root.querySelectorAll("form[data-live]")) {
      if (form.dataset.wired) continue;
      form.dataset.wired = "1";
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const add = form.classList.contains("add-card");
        const name = form.querySelector("input[name=name]");
        const sent = add ? name.value : "";
        // the form's fields are read before send's first await; a plain post after a failed fetch sends the line again
        const answer = send(form, event.submitter, () => { if (add && !name.value) name.value = sent; });
        // the box is free at once for the next line: what is typed while the card is added is not wiped
        if (add) name.value = "";
        const fresh = await answer;
        if (add) {
          const typedSince = name.value !== "";
          // several cards fit: the box holds the likely one (the first choice), selected, so Enter takes it
          // and typing replaces it
          const first = fresh && fresh.querySelector(".add-choices input[name=name]");
          if (first && !typedSince) {
            name.value = first.value;
            name.select();
          } else if (!first && !typedSince && fresh && fresh.querySelector(".message.error")) {
            name.value = sent;  // not added (no such card, a quantity refused): the line stays, to correct
          } else if (!first && !typedSince) {
            form.querySelector("input[name=quantity]").value = "1";
          }
          name.focus();
        } else if (form.matches(".undo-add, .undo-remove")) {
          // the Undo is gone with its message: the keyboard goes back to the add box, not to the page's top
          const box = document.querySelector("form.add-card input[name=name]");
          if (box) box.focus();
        } else if (form.closest(".add-choices")) {
          const box = document.querySelector("form.add-card input[name=name]");
          if (box && fresh && !fresh.querySelector(".add-choices")) { box.value = ""; box.focus(); }
        }
      });
      if (form.classList.contains("row-edit")) {
        for (const field of form.querySelectorAll("input[name=quantity], select[name=zone], select[name=printing], select[name=finish]")) {
          field.addEventListener("change", () => form.requestSubmit());
        }
        // a change is sent as soon as it is made: the Update button is for pages without JavaScript
        const update = form.querySelector("button[type=submit]:not([name])");
        if (update) update.hidden = true;
      }
    }
  }

  wireAutocomplete(document);
  wire(document);
})();
