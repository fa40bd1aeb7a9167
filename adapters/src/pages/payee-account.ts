import { type BankDetails, groupedIban, maskedAccountNumber } from "@apar/core";
import type { PayeeAccount } from "@apar/core/app";
import { type Html, html } from "./html.js";

/** How much of an account number a page shows: whole (signed-in reviewers), or its last four (a mailed link). */
export type AccountShown = "whole" | "last4";

const numberOf = (d: BankDetails, shown: AccountShown): string | null => {
  const n = d.iban ?? d.accountNumber;
  if (n === null) return null;
  if (shown === "last4") return maskedAccountNumber(n);
  return d.iban === null ? n : groupedIban(n);
};

/** An account's rows: holder, number (IBAN grouped in fours), bank code and BIC. */
const accountRows = (d: BankDetails, shown: AccountShown, id: string, holder: string | null): Html => {
  const number = numberOf(d, shown);
  const bankCode = d.sortCode ?? d.routingNumber;
  return html`<tr><th scope="row">Account holder</th><td>${d.accountHolderName ?? holder ?? "not given"}</td></tr>
<tr><th scope="row">${d.iban === null ? "Account number" : "IBAN"}</th><td class="account" id="${id}">${number ?? "not given"}</td></tr>${
    bankCode === null
      ? ""
      : html`
<tr><th scope="row">${d.sortCode === null ? "Routing number" : "Sort code"}</th><td>${bankCode}</td></tr>`
  }${
    d.bicSwift === null
      ? ""
      : html`
<tr><th scope="row">BIC</th><td>${d.bicSwift}</td></tr>`
  }`;
};

const statusWords = (p: PayeeAccount): Html => {
  if (p.status === "Confirmed" && p.confirmed !== null)
    return html`<span class="on">Confirmed</span> by ${p.confirmed.by} on ${p.confirmed.at.slice(0, 10)} (a second person checked it with the supplier)`;
  if (p.status === "Unconfirmed")
    return html`<span class="off">Unconfirmed</span>: no second person has confirmed this account yet, and it cannot be paid until one does`;
  return html`<span class="off">No account on file</span>: the supplier has no account a payment could go to`;
};

/**
 * Where a bill's money would go, for the person who reviews or approves it: the supplier's account (the one a
 * payment run pays), whether a second person confirmed it, whether it passes the bank-details checks, and the
 * account read from the bill when it names another one (with the bill's fraud signal in words).
 */
export const payeeTable = (p: PayeeAccount, shown: AccountShown): Html =>
  html`<table id="payee"><caption>Where the money goes</caption>
${
  p.account === null
    ? html`<tr><th scope="row">Supplier's account</th><td id="payee-account">${p.supplierName === null ? "The bill is not linked to a supplier yet." : "None on file."}</td></tr>`
    : accountRows(p.account, shown, "payee-account", p.supplierName)
}
<tr><th scope="row">Status</th><td id="payee-status">${statusWords(p)}</td></tr>${
    p.valid === false
      ? html`
<tr><th scope="row">Checks</th><td id="payee-invalid" class="off">The account fails the bank-details checks (IBAN check digits or the bank code): do not pay it.</td></tr>`
      : ""
  }${
    p.billAccount === null
      ? ""
      : html`
<tr><th scope="row">Account on the bill</th><td><span class="account" id="payee-bill-account">${numberOf(p.billAccount, shown) ?? "not given"}</span>${
          p.changed
            ? html` <strong class="off" id="payee-changed">New: the supplier has never been paid at this account. Confirm it with the supplier by phone before approving.</strong>`
            : html` <span class="muted">differs from the supplier's account; payments go to the supplier's.</span>`
        }</td></tr>`
  }
</table>`;
