/*
 * Encore service worker: shows my Encore alerts delivered by Web Push (ADR 0008) and opens
 * the alert's page when the notification is clicked. It caches nothing: pages are rendered
 * by the server and must stay fresh.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { title: 'Encore', body: event.data ? event.data.text() : '' };
  }
  const title = typeof alert.title === 'string' && alert.title ? alert.title : 'Encore';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.body === 'string' ? alert.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      // One notification per alert: a repeated delivery replaces it instead of stacking.
      tag: typeof alert.alertId === 'string' ? alert.alertId : undefined,
      data: { url: typeof alert.url === 'string' && alert.url.startsWith('/') ? alert.url : '/my-encore' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/my-encore', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
