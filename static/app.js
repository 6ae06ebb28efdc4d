// Progressive enhancement for the board: selection without reloads, legal targets
// highlighted, moves posted with fetch and the fresh game swapped in. Without this
// script every square is still a plain link or form button.
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

  // Posts a move and swaps in the fresh game; falls back to a normal submit.
  function post(area, move) {
    var form = area.querySelector("form.board-form");
    var body = new URLSearchParams();
    body.set("move", move);
    body.set("ply", area.getAttribute("data-ply"));
    area.classList.add("busy");
    fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      return response.text();
    }).then(function (html) {
      swap(html);
    }).catch(function () {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "move"; input.value = move;
      form.appendChild(input);
      form.submit();
    });
  }

  // Replaces the game with the one in `html` (a whole page from the server).
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("game");
    var current = document.getElementById("game");
    if (fresh && current) {
      current.replaceWith(fresh);
      var title = new DOMParser().parseFromString(html, "text/html").title;
      if (title) document.title = title;
      var moved = fresh.querySelector(".sq.last, .sq");
      if (moved && document.activeElement === document.body) moved.focus && moved.focus();
    } else {
      location.reload();
    }
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

  // The hook for live updates (a later issue): call with no argument to fetch the game
  // page again and swap in the fresh board.
  window.boardgames = {
    refresh: function () {
      var game = document.getElementById("game");
      if (!game) return;
      fetch(location.pathname, { credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(swap);
    }
  };
})();
