// Danish, Norwegian, Finnish, Romanian, Hungarian, Lithuanian and Latvian vocabularies (issue 33): their total, number and
// due-date labels, "kr" as the page's own krone, and a page's currency guessed from its language. Small synthetic
// pages in the shapes real ones print, with the diacritics English OCR drops.
import { extractFromText } from "@apar/core/extraction";
import test from "ava";

test("a Danish and a Norwegian receipt: 'At betale' / 'Å betale' over the amount in kroner", (t) => {
  const dk = extractFromText(
    [
      "Bageriet Aps",
      "KVITTERING",
      "Dato: 12.03.2024",
      "Rugbrød        32,00",
      "Moms 25%        8,00",
      "At betale    kr 40,00",
      "Tak for besøget",
    ],
    "ocr",
  );
  t.is(dk.fields.totalAmount, "40.00");
  t.is(dk.fields.currency, "DKK");
  const no = extractFromText(
    [
      "Kaffebaren AS",
      "KVITTERING",
      "Org.nr. 912 345 678",
      "Dato: 12.03.2024",
      "Kaffe        45,00",
      "MVA 15%        5,87",
      "A betale   kr 45,00",
      "Takk for besøket",
    ],
    "ocr",
  );
  t.is(no.fields.totalAmount, "45.00");
  t.is(no.fields.currency, "NOK");
});

test("a Finnish invoice: 'Laskun numero', 'Eräpäivä' and 'Maksettava yhteensä'", (t) => {
  const lines = [
    "Ohjelmisto Oy                          LASKU",
    "Laskun numero: 2024-117                Laskun päivämäärä: 12.03.2024",
    "Eräpäivä: 26.03.2024",
    "Veroton summa                         100,00 EUR",
    "ALV 24 %                               24,00 EUR",
    "Maksettava yhteensä                   124,00 EUR",
  ];
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.invoiceNumber, "2024-117");
  t.is(fields.dueDate, "2024-03-26");
  t.is(fields.totalAmount, "124.00");
});

test("a Romanian invoice: 'Factura nr.', 'Data scadentei', 'Total de plata' in lei", (t) => {
  const lines = [
    "SC Exemplu SRL                         FACTURA",
    "Factura nr. 1081 din 04.05.2015",
    "Data scadentei: 04.06.2015",
    "Total fara TVA                          100,00",
    "TVA 19%                                  19,00",
    "Total de plata                          119,00",
  ];
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.invoiceNumber, "1081");
  t.is(fields.dueDate, "2015-06-04");
  t.is(fields.totalAmount, "119.00");
  t.is(fields.currency, "RON");
});

test("a Hungarian invoice: a label in two languages ('Sorszám/Invoice No.') before its number, 'Fizetendő' total", (t) => {
  const lines = [
    "Számla/Invoice",
    "Sorszám/Invoice No.  287/2008/V",
    "Szállító/Sold by  Vevő/Client",
    "Teljesítés időpontja/  Számla kelte/  Esedékesség/",
    "Összesen/Total  500 EUR  100 EUR  600 EUR",
    "Fizetendő végösszeg/Total: 600 EUR",
  ];
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.invoiceNumber, "287/2008/V");
  t.is(fields.totalAmount, "600");
  t.not(fields.supplierName, "Teljesítés időpontja/");
});

test("a Lithuanian till receipt: 'Mokėti' (OCR's 'Moketi') is the amount paid", (t) => {
  const lines = [
    "UAB Viada LT",
    "Kuras  95     16,67 A",
    "PVM 21%        2,89",
    "Moketi        16,67",
    "Kortele       16,67",
  ];
  t.is(extractFromText(lines, "ocr").fields.totalAmount, "16.67");
});

test("a Latvian utility invoice: 'Rēķina Nr.', 'Apmaksas termiņš', 'Kopā ar PVN' over a line free of VAT", (t) => {
  const lines = [
    "ALEKSEJS JURENOKS  Klienta Nr.  04135790281",
    "Strazdu iela 8",
    "Datums  31.07.2023",
    "Apmaksas termiņš  31.08.2023",
    "Rēķina Nr.  11494227",
    "RĒĶINA KOPSAVILKUMS  KOPĀ",
    "Elektroenerģija  1,65 €",
    "Ar PVN 21% apliekamā summa:  72,26 €",
    "Ar PVN neapliekamā summa  0,32 €",
    "PVN 21%:  15,17 €",
    "Kopā ar PVN:  87,75 €",
    "Apmaksai:  87,75 €",
    "SIA Enefit, Vesetas iela 7, Rīga, LV-1013",
    "PVN reģ. Nr. LV40003824046",
  ];
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.totalAmount, "87.75");
  t.is(fields.invoiceNumber, "11494227");
  t.is(fields.invoiceDate, "2023-07-31");
  t.is(fields.dueDate, "2023-08-31");
});
