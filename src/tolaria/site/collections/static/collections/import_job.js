// The deck page's import job (collections/_import_job.html): asks /api/decks/{token}/imports/{id} how
// far it is once a second, shows it, and reloads the page when the job is over (its outcome is said there).
(function () {
  "use strict";
  const box = document.getElementById("import-job");
  if (!box) return;
  const bar = box.querySelector("progress");
  const done = box.querySelector(".import-job-done");
  let failures = 0;
  function poll() {
    fetch(box.dataset.jobUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((job) => {
        failures = 0;
        bar.value = job.done;
        done.textContent = job.done;
        if (job.state === "done" || job.state === "failed") {
          window.location.reload();
          return;
        }
        window.setTimeout(poll, 1000);
      })
      .catch(() => {
        failures += 1;
        if (failures < 30) window.setTimeout(poll, 2000);
      });
  }
  window.setTimeout(poll, 1000);
})();
