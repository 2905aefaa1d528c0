// Card-name autocomplete for the deck page: fills the <datalist> from /api/cards/autocomplete?q=.
// Without JavaScript the field still works (the server resolves exact names and suggests near ones).
(function () {
  for (const input of document.querySelectorAll("input[data-autocomplete]")) {
    const list = document.getElementById(input.getAttribute("list"));
    let timer = null, last = "";
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const q = input.value.trim();
        if (q.length < 2 || q === last) return;
        last = q;
        try {
          const r = await fetch(input.dataset.autocomplete + "?q=" + encodeURIComponent(q), {headers: {Accept: "application/json"}});
          if (!r.ok) return;
          const data = await r.json();
          const items = Array.isArray(data) ? data : (data.names || data.results || data.items || data.data || []);
          list.replaceChildren(...items.slice(0, 20).map((item) => {
            const option = document.createElement("option");
            option.value = typeof item === "string" ? item : (item.name || item.value || "");
            return option;
          }));
        } catch (e) { /* offline or no API: the plain field still works */ }
      }, 150);
    });
  }
})();
