// Grimoire's web page: hash routes (#/search, #/card/NAME, #/deck, #/dashboard, #/arena: replay.js) over the JSON
// API in web.py.
"use strict";

const ROLES = ["ramp", "manarock", "manadork", "draw", "removal", "boardwipe", "counterspell", "tutor", "tokens",
  "sacoutlet", "recursion", "protection", "lifegain", "discard", "mill", "graveyardhate", "anthem", "extraturn",
  "evasion", "copy", "untap", "burn"];
const SEARCH_FIELDS = {q: "q", id: "f-id", format: "f-format", type: "f-type", mv_min: "f-mv-min",
  mv_max: "f-mv-max", role: "f-role"};
// What each search parameter is called on the page, to label an error the API pins on that parameter.
const ARGUMENT_LABELS = {q: "Query", id: "Colour identity", format: "Format", type: "Type", mv_min: "Mana value",
  mv_max: "Mana value", role: "Role", page: "Page", limit: "Page size", mode: "Ranking", literal: "Search as typed"};
const PAGE_SIZE = 20;
const FILTER_DELAY_MS = 400;  // a select's arrow keys change it once per press: search once they rest
const COLORS = {W: "#f8f6d8", U: "#aae0fa", B: "#cbc2bf", R: "#f9aa8f", G: "#9bd3ae", C: "#d6d0cd"};
const MANA_NAMES = {W: "white", U: "blue", B: "black", R: "red", G: "green", C: "colourless", S: "snow",
  X: "X", Y: "Y", Z: "Z", H: "half"};

const $ = (id) => document.getElementById(id);

// What the loaded card data can answer (/api/options): its formats, the longest query; null until it comes.
let searchOptions = null;
// Each route() counts one navigation; a view whose answer comes after a newer navigation drops it (a slow search
// for role:ramp must not overwrite the role:draw one asked after it).
let navigation = 0;
let deckChecks = 0;
let focusResults = false;  // after Next/Previous or a removed chip, focus goes to the results heading
let filterTimer = null;

function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
    "'": "&#39;"})[c]);
}

function manaName(part) {
  if (/^\d+$/.test(part)) return `${part} generic`;
  return MANA_NAMES[part] || part;
}

// One mana symbol ({W}, {2}, {X}, {W/U}, {G/P}, {T}) as a small badge, named for screen readers.
function symbol(inner) {
  const s = inner.toUpperCase();
  const title = escapeHtml("{" + s + "}");
  const badge = (cls, label, text, style = "") => `<span class="ms ${cls}" role="img" title="${title}" ` +
    `aria-label="${escapeHtml(label)}"${style}>${text}</span>`;
  if (s.includes("/")) {
    const parts = s.split("/");
    const phyrexian = parts[parts.length - 1] === "P";
    const colours = phyrexian ? parts.slice(0, -1) : parts;
    const label = `${phyrexian ? "Phyrexian " : ""}${colours.map(manaName).join(" or ")} mana`;
    if (phyrexian && colours.length === 1) return badge(`ms-${colours[0].toLowerCase()}`, label, "φ");
    const left = COLORS[colours[0]] || "#cac5c0";
    const right = COLORS[colours[1]] || "#cac5c0";
    const number = /^\d+$/.test(colours[0]) ? colours[0] : "";
    return badge("ms-hybrid", label, number, ` style="background:linear-gradient(135deg, ${left} 50%, ${right} 50%)"`);
  }
  if (s === "T") return badge("ms-t", "tap", "↷");
  if (s === "Q") return badge("ms-q", "untap", "↶");
  if ("WUBRGCS".includes(s) && s.length === 1) {
    return badge(`ms-${s.toLowerCase()}`, `${manaName(s)} mana`, s === "C" ? "◇" : s);
  }
  return badge("", `${manaName(s)} mana`, escapeHtml(s));
}

// Text with every {…} mana symbol drawn as a badge; everything else escaped.
function mana(text) {
  return escapeHtml(text).replace(/\{([^}\s]{1,5})\}/g, (_, inner) => symbol(inner));
}

function rulesText(text) {
  return (text || "").split("\n").map((line) => `<p>${mana(line)}</p>`).join("");
}

function cardLink(name) {
  return `<a class="name" href="#/card/${encodeURIComponent(name)}">${escapeHtml(name)}</a>`;
}

function tags(list, cls = "") {
  return list.map((t) => `<span class="tag ${cls}">${escapeHtml(t)}</span>`).join("");
}

async function getJson(url, options) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (e) {  // no answer at all (the server stopped, the network dropped): said, not left on "Searching…"
    return {ok: false, status: 0, body: {error: "the server could not be reached; try again"}};
  }
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = {error: `the server answered ${response.status}`};
  }
  return {ok: response.ok, status: response.status, body};
}

function show(view) {
  for (const name of ["search", "card", "deck", "dashboard", "arena"]) {
    $(`${name}-view`).hidden = name !== view;
  }
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.classList.toggle("active", link.dataset.nav === view || (view === "card" && link.dataset.nav === "search"));
  }
}

// The tab's title names what is shown: the query or the card (cut short), then the site.
function setTitle(what) {
  const text = what.length > 70 ? `${what.slice(0, 69)}…` : what;
  document.title = text ? `${text} · Grimoire` : "Grimoire";
}

// -- search --------------------------------------------------------------------------------------------------

function searchParamsFromForm() {
  const params = new URLSearchParams();
  for (const [key, id] of Object.entries(SEARCH_FIELDS)) {
    const value = $(id).value.trim();
    if (value) params.set(key, value);
  }
  if ($("f-literal").checked) params.set("literal", "true");
  return params;
}

function fillForm(params) {
  for (const [key, id] of Object.entries(SEARCH_FIELDS)) {
    const field = $(id);
    const value = params.get(key) || "";
    // a format or role in the address that the select lacks is shown as asked (the search says what is wrong)
    if (field.tagName === "SELECT" && value && ![...field.options].some((o) => o.value === value)) {
      field.insertAdjacentHTML("beforeend", `<option data-asked>${escapeHtml(value)}</option>`);
    }
    field.value = value;
  }
  $("f-literal").checked = params.get("literal") === "true";
}

function resultItem(card) {
  const faces = card.faces.length > 1
    ? card.faces.map((f) => `<div class="face"><span class="face-name">${escapeHtml(f.name)}</span>` +
        `${mana(f.mana_cost || "")}${rulesText(f.oracle_text)}</div>`).join("")
    : rulesText(card.oracle_text);
  const stats = card.faces.filter((f) => f.power !== null && f.power !== undefined)
    .map((f) => `${f.power}/${f.toughness}`).join(" // ");
  return `<li class="result">
    <div class="head"><div><span class="rank">${card.rank}.</span>${cardLink(card.name)}</div>
      <div class="cost">${mana(card.mana_cost || "")}</div></div>
    <div class="type">${escapeHtml(card.type_line || "")}${stats ? " · " + escapeHtml(stats) : ""}</div>
    <div class="text">${faces}</div>
    <div class="roles">${tags(card.roles)}</div>
    ${card.why.text ? `<div class="why muted">why: ${escapeHtml(card.why.text)}</div>` : ""}
  </li>`;
}

// How player words were read: one removable chip per reading. Removing a chip searches those words as typed
// (quoted, which the reader leaves alone), or drops a typed like:/combo:; "search as typed" turns every reading
// off (literal, the form's checkbox).
function readingChips(body) {
  const chips = body.readings.flatMap((r) => r.chips);
  if (!chips.length) return "";
  const items = chips.map((c, i) => `<span class="chip" title="${escapeHtml(c.kind)}: from “${escapeHtml(c.words)}”">` +
    `${escapeHtml(c.syntax)}<button type="button" class="chip-remove" data-chip="${i}" ` +
    `aria-label="search “${escapeHtml(c.words)}” as typed">×</button></span>`).join("");
  return `<span class="muted">read as:</span> ${items} <button type="button" id="reading-literal" class="link">` +
    `search as typed</button>`;
}

function wireReading(body, params) {
  const chips = body.readings.flatMap((r) => r.chips);
  const rerun = (next) => {
    next.delete("page");
    focusResults = true;
    location.hash = `#/search?${next}`;
  };
  document.querySelectorAll(".chip-remove").forEach((button) => {
    button.onclick = () => {
      const chip = chips[Number(button.dataset.chip)];
      const next = new URLSearchParams(params);
      const q = next.get("q") || "";
      const at = q.toLowerCase().indexOf(chip.words.toLowerCase());
      const before = q.slice(0, at), after = q.slice(at + chip.words.length);
      // a typed like:"X" or combo:"X" is syntax, not words: removing its chip removes it
      const typed = /^(like|combo)[:=]/i.test(chip.words);
      next.set("q", at < 0 ? q : typed ? `${before.trimEnd()} ${after.trimStart()}`.trim()
        : `${before}"${q.slice(at, at + chip.words.length)}"${after}`);
      rerun(next);
    };
  });
  if ($("reading-literal")) {
    $("reading-literal").onclick = () => { const next = new URLSearchParams(params); next.set("literal", "true"); rerun(next); };
  }
}

// The search form's fields the last error marked; cleared before the next search.
function markInvalid(argument) {
  for (const id of Object.values(SEARCH_FIELDS)) {
    $(id).removeAttribute("aria-invalid");
    $(id).removeAttribute("aria-describedby");
  }
  const field = $(SEARCH_FIELDS[argument] || "");
  if (!field) return;
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", "search-error");
  field.focus();
}

// A refused search: what is wrong, labelled by the parameter at fault; a query error adds one caret block.
function searchError(body, params) {
  const query = params.get("q") || "";
  const limit = searchOptions?.max_query_length;
  if (body.argument === "q" && Number.isInteger(body.position)) {
    const length = [...query].length;  // in characters, as the API counts them (an emoji is one)
    const tooLong = limit !== undefined && length > limit;
    const caret = body.caret ?? `${body.query ?? query}\n${" ".repeat(body.position)}^`;
    const message = tooLong
      ? `it has ${length.toLocaleString("en")} characters and a search takes at most ` +
        `${limit.toLocaleString("en")} (the caret marks where that ends). Shorten it, or split it into several ` +
        "searches."
      : `${body.problem ?? body.error} (at character ${body.position + 1}). Quote phrases with spaces ` +
        '(o:"draw a card"), or drop the syntax and use plain words.';
    return `<strong>${tooLong ? "Query too long" : "Query syntax"}:</strong> ${escapeHtml(message)}` +
      `<pre class="caret">${escapeHtml(caret)}</pre>`;
  }
  const label = ARGUMENT_LABELS[body.argument] || "Search";
  return `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(body.error)}`;
}

// Scroll a caret block sideways so that its caret is in view (the block scrolls inside its box on a phone).
function showCaret(pre) {
  if (!pre) return;
  const lines = pre.textContent.split("\n");
  const longest = Math.max(...lines.map((line) => line.length));
  const column = lines[lines.length - 1].length;
  pre.scrollLeft = (pre.scrollWidth * column) / longest - pre.clientWidth / 2;
}

async function runSearch(params) {
  show("search");
  fillForm(params);
  const ticket = navigation;
  const results = $("results");
  const error = $("search-error");
  const status = $("search-status");
  const pager = $("pager");
  const heading = $("results-heading");
  markInvalid(null);
  if (![...params.keys()].some((k) => k !== "page")) {
    results.innerHTML = "";
    pager.innerHTML = "";
    error.hidden = true;
    heading.textContent = "";
    setTitle("");
    status.textContent = "Search every Magic card by what it does. Plain words rank; syntax (t:creature, id<=bg, " +
      "mv<=3, f:commander, role:ramp) filters.";
    return;
  }
  const page = Number(params.get("page") || 1);
  const asked = params.get("q") || [...params].filter(([k]) => k in SEARCH_FIELDS).map(([k, v]) => `${k}:${v}`)
    .join(" ");
  setTitle(`${asked}${page > 1 ? `, page ${page}` : ""} · search`);
  status.textContent = "Searching…";
  const api = new URLSearchParams(params);
  api.set("limit", PAGE_SIZE);
  const {ok, body} = await getJson(`/api/search?${api}`);
  if (ticket !== navigation) return;  // a newer search (or another view) was asked meanwhile
  const moveFocus = focusResults;
  focusResults = false;
  if (!ok) {
    results.innerHTML = "";
    pager.innerHTML = "";
    status.textContent = "";
    heading.textContent = "";
    $("reading").hidden = true;
    await optionsReady;
    error.innerHTML = searchError(body, params);
    error.hidden = false;
    showCaret(error.querySelector("pre.caret"));
    markInvalid(body.argument);
    return;
  }
  error.hidden = true;
  const reading = $("reading");
  reading.innerHTML = readingChips(body);
  reading.hidden = !reading.innerHTML;
  wireReading(body, params);
  const pages = Math.max(1, Math.ceil(body.total / body.limit));
  if (body.results.length) {
    const first = body.results[0].rank;
    const last = body.results[body.results.length - 1].rank;
    status.textContent = `${first}–${last} of ${body.total} cards` +
      (body.filters_applied.length ? ` · filters: ${body.filters_applied.join(" ")}` : "") +
      (params.get("literal") === "true" ? " · words searched as typed" : "") +
      (body.notes.length ? ` · ${body.notes.join("; ")}` : "");
    heading.textContent = `Results ${first} to ${last}`;
  } else {
    status.textContent = body.total ? `No results on page ${page}.` : "No cards match. Loosen a filter or reword.";
    heading.textContent = "No results";
  }
  results.innerHTML = body.results.map(resultItem).join("");
  results.start = body.results.length ? body.results[0].rank : 1;
  pager.innerHTML = body.total > body.limit
    ? `<button id="prev-page" ${page <= 1 ? "disabled" : ""}>← Previous</button>
       <span id="page-number">Page ${page} of ${pages}</span>
       <button id="next-page" ${body.has_more ? "" : "disabled"}>Next →</button>` : "";
  const go = (delta) => {
    const next = new URLSearchParams(params);
    next.set("page", page + delta);
    focusResults = true;
    location.hash = `#/search?${next}`;
    window.scrollTo(0, 0);
  };
  if ($("prev-page")) $("prev-page").onclick = () => go(-1);
  if ($("next-page")) $("next-page").onclick = () => go(1);
  if (moveFocus) heading.focus();
}

// The format select lists the formats the loaded card data knows; the others would only be refused.
function fillFormats(options) {
  const known = options.formats.filter((f) => f.known).map((f) => f.name);
  const unknown = options.formats.length - known.length;
  $("f-format").innerHTML = '<option value="">any</option>' + known.map((name) => `<option>${name}</option>`)
    .join("") + (unknown ? `<option disabled value="-">${unknown} more after data update</option>` : "");
  $("f-format").title = unknown ? "The loaded card data knows these formats' legality; grimoire data update loads " +
    "every format's" : "";
  for (const option of $("deck-format").options) {
    if (!option.value || known.includes(option.value)) continue;  // (the deck's own: no one format)
    option.value = option.value;  // the label changes, the value stays the format's name
    option.textContent = `${option.value} (legality not in this data)`;
  }
}

const optionsReady = getJson("/api/options").then(({ok, body}) => {
  if (!ok) return;
  searchOptions = body;
  const chosen = $("f-format").value;
  fillFormats(body);
  $("f-format").value = chosen;
  if (chosen && $("f-format").value !== chosen) {
    $("f-format").insertAdjacentHTML("beforeend", `<option data-asked>${escapeHtml(chosen)}</option>`);
    $("f-format").value = chosen;
  }
}).catch(() => {});

// -- card ----------------------------------------------------------------------------------------------------

function faceBlock(face, multi) {
  const stats = [face.power !== null && face.power !== undefined ? `${face.power}/${face.toughness}` : null,
    face.loyalty ? `Loyalty ${face.loyalty}` : null, face.defense ? `Defense ${face.defense}` : null]
    .filter(Boolean).join(" · ");
  return `<div class="panel face">
    <div class="head"><strong>${escapeHtml(multi ? face.name : "")}</strong> ${mana(face.mana_cost || "")}</div>
    <div class="type">${escapeHtml(face.type_line || "(type not in this data)")}</div>
    <div class="text">${rulesText(face.oracle_text)}</div>
    ${stats ? `<div class="muted">${escapeHtml(stats)}</div>` : ""}
  </div>`;
}

// The card's image from Scryfall's CDN, loaded lazily, when the store has one; otherwise (or offline, when the
// image does not load) a text frame with the name, cost and type line.
function cardImage(card) {
  const frame = `<div class="card-frame" id="card-frame"><strong>${escapeHtml(card.name)}</strong>` +
    `<span>${mana(card.mana_cost || "")}</span><span class="muted">${escapeHtml(card.type_line || "")}</span></div>`;
  if (!card.image_url) return frame;
  return `<img class="card-image" id="card-image" loading="lazy" src="${escapeHtml(card.image_url)}" ` +
    `alt="${escapeHtml(card.name)}" onerror="this.hidden = true; this.nextElementSibling.hidden = false">` +
    frame.replace('<div class="card-frame"', '<div class="card-frame" hidden');
}

// A card address whose name is no percent-encoded text (#/card/%E0%A4%A): said so, not thrown.
function badCardAddress(raw) {
  show("card");
  setTitle("Card address not readable");
  $("card-view").innerHTML = `<h1>Card address not readable</h1><div class="error" role="alert" id="card-error">` +
    `The address names the card as “${escapeHtml(raw)}”, which is not percent-encoded text (a % must start ` +
    `%XX). Search for the card by name instead.</div><p><a href="#/search">Search</a></p>`;
}

async function showCard(name) {
  show("card");
  const ticket = navigation;
  const view = $("card-view");
  setTitle(name);
  view.innerHTML = `<p class="status" role="status">Loading ${escapeHtml(name)}…</p>`;
  const {ok, status, body} = await getJson(`/api/card/${encodeURIComponent(name)}`);
  if (ticket !== navigation) return;
  if (!ok) {
    // only a 404 says the card does not exist; a busy or unreachable server says so (it had read "Card not found")
    const heading = status === 404 ? "Card not found" : "Card could not be loaded";
    setTitle(heading);
    const suggestions = (body.suggestions || []).map((s) => `<li>${cardLink(s)}</li>`).join("");
    view.innerHTML = `<h1>${heading}</h1><div class="error" role="alert" id="card-error">` +
      `${escapeHtml(body.error)}</div>` +
      (suggestions ? `<p>Did you mean:</p><ul class="suggestions">${suggestions}</ul>` : "");
    return;
  }
  setTitle(body.name);
  const multi = body.faces.length > 1;
  const legal = Object.entries(body.legalities || {}).sort()
    .map(([fmt, status]) => `<span class="${status}">${escapeHtml(fmt)}: ${escapeHtml(status.replace("_", " "))}</span>`)
    .join("");
  const rulings = !body.rulings_in_data ? `<p class="muted">No rulings in this card data.</p>`
    : body.rulings.length ? `<ul>${body.rulings.map((r) => `<li><span class="muted">${escapeHtml(r.published_at)}` +
        `</span> ${mana(r.comment)}</li>`).join("")}</ul>` : `<p class="muted">No rulings for this card.</p>`;
  const similar = body.similar.map((c) => `<li>${cardLink(c.name)} ${mana(c.mana_cost || "")} ` +
    `<span class="muted">${escapeHtml(c.type_line || "")}</span></li>`).join("");
  const identity = body.color_identity.join("") || "colourless";
  view.innerHTML = `<div class="card-page">
    <h1 id="card-name">${escapeHtml(body.name)} ${mana(multi ? "" : body.faces[0].mana_cost || "")}</h1>
    ${body.correction ? `<p class="note" id="card-correction">${escapeHtml(body.correction)}</p>` : ""}
    <div class="card-top">${cardImage(body)}
      <div class="faces">${body.faces.map((f) => faceBlock(f, multi)).join("")}</div></div>
    <p class="muted">Mana value ${body.mana_value ?? "unknown"} · colour identity ${escapeHtml(identity)}` +
    `${body.rarity ? " · " + escapeHtml(body.rarity) : ""}${body.game_changer ? " · Game Changer" : ""}</p>
    <h2>Roles</h2><div class="roles">${body.roles.length ? tags(body.roles) : '<span class="muted">none</span>'}</div>
    <h2>Legality</h2><div class="legal-grid">${legal || '<span class="muted">unknown in this data</span>'}</div>
    <h2>Rulings</h2>${rulings}
    <h2>Similar cards</h2>${similar ? `<ul class="similar">${similar}</ul>` +
      `<p><a href="#/search?${new URLSearchParams({q: `like:"${body.name}"`})}">more like this</a></p>`
      : '<p class="muted">none found</p>'}
  </div>`;
}

// -- deck ----------------------------------------------------------------------------------------------------

function curveChart(curve) {
  const most = Math.max(1, ...Object.values(curve));
  return `<div class="curve" id="curve">${Object.entries(curve).map(([mv, count]) => `<div class="col">
      <span class="count">${count}</span><div class="bar" style="height:${(count / most) * 80}%"></div>
      <span class="label">${escapeHtml(mv)}</span></div>`).join("")}</div>`;
}

// The verdict is the library's (body.verdict, as the CLI and the MCP server say it): "not legal" when a rule is
// broken; "legality unknown" when no rule is broken but the card data could not say whether the cards are legal
// in the format (a warning, not a pass); else "legal".
function verdict(body) {
  if (body.verdict === "not legal") return {cls: "bad", text: "not legal", note: body.format};
  if (body.verdict === "legality unknown") {
    return {cls: "warn", text: "legality unknown", note: `${body.format} · not checked`};
  }
  return {cls: "ok", text: "legal", note: body.format};
}

// A violation's cards link to their pages; an unreadable line is no card's name, so it stays text.
function violationCards(v) {
  if (!v.cards.length) return "";
  const items = v.rule === "unreadable lines" ? v.cards.map((text) => `<code>${escapeHtml(text)}</code>`)
    : v.cards.map(cardLink);
  return ` <span class="muted">(${items.join(", ")})</span>`;
}

function deckReport(body) {
  const stats = body.analysis;
  const problems = body.problems.length
    ? `<ul class="problems">${body.problems.map((p) => `<li><span class="line-no">line ${p.line_number}</span> ` +
        `<code>${escapeHtml(p.text)}</code>: ${escapeHtml(p.reason)}` +
        (p.suggestions.length ? ` — did you mean ${p.suggestions.map(cardLink).join(", ")}?` : "") + "</li>").join("")}</ul>`
    : '<p class="muted">Every line was read.</p>';
  const corrections = body.corrections.length
    ? `<h2>Names corrected</h2><ul class="corrections">${body.corrections.map((c) => `<li><span class="line-no">` +
        `line ${c.line_number}</span> read <code>${escapeHtml(c.written)}</code> as ${cardLink(c.name)}</li>`)
        .join("")}</ul>` : "";
  const violations = body.violations.length
    ? `<ul class="violations">${body.violations.map((v) => `<li><span class="tag ${v.severity === "error" ? "bad" : "warn"}">` +
        `${escapeHtml(v.rule)}</span> ${escapeHtml(v.message)}${violationCards(v)}</li>`).join("")}</ul>`
    : '<p class="muted">No broken rules.</p>';
  const targets = new Map(stats.targets.map((t) => [t.role, t]));
  const roleRows = Object.entries(stats.roles).sort((a, b) => b[1] - a[1]).map(([role, count]) => {
    const target = targets.get(role);
    return `<tr><td>${escapeHtml(role)}</td><td class="num">${count}</td>` +
      `<td>${target ? targetCell(target) : ""}</td></tr>`;
  });
  for (const target of stats.targets) {
    if (!(target.role in stats.roles)) {
      roleRows.push(`<tr><td>${escapeHtml(target.role)}</td><td class="num">${target.count}</td>` +
        `<td>${targetCell(target)}</td></tr>`);
    }
  }
  const searches = stats.targets.filter((t) => t.search).map((t) => `<li>more ${escapeHtml(t.role)}: ` +
    `<a class="suggested" href="#/search?${new URLSearchParams({q: t.search})}">${escapeHtml(t.search)}</a></li>`)
    .join("");
  const legality = verdict(body);
  return `<div class="summary panel">
      <div><b>${body.card_count}</b>cards</div><div><b>${stats.land_count}</b>lands</div>
      <div><b>${stats.average_mana_value ?? "–"}</b>average mana value</div>
      <div><b>${escapeHtml(stats.color_identity || "C")}</b>colour identity</div>
      <div><b class="${legality.cls}" id="deck-legal">${legality.text}</b>` +
      `<span id="deck-legal-note">${escapeHtml(legality.note)}</span></div></div>
    ${corrections}<h2>Lines that could not be read</h2>${problems}
    <h2>Rules</h2>${violations}
    <div class="grid2"><div><h2>Mana curve</h2><div class="panel">${curveChart(stats.curve)}</div></div>
      <div><h2>Roles</h2><table class="roles-table"><tr><th>role</th><th>cards</th><th>target</th></tr>
      ${roleRows.join("")}</table></div></div>
    <h2>Suggested searches</h2>${searches ? `<ul>${searches}</ul>` : '<p class="muted">Nothing falls short.</p>'}`;
}

function targetCell(target) {
  const range = target.maximum !== null ? `${target.minimum ?? 0}–${target.maximum}` : `${target.minimum}+`;
  const cls = target.status === "ok" ? "ok" : target.status === "short" ? "bad" : "warn";
  return `${range} <span class="tag ${cls}">${target.status}</span>`;
}

async function checkDeck(event) {
  event.preventDefault();
  const ticket = ++deckChecks;
  const error = $("deck-error");
  const report = $("deck-report");
  const status = $("deck-status");
  const button = $("deck-submit");
  error.hidden = true;
  error.textContent = "";
  report.innerHTML = "";
  status.textContent = "Checking…";
  button.disabled = true;
  const bracket = $("deck-bracket").value;
  let answer;
  try {
    answer = await getJson("/api/deck/check", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({deck: $("deck-text").value, format: $("deck-format").value || null,
        bracket: bracket ? Number(bracket) : null})});
  } catch (e) {
    answer = {ok: false, body: {error: "the server could not be reached; try again"}};
  }
  if (ticket !== deckChecks) return;
  button.disabled = false;
  const {ok, body} = answer;
  if (!ok) {
    status.textContent = "";
    error.textContent = body.error || "the check failed";
    error.hidden = false;
    return;
  }
  const legality = verdict(body);
  // (a Moxfield or Archidekt deck declares its format: say which format was checked, and why)
  const why = body.deck.declared_format ? ` Checked as ${body.format}: ${body.format_reason}.` : "";
  status.textContent = `Checked ${body.card_count} cards: ${legality.text} (${legality.note}).${why}`;
  report.innerHTML = deckReport(body);
}

// -- dashboard -----------------------------------------------------------------------------------------------

// A mean with its 95% interval, or "–" when unknown; `format` turns one number into text.
function intervalCell(cell, format, cls = "") {
  if (!cell || !cell.n || cell.mean === null || cell.mean === undefined) return `<td class="num muted">–</td>`;
  const bounds = cell.low !== null && cell.high !== null
    ? ` <span class="muted">[${format(cell.low)}–${format(cell.high)}]</span>` : "";
  return `<td class="num ${cls}">${format(cell.mean)}${bounds}</td>`;
}

function searchSection(body) {
  const best = {};
  for (const set of body.sets) {
    best[set] = Math.max(...body.engines.map((e) => body.summary[e]?.[set]?.mean ?? -1));
  }
  const head = body.sets.map((s) => `<th>${escapeHtml(s)} <span class="muted">(${
    body.summary[body.engines[0]]?.[s]?.queries ?? "?"} queries)</span></th>`).join("");
  const rows = body.engines.map((engine) => `<tr><td>${escapeHtml(engine)}</td>${body.sets.map((set) => {
    const cell = body.summary[engine]?.[set];
    if (!cell) return "<td></td>";
    return `<td class="num ${cell.mean === best[set] ? "best" : ""}">${cell.mean.toFixed(1)} ` +
      `<span class="muted">[${cell.low.toFixed(1)}–${cell.high.toFixed(1)}]</span></td>`;
  }).join("")}</tr>`).join("");
  return `<p class="muted">${escapeHtml(body.metric)}; brackets are 95% bootstrap intervals. ` +
    `Best engine per query set in bold.</p>
    <div class="scroll"><table id="bench-table"><tr><th>engine</th>${head}</tr>${rows}</table></div>
    ${body.chart ? `<h2>nDCG@10 by engine</h2><img class="chart" id="bench-chart" src="${body.chart}" ` +
      `alt="nDCG@10 of each engine on each query set">` : ""}
    <p class="muted">Re-run with <code>grimoire bench search --out docs/bench</code> in the repository (or write to
    another folder and serve with <code>GRIMOIRE_BENCH_DIR</code> set to it).</p>`;
}

function agentSection(body) {
  const p10 = (x) => x.toFixed(3);
  const first = body.runs[0]?.summary || {};
  const count = (column) => first[column]?.n ?? "?";
  const rows = body.runs.map((run) => {
    const s = run.summary || {};
    const flag = run.provisional ? ` <span class="tag warn provisional" title="${run.ungraded} returned cards ` +
      `are not graded yet, so P@10 counts them as misses">provisional</span>` : "";
    return `<tr class="${run.provisional ? "provisional-run" : ""}"><td>${escapeHtml(run.label)}${flag}</td>` +
      intervalCell(s["deck+attr"], p10) + intervalCell(s.deck, p10) + intervalCell(s.attr, p10) +
      intervalCell(s.known, p10) + intervalCell(s.tokens, (x) => `${(x / 1000).toFixed(1)}k`) +
      intervalCell(s.cost, (x) => `$${x.toFixed(3)}`) + "</tr>";
  }).join("");
  const provisional = body.runs.some((r) => r.provisional)
    ? " Runs marked provisional returned cards nobody has graded yet; do not compare them with others." : "";
  return `<p class="muted">P@10 per task on deck and attribute tasks, found-or-not on known-card tasks; ` +
    `brackets are 95% bootstrap intervals over tasks.${provisional}</p>
    <div class="scroll"><table id="agent-table"><tr><th>run</th><th>P@10 deck+attr <span class="muted">(${count("deck+attr")})</span>` +
    `</th><th>deck <span class="muted">(${count("deck")})</span></th><th>attr <span class="muted">(${count("attr")})` +
    `</span></th><th>found <span class="muted">(${count("known")})</span></th><th>tokens / task</th>` +
    `<th>cost / task</th></tr>${rows}</table></div>
    ${body.chart ? `<h3>P@10 (deck+attr) by run</h3><img class="chart" id="agent-chart" src="${body.chart}" ` +
      `alt="P@10 on deck and attribute tasks of each agent run">` : ""}
    <p class="muted">Add a run with <code>grimoire bench agent --model MODEL --out DIR</code>.</p>`;
}

const PRECON_COLUMNS = {add_score: "add score", cut_score: "cut score", add_score_syn: "add score (gain_syn)",
  add_hits_at_10: "add hits@10", cut_hits_at_10: "cut hits@10"};
const SPLIT_ORDER = ["train", "dev", "gap", "test"];

function preconSection(body) {
  const rows = body.rows.filter((r) => r.slice === "all").sort((a, b) =>
    ((SPLIT_ORDER.indexOf(a.split) + 5) % 5) - ((SPLIT_ORDER.indexOf(b.split) + 5) % 5) ||
    a.split.localeCompare(b.split) || a.system.localeCompare(b.system));
  const format = (x) => x.toFixed(3);
  const lines = rows.map((row) => {
    const n = Math.max(0, ...Object.values(row.metrics || {}).map((m) => m?.n ?? 0));
    return `<tr><td>${escapeHtml(row.split)}</td><td>${escapeHtml(row.system)}</td><td class="num">${n}</td>` +
      Object.keys(PRECON_COLUMNS).map((m) => intervalCell(row.metrics?.[m], format)).join("") + "</tr>";
  }).join("");
  return `<p class="muted">Normalised gain per precon; brackets are 95% bootstrap intervals.</p>
    <div class="scroll"><table id="precon-table"><tr><th>split</th><th>system</th><th>n</th>${Object.values(PRECON_COLUMNS)
      .map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr>${lines}</table></div>
    ${body.chart ? `<img class="chart" id="precon-chart" src="${body.chart}" ` +
      `alt="Precon cut/add scores of each system by split">` : ""}`;
}

function arenaSection(body) {
  const elo = (x) => `${x > 0 ? "+" : ""}${Math.round(x)}`;
  const rows = body.players.map((p) => `<tr class="${p.ranked ? "" : "muted"}"><td class="num">` +
    `${p.rank ?? "–"}</td><td><a class="player-games" href="#/arena?player=${encodeURIComponent(p.name)}" ` +
    `title="this player's games">${escapeHtml(p.name)}</a></td><td class="num">${elo(p.elo)} <span class="muted">` +
    `[${elo(p.low)}, ${elo(p.high)}]</span></td><td class="num">${p.games}</td><td class="num">${p.wins}</td><td class="num">${p.draws ?? 0}</td></tr>`)
    .join("");
  const ref = body.reference || {};
  return `<p class="muted">Elo relative to the ${escapeHtml(ref.player || "cpu")} playing ` +
    `${escapeHtml(ref.deck || "burn")} (fixed at 0); brackets are 90% intervals; players with fewer than 4 games ` +
    `are not ranked. ${body.games} games, ${body.draws} not fitted (draws)` +
    `${body.errors ? `; ${body.errors} more ended in a harness error, not counted` : ""}.</p>
    <div class="scroll"><table id="arena-table"><tr><th>rank</th><th>player</th><th>Elo</th><th>games</th><th>wins</th><th>draws</th></tr>${rows}</table></div>
    ${body.chart ? `<img class="chart" id="arena-chart" src="${body.chart}" ` +
      `alt="Arena ratings with 90% intervals">` : ""}
    <p class="muted">Run a league with <code>grimoire arena league --players MODEL heuristic cpu</code>.</p>`;
}

async function showDashboard() {
  show("dashboard");
  const view = $("dashboard");
  const agent = $("agent-dashboard");
  const precon = $("precon-dashboard");
  const arena = $("arena-dashboard");
  for (const part of [view, agent, precon, arena]) part.innerHTML = '<p class="status">Loading…</p>';
  const [search, agentRuns, preconReport, arenaBoard] = await Promise.all(
    ["/api/bench/search", "/api/bench/agent", "/api/bench/precon", "/api/bench/arena"].map((url) => getJson(url)));
  view.innerHTML = search.ok ? searchSection(search.body)
    : `<div class="error">${escapeHtml(search.body.error)}</div>`;
  agent.innerHTML = agentRuns.ok && agentRuns.body.runs?.length ? agentSection(agentRuns.body)
    : '<p class="muted" id="agent-empty">No results yet: run <code>grimoire bench agent --model MODEL ' +
      '--out &lt;bench dir&gt;</code></p>';
  precon.innerHTML = preconReport.ok && preconReport.body.rows?.length ? preconSection(preconReport.body)
    : '<p class="muted" id="precon-empty">No results yet: run <code>grimoire precon report --out ' +
      '&lt;bench dir&gt;/precon</code></p>';
  arena.innerHTML = arenaBoard.ok && arenaBoard.body.players?.length ? arenaSection(arenaBoard.body)
    : '<p class="muted" id="arena-empty">No results yet: run <code>grimoire arena league</code></p>';
}

// -- routing -------------------------------------------------------------------------------------------------

function route() {
  navigation += 1;
  clearTimeout(filterTimer);
  const hash = location.hash.slice(1) || "/search";
  const [path, query] = hash.split("?");
  if (path.startsWith("/card/")) {
    const raw = path.slice("/card/".length);
    let name;
    try {
      name = decodeURIComponent(raw);
    } catch (e) {
      badCardAddress(raw);
      return;
    }
    showCard(name);
  } else if (path === "/deck") {
    show("deck");
    setTitle("Deck check");
  } else if (path === "/dashboard") {
    setTitle("Benchmark");
    showDashboard();
  } else if (path === "/arena" || path.startsWith("/arena/")) {
    setTitle("Arena");
    try {
      showArena(path, new URLSearchParams(query || ""));
    } catch (e) {  // a game address that is no percent-encoded text
      show("arena");
      $("arena-view").innerHTML = `<h1>Arena game</h1><div class="error" role="alert" id="arena-error">This game ` +
        `address is not percent-encoded text.</div><p><a href="#/arena">All games</a></p>`;
    }
  } else {
    runSearch(new URLSearchParams(query || ""));
  }
}

function init() {
  $("f-role").insertAdjacentHTML("beforeend", ROLES.map((r) => `<option>${r}</option>`).join(""));
  $("search-form").addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(filterTimer);
    const target = `#/search?${searchParamsFromForm()}`;
    if (location.hash === target) route(); else location.hash = target;
  });
  // A select searches once its value rests (arrow keys change a closed select once per press), so a run of
  // presses is one search and one history entry.
  for (const id of ["f-format", "f-role"]) {
    $(id).addEventListener("change", () => {
      clearTimeout(filterTimer);
      filterTimer = setTimeout(() => $("search-form").requestSubmit(), FILTER_DELAY_MS);
    });
  }
  $("f-literal").addEventListener("change", () => $("search-form").requestSubmit());
  $("deck-form").addEventListener("submit", checkDeck);
  window.addEventListener("hashchange", route);
  route();
}

init();
