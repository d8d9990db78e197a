/**
 * Whether the app can reach its server: the browser's flag, corrected by what requests see.
 * `navigator.onLine` can say true with no connection (a captive portal, a network that drops
 * everything, or a page reloaded offline in some browsers), so once a request gets no answer
 * the app counts as offline and asks the server again every PROBE_MS; the first answer of
 * any status brings it back, and listeners hear of it as they hear of the browser's `online`.
 */
export const PROBE_MS = 5000;
/** Cheap and always answered while the server is up (401 without a token). */
const PROBE_PATH = '/api/health';

export interface Connectivity {
  isOnline(): boolean;
  /** A request got no answer (network error). */
  reportUnreachable(): void;
  /** A request got an answer. */
  reportReachable(): void;
  /** Called on every change of isOnline(). */
  subscribe(onChange: () => void): () => void;
  /** Called each time the app is back online (the browser's `online`, or the server answering again). */
  onReconnect(listener: () => void): () => void;
}

export interface ConnectivityDeps {
  browserOnline(): boolean;
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  probe(): Promise<boolean>;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export function createConnectivity(deps: ConnectivityDeps): Connectivity {
  let unreachable = false;
  let timer: unknown;
  const changes = new Set<() => void>();
  const reconnects = new Set<() => void>();
  const emit = (set: Set<() => void>) => set.forEach((listener) => listener());

  const reportReachable = () => {
    if (!unreachable) return;
    unreachable = false;
    deps.clearInterval(timer);
    timer = undefined;
    emit(changes);
    if (deps.browserOnline()) emit(reconnects);
  };

  const onBrowserOnline = () => {
    emit(changes);
    emit(reconnects);
  };
  const onBrowserOffline = () => emit(changes);
  deps.events.addEventListener('online', onBrowserOnline);
  deps.events.addEventListener('offline', onBrowserOffline);

  return {
    isOnline: () => deps.browserOnline() && !unreachable,
    reportUnreachable() {
      if (unreachable) return;
      unreachable = true;
      timer = deps.setInterval(() => {
        void deps.probe().then((answered) => answered && reportReachable());
      }, PROBE_MS);
      emit(changes);
    },
    reportReachable,
    subscribe(onChange) {
      changes.add(onChange);
      return () => changes.delete(onChange);
    },
    onReconnect(listener) {
      reconnects.add(listener);
      return () => reconnects.delete(listener);
    },
  };
}

const inBrowser = typeof window !== 'undefined';

/** The page's one instance (outside a browser, as in unit tests, always online). */
export const connectivity = createConnectivity({
  browserOnline: () => !inBrowser || navigator.onLine,
  events: inBrowser ? window : { addEventListener: () => undefined, removeEventListener: () => undefined },
  probe: () =>
    fetch(PROBE_PATH, { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
});
