// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js) for browser tests on
// machines that cannot reach Stripe. It offers what @stripe/react-stripe-js and the app use: a
// card Element, createPaymentMethod and confirmCardPayment, and talks to
// https://api.stripe.com/v1 as Stripe.js does (the test routes that host to the local fake of
// Stripe's API). Stripe's card Element lives in an iframe; this one renders plain inputs with
// the same labels. 3-D Secure shows a bank page with "Complete" and "Fail" buttons, like
// Stripe's test challenge.
(() => {
  const API = 'https://api.stripe.com/v1';

  function cardElement() {
    const listeners = {};
    let container;
    const inputs = {};
    const emit = (event, payload) => {
      for (const listener of listeners[event] ?? []) listener(payload);
    };
    const state = () => {
      const number = inputs.number.value.replace(/\s/g, '');
      const expiry = inputs.expiry.value.replace(/\s/g, '');
      const cvc = inputs.cvc.value.trim();
      return {
        elementType: 'card',
        empty: !number && !expiry && !cvc,
        complete: number.length >= 15 && /^\d{2}\/\d{2}$/.test(expiry) && cvc.length >= 3,
        error: undefined,
        brand: number.startsWith('4') ? 'visa' : 'unknown',
        value: { number, expiry, cvc },
      };
    };
    const field = (name, label, placeholder, width) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.inputMode = 'numeric';
      input.style.cssText = `border:0;outline:0;background:transparent;color:inherit;font:inherit;width:${width}`;
      input.addEventListener('input', () => emit('change', state()));
      input.addEventListener('focus', () => emit('focus', { elementType: 'card' }));
      input.addEventListener('blur', () => emit('blur', { elementType: 'card' }));
      inputs[name] = input;
      return input;
    };
    const row = document.createElement('div');
    row.style.cssText = 'display:flex;gap:8px';
    row.append(
      field('number', 'Card number', '1234 1234 1234 1234', '60%'),
      field('expiry', 'MM / YY', 'MM / YY', '20%'),
      field('cvc', 'CVC', 'CVC', '15%'),
    );
    return {
      mount(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        container.append(row);
        setTimeout(() => emit('ready', { elementType: 'card' }));
      },
      on(event, listener) {
        listeners[event] = [...(listeners[event] ?? []), listener];
        return this;
      },
      off(event, listener) {
        listeners[event] = (listeners[event] ?? []).filter((known) => known !== listener);
        return this;
      },
      once(event, listener) {
        const wrapped = (payload) => {
          this.off(event, wrapped);
          listener(payload);
        };
        return this.on(event, wrapped);
      },
      update() {},
      focus: () => inputs.number.focus(),
      blur: () => document.activeElement?.blur(),
      clear() {
        for (const input of Object.values(inputs)) input.value = '';
      },
      unmount: () => row.remove(),
      destroy: () => row.remove(),
      _value: () => state().value,
    };
  }

  /** The bank's 3-D Secure page: resolves 'complete' or 'fail' with the button pressed. */
  function challenge() {
    return new Promise((resolve) => {
      const page = document.createElement('div');
      page.setAttribute('role', 'dialog');
      page.setAttribute('aria-label', '3D Secure test page');
      page.style.cssText = 'position:fixed;inset:0;z-index:10000;background:#fff;color:#000;padding:40px;font:16px sans-serif';
      page.innerHTML = '<h2>3D Secure 2 test page</h2><p>Complete or fail this test payment.</p>';
      for (const outcome of ['complete', 'fail']) {
        const button = document.createElement('button');
        button.textContent = outcome === 'complete' ? 'Complete' : 'Fail';
        button.addEventListener('click', () => {
          page.remove();
          resolve(outcome);
        });
        page.append(button);
      }
      document.body.append(page);
    });
  }

  function Stripe(key) {
    if (!String(key).startsWith('pk_')) throw new Error('Invalid publishable key');
    const post = async (path, fields) => {
      const response = await fetch(API + path, { method: 'POST', body: new URLSearchParams({ key, ...fields }) });
      return response.json();
    };
    const elementsByType = {};
    return {
      elements: () => ({
        create(type) {
          if (type !== 'card') throw new Error(`The fake Stripe.js has no ${type} Element`);
          elementsByType.card = cardElement();
          return elementsByType.card;
        },
        // React's <CardElement> stands for its type, as Stripe.js allows.
        getElement: (type) => elementsByType[typeof type === 'string' ? type : type.__elementType] ?? null,
        update() {},
      }),
      async createPaymentMethod({ type, card, billing_details: billing = {} }) {
        const { number, expiry, cvc } = card._value();
        const [month, year] = expiry.split('/');
        const created = await post('/payment_methods', {
          type,
          'card[number]': number,
          'card[exp_month]': month ?? '',
          'card[exp_year]': year ?? '',
          'card[cvc]': cvc,
          'billing_details[name]': billing.name ?? '',
        });
        return created.error ? { error: created.error } : { paymentMethod: created };
      },
      async confirmCardPayment(clientSecret) {
        const id = clientSecret.split('_secret_')[0];
        const authentication = await challenge();
        const intent = await post(`/payment_intents/${id}/confirm`, { client_secret: clientSecret, authentication });
        if (intent.error) return { error: intent.error };
        if (intent.status !== 'succeeded')
          return { error: { type: 'card_error', message: intent.last_payment_error?.message, payment_intent: intent } };
        return { paymentIntent: intent };
      },
      createToken: async () => ({ error: { message: 'Tokens are not offered by the fake Stripe.js' } }),
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
