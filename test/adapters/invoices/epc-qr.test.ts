import { epcPayload } from "@apar/adapters/public-invoice/epc-qr";
import test from "ava";

const transfer = {
  name: "Umbrella Services GmbH",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  currency: "EUR",
  amount: "1274.50",
  reference: "RF18539007547034",
};

test("the EPC069-12 payload: version 002, UTF-8, SCT, BIC, name, IBAN, amount, structured reference", (t) => {
  t.is(
    epcPayload(transfer),
    "BCD\n002\n1\nSCT\nCOBADEFFXXX\nUmbrella Services GmbH\nDE89370400440532013000\nEUR1274.50\n\nRF18539007547034\n",
  );
  // BIC is optional in version 002; a name is cut to 70 characters and kept on one line.
  const long = epcPayload({ ...transfer, bic: null, name: `A\nB ${"x".repeat(100)}` });
  t.is(long?.split("\n")[4], "");
  t.is([...(long?.split("\n")[5] ?? "")].length, 70);
});

test("no payload where a SEPA QR code cannot carry the transfer", (t) => {
  t.is(epcPayload({ ...transfer, currency: "USD" }), undefined, "EUR only");
  t.is(epcPayload({ ...transfer, amount: "0.00" }), undefined, "nothing due");
  t.is(epcPayload({ ...transfer, amount: "1000000000.00" }), undefined, "above 999,999,999.99");
  t.is(epcPayload({ ...transfer, amount: "12.5" }), undefined, "not two decimal places");
  t.is(epcPayload({ ...transfer, reference: "INV-000001" }), undefined, "not an RF reference");
  t.is(epcPayload({ ...transfer, name: "  " }), undefined, "no beneficiary");
});
