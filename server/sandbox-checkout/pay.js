/* global window, document, fetch */
/*
 * The TEST MODE payment page inside the sandbox checkout's frame. It learns the payment from the
 * shop's page (postMessage, same origin only), charges a test card through POST /api/sandbox/charges
 * and hands the result back. The card number goes to the sandbox charge and nowhere else.
 */
(function () {
  'use strict';
  var origin = window.location.origin;
  var parentWindow = window.parent !== window ? window.parent : null;
  var options = null;
  var lastFailure = null;
  var busy = false;

  var $ = function (id) {
    return document.getElementById(id);
  };
  var form = $('card-form');
  var number = $('card-number');
  var expiry = $('card-expiry');
  var cvv = $('card-cvv');
  var pay = $('pay');
  var status = $('status');
  var problem = $('problem');
  var problemText = $('problem-text');
  var problemActions = $('problem-actions');

  var naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

  function post(message) {
    if (parentWindow) parentWindow.postMessage(message, origin);
  }

  function showProblem(text, declined) {
    problemText.textContent = text;
    problemActions.hidden = !declined;
    problem.hidden = false;
  }

  function hideProblem() {
    problem.hidden = true;
    problemText.textContent = '';
  }

  function setBusy(value) {
    busy = value;
    pay.disabled = value || !options;
    pay.setAttribute('aria-busy', value ? 'true' : 'false');
    pay.textContent = value ? 'Processing…' : options ? 'Pay ' + naira.format(options.amount) : 'Pay';
  }

  function closeCheckout() {
    // A shopper who gives up after a decline is told why by the shop (the callback carries the failure).
    if (lastFailure) post({ type: 'result', result: lastFailure });
    else post({ type: 'close' });
  }

  function formatNumber(value) {
    return value
      .replace(/\D/g, '')
      .slice(0, 19)
      .replace(/(\d{4})(?=\d)/g, '$1 ');
  }

  function formatExpiry(value) {
    var digits = value.replace(/\D/g, '').slice(0, 4);
    return digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
  }

  number.addEventListener('input', function () {
    number.value = formatNumber(number.value);
  });
  expiry.addEventListener('input', function () {
    expiry.value = formatExpiry(expiry.value);
  });
  cvv.addEventListener('input', function () {
    cvv.value = cvv.value.replace(/\D/g, '').slice(0, 4);
  });

  Array.prototype.forEach.call(document.querySelectorAll('button.card'), function (button) {
    button.addEventListener('click', function () {
      number.value = button.getAttribute('data-number') || '';
      expiry.value = button.getAttribute('data-expiry') || '';
      cvv.value = button.getAttribute('data-cvv') || '';
      hideProblem();
      pay.focus();
    });
  });

  $('close').addEventListener('click', closeCheckout);
  $('give-up').addEventListener('click', closeCheckout);
  $('try-another').addEventListener('click', function () {
    hideProblem();
    number.value = '';
    expiry.value = '';
    cvv.value = '';
    number.focus();
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') closeCheckout();
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy || !options) return;
    var fields = [number, expiry, cvv];
    var missing = fields.filter(function (field) {
      return !field.value.trim();
    });
    fields.forEach(function (field) {
      field.setAttribute('aria-invalid', missing.indexOf(field) >= 0 ? 'true' : 'false');
    });
    if (missing.length > 0) {
      showProblem('Please fill in all payment details', false);
      missing[0].focus();
      return;
    }
    hideProblem();
    setBusy(true);
    status.textContent = 'Processing your payment…';
    fetch('/api/sandbox/charges', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({
        txRef: options.tx_ref,
        amount: options.amount,
        currency: options.currency,
        cardNumber: number.value,
        expiry: expiry.value,
        cvv: cvv.value,
        customer: options.customer,
      }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body || {} };
        });
      })
      .then(function (answer) {
        if (!answer.ok) {
          var error = answer.body.error || {};
          setBusy(false);
          status.textContent = '';
          showProblem(error.message || 'The payment could not be processed. Please try again.', false);
          return;
        }
        var result = answer.body;
        // The card number leaves the form as soon as the charge is made.
        number.value = '';
        cvv.value = '';
        if (result.status === 'successful') {
          lastFailure = null;
          status.textContent = 'Payment successful. Returning you to the shop…';
          pay.textContent = 'Paid';
          post({ type: 'result', result: result });
          return;
        }
        lastFailure = result;
        setBusy(false);
        status.textContent = '';
        showProblem(result.message || 'Your card was declined.', true);
      })
      .catch(function () {
        setBusy(false);
        status.textContent = '';
        showProblem('We could not reach the payment service. Check your connection and try again.', false);
      });
  });

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== parentWindow) return;
    var message = event.data || {};
    if (message.type !== 'init' || !message.options) return;
    options = message.options;
    // Whatever was typed before this script ran is formatted now, as if typed after.
    number.value = formatNumber(number.value);
    expiry.value = formatExpiry(expiry.value);
    $('amount').textContent = naira.format(options.amount);
    var who = [options.customer.name, options.customer.email].filter(Boolean).join(' · ');
    $('who').textContent = who;
    setBusy(false);
    number.focus();
  });

  if (parentWindow) post({ type: 'ready' });
  else showProblem('This TEST MODE payment page opens from the checkout of the shop.', false);
})();
