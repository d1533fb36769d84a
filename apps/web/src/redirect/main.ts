import { runRedirect, textsFor } from './redirect';

const texts = textsFor(navigator.languages?.[0] ?? navigator.language);
const main = document.getElementById('redirect')!;
const message = document.getElementById('message')!;
document.documentElement.lang = texts === textsFor('en') ? 'en' : 'tr';

void runRedirect({
  search: window.location.search,
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints,
  async fetchLinks(qrCodeId, locationId) {
    const response = await fetch(`/api/qrcode/deeplink/${qrCodeId}?locationId=${locationId}`, {
      headers: { accept: 'application/json', 'accept-language': document.documentElement.lang },
    });
    if (!response.ok) throw new Error(`deep link ${response.status}`);
    return response.json();
  },
  go: (url) => window.location.assign(url),
  show(state) {
    main.dataset.state = state;
    message.textContent = state === 'error' ? texts.error : texts.loading;
  },
  onBlur: (listener) => window.addEventListener('blur', listener),
  onVisibilityChange: (listener) =>
    document.addEventListener('visibilitychange', () => listener(document.visibilityState === 'hidden')),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});
