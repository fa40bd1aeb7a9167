// A scanned page's header band, read on its own, puts back the top line the page's reading dropped.
import { withHeaderBand } from "@apar/adapters/reading/ocr-band";
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
