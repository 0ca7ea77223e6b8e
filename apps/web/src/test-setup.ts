// Node 25 and later define an inert `localStorage` (undefined without --localstorage-file) before
// the jsdom environment exists, and vitest then keeps Node's instead of copying jsdom's working
// Storage onto the global. Put jsdom's back; on Node 24 and earlier this changes nothing.
const { window: dom } = (globalThis as unknown as { jsdom: { window: Window } }).jsdom;
for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (globalThis[name] === undefined) {
    Object.defineProperty(globalThis, name, { value: dom[name], configurable: true, writable: true });
  }
}
