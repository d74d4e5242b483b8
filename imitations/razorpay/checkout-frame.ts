import type { RzOrder } from "@/imitations/razorpay/entities";

// The imitation's Checkout dialog, served from the API's origin into the frame checkout.js opens:
// the amount is the gateway order's own, never the page's. Pay and Fail post to
// /v1/checkout/pay (same origin) and hand the result to the opener by postMessage, addressed
// to the shop's origin only.

export type FrameInput = {
  order: RzOrder | null;
  problem: string | null;
  name: string;
  description: string;
  email: string;
  contact: string;
  origin: string;
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
// Inside a <script>, "</" could end it early: the JSON is made safe for an inline script.
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function checkoutFrame({ order, problem, name, description, email, contact, origin }: FrameInput): string {
  const body = order
    ? `<p class="amount" id="amount">${rupees(order.amount)}</p>
      ${description ? `<p>${escape(description)}</p>` : ""}
      <fieldset><legend>Pay with</legend>
        <label><input type="radio" name="method" value="upi" checked> UPI</label>
        <label><input type="radio" name="method" value="card"> Card</label>
      </fieldset>
      <p class="buttons"><button type="button" id="pay">Pay</button> <button type="button" id="fail">Fail</button></p>
      <p role="status" id="status"></p>`
    : `<p role="alert">${escape(problem ?? "This payment cannot be made.")}</p>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Razorpay Checkout (imitation)</title>
<style>
  body{font:16px system-ui,sans-serif;margin:0;padding:1rem;color:#111}
  h1{font-size:1.2rem;margin:0 2rem .5rem 0} .amount{font-size:1.6rem;font-weight:700;margin:.25rem 0}
  fieldset{border:1px solid #ccc;border-radius:6px} label{display:block;padding:.25rem 0}
  button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #333;cursor:pointer}
  #pay{background:#0a7a3b;color:#fff;border-color:#0a7a3b} #close{position:absolute;top:.5rem;right:.5rem;padding:.1rem .6rem}
  button:focus-visible{outline:3px solid #1a56db;outline-offset:2px} .note{font-size:.8rem;color:#555}
</style></head>
<body>
<div role="dialog" aria-modal="true" aria-labelledby="title"${order ? ' aria-describedby="amount"' : ""}>
  <button type="button" id="close" aria-label="Close">×</button>
  <h1 id="title">Pay ${escape(name || "the shop")}</h1>
  ${body}
  <p class="note">Imitation of Razorpay for development and tests: no money moves.</p>
</div>
<script>
(function () {
  var input = ${inlineJson({ orderId: order?.id ?? null, email, contact, origin })};
  function tell(type, response) { parent.postMessage({ source: "razorpay-imitation", type: type, response: response }, input.origin); }
  document.getElementById("close").addEventListener("click", function () { tell("dismiss"); });
  // On keyup, so the whole key press has reached this frame before the opener hides it.
  document.addEventListener("keyup", function (e) { if (e.key === "Escape") tell("dismiss"); });
  var pay = document.getElementById("pay");
  if (!pay) return;
  window.addEventListener("focus", function () { if (!document.activeElement || document.activeElement === document.body) pay.focus(); });
  function attempt(outcome) {
    var method = document.querySelector("input[name=method]:checked").value;
    document.getElementById("status").textContent = "Processing…";
    fetch("/v1/checkout/pay", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ order_id: input.orderId, outcome: outcome, method: method, email: input.email, contact: input.contact }) })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) { tell(r.ok ? "success" : "failed", r.json); })
      .catch(function () { document.getElementById("status").textContent = "The gateway imitation did not answer."; });
  }
  pay.addEventListener("click", function () { attempt("pay"); });
  document.getElementById("fail").addEventListener("click", function () { attempt("fail"); });
})();
</script>
</body></html>`;
}
