// A scanned page's header band, read on its own, puts back the top line the page's reading dropped.
import { withHeaderBand, withTopLines } from "@apar/adapters/reading/ocr-band";
import test from "ava";

test("the band's lines the page lacks go above the first line both read, however differently spaced", (t) => {
  const page = ["°,", "Date:   31/01/2022", "SELLER TRADE NAME   Adresse du Client", "Total TTC  120,00"];
  const band = ["LOGO  FACTURE N° :  F20220025  (fx)", "Date :  31/01/2022", "SELLER TRADE NAME   Adresse du Client"];
  t.deepEqual(withHeaderBand(page, band), [
    "°,",
    "LOGO  FACTURE N° :  F20220025  (fx)",
    "Date:   31/01/2022",
    "SELLER TRADE NAME   Adresse du Client",
    "Total TTC  120,00",
  ]);
});

test("a band read a little apart from the page adds nothing; a band sharing no line goes on top", (t) => {
  const page = ["ACME Trading Ltd", "Invoice No. 2041", "Total 10.00"];
  t.deepEqual(withHeaderBand(page, ["ACME Tradinq Ltd", "lnvoice No. 2041"]), page);
  t.deepEqual(withHeaderBand(page, ["", "~"]), page);
  t.deepEqual(withHeaderBand(["Total 10.00"], ["ACME Trading Ltd"]), ["ACME Trading Ltd", "Total 10.00"]);
});

test("another reading's top lines the page lacks go above it only where the two share a line at the page's top", (t) => {
  const first = ["CONTOSO LTD.   Fattura", "Francesco 126", "70023 Wontespertol i."];
  t.deepEqual(withTopLines(["Francesco 226", "70023 Montespertoli FL"], first), [
    "CONTOSO LTD.   Fattura",
    "Francesco 226",
    "70023 Montespertoli FL",
  ]);
  // Readings that share no line near the page's top are not merged: the other's noise would go in with its lines.
  const garbled = ["9876543210  @", "[Pi ——", "WERSRTLI   Invoice No.  12345678.", "Er  — |", "Uned ingdom"];
  const page = ["VAT Registration No: GB 123 4567 89", "To  MICROSOFT LTD   Invoice No  12345678", "London"];
  t.deepEqual(withTopLines(page, garbled), page);
  t.deepEqual(withTopLines(["a title", "b line", "London"], ["x 1", "London"]), ["a title", "b line", "London"]);
  // At most three lines are taken before the shared one.
  t.deepEqual(withTopLines(["Francesco 226"], ["one x", "two x", "three x", "four x", "Francesco 126"]), [
    "Francesco 226",
  ]);
});
