/* global window, document */
/*
 * Rossy's sandbox of Flutterwave's inline checkout (https://checkout.flutterwave.com/v3.js), served
 * when no Flutterwave keys are set. It defines the same window.FlutterwaveCheckout(options) and opens
 * a TEST MODE payment page in a modal frame; the page charges only the documented test cards.
 */
(function () {
  'use strict';
  var PAGE = '/sandbox/flutterwave/pay';

  function pick(options) {
    var customer = options.customer || {};
    var customizations = options.customizations || {};
    return {
      public_key: String(options.public_key || ''),
      tx_ref: String(options.tx_ref || ''),
      amount: Number(options.amount),
      currency: String(options.currency || 'NGN'),
      payment_options: String(options.payment_options || 'card'),
      customer: { email: String(customer.email || ''), name: String(customer.name || '') },
      customizations: {
        title: String(customizations.title || ''),
        description: String(customizations.description || ''),
      },
    };
  }

  window.FlutterwaveCheckout = function FlutterwaveCheckout(options) {
    options = options || {};
    var previousFocus = document.activeElement;
    var previousOverflow = document.body.style.overflow;
    var closed = false;

    var overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Payment, TEST MODE');
    overlay.setAttribute('data-sandbox-checkout', '');
    var style = overlay.style;
    style.position = 'fixed';
    style.inset = '0';
    style.zIndex = '2147483000';
    style.display = 'flex';
    style.alignItems = 'center';
    style.justifyContent = 'center';

    // The dimmed shop behind the popup: its own layer, under the frame.
    var backdrop = document.createElement('div');
    backdrop.setAttribute('aria-hidden', 'true');
    backdrop.style.position = 'absolute';
    backdrop.style.inset = '0';
    backdrop.style.background = '#17140f';
    backdrop.style.opacity = '0.66';
    overlay.appendChild(backdrop);

    var frame = document.createElement('iframe');
    frame.title = 'Payment, TEST MODE';
    frame.name = 'flutterwave-sandbox-checkout';
    frame.src = PAGE;
    var frameStyle = frame.style;
    frameStyle.position = 'relative';
    frameStyle.border = '0';
    frameStyle.width = '100%';
    frameStyle.height = '100%';
    frameStyle.maxWidth = '440px';
    frameStyle.maxHeight = '100%';
    frameStyle.background = 'transparent';
    frameStyle.colorScheme = 'light';
    overlay.appendChild(frame);

    function close() {
      if (closed) return;
      closed = true;
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
      overlay.remove();
      document.body.style.overflow = previousOverflow;
      if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
      if (typeof options.onclose === 'function') options.onclose();
    }

    function onMessage(event) {
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
      var message = event.data || {};
      if (message.type === 'ready') {
        frame.contentWindow.postMessage({ type: 'init', options: pick(options) }, window.location.origin);
      } else if (message.type === 'result') {
        var result = message.result || {};
        if (typeof options.callback === 'function')
          options.callback({
            status: result.status,
            transaction_id: result.transaction_id,
            tx_ref: result.tx_ref,
            flw_ref: result.flw_ref,
            amount: result.amount,
            charged_amount: result.amount,
            currency: result.currency,
          });
        close();
      } else if (message.type === 'close') {
        close();
      }
    }

    function onKey(event) {
      if (event.key === 'Escape') close();
    }

    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    document.body.appendChild(overlay);
    frame.focus();
    return { close: close };
  };
})();
