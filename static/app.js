// Progressive enhancement: on the board, selection without reloads, legal targets
// highlighted, moves confirmed first when the player asked for that, posted with fetch
// and the fresh game swapped in (or on to the next game); the game's chat sent and
// received without reloads; on every page, live updates (the opponent's moves, chat
// lines, the your-turn counter) by server-sent events. Without
// this script every square is still a plain link or form button, and a reload shows
// what changed.
(function () {
  "use strict";

  // The board's input model, from the rules (see the API's `input`): the steps of a
  // move and, at each selection so far, what can be picked and where it leads.
  function inputOf(area) {
    var text = area.getAttribute("data-input");
    if (!text) return null;
    try { return JSON.parse(text); } catch (ignored) { return null; }
  }

  function board() { return document.getElementById("board"); }

  function picksOf(text) { return text ? text.split(",") : []; }

  // The move `move` (canonical text) as people read it (SAN in chess), from the input
  // model; the canonical text where the game writes it so.
  function displayOf(area, move) {
    var found = null;
    function walk(node) {
      (node && node.options || []).forEach(function (option) {
        if (found) return;
        if (option.move === move) found = option.display || option.move;
        else walk(option.next);
      });
    }
    walk(inputOf(area));
    return found || move;
  }

  // The step reached after `picks`, or null when they lead nowhere.
  function nodeAt(input, picks) {
    var node = input;
    for (var i = 0; i < picks.length; i++) {
      var next = null;
      node.options.forEach(function (option) {
        if (option.pick === picks[i] && option.next) next = option.next;
      });
      if (!next) return null;
      node = next;
    }
    return node;
  }

  // The board's elements for a pick: a square, or the pieces beside the board.
  function elementsFor(area, pick) {
    var found = area.querySelectorAll('.sq[data-sq="' + pick + '"], .piece-pick[data-pick="' + pick + '"]');
    return Array.prototype.slice.call(found);
  }

  function isSquare(area, pick) {
    return !!area.querySelector('.sq[data-sq="' + pick + '"]');
  }

  // The page address that keeps `picks`, each in the parameter named after its step.
  function selectionUrl(input, picks) {
    return "?" + picks.map(function (pick, i) {
      return encodeURIComponent(input.steps[i].name) + "=" + encodeURIComponent(pick);
    }).join("&");
  }

  // Whether the page shows what can be picked at `node` (a promotion's pieces are only
  // on the server's page for that selection).
  function onPage(area, node) {
    return node.options.some(function (option) { return elementsFor(area, option.pick).length > 0; });
  }

  function offer(el, attribute, value) {
    el.removeAttribute("data-off");
    el.setAttribute(attribute, value);
    if (el.tagName === "SPAN") {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
    }
  }

  // Puts `el` at `place` in the tab order (1: the selected piece, 2: its targets, which
  // thus follow it, wherever they stand on the board), keeping its own place to return.
  function tabPlace(el, place) {
    if (!el.hasAttribute("data-tab")) el.setAttribute("data-tab", el.getAttribute("tabindex") || "");
    el.setAttribute("tabindex", String(place));
  }

  // Lays the model over the board for the selection `picks`, as the server does: every
  // option of the current step, the options of earlier steps that lead on, the picks
  // made linking back, and the targets of the deepest step that offers squares; the hint
  // asks for the next step, the targets follow the piece in tab order and show their
  // points.
  function select(area, picks) {
    var input = inputOf(area);
    area.querySelectorAll("[data-tab]").forEach(function (el) {
      var own = el.getAttribute("data-tab");
      if (own) el.setAttribute("tabindex", own); else el.removeAttribute("tabindex");
      el.removeAttribute("data-tab");
    });
    area.setAttribute("data-selection", picks.join(","));
    area.querySelectorAll(".sq, .piece-pick").forEach(function (el) {
      el.classList.remove("target", "selected");
      el.removeAttribute("data-move");
      el.removeAttribute("data-select");
      el.setAttribute("data-off", "");
    });
    if (!input) return;
    var nodes = [];
    for (var k = 0; k <= picks.length; k++) {
      var node = nodeAt(input, picks.slice(0, k));
      if (!node) break;
      nodes.push(node);
    }
    var targetDepth = -1;
    nodes.forEach(function (node, k) {
      if (node.options.some(function (option) { return isSquare(area, option.pick); })) targetDepth = k;
    });
    if (targetDepth >= 0 && input.steps[targetDepth].kind === "origin") targetDepth = -1;
    nodes.forEach(function (node, k) {
      node.options.forEach(function (option) {
        if (k < picks.length && !option.next) return;
        var chosen = picks.slice(0, k).concat([option.pick]);
        elementsFor(area, option.pick).forEach(function (el) {
          if (option.move) offer(el, "data-move", option.move);
          else offer(el, "data-select", chosen.join(","));
          if (k === targetDepth && el.classList.contains("sq")) el.classList.add("target");
        });
      });
    });
    picks.slice(0, nodes.length - 1).forEach(function (pick, k) {
      elementsFor(area, pick).forEach(function (el) {
        el.classList.add("selected");
        offer(el, "data-select", picks.slice(0, k).join(","));
      });
    });
    // The hint above the board asks for the step the selection has reached.
    var hint = document.getElementById("hint");
    var hints = null;
    try { hints = JSON.parse(area.getAttribute("data-hints") || "null"); } catch (ignored) { hints = null; }
    if (hint && hints && hints[nodes.length - 1]) hint.textContent = hints[nodes.length - 1];
    if (area.querySelector(".sq.selected")) {
      area.querySelectorAll(".sq.selected").forEach(function (el) { tabPlace(el, 1); });
      area.querySelectorAll(".sq.target").forEach(function (el) { tabPlace(el, 2); });
    }
    previewPoints(area);
  }

  // Games that count points: each target of the selection shows the points its move
  // gives (the mover's and the opponent's, from the board's data-points), on the square
  // and in its label, as the server's page does for a selection it draws.
  function previewPoints(area) {
    var text = area.getAttribute("data-points");
    if (!text) return;
    var points;
    try { points = JSON.parse(text); } catch (ignored) { return; }
    var words = area.getAttribute("data-points-label") || "";
    area.querySelectorAll(".sq").forEach(function (el) {
      var old = el.querySelector(".preview");
      if (old) old.remove();
      if (el.hasAttribute("data-label")) {
        el.setAttribute("aria-label", el.getAttribute("data-label"));
        el.setAttribute("title", el.getAttribute("data-label"));
      }
      var move = el.getAttribute("data-move");
      var pair = move && el.classList.contains("target") ? points[move] : null;
      if (!pair) return;
      if (!el.hasAttribute("data-label")) el.setAttribute("data-label", el.getAttribute("aria-label") || "");
      // The label holds the shown "3:1" too, so that what is seen is what is said.
      var label = el.getAttribute("data-label") +
        words.replace("{mine}", String(pair[0])).replace("{theirs}", String(pair[1])) +
        ", " + pair[0] + ":" + pair[1];
      el.setAttribute("aria-label", label);
      el.setAttribute("title", label);
      var shown = document.createElement("span");
      shown.className = "preview";
      shown.setAttribute("aria-hidden", "true");
      shown.textContent = pair[0] + ":" + pair[1];
      el.appendChild(shown);
    });
  }

  // One fetch of the game at a time (a move being posted, or a live refresh); a change
  // announced meanwhile is looked at again once it is done.
  var inFlight = 0;
  var announced = null;

  function settled() {
    inFlight -= 1;
    if (inFlight === 0 && announced !== null) {
      var state = announced;
      announced = null;
      changed(state);
    }
  }

  // Posts a move and swaps in the fresh game; falls back to a normal submit.
  function post(area, move) {
    var form = area.querySelector("form.board-form");
    var body = new URLSearchParams();
    // The form's hidden fields: the view settings (a turned board, attack shading) come
    // back on the fresh page.
    form.querySelectorAll('input[type="hidden"]').forEach(function (input) {
      body.set(input.name, input.value);
    });
    body.set("move", move);
    body.set("ply", area.getAttribute("data-ply"));
    area.classList.add("busy");
    inFlight += 1;
    fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      // The server sent the player on to their next game (their "after a move"
      // setting): go there, as the page without script does.
      var to = response.redirected ? new URL(response.url) : null;
      if (to && to.pathname !== location.pathname) {
        location.assign(to.href);
        return null;
      }
      return response.text();
    }).then(function (html) {
      if (html === null) return;
      swap(html, false);
      settled();
    }).catch(function () {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "move"; input.value = move;
      form.appendChild(input);
      form.submit();
    });
  }

  // A move chosen on the board: sent at once, or, when the player asked to confirm moves
  // (their setting: `data-confirm-moves` on the game), held beside Confirm and Cancel
  // until they press one. The held move lives in the page (the bar's data-move), so a
  // fresh game swapped in meanwhile drops it.
  function choose(area, move, el) {
    // The analysis board sends nothing: its form only reads the page after the move.
    if (area.hasAttribute("data-analysis")) {
      var form = area.querySelector("form.board-form");
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "move"; input.value = move;
      form.appendChild(input);
      form.submit();
      return;
    }
    var game = document.getElementById("game");
    var bar = document.getElementById("move-confirm");
    if (!game || !game.hasAttribute("data-confirm-moves") || !bar) {
      post(area, move);
      return;
    }
    unmark(area);
    if (el) el.classList.add("pending");
    bar.setAttribute("data-move", move);
    var shown = document.getElementById("pending-move");
    if (shown) shown.textContent = displayOf(area, move);
    bar.hidden = false;
    var yes = document.getElementById("confirm-move");
    if (yes) yes.focus();
  }

  function unmark(area) {
    if (!area) return;
    area.querySelectorAll(".pending").forEach(function (el) { el.classList.remove("pending"); });
  }

  // Puts the held move away (Cancel, Escape, another selection): nothing is sent.
  function dismiss() {
    var bar = document.getElementById("move-confirm");
    if (!bar || bar.hidden) return;
    bar.hidden = true;
    bar.removeAttribute("data-move");
    unmark(board());
  }

  // Confirm: sends the held move.
  function confirmHeld() {
    var bar = document.getElementById("move-confirm");
    var area = board();
    var move = bar && bar.getAttribute("data-move");
    dismiss();
    if (move && area) post(area, move);
  }

  // Fetches this page again: the fresh game (if this is a game page) and turn count.
  function refresh() {
    inFlight += 1;
    fetch(location.href, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) { swap(html, true); })
      .catch(function () {})
      .then(settled);
  }

  // The game is now in `state` (an event's id; "" when unknown): refresh unless the page
  // shows that state already.
  function changed(state) {
    var game = document.getElementById("game");
    if (state && game && game.getAttribute("data-state") === state) return;
    if (inFlight > 0) { announced = state; return; }
    refresh();
  }

  // The page's language's plural rules, for counts said in words.
  var pluralRules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang) : null;

  // `el`'s title for `count`: the server writes one template per plural category of the
  // page's language (`data-title-one`, `data-title-few`...), with the count as {n}.
  function counted(el, count) {
    var form = pluralRules ? pluralRules.select(count) : (count === 1 ? "one" : "other");
    var title = el.getAttribute("data-title-" + form) || el.getAttribute("data-title-other");
    return title ? title.replace("{n}", String(count)) : null;
  }

  function setTurns(count) {
    var badge = document.getElementById("your-turn");
    if (!badge || isNaN(count)) return;
    badge.textContent = String(count);
    badge.hidden = count <= 0;
    var title = counted(badge, count);
    if (title) badge.title = title;
    // The phone's Menu button carries the same count.
    var menu = document.getElementById("menu-turns");
    if (menu) {
      menu.textContent = badge.textContent;
      menu.hidden = badge.hidden;
      menu.title = badge.title;
    }
  }

  // The bell's unread count, from a `notification` event or a fresh page.
  function setUnread(count) {
    var badge = document.getElementById("unread");
    var bell = document.getElementById("bell");
    if (!badge || isNaN(count)) return;
    badge.textContent = String(count);
    badge.hidden = count <= 0;
    var title = counted(badge, count);
    if (title && bell) {
      bell.title = title;
      bell.setAttribute("aria-label", bell.title);
    }
  }

  // Game chat: the lines of the log in `doc` (a page from the server) that this page
  // does not show yet are added to its log, a live region, so screen readers read them
  // out. Lines are numbered (data-seq); the log only ever grows.
  function mergeChat(doc) {
    var log = document.getElementById("chat-log");
    var fresh = doc.getElementById("chat-log");
    if (!log || !fresh) return;
    var shown = log.querySelectorAll("li[data-seq]");
    var last = shown.length ? parseInt(shown[shown.length - 1].getAttribute("data-seq"), 10) : 0;
    var added = false;
    fresh.querySelectorAll("li[data-seq]").forEach(function (line) {
      if (parseInt(line.getAttribute("data-seq"), 10) > last) {
        log.appendChild(document.importNode(line, true));
        added = true;
      }
    });
    var empty = document.getElementById("chat-empty");
    if (empty) empty.hidden = log.children.length > 0;
    if (added) log.scrollTop = log.scrollHeight;
  }

  // Fetches this page again for its chat (a `chat` event: a line was written).
  function refreshChat() {
    if (!document.getElementById("chat-log")) return;
    fetch(location.pathname, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) { mergeChat(new DOMParser().parseFromString(html, "text/html")); })
      .catch(function () {});
  }

  // Sends the chat form without a reload: the page that comes back brings the log up to
  // date (and the box empties), or says why the line was refused (the box keeps it).
  function sendChat(form) {
    var box = document.getElementById("chat-text");
    var button = form.querySelector('button[type="submit"]');
    var body = new URLSearchParams();
    body.set("text", box ? box.value : "");
    if (button) button.disabled = true;
    fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      return response.text().then(function (html) { return { ok: response.ok, html: html }; });
    }).then(function (result) {
      var doc = new DOMParser().parseFromString(result.html, "text/html");
      mergeChat(doc);
      var error = document.getElementById("chat-error");
      var freshError = doc.getElementById("chat-error");
      if (error) {
        error.textContent = freshError && !freshError.hidden ? freshError.textContent : "";
        error.hidden = !error.textContent;
      }
      if (result.ok && box) box.value = "";
      if (button) button.disabled = false;
      if (box) box.focus();
    }).catch(function () {
      if (button) button.disabled = false;
      form.submit();
    });
  }

  // Replaces the game with the one in `html` (a whole page from the server), and the
  // parts that follow the turn count (`data-live="turns"`, such as the list of my
  // games). A live update keeps the player's selection while it still has legal moves.
  // The conditional lines move on with the game (played, dropped): the fresh list and
  // the ply a new line starts at come in with it; a line being typed stays.
  function mergeConditional(doc) {
    var fresh = doc.getElementById("conditional-lines");
    var current = document.getElementById("conditional-lines");
    if (fresh && current) current.replaceWith(fresh);
    var ply = doc.getElementById("conditional-ply");
    var mine = document.getElementById("conditional-ply");
    if (ply && mine) mine.value = ply.value;
  }

  function swap(html, live) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var badge = doc.getElementById("your-turn");
    if (badge) setTurns(parseInt(badge.textContent, 10));
    var unread = doc.getElementById("unread");
    if (unread) setUnread(parseInt(unread.textContent, 10));
    document.querySelectorAll('[data-live="turns"]').forEach(function (part) {
      var freshPart = part.id && doc.getElementById(part.id);
      if (freshPart) part.replaceWith(freshPart);
    });
    mergeChat(doc);
    mergeConditional(doc);
    var fresh = doc.getElementById("game");
    var current = document.getElementById("game");
    if (!fresh || !current) {
      if (!live) location.reload();
      return;
    }
    var area = board();
    var selection = area ? area.getAttribute("data-selection") : "";
    current.replaceWith(fresh);
    if (doc.title) document.title = doc.title;
    // Screen readers hear what changed (the live region stays; the game around it is new).
    var announcer = document.getElementById("announcer");
    var words = fresh.getAttribute("data-announce");
    if (announcer && words) announcer.textContent = words;
    if (live) {
      area = board();
      var input = area && inputOf(area);
      var picks = picksOf(selection);
      if (picks.length && input && nodeAt(input, picks)) select(area, picks);
      return;
    }
    // The element that had the focus (a square, Confirm) went with the old game: the
    // focus stays on the board, at the move just played.
    var moved = fresh.querySelector(".sq.last") || fresh.querySelector(".sq");
    if (moved && document.activeElement === document.body) {
      if (!moved.hasAttribute("tabindex") && moved.tagName === "SPAN") moved.setAttribute("tabindex", "-1");
      moved.focus();
    }
  }

  // Live updates: one event stream per page. Signed in, the player's own stream (turn
  // count, plus this game's events on a game page); otherwise the game's stream. The
  // stream is closed while the page is hidden in the back-forward cache (it would hold
  // one of the few connections a browser allows a site) and opened again on return.
  function listen() {
    if (!window.EventSource) return;
    var game = document.getElementById("game");
    var id = game && game.getAttribute("data-game");
    var url;
    if (document.getElementById("your-turn")) {
      url = "/api/v1/me/events" + (id ? "?game=" + encodeURIComponent(id) : "");
    } else if (id) {
      url = "/api/v1/games/" + encodeURIComponent(id) + "/events";
    } else {
      return;
    }
    var source = null;
    function open() {
      var opened = 0;
      source = new EventSource(url);
      // A stream opened again (after a drop) may have missed chat lines.
      source.addEventListener("open", function () { if (opened++ > 0) refreshChat(); });
      source.addEventListener("chat", function () { refreshChat(); });
      source.addEventListener("game", function (event) { changed(event.lastEventId); });
      source.addEventListener("refetch", function () { changed(""); });
      source.addEventListener("notification", function (event) {
        var notice;
        try { notice = JSON.parse(event.data); } catch (ignored) { return; }
        setUnread(notice.unread);
      });
      source.addEventListener("turns", function (event) {
        var notice;
        try { notice = JSON.parse(event.data); } catch (ignored) { return; }
        setTurns(notice.your_turn_games);
        if (notice.game_id && document.querySelector('[data-live="turns"]')) changed("");
      });
    }
    open();
    window.addEventListener("pagehide", function () {
      if (source) { source.close(); source = null; }
    });
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted || source) return;
      // The new stream's first events bring the game and the count up to date.
      open();
      if (document.querySelector('[data-live="turns"]')) changed("");
    });
  }

  function activate(event) {
    var area = board();
    if (!area || !area.contains(event.target)) return;
    var el = event.target.closest(".sq, .piece-pick");
    if (!el) return;
    var move = el.getAttribute("data-move");
    if (move) { event.preventDefault(); choose(area, move, el); return; }
    if (el.hasAttribute("data-off")) { event.preventDefault(); return; }
    if (el.tagName === "BUTTON" && el.name === "move") {
      event.preventDefault(); choose(area, el.value, el); return;
    }
    if (el.hasAttribute("data-select")) {
      event.preventDefault();
      dismiss();
      var picks = picksOf(el.getAttribute("data-select"));
      var input = inputOf(area);
      var node = input && nodeAt(input, picks);
      if (node && !onPage(area, node)) {
        var base = area.getAttribute("data-base") || location.pathname;
        location.href = base + (base.indexOf("?") < 0 ? "?" : "&") + selectionUrl(input, picks).slice(1);
        return;
      }
      select(area, picks);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#confirm-move, #cancel-move");
    if (button) {
      event.preventDefault();
      if (button.id === "confirm-move") confirmHeld(); else dismiss();
      return;
    }
    activate(event);
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.id !== "chat-form" || !window.fetch) return;
    event.preventDefault();
    sendChat(form);
  });
  document.addEventListener("keydown", function (event) {
    // Ctrl+Enter (or Cmd+Enter) in the chat box sends the line; Enter starts a new line.
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && event.target.id === "chat-text") {
      event.preventDefault();
      var chatForm = document.getElementById("chat-form");
      if (chatForm) sendChat(chatForm);
      return;
    }
    if (event.key === "Escape") dismiss();
    // Replay and analysis: the arrows step, Home and End jump (not while typing, and not
    // with a modifier, which belongs to the browser).
    var nav = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    var typing = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if (nav && !typing && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      var link = document.querySelector('a[data-nav="' + nav + '"]');
      if (link) { event.preventDefault(); location.href = link.href; return; }
    }
    if ((event.key === "Enter" || event.key === " ") && event.target.matches && event.target.matches('span.sq[role="button"]')) {
      activate(event);
    }
  });

  // Clocks: each <time class="countdown" data-left="…"> counts its seconds down from the
  // moment the page arrived (the server's count, so a wrong clock on this computer does
  // not matter), in the page's language (its data-days and data-hours formats).
  var loaded = Date.now();
  function tick() {
    var elapsed = Math.floor((Date.now() - loaded) / 1000);
    document.querySelectorAll("time.countdown").forEach(function (el) {
      var start = parseInt(el.getAttribute("data-left"), 10);
      if (isNaN(start)) return;
      // A clock that stops (the player's weekend or vacation begins) counts no further.
      var stops = parseInt(el.getAttribute("data-stops-in"), 10);
      var run = isNaN(stops) ? elapsed : Math.min(elapsed, stops);
      var left = Math.max(0, start - run);
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
      var m = Math.floor(left % 3600 / 60);
      var format = el.getAttribute(d > 0 ? "data-days" : "data-hours");
      if (!format) return;
      el.textContent = format.replace("{d}", d).replace("{h}", h).replace("{m}", m);
    });
  }
  setInterval(tick, 15000);

  // Web Push on the settings page: register the service worker, show whether this
  // browser is notified, and subscribe or unsubscribe it. Without script the section
  // says that it needs script; the devices' list and its remove forms work anyway.
  function pushSection() {
    var section = document.getElementById("push");
    if (!section) return;
    var state = document.getElementById("push-state");
    var enable = document.getElementById("push-enable");
    var disable = document.getElementById("push-disable");
    var hint = document.getElementById("push-needs-script");
    if (hint) hint.hidden = true;
    function say(key) {
      state.textContent = section.getAttribute("data-text-" + key) || "";
      state.hidden = false;
      section.setAttribute("data-push-state", key);
    }
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) {
      say("unsupported");
      return;
    }
    function deviceOf(endpoint) {
      var rows = section.querySelectorAll("tr[data-endpoint]");
      for (var i = 0; i < rows.length; i++) {
        if (rows[i].getAttribute("data-endpoint") === endpoint) return rows[i].getAttribute("data-device-id");
      }
      return null;
    }
    function keyBytes(text) {
      var base64 = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
      var raw = atob(base64);
      var bytes = new Uint8Array(raw.length);
      for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      return bytes;
    }
    function show(subscription) {
      var on = !!subscription && deviceOf(subscription.endpoint) !== null;
      say(on ? "on" : (typeof Notification !== "undefined" && Notification.permission === "denied" ? "denied" : "off"));
      enable.hidden = on;
      disable.hidden = !on;
    }
    function failed() {
      say("failed");
      enable.hidden = false;
    }
    navigator.serviceWorker.register("/push-sw.js", { scope: "/" }).then(function (registration) {
      section.setAttribute("data-worker", "registered");
      return registration.pushManager.getSubscription().then(show).then(function () {
        enable.addEventListener("click", function () {
          enable.disabled = true;
          fetch("/api/v1/push/key", { credentials: "same-origin" })
            .then(function (response) { return response.json(); })
            .then(function (key) {
              return registration.pushManager.subscribe({
                userVisibleOnly: true,
                applicationServerKey: keyBytes(key.public_key)
              });
            })
            .then(function (subscription) {
              return fetch("/api/v1/me/push-subscriptions", {
                method: "POST",
                credentials: "same-origin",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify(subscription.toJSON())
              });
            })
            .then(function (response) {
              if (!response.ok) throw new Error("subscribing answered " + response.status);
              location.reload();
            })
            .catch(function () {
              enable.disabled = false;
              if (typeof Notification !== "undefined" && Notification.permission === "denied") say("denied");
              else failed();
            });
        });
        disable.addEventListener("click", function () {
          disable.disabled = true;
          registration.pushManager.getSubscription().then(function (subscription) {
            var id = subscription ? deviceOf(subscription.endpoint) : null;
            var forget = id
              ? fetch("/api/v1/me/push-subscriptions/" + encodeURIComponent(id), { method: "DELETE", credentials: "same-origin" })
              : Promise.resolve();
            return forget.then(function () { return subscription && subscription.unsubscribe(); });
          }).then(function () { location.reload(); }, function () { disable.disabled = false; failed(); });
        });
      });
    }).catch(function () {
      section.setAttribute("data-worker", "failed");
      say("unsupported");
    });
  }
  pushSection();

  // A time control's fields: only the chosen kind's group shows (each group names the
  // kinds it serves in data-kinds); without the script every group shows, under its
  // legend.
  function timeControls() {
    document.querySelectorAll("fieldset.time-control").forEach(function (set) {
      function show() {
        var chosen = set.querySelector('input[name="time_kind"]:checked');
        var kind = chosen ? chosen.value : "per_move";
        set.querySelectorAll("[data-kinds]").forEach(function (group) {
          group.hidden = group.getAttribute("data-kinds").split(" ").indexOf(kind) < 0;
        });
      }
      set.addEventListener("change", show);
      show();
    });
  }
  timeControls();

  // Drag and drop: a piece pressed and moved goes where it is let go, as two clicks would
  // take it (the press selects it as its click does; letting go on a target clicks that
  // target, which plays the move or holds it for Confirm). Pointer events, so a finger
  // works as a mouse does; a press that does not move on stays a click.
  function dragAndDrop() {
    var drag = null;
    var swallowClick = false;
    function squareAt(x, y) {
      var under = document.elementFromPoint(x, y);
      return under && under.closest ? under.closest(".sq") : null;
    }
    document.addEventListener("pointerdown", function (event) {
      var area = board();
      if (!area || !event.isPrimary || event.button !== 0) return;
      var from = event.target.closest && event.target.closest(".sq");
      if (!from || !area.contains(from)) return;
      var piece = from.querySelector(".piece, .disc");
      if (!piece || !(from.hasAttribute("data-select") || from.classList.contains("selected"))) return;
      drag = { from: from, piece: piece, x: event.clientX, y: event.clientY, ghost: null, over: null };
    });
    document.addEventListener("pointermove", function (event) {
      if (!drag) return;
      if (!drag.ghost) {
        if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
        if (!drag.from.classList.contains("selected")) drag.from.click();
        var size = drag.from.getBoundingClientRect().width;
        drag.ghost = drag.piece.cloneNode(true);
        drag.ghost.classList.add("drag-ghost");
        drag.ghost.style.width = size + "px";
        drag.ghost.style.height = size + "px";
        document.body.appendChild(drag.ghost);
        drag.from.classList.add("drag-from");
      }
      event.preventDefault();
      var half = drag.ghost.getBoundingClientRect().width / 2;
      drag.ghost.style.left = (event.clientX - half) + "px";
      drag.ghost.style.top = (event.clientY - half) + "px";
      var over = squareAt(event.clientX, event.clientY);
      if (over !== drag.over) {
        if (drag.over) drag.over.classList.remove("drag-over");
        drag.over = over && over.hasAttribute("data-move") || over && over.name === "move" ? over : null;
        if (drag.over) drag.over.classList.add("drag-over");
      }
    });
    function end(event, drop) {
      if (!drag) return;
      var done = drag;
      drag = null;
      if (!done.ghost) return;
      done.ghost.remove();
      done.from.classList.remove("drag-from");
      if (done.over) done.over.classList.remove("drag-over");
      swallowClick = true;
      setTimeout(function () { swallowClick = false; }, 0);
      if (drop && done.over) done.over.click();
    }
    // A square is a link: the browser's own dragging of links would take the pointer.
    document.addEventListener("dragstart", function (event) {
      var area = board();
      if (area && event.target.closest && event.target.closest(".sq") && area.contains(event.target)) {
        event.preventDefault();
      }
    });
    document.addEventListener("pointerup", function (event) { end(event, true); });
    document.addEventListener("pointercancel", function (event) { end(event, false); });
    // The click the browser sends after a drag is not a click of the player's.
    document.addEventListener("click", function (event) {
      if (swallowClick && event.isTrusted) {
        swallowClick = false;
        event.preventDefault();
        event.stopPropagation();
      }
    }, true);
  }
  dragAndDrop();

  // The bell: with the script a panel under it lists the newest notices (from the
  // notification centre's own page, with its mark-read forms) and links to all of them;
  // without it, the bell is a link to that page. A click with a modifier key still opens
  // the page; Escape or a click elsewhere closes the panel.
  function bellMenu() {
    var bell = document.getElementById("bell");
    if (!bell || !window.fetch || !window.DOMParser) return;
    var panel = null;
    bell.setAttribute("aria-expanded", "false");
    bell.setAttribute("aria-controls", "bell-menu");
    function close() {
      if (!panel) return;
      panel.remove();
      panel = null;
      bell.setAttribute("aria-expanded", "false");
    }
    bell.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      if (panel) { close(); return; }
      fetch("/notifications", { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error("the notifications page answered " + response.status);
          return response.text();
        })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          close();
          panel = document.createElement("div");
          panel.id = "bell-menu";
          panel.className = "bell-menu";
          panel.setAttribute("role", "region");
          panel.setAttribute("aria-label", bell.getAttribute("aria-label") || "");
          var list = doc.getElementById("notification-list");
          if (list) {
            var shown = document.createElement("ul");
            Array.prototype.slice.call(list.children, 0, 8).forEach(function (item) {
              shown.appendChild(document.importNode(item, true));
            });
            panel.appendChild(shown);
          } else {
            var none = doc.getElementById("no-notifications");
            if (none) panel.appendChild(document.importNode(none, true));
          }
          var all = document.createElement("a");
          all.href = "/notifications";
          all.id = "bell-menu-all";
          var title = doc.querySelector("main h1");
          all.textContent = title ? title.textContent : "/notifications";
          panel.appendChild(all);
          bell.parentNode.insertBefore(panel, bell.nextSibling);
          bell.setAttribute("aria-expanded", "true");
        })
        .catch(function () { location.href = "/notifications"; });
    });
    document.addEventListener("click", function (event) {
      if (panel && !panel.contains(event.target) && !bell.contains(event.target)) close();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && panel) { close(); bell.focus(); }
    });
  }
  bellMenu();

  // Times: every page shows them in the zone its `tz` cookie names (the account's, set
  // at sign-in). Without one, the browser's zone is remembered for the next page; on the
  // settings page the browser's zone is offered when it differs from the one saved.
  function zones() {
    var zone = null;
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (ignored) { return; }
    if (!zone) return;
    if (!/(^|;\s*)tz=/.test(document.cookie)) {
      document.cookie = "tz=" + zone + "; Path=/; Max-Age=31536000; SameSite=Lax";
    }
    var offer = document.getElementById("browser-zone");
    var input = document.getElementById("time-zone");
    if (!offer || !input || input.value === zone) return;
    offer.querySelector("span").textContent = offer.getAttribute("data-text").replace("{zone}", zone);
    offer.hidden = false;
    offer.querySelector("button").addEventListener("click", function () {
      input.value = zone;
      offer.hidden = true;
      input.focus();
    });
  }
  zones();

  listen();
})();
