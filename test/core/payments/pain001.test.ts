import {
  type CreditTransferBatch,
  controlSum,
  creditorReferenceFor,
  inCharacterSet,
  isCreditorReference,
  pain001,
} from "@apar/core";
import test from "ava";
import { schemaCheckMissing, pain001SchemaErrors as schemaErrors } from "../../helpers/pain001-schema.js";
import { REQUIRE_SERVICES } from "../../helpers/services.js";

const debtor = {
  name: "Buyer & Co GmbH",
  iban: "DE89370400440532013000",
  accountNumber: null,
  bic: "COBADEFFXXX",
  country: null,
};

const eur: CreditTransferBatch = {
  messageId: "run-0190f5a4-7c3b-7fee",
  createdAt: new Date("2026-11-23T10:00:00.000Z"),
  initiatingParty: "Buyer & Co GmbH",
  currency: "EUR",
  executionDate: "2026-11-25",
  debtor,
  transfers: [
    {
      endToEndId: "bill-0190f5a4-0001",
      amount: "1513.2",
      creditor: {
        name: "Acme <Tools> SARL",
        iban: "FR1420041010050500013M02606",
        accountNumber: null,
        bic: null,
        country: null,
      },
      reference: "RF18 5390 0754 7034",
    },
    {
      endToEndId: "bill-0190f5a4-0002",
      amount: "0.1",
      creditor: {
        name: "Łódź Dąb Sp. z o.o.",
        iban: "PL61109010140000071219812874",
        accountNumber: null,
        bic: "WBKPPLPP",
        country: null,
      },
      reference: "INV-2026/0042",
    },
    {
      endToEndId: "bill-0190f5a4-0003",
      amount: "0.2",
      creditor: { name: "Zero Point Ltd", iban: "NL91ABNA0417164300", accountNumber: null, bic: null, country: null },
      reference: null,
    },
  ],
};

test("a SEPA euro batch validates against pain.001.001.09, with an exact control sum and structured RF references", (t) => {
  const xml = pain001(eur);
  t.is(schemaErrors(xml), "");
  t.is(controlSum(eur), "1513.50");
  t.regex(xml, /<GrpHdr>[\s\S]*<NbOfTxs>3<\/NbOfTxs>\s*<CtrlSum>1513\.50<\/CtrlSum>/);
  t.regex(xml, /<SvcLvl>\s*<Cd>SEPA<\/Cd>/);
  t.regex(xml, /<ChrgBr>SLEV<\/ChrgBr>/);
  t.regex(xml, /<InstdAmt Ccy="EUR">1513\.20<\/InstdAmt>/);
  t.regex(xml, /<InstdAmt Ccy="EUR">0\.10<\/InstdAmt>/);
  t.regex(xml, /<Cd>SCOR<\/Cd>[\s\S]*<Ref>RF18539007547034<\/Ref>/);
  t.regex(xml, /<Ustrd>INV-2026\/0042<\/Ustrd>/);
  // The EPC character set: what it lacks is transliterated (letters lose their accents) or a full stop.
  t.regex(xml, /<Nm>Acme .Tools. SARL<\/Nm>/);
  t.regex(xml, /<Nm>Lodz Dab Sp\. z o\.o\.<\/Nm>/);
  t.regex(xml, /<Nm>Buyer \+ Co GmbH<\/Nm>/);
  t.regex(xml, /<EndToEndId>bill-0190f5a4-0002<\/EndToEndId>/);
});

test("a batch outside SEPA (US dollars to a local account) validates too: no SEPA service level, shared charges", (t) => {
  const usd: CreditTransferBatch = {
    ...eur,
    currency: "USD",
    debtor: { ...debtor, iban: null, accountNumber: "000123456789", bic: "CHASUS33" },
    transfers: [
      {
        endToEndId: "bill-usd-1",
        amount: "2500",
        creditor: { name: "Globex Inc", iban: null, accountNumber: "987654321", bic: "BOFAUS3N", country: "US" },
        reference: "Invoice 77",
      },
    ],
  };
  const xml = pain001(usd);
  t.is(schemaErrors(xml), "");
  t.notRegex(xml, /<Cd>SEPA<\/Cd>/);
  t.regex(xml, /<ChrgBr>SHAR<\/ChrgBr>/);
  t.regex(xml, /<Othr>\s*<Id>987654321<\/Id>/);
  t.regex(xml, /<CtrlSum>2500\.00<\/CtrlSum>/);
});

// Without xmllint (and not under APAR_TEST_REQUIRE_SERVICES=1) there is no schema check to fail.
(schemaCheckMissing === undefined || REQUIRE_SERVICES ? test : test.skip)(
  "the schema check can fail: a document with a missing debtor account is refused by xmllint",
  (t) => {
    const broken = pain001(eur).replace(/<DbtrAcct>[\s\S]*?<\/DbtrAcct>\n/, "");
    t.not(schemaErrors(broken), "");
    t.true(isCreditorReference("RF18539007547034"));
    t.false(isCreditorReference("INV-2026/0042"));
    t.false(isCreditorReference("RF19539007547034"), "wrong check digits");
  },
);

test("creditor references: RF, check digits that verify, the document's letters and digits (the standard's example)", (t) => {
  t.is(creditorReferenceFor("539007547034"), "RF18539007547034");
  const ref = creditorReferenceFor("INV-000042");
  t.is(ref, "RF29INV000042");
  t.true(isCreditorReference(ref ?? ""));
  t.is(creditorReferenceFor("--"), undefined);
  t.is(creditorReferenceFor("A".repeat(30))?.length, 25);
});

test("text is always in the rail's character set: control characters, lone surrogates and non-characters never reach the file", (t) => {
  const hostile = "A\u0000B\u0007C\uD800D\uFFFEE\u0085F\u200BG & <H>";
  t.is(inCharacterSet(hostile, true), "A B C D E F G + .H.");
  t.is(inCharacterSet(hostile, false), "A B C D E F G & <H>");
  t.is(inCharacterSet("ﬁ Straße №5", true), "fi Strasse No5");
  const xml = pain001({
    ...eur,
    transfers: [
      { ...(eur.transfers[0] as CreditTransferBatch["transfers"][number]), creditor: { ...debtor, name: hostile } },
    ],
  });
  t.is(schemaErrors(xml), "");
});
