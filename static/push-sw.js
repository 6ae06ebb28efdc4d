// The Web Push service worker, registered from the settings page with the whole site as
// its scope. A push carries JSON {title, body, url, tag} (see docs/notifications.md): it
// is shown as a notification (a newer one with the same tag, the same game, replaces
// the older), and clicking it opens its page on this site (only ever this site).
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = {};
  }
  var options = {
    body: typeof data.body === "string" ? data.body : "",
    data: { url: typeof data.url === "string" ? data.url : "/" }
  };
  if (typeof data.tag === "string" && data.tag) {
    options.tag = data.tag;
    options.renotify = true;
  }
  var title = typeof data.title === "string" && data.title ? data.title : self.location.host;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var wanted = (event.notification.data && event.notification.data.url) || "/";
  var target;
  try {
    // The path of the URL given, on this site: a push never opens another site.
    var parsed = new URL(wanted, self.location.origin);
    target = new URL(parsed.pathname + parsed.search, self.location.origin).href;
  } catch (e) {
    target = new URL("/", self.location.origin).href;
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
      for (var i = 0; i < list.length; i++) {
        if (list[i].url === target && "focus" in list[i]) return list[i].focus();
      }
      return self.clients.openWindow(target);
    })
  );
});
