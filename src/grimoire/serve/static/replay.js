// The arena replay viewer: #/arena (the stored games, ?player=NAME to filter) and #/arena/game/ID?step=N (one game,
// step by step: the board as the deciding seat saw it, the options, the choice, the model's calls and cost).
// Loaded before app.js, whose helpers ($, escapeHtml, getJson, show) it uses; app.js routes #/arena here.
"use strict";

// Which steps ← and → stop at: every step, the decisions a player was asked (not a lone "pass priority"), or the
// choices of something other than passing.
const STEP_FILTERS = {
  asked: ["decisions asked", (step) => step.asked !== false],
  actions: ["choices other than passing", (step) => step.action !== "PassPriority"],
  all: ["every step", () => true],
};
const replay = {game: null, id: null, step: 0, filter: "asked"};

function money(value) {
  if (value === null || value === undefined) return "unpriced";
  return value < 0.01 && value > 0 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}

function resultText(game) {
  if (game.winner === null || game.winner === undefined) return escapeHtml(game.end);
  return `${escapeHtml(game.players[game.winner])} won`;
}

function gameLink(game) {
  return `#/arena/game/${encodeURIComponent(game.game_id)}`;
}

function gamesAddress(player, page) {
  const params = new URLSearchParams();
  if (player) params.set("player", player);
  if (page > 1) params.set("page", page);
  const query = params.toString();
  return `#/arena${query ? "?" + query : ""}`;
}

async function showArenaGames(params) {
  show("arena");
  const view = $("arena-view");
  const player = params.get("player");
  const page = Number.parseInt(params.get("page") || "1", 10) || 1;
  view.innerHTML = '<p class="status">Loading…</p>';
  const answer = await getJson("/api/arena/games" + gamesAddress(player, page).slice("#/arena".length));
  if (!answer.ok) {
    view.innerHTML = `<h1>Arena games</h1><div class="error" id="arena-error">${escapeHtml(answer.body.error)}</div>`;
    return;
  }
  const {games, players, total, limit, has_more: hasMore} = answer.body;
  const first = (page - 1) * limit;
  const shown = games.length ? `${first + 1}–${first + games.length} of ` : "";
  // a player the list does not hold is shown as chosen (it had read "everyone" above "0 games")
  const listed = player && !players.includes(player) ? [...players, player] : players;
  const filter = listed.map((p) => `<option${p === player ? " selected" : ""}>${escapeHtml(p)}</option>`).join("");
  const rows = games.map((g) => `<tr><td><a class="game-link" href="${gameLink(g)}">${escapeHtml(g.game_id)}</a></td>` +
    `<td>${g.players.map((p, seat) => `${escapeHtml(p)} <span class="muted">(${escapeHtml(g.decks[seat])})</span>`)
      .join(" vs ")}</td><td>${resultText(g)}</td><td class="num">${g.turns}</td>` +
    `<td class="num">${g.steps}</td><td class="num">${money(g.cost_usd)}</td></tr>`).join("");
  view.innerHTML = `<h1>Arena games</h1>
    <div class="filters"><label>Player <select id="arena-player"><option value="">everyone</option>${filter}
    </select></label><span class="status" id="arena-count">${shown}${total} games</span></div>
    <div class="scroll"><table id="arena-games"><tr><th>game</th><th>players (decks)</th><th>result</th>
    <th>turns</th><th>steps</th><th>cost</th></tr>${rows}</table></div>
    ${!games.length ? `<p class="muted" id="arena-empty">${player && !players.includes(player)
      ? `no stored game has a player named ${escapeHtml(player)}` : page > 1 ? `page ${page} is past the last page`
      : "no games"}</p>` : ""}
    <div class="pager">${page > 1 ? `<a id="games-prev" href="${gamesAddress(player, page - 1)}">← Previous</a>` : ""}
      ${hasMore ? `<a id="games-next" href="${gamesAddress(player, page + 1)}">Next →</a>` : ""}</div>`;
  $("arena-player").addEventListener("change", (event) => { location.hash = gamesAddress(event.target.value, 1); });
}

async function showArenaGame(id, params) {
  show("arena");
  const view = $("arena-view");
  if (replay.id !== id) {
    view.innerHTML = '<p class="status">Replaying the game…</p>';
    const answer = await getJson(`/api/arena/games/${encodeURIComponent(id)}`);
    if (!answer.ok) {
      view.innerHTML = `<h1>Arena game</h1><div class="error" id="arena-error">${escapeHtml(answer.body.error)}</div>` +
        '<p><a href="#/arena">All games</a></p>';
      replay.id = null;
      return;
    }
    replay.game = answer.body;
    replay.id = id;
    renderGame(view, replay.game);
  }
  await goToStep(Number.parseInt(params.get("step") || "0", 10) || 0);
}

function renderGame(view, game) {
  const seats = game.players.map((p, seat) => `<span class="seat seat-${seat}">seat ${seat}: ` +
    `<a href="#/arena?player=${encodeURIComponent(p)}">${escapeHtml(p)}</a> (${escapeHtml(game.decks[seat])})` +
    `${game.first === seat ? ", goes first" : ""}</span>`).join(" ");
  const spent = game.usage.map((u, seat) => u && u.calls ? `<li>seat ${seat} (${escapeHtml(game.players[seat])}): ` +
    `${u.calls} model calls, ${u.tool_calls} tool calls, ${u.input_tokens.toLocaleString("en")} input tokens ` +
    `(${u.cache_read_tokens.toLocaleString("en")} cached), ${u.output_tokens.toLocaleString("en")} output tokens, ` +
    `${money(u.cost_usd)}</li>` : "").join("");
  const turns = game.turn_starts.map((t) => `<button type="button" class="turn seat-${t.seat}" ` +
    `data-step="${t.step}" data-turn="${t.turn}" title="turn ${t.turn}: ${escapeHtml(game.players[t.seat] ?? "")}'s ` +
    `turn">${t.turn}</button>`).join("");
  const warnings = [game.same_version ? "" : "This game was recorded by another harness version; the board is " +
    "rebuilt by this one and may differ slightly.", game.problem ? `The replay stops early: ${game.problem}.` : ""]
    .filter(Boolean).map((w) => `<div class="error">${escapeHtml(w)}</div>`).join("");
  view.innerHTML = `<p><a href="#/arena">All games</a></p>
    <h1 id="replay-title">${escapeHtml(game.game_id)}</h1>
    <p>${seats}</p><p class="muted">${resultText(game)} after ${game.turns} turns; ${game.steps} steps; ` +
    `cost ${money(game.cost_usd)}.</p>${spent ? `<ul class="usage" id="replay-usage">${spent}</ul>` : ""}${warnings}
    <div class="turns" id="replay-turns"><span class="muted">Turn</span> ${turns}</div>
    <div class="replay-controls">
      <button type="button" id="replay-prev" title="previous step (←; previous turn: shift+←)">← Previous</button>
      <span id="replay-position" class="status"></span>
      <button type="button" id="replay-next" title="next step (→; next turn: shift+→)">Next →</button>
      <label class="muted">Step through <select id="replay-filter">${Object.entries(STEP_FILTERS).map(([key, [label]]) =>
        `<option value="${key}"${key === replay.filter ? " selected" : ""}>${label}</option>`).join("")}</select>
      </label>
    </div>
    <div id="replay-step"></div>`;
  $("replay-prev").addEventListener("click", () => moveStep(-1));
  $("replay-next").addEventListener("click", () => moveStep(1));
  $("replay-filter").addEventListener("change", (event) => { replay.filter = event.target.value; });
  for (const button of view.querySelectorAll("button.turn")) {
    button.addEventListener("click", () => goToStep(Number(button.dataset.step)));
  }
}

// The next step in ``direction`` (+1 or -1) that the chosen filter keeps (the first and last steps always are).
function neighbour(direction) {
  const steps = replay.game.step_list;
  const keep = STEP_FILTERS[replay.filter][1];
  let n = replay.step + direction;
  while (n > 0 && n < steps.length - 1 && !keep(steps[n])) n += direction;
  return Math.min(Math.max(n, 0), steps.length - 1);
}

function moveStep(direction) {
  if (!replay.game) return;
  const target = neighbour(direction);
  if (target !== replay.step) goToStep(target);
}

async function goToStep(number) {
  const game = replay.game;
  const n = Math.min(Math.max(number, 0), Math.max(game.step_list.length - 1, 0));
  replay.step = n;
  history.replaceState(null, "", `${gameLink(game)}?step=${n}`);
  $("replay-position").textContent = `step ${n + 1} of ${game.step_list.length}`;
  $("replay-prev").disabled = n === 0;
  $("replay-next").disabled = n >= game.step_list.length - 1;
  const box = $("replay-step");
  if (!game.step_list.length) {
    box.innerHTML = '<p class="muted">This game has no steps.</p>';
    return;
  }
  box.classList.add("loading");
  const answer = await getJson(`/api/arena/games/${encodeURIComponent(game.game_id)}/steps/${n}`);
  if (replay.step !== n) return;  // the user moved on while this step was built
  box.classList.remove("loading");
  box.innerHTML = answer.ok ? stepHtml(answer.body, game)
    : `<div class="error" id="step-error">${escapeHtml(answer.body.error)}</div>`;
  for (const button of document.querySelectorAll("button.turn")) {
    button.classList.toggle("active", Number(button.dataset.turn) === (answer.body.turn ?? -1));
  }
}

function stepHtml(step, game) {
  const options = step.options.map((label, i) => `<li class="${i + 1 === step.chosen ? "chosen" : ""}">` +
    `${escapeHtml(label)}</li>`).join("");
  const outside = step.chosen === null ? `<p class="chosen">Chosen outside the list: ${escapeHtml(step.chosen_label)}` +
    "</p>" : "";
  const note = (game.notes[step.seat] || []).find((n) => n.startsWith(`turn ${step.turn}: `));
  const noteCost = (game.note_costs[step.seat] || {})[step.turn];
  return `<div class="panel step-head" id="step-head"><strong>Turn ${step.turn}</strong> · seat ${step.seat}
      (${escapeHtml(step.player)}) decides · ${escapeHtml(step.category)}
      ${step.auto_pass ? '<span class="tag">only option: applied without asking</span>' : ""}
      <div>Chose <span class="chosen" id="step-choice">${step.chosen ?? "–"}. ${escapeHtml(step.chosen_label)}` +
    `</span></div></div>
    <div class="replay-grid">
      <div><h2>Options offered</h2><ol id="step-options" class="options">${options}</ol>${outside}
        <h2>Model</h2><div id="step-model">${modelHtml(step)}</div>
        ${note ? `<h2>Note after this turn</h2><p id="step-note">${escapeHtml(note.slice(note.indexOf(": ") + 2))}</p>`
          + (noteCost ? `<p class="usage">${usageText(noteCost)}</p>` : "") : ""}</div>
      <div><h2>What seat ${step.seat} saw</h2><pre class="prompt" id="step-prompt">${escapeHtml(step.prompt)}</pre></div>
    </div>`;
}

function modelHtml(step) {
  const asked = step.model.filter((entry) => !entry.note);
  if (!asked.length) {
    return step.auto_pass ? '<p class="muted">Not asked.</p>'
      : '<p class="muted">No model calls: this seat is a bot or the CPU.</p>';
  }
  return asked.map((entry, i) => {
    const calls = entry.calls.map((call) => `<li><code>${escapeHtml(call.function)}(` +
      `${escapeHtml(JSON.stringify(call.arguments))})</code><pre class="tool-result">${escapeHtml(call.result)}</pre>` +
      "</li>").join("");
    const refused = entry.refused.length ? `<p class="muted">Refused or withheld before this ask: ` +
      `${entry.refused.map(([n, why]) => `option ${n} (${escapeHtml(why)})`).join("; ")}</p>` : "";
    const fallback = entry.fallback ? `<div class="error">Fallback: ${escapeHtml(entry.fallback)}</div>` : "";
    return `<div class="panel model-entry">${asked.length > 1 ? `<strong>Ask ${i + 1}</strong>` : ""}${refused}
      ${calls ? `<ol class="tool-calls">${calls}</ol>` : '<p class="muted">No tool calls.</p>'}
      <pre class="reply">${escapeHtml(entry.reply)}</pre>${fallback}
      <p class="usage">${usageText(entry)}</p></div>`;
  }).join("");
}

// The first step of the next (+1) or previous (-1) turn; back from inside a turn goes to that turn's start.
function turnStep(direction) {
  const starts = replay.game.turn_starts.map((t) => t.step);
  if (direction > 0) return starts.find((s) => s > replay.step) ?? replay.step;
  return [...starts].reverse().find((s) => s < replay.step) ?? 0;
}

function usageText(entry) {
  return `${entry.model_calls} model calls · ${entry.input_tokens.toLocaleString("en")} input tokens ` +
    `(${entry.cache_read_tokens.toLocaleString("en")} cached) · ${entry.output_tokens.toLocaleString("en")} output ` +
    `tokens · ${money(entry.cost_usd)}`;
}

function arenaKeys(event) {
  if ($("arena-view").hidden || !replay.game || event.altKey || event.ctrlKey || event.metaKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const direction = {ArrowRight: 1, ArrowLeft: -1}[event.key];
  if (!direction) return;
  event.preventDefault();
  if (event.shiftKey) goToStep(turnStep(direction));
  else moveStep(direction);
}

// app.js's router calls this for every #/arena route.
function showArena(path, params) {
  if (path.startsWith("/arena/game/")) {
    showArenaGame(decodeURIComponent(path.slice("/arena/game/".length)), params);
  } else {
    replay.id = null;
    showArenaGames(params);
  }
}

document.addEventListener("keydown", arenaKeys);
