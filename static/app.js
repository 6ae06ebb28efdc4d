// Progressive enhancement: on the board, selection without reloads, legal targets
// highlighted, moves posted with fetch and the fresh game swapped in; on every page, live
// updates (the opponent's moves, the your-turn counter) by server-sent events. Without
// this script every square is still a plain link or form button, and a reload shows
// what changed.
(function () {
  "use strict";

  var SQUARE = /^([a-j])(10|[1-9])/;

  // The square a legal move leads to after the selection (the server's rule).
  function destination(move, selection) {
    if (move.indexOf(selection) !== 0) return null;
    var rest = move.slice(selection.length);
    if (rest.charAt(0) === ":") rest = rest.slice(1);
    var match = SQUARE.exec(rest);
    return match ? match[0] : null;
  }

  function board() { return document.getElementById("board"); }

  function legalMoves(area) {
    var text = area.getAttribute("data-legal") || "";
    return text ? text.split(" ") : [];
  }

  // Marks the targets of `selection` and remembers the move each one plays.
  function select(area, selection, clicked) {
    var moves = legalMoves(area);
    area.setAttribute("data-selection", selection);
    area.querySelectorAll(".sq").forEach(function (sq) {
      sq.classList.remove("target", "selected");
      sq.removeAttribute("data-move");
      sq.removeAttribute("data-via");
      // A server-rendered move of an earlier selection no longer applies.
      if (sq.tagName === "BUTTON") sq.setAttribute("data-off", "");
    });
    area.querySelectorAll(".choice").forEach(function (c) {
      c.classList.toggle("selected", c === clicked);
    });
    if (clicked && clicked.classList.contains("sq")) clicked.classList.add("selected");
    if (!selection) return;
    var byTarget = {};
    moves.forEach(function (move) {
      var to = destination(move, selection);
      if (to) (byTarget[to] = byTarget[to] || []).push(move);
    });
    Object.keys(byTarget).forEach(function (to) {
      var sq = area.querySelector('.sq[data-sq="' + to + '"]');
      if (!sq) return;
      sq.classList.add("target");
      sq.removeAttribute("data-off");
      if (byTarget[to].length === 1) {
        sq.setAttribute("data-move", byTarget[to][0]);
      } else {
        // Several moves (a promotion): the server page offers the choice.
        sq.setAttribute("data-via", "?from=" + selection + "&to=" + to);
      }
      if (sq.tagName === "SPAN") {
        sq.setAttribute("tabindex", "0");
        sq.setAttribute("role", "button");
      }
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
      return response.text();
    }).then(function (html) {
      swap(html, false);
      settled();
    }).catch(function () {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "move"; input.value = move;
      form.appendChild(input);
      form.submit();
    });
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

  function setTurns(count) {
    var badge = document.getElementById("your-turn");
    if (!badge || isNaN(count)) return;
    badge.textContent = String(count);
    badge.hidden = count <= 0;
    var title = badge.getAttribute("data-title");
    if (title) badge.title = title.replace("{n}", String(count));
  }

  // Replaces the game with the one in `html` (a whole page from the server), and the
  // parts that follow the turn count (`data-live="turns"`, such as the list of my
  // games). A live update keeps the player's selection while it still has legal moves.
  function swap(html, live) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var badge = doc.getElementById("your-turn");
    if (badge) setTurns(parseInt(badge.textContent, 10));
    document.querySelectorAll('[data-live="turns"]').forEach(function (part) {
      var freshPart = part.id && doc.getElementById(part.id);
      if (freshPart) part.replaceWith(freshPart);
    });
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
    if (live) {
      area = board();
      var selected = selection && area && area.querySelector('[data-select="' + selection + '"]');
      var playable = selected && legalMoves(area).some(function (move) {
        return move.indexOf(selection) === 0;
      });
      if (playable) select(area, selection, selected);
      return;
    }
    var moved = fresh.querySelector(".sq.last, .sq");
    if (moved && document.activeElement === document.body) moved.focus && moved.focus();
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
      source = new EventSource(url);
      source.addEventListener("game", function (event) { changed(event.lastEventId); });
      source.addEventListener("refetch", function () { changed(""); });
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
    var el = event.target.closest(".sq, .choice");
    if (!el) return;
    var move = el.getAttribute("data-move");
    if (move) { event.preventDefault(); post(area, move); return; }
    var via = el.getAttribute("data-via");
    if (via) { event.preventDefault(); location.href = location.pathname + via; return; }
    if (el.hasAttribute("data-off")) { event.preventDefault(); return; }
    if (el.tagName === "BUTTON" && el.name === "move") {
      event.preventDefault(); post(area, el.value); return;
    }
    if (el.hasAttribute("data-select")) {
      event.preventDefault();
      var selection = el.getAttribute("data-select");
      if (selection === area.getAttribute("data-selection")) selection = "";
      select(area, selection, selection ? el : null);
    }
  }

  document.addEventListener("click", activate);
  document.addEventListener("keydown", function (event) {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches && event.target.matches('span.sq[role="button"]')) {
      activate(event);
    }
  });

  listen();
})();
