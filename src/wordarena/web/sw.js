// The client's service worker, served at /sw.js so that its scope is the whole site.
// It is here for one thing: a phone (Chrome on Android) shows a page's notifications only
// through a service worker, so the turn alerts of attention.js go through
// `registration.showNotification`. Nothing is cached: every page and view comes from the
// network, as without it.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A tap on the alert brings back the tab of the game (the one that asked), else opens it.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const wanted = new URL(event.notification.data?.url ?? "/", self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).pathname === wanted.pathname) ?? tabs[0];
      if (tab) return tab.focus();
      return self.clients.openWindow(wanted.href);
    })(),
  );
});
