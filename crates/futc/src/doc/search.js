// The search box of `futc doc`'s pages: finds names in the index written
// to search-index.js. A `?q=` in the page's address fills it in.
(function () {
  "use strict";
  const input = document.getElementById("search");
  const results = document.getElementById("search-results");
  const root = document.body.dataset.root || "";
  const index = window.futharkDocIndex || [];

  function rank(entry, query) {
    const name = entry.name.toLowerCase();
    const last = name.slice(name.lastIndexOf(".") + 1);
    if (last === query || name === query) return 0;
    if (last.startsWith(query)) return 1;
    if (name.startsWith(query)) return 2;
    return 3;
  }

  function show(query) {
    results.replaceChildren();
    query = query.trim().toLowerCase();
    if (query === "") return;
    const found = index
      .filter((entry) => entry.name.toLowerCase().includes(query))
      .map((entry) => [rank(entry, query), entry])
      .sort((a, b) => a[0] - b[0] || a[1].name.length - b[1].name.length)
      .slice(0, 50);
    for (const [, entry] of found) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = root + entry.url;
      link.textContent = entry.name;
      item.append(link, entry.kind + " in " + entry.file);
      results.append(item);
    }
    if (found.length === 0) {
      const item = document.createElement("li");
      item.textContent = "No names match.";
      results.append(item);
    }
  }

  input.addEventListener("input", () => show(input.value));
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      const first = results.querySelector("a");
      if (first) window.location.href = first.href;
    } else if (event.key === "Escape") {
      input.value = "";
      show("");
    }
  });
  const query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    show(query);
  }
})();
