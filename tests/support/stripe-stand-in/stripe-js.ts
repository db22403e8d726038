// The stand-in Stripe.js served at GET /v3 (and /<release>/stripe.js for loadStripe): plain ES2019, no imports. Browser tests route
// https://js.stripe.com/v3/** and https://api.stripe.com/** to the stand-in, so the script talks to
// https://api.stripe.com (absolute) like the real one. The card fields are plain, labelled inputs
// in the page (no iframe) and 3-D Secure is a modal with "Complete authentication" and "Fail
// authentication", which answer through POST /_test/…/authenticate.
export const stripeJs = String.raw`/* Payonce test stand-in for Stripe.js v3 */
(function () {
  "use strict";
  var API = "https://api.stripe.com";
  var AUTH_FAILURE =
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

  // ---------------------------------------------------------------- HTTP

  function formEncode(data, prefix, pairs) {
    pairs = pairs || [];
    Object.keys(data).forEach(function (key) {
      var value = data[key];
      var name = prefix ? prefix + "[" + key + "]" : key;
      if (value === undefined || value === null) return;
      if (typeof value === "object") formEncode(value, name, pairs);
      else pairs.push(encodeURIComponent(name) + "=" + encodeURIComponent(String(value)));
    });
    return pairs.join("&");
  }

  function request(key, method, path, data) {
    var url = API + path;
    var init = { method: method, headers: { Authorization: "Bearer " + key } };
    var body = data ? formEncode(data) : "";
    if (method === "GET") {
      if (body) url += "?" + body;
    } else {
      init.headers["Content-Type"] = "application/x-www-form-urlencoded";
      init.body = body;
    }
    return fetch(url, init)
      .then(function (res) {
        return res.json();
      })
      .catch(function (err) {
        return { error: { type: "api_connection_error", message: String(err && err.message) } };
      });
  }

  function intentId(clientSecret) {
    return String(clientSecret || "").split("_secret_")[0];
  }

  // ---------------------------------------------------------------- card fields

  var FIELDS = {
    number: { label: "Card number", name: "cardnumber", auto: "cc-number", hint: "1234 1234 1234 1234", grow: 3 },
    expiry: { label: "Expiration date (MM / YY)", name: "exp-date", auto: "cc-exp", hint: "MM / YY", grow: 1 },
    cvc: { label: "CVC", name: "cvc", auto: "cc-csc", hint: "CVC", grow: 1 }
  };
  var TYPES = {
    card: ["number", "expiry", "cvc"],
    payment: ["number", "expiry", "cvc"],
    cardNumber: ["number"],
    cardExpiry: ["expiry"],
    cardCvc: ["cvc"]
  };

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function parseExpiry(value) {
    var m = String(value).match(/^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/);
    if (!m) return null;
    var year = Number(m[2]);
    return { month: Number(m[1]), year: year < 100 ? 2000 + year : year };
  }

  // The first problem with the values, as Stripe.js words it. "Incomplete" problems are reported
  // when a payment method is created; "invalid" ones also in change events.
  function problemWith(values) {
    var number = String(values.number || "").replace(/\D/g, "");
    if (number.length > 19 || (number.length >= 16 && !luhn(number))) {
      return { code: "invalid_number", message: "Your card number is invalid.", invalid: true };
    }
    var expiry = parseExpiry(values.expiry || "");
    if (expiry && (expiry.month < 1 || expiry.month > 12)) {
      return { code: "invalid_expiry_month", message: "Your card's expiration date is invalid.", invalid: true };
    }
    var now = new Date();
    if (expiry && (expiry.year < now.getFullYear() ||
        (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1))) {
      return { code: "invalid_expiry_year_past", message: "Your card's expiration year is in the past.", invalid: true };
    }
    if (number.length < 16 && !(number.length >= 13 && luhn(number))) {
      return { code: "incomplete_number", message: "Your card number is incomplete." };
    }
    if (!expiry) return { code: "incomplete_expiry", message: "Your card's expiration date is incomplete." };
    var cvc = String(values.cvc || "").replace(/\D/g, "");
    if (cvc.length < 3) return { code: "incomplete_cvc", message: "Your card's security code is incomplete." };
    return null;
  }

  function createElement(group, type) {
    var fields = TYPES[type];
    if (!fields) throw new Error("IntegrationError: unsupported element type " + type);
    var handlers = {};
    var inputs = {};
    var root = null;

    function emit(name, payload) {
      (handlers[name] || []).forEach(function (handler) {
        handler(payload);
      });
    }
    function changed() {
      var values = element._values();
      var empty = fields.every(function (f) {
        return !values[f];
      });
      var problem = problemWith(group.collect());
      var mine = problem && problem.invalid ? problem : null;
      emit("change", {
        elementType: type,
        empty: empty,
        complete: !problem,
        error: mine ? { type: "validation_error", code: mine.code, message: mine.message } : undefined,
        brand: /^5[1-5]/.test(values.number || "") ? "mastercard" : /^4/.test(values.number || "") ? "visa" : "unknown",
        value: { postalCode: "" }
      });
    }

    var element = {
      _type: type,
      _values: function () {
        var out = {};
        fields.forEach(function (f) {
          out[f] = inputs[f] ? inputs[f].value : "";
        });
        return out;
      },
      mount: function (target) {
        var host = typeof target === "string" ? document.querySelector(target) : target;
        if (!host) throw new Error("IntegrationError: nothing to mount the " + type + " element on (" + target + ").");
        root = document.createElement("div");
        root.setAttribute("data-stripe-stand-in", "card");
        root.className = "StripeElement";
        root.style.cssText = "display:flex;gap:8px;align-items:center";
        fields.forEach(function (f) {
          var spec = FIELDS[f];
          var input = document.createElement("input");
          input.type = "text";
          input.name = spec.name;
          input.setAttribute("aria-label", spec.label);
          input.setAttribute("autocomplete", spec.auto);
          input.setAttribute("inputmode", "numeric");
          input.placeholder = spec.hint;
          input.style.cssText = "flex:" + spec.grow + " 1 0;min-width:0;border:0;outline:none;background:transparent;font:inherit;color:inherit";
          input.addEventListener("input", changed);
          input.addEventListener("focus", function () {
            root.classList.add("StripeElement--focus");
            emit("focus", { elementType: type });
          });
          input.addEventListener("blur", function () {
            root.classList.remove("StripeElement--focus");
            emit("blur", { elementType: type });
          });
          inputs[f] = input;
          root.appendChild(input);
        });
        host.appendChild(root);
        setTimeout(function () {
          emit("ready", { elementType: type });
        }, 0);
        return element;
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
        inputs = {};
      },
      destroy: function () {
        element.unmount();
        group.remove(element);
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      off: function (name, handler) {
        handlers[name] = (handlers[name] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      focus: function () {
        var first = inputs[fields[0]];
        if (first) first.focus();
      },
      blur: function () {
        fields.forEach(function (f) {
          if (inputs[f]) inputs[f].blur();
        });
      },
      clear: function () {
        fields.forEach(function (f) {
          if (inputs[f]) inputs[f].value = "";
        });
        changed();
      },
      update: function () {}
    };
    return element;
  }

  function createElements() {
    var members = [];
    var group = {
      collect: function () {
        var values = { number: "", expiry: "", cvc: "" };
        members.forEach(function (el) {
          var v = el._values();
          Object.keys(v).forEach(function (k) {
            values[k] = v[k];
          });
        });
        return values;
      },
      remove: function (el) {
        members = members.filter(function (m) {
          return m !== el;
        });
      }
    };
    var elements = {
      _group: group,
      create: function (type) {
        var el = createElement(group, type);
        el._group = group;
        members.push(el);
        return el;
      },
      getElement: function (type) {
        var name = typeof type === "string" ? type : type && type.elementType;
        return members.filter(function (m) {
          return m._type === name;
        })[0] || null;
      },
      submit: function () {
        var problem = problemWith(group.collect());
        return Promise.resolve(problem ? { error: validationError(problem) } : {});
      },
      update: function () {},
      fetchUpdates: function () {
        return Promise.resolve({});
      }
    };
    return elements;
  }

  function validationError(problem) {
    return { type: "validation_error", code: problem.code, message: problem.message };
  }

  // ---------------------------------------------------------------- 3-D Secure

  // Shows the challenge; resolves "approve" or "fail" once the stand-in has the answer.
  function challenge(kind, intent) {
    return new Promise(function (resolve) {
      var overlay = document.createElement("div");
      overlay.setAttribute("data-stripe-stand-in", "3ds");
      overlay.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center";
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-label", "3D Secure authentication");
      dialog.style.cssText =
        "background:#fff;color:#1a1a1a;padding:24px;border-radius:8px;max-width:360px;font:16px/1.4 system-ui,sans-serif";
      var heading = document.createElement("h2");
      heading.textContent = "Test 3D Secure 2 payment";
      heading.style.cssText = "margin:0 0 8px;font-size:20px";
      var text = document.createElement("p");
      text.textContent = intent.amount
        ? "Approve a payment of " + (intent.amount / 100).toFixed(2) + " " + String(intent.currency).toUpperCase() + "?"
        : "Approve saving this card?";
      var buttons = [];
      function button(label, outcome) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.style.cssText = "margin:8px 8px 0 0;padding:8px 12px;font:inherit";
        b.addEventListener("click", function () {
          buttons.forEach(function (x) {
            x.disabled = true;
          });
          fetch(API + "/_test/" + kind + "/" + intent.id + "/authenticate", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ outcome: outcome })
          })
            .catch(function () {})
            .then(function () {
              if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
              resolve(outcome);
            });
        });
        buttons.push(b);
        return b;
      }
      dialog.appendChild(heading);
      dialog.appendChild(text);
      dialog.appendChild(button("Complete authentication", "approve"));
      dialog.appendChild(button("Fail authentication", "fail"));
      overlay.appendChild(dialog);
      document.body.appendChild(overlay);
      buttons[0].focus();
    });
  }

  window.Stripe = function (publishableKey, opts) {
    if (!publishableKey) throw new Error("IntegrationError: Please call Stripe() with your publishable key.");
    var key = publishableKey;
    var options = opts || {};

    function retrieve(kind, clientSecret) {
      return request(key, "GET", "/v1/" + kind + "/" + intentId(clientSecret), { client_secret: clientSecret });
    }

    // After a confirm: shows 3-D Secure when needed, then answers like Stripe.js.
    function settle(kind, intent, clientSecret) {
      var field = kind === "payment_intents" ? "paymentIntent" : "setupIntent";
      var errorField = kind === "payment_intents" ? "payment_intent" : "setup_intent";
      if (intent.error) return Promise.resolve({ error: intent.error });
      if (intent.status !== "requires_action") {
        var done = {};
        done[field] = intent;
        return Promise.resolve(done);
      }
      return challenge(kind, intent).then(function (outcome) {
        return retrieve(kind, clientSecret).then(function (fresh) {
          if (fresh.error) return { error: fresh.error };
          if (outcome === "approve" && fresh.status !== "requires_payment_method") {
            var ok = {};
            ok[field] = fresh;
            return ok;
          }
          var error = {
            type: "invalid_request_error",
            code: kind === "payment_intents" ? "payment_intent_authentication_failure" : "setup_intent_authentication_failure",
            message: AUTH_FAILURE
          };
          error[errorField] = fresh;
          return { error: error };
        });
      });
    }

    function paymentMethodFrom(data) {
      var pm = data && data.payment_method;
      if (!pm) return Promise.resolve({ id: null });
      if (typeof pm === "string") return Promise.resolve({ id: pm });
      return stripe
        .createPaymentMethod({ type: "card", card: pm.card, billing_details: pm.billing_details })
        .then(function (res) {
          return res.error ? { error: res.error } : { id: res.paymentMethod.id };
        });
    }

    function confirm(kind, clientSecret, data, extra) {
      return paymentMethodFrom(data).then(function (pm) {
        if (pm.error) return { error: pm.error };
        var params = { client_secret: clientSecret };
        if (pm.id) params.payment_method = pm.id;
        Object.keys(extra || {}).forEach(function (k) {
          params[k] = extra[k];
        });
        var path = "/v1/" + kind + "/" + intentId(clientSecret) + "/confirm";
        return request(key, "POST", path, params).then(function (intent) {
          return settle(kind, intent, clientSecret);
        });
      });
    }

    var stripe = {
      _options: options,
      _registerWrapper: function () {},
      elements: function () {
        return createElements();
      },
      createPaymentMethod: function (arg, legacyElement, legacyData) {
        if (typeof arg === "string") {
          arg = { type: arg, card: legacyElement, billing_details: legacyData && legacyData.billing_details };
        }
        arg = arg || {};
        var group = arg.card ? arg.card._group : arg.elements ? arg.elements._group : null;
        if (!group) return Promise.reject(new Error("IntegrationError: pass card: element or elements."));
        var values = group.collect();
        var problem = problemWith(values);
        if (problem) return Promise.resolve({ error: validationError(problem) });
        var expiry = parseExpiry(values.expiry);
        var billing = arg.billing_details || (arg.params && arg.params.billing_details);
        return request(key, "POST", "/v1/payment_methods", {
          type: "card",
          card: {
            number: values.number.replace(/\D/g, ""),
            exp_month: expiry.month,
            exp_year: expiry.year,
            cvc: values.cvc.replace(/\D/g, "")
          },
          billing_details: billing
        }).then(function (res) {
          return res.error ? { error: res.error } : { paymentMethod: res };
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        return retrieve("payment_intents", clientSecret).then(function (res) {
          return res.error ? { error: res.error } : { paymentIntent: res };
        });
      },
      retrieveSetupIntent: function (clientSecret) {
        return retrieve("setup_intents", clientSecret).then(function (res) {
          return res.error ? { error: res.error } : { setupIntent: res };
        });
      },
      handleNextAction: function (arg) {
        var clientSecret = arg && arg.clientSecret;
        var kind = intentId(clientSecret).indexOf("seti_") === 0 ? "setup_intents" : "payment_intents";
        return retrieve(kind, clientSecret).then(function (intent) {
          return settle(kind, intent, clientSecret);
        });
      },
      handleCardAction: function (clientSecret) {
        return stripe.handleNextAction({ clientSecret: clientSecret });
      },
      confirmCardPayment: function (clientSecret, data) {
        if (data && data.payment_method) return confirm("payment_intents", clientSecret, data);
        // Nothing new to confirm with: finish what the server started (or confirm it).
        return retrieve("payment_intents", clientSecret).then(function (intent) {
          if (!intent.error && ["requires_payment_method", "requires_confirmation"].indexOf(intent.status) !== -1) {
            return confirm("payment_intents", clientSecret, data);
          }
          return settle("payment_intents", intent, clientSecret);
        });
      },
      confirmCardSetup: function (clientSecret, data) {
        return confirm("setup_intents", clientSecret, data);
      },
      confirmPayment: function (arg) {
        var elements = arg.elements;
        var clientSecret = arg.clientSecret;
        var params = arg.confirmParams || {};
        var el = elements && (elements.getElement("payment") || elements.getElement("card"));
        var data = el ? { payment_method: { card: el, billing_details: params.payment_method_data && params.payment_method_data.billing_details } } : params;
        var extra = params.return_url ? { return_url: params.return_url } : {};
        return confirm("payment_intents", clientSecret, data, extra).then(function (res) {
          var pi = res.paymentIntent;
          if (pi && params.return_url && arg.redirect !== "if_required") {
            var sep = params.return_url.indexOf("?") === -1 ? "?" : "&";
            window.location.assign(params.return_url + sep + "payment_intent=" + pi.id +
              "&payment_intent_client_secret=" + encodeURIComponent(clientSecret) + "&redirect_status=" + pi.status);
          }
          return res;
        });
      }
    };
    return stripe;
  };
  // loadStripe() compares this with the release it expects (the path it loaded: /endive/stripe.js).
  var loadedFrom = document.currentScript && document.currentScript.src;
  var release = /\/([a-z]+)\/stripe\.js/.exec(loadedFrom || "");
  window.Stripe.version = release ? release[1] : 3;
})();
`;
