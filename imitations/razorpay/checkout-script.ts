// The imitation's /v1/checkout.js: defines `window.Razorpay` with the options, `open()`,
// `close()` and `on("payment.failed")` of Razorpay's Standard Checkout. Like the real one it
// draws nothing of its own but an overlay holding a frame served from the API's origin (so the
// shop's Content Security Policy needs the same two origins as for Razorpay: this script's and
// the frame's). The frame speaks to this script by postMessage, checked by origin and source.

export function checkoutScript(apiOrigin: string): string {
  return `(function () {
  "use strict";
  var API = ${JSON.stringify(apiOrigin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options.key !== "string" || !options.key) throw new Error("Razorpay: the key option is required");
    this.options = options;
    this.listeners = {};
    this.overlay = null;
  }
  Razorpay.prototype.on = function (name, callback) {
    (this.listeners[name] = this.listeners[name] || []).push(callback);
    return this;
  };
  Razorpay.prototype.emit = function (name, value) {
    (this.listeners[name] || []).forEach(function (callback) { callback(value); });
  };
  Razorpay.prototype.open = function () {
    if (this.overlay) return this;
    var self = this, o = this.options, prefill = o.prefill || {};
    var query = new URLSearchParams({
      key: o.key, order_id: o.order_id || "", name: o.name || "", description: o.description || "",
      email: prefill.email || "", contact: prefill.contact || "", origin: location.origin
    });
    var overlay = document.createElement("div");
    overlay.setAttribute("data-razorpay-imitation", "");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center";
    var frame = document.createElement("iframe");
    frame.title = "Razorpay Checkout";
    frame.src = API + "/v1/checkout/frame?" + query.toString();
    frame.style.cssText = "width:min(360px,94vw);height:min(460px,90vh);border:0;border-radius:8px;background:#fff";
    overlay.appendChild(frame);
    this.returnFocus = document.activeElement;
    this.onMessage = function (event) {
      if (event.origin !== API || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.source !== "razorpay-imitation") return;
      if (data.type === "success") { self.close(); if (typeof o.handler === "function") o.handler(data.response); }
      else if (data.type === "failed") { self.close(); self.emit("payment.failed", data.response); }
      else if (data.type === "dismiss") self.dismiss();
    };
    this.onKey = function (event) { if (event.key === "Escape") self.dismiss(); };
    window.addEventListener("message", this.onMessage);
    document.addEventListener("keydown", this.onKey);
    frame.addEventListener("load", function () { frame.focus(); });
    document.body.appendChild(overlay);
    this.overlay = overlay;
    return this;
  };
  Razorpay.prototype.dismiss = function () {
    if (!this.overlay) return;
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === "function") modal.ondismiss();
  };
  Razorpay.prototype.close = function () {
    if (!this.overlay) return;
    window.removeEventListener("message", this.onMessage);
    document.removeEventListener("keydown", this.onKey);
    // Hidden now, removed a moment later: a frame removed while the browser is still delivering
    // it a key event (the Escape that closed it) leaves that event unanswered.
    var overlay = this.overlay;
    overlay.style.display = "none";
    setTimeout(function () { overlay.remove(); }, 100);
    this.overlay = null;
    if (this.returnFocus && typeof this.returnFocus.focus === "function") this.returnFocus.focus();
  };
  window.Razorpay = Razorpay;
})();
`;
}
