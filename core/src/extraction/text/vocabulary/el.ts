import type { Vocabulary } from "./types.js";

// Greek (τιμολόγιο, απόδειξη λιανικής πώλησης; ΣΥΝΟΛΟ, ΠΛΗΡΩΤΕΟ, ΦΠΑ; ΑΦΜ, ΔΟΥ). Bills print capitals without
// accents and lower case with them: each vowel is written both ways.
const a = "[αά]";
const e = "[εέ]";
const h = "[ηή]";
const i = "[ιίϊΐ]";
const o = "[οό]";
const y = "[υύϋΰ]";
const total = `σ${y}ν${o}λ${o}`;
const vat = String.raw`φ\.?\s?π\.?\s?α\.?`;

export const el: Vocabulary = {
  code: "el",
  tesseract: "ell",
  common: [
    "σύνολο",
    "συνολο",
    "φπα",
    "τιμολόγιο",
    "τιμολογιο",
    "ημερομηνία",
    "ημερομηνια",
    "αφμ",
    "δου",
    "πελάτης",
    "πελατης",
    "και",
    "της",
    "του",
    "ποσό",
    "ποσο",
  ],
  grandTotal: [
    String.raw`${total}\s*πλ${h}ρωτ${e}${o}`,
    String.raw`πλ${h}ρωτ${e}${o}\s*(?:π${o}σ${o})?`,
    String.raw`γ${e}ν${i}κ${o}\s*${total}`,
    String.raw`τ${e}λ${i}κ${o}\s*${total}`,
    String.raw`${total}\s*μ${e}\s*${vat}`,
  ],
  amountDue: [String.raw`υπ${o}λ${o}${i}π${o}`],
  total: [total, String.raw`συν\.`, String.raw`${total}${i}κ${o}\s*π${o}σ${o}`],
  prepaid: [String.raw`προκαταβολ${h}`],
  qualified: [vat, String.raw`${e}κπτωσ${h}`, String.raw`καθαρ${h}`],
  subTotal: [
    String.raw`καθαρ${h}\s*${a}ξ${i}${a}`,
    String.raw`${total}\s*χωρ${i}ς\s*${vat}`,
    String.raw`${a}ξ${i}${a}\s*προ\s*${vat}`,
  ],
  tax: [String.raw`π${o}σ${o}\s*${vat}`, vat],
  invoiceNumber: [
    String.raw`${a}ρ(?:\.|${i}θμ${o}ς)\s*(?:τ${i}μ${o}λ${o}γ${i}${o}υ|παραστατ${i}κ${o}${y})`,
    String.raw`τ${i}μ${o}λ${o}γ${i}${o}\s*(?:ν${o}\.?|αρ\.?|#)`,
  ],
  invoiceDate: [String.raw`${h}μ${e}ρ${o}μ${h}ν${i}${a}\s*${e}κδοσ${h}ς`],
  issueDate: [String.raw`${h}μ${e}ρ${o}μ${h}ν${i}${a}\s*${e}κδοσ${h}ς`],
  date: [String.raw`${h}μ${e}ρ${o}μ${h}ν${i}${a}`, String.raw`${h}μ/ν${i}${a}`],
  dated: [],
  otherDate: [String.raw`${h}μ${e}ρ${o}μ${h}ν${i}${a}\s*αποστολ${h}ς`],
  dueDate: [String.raw`λ${h}ξ${h}`, String.raw`${h}μ${e}ρ${o}μ${h}ν${i}${a}\s*λ${h}ξ${h}ς`],
  purchaseOrder: [String.raw`${a}ρ\.?\s*παραγγ${e}λ${i}ας`],
  paymentTerms: [String.raw`τρ${o}π${o}ς\s*πλ${h}ρωμ${h}ς`],
  paymentRef: [String.raw`αιτιολογ${i}${a}`],
  taxNumber: [String.raw`${a}\.?\s?φ\.?\s?μ\.?`, String.raw`δ\.?\s?${o}\.?\s?υ\.?`],
  billTo: [String.raw`π${e}λ${a}τ${h}ς`, String.raw`αγ${o}ραστ${h}ς`, String.raw`παραλ${h}πτ${h}ς`],
  supplier: [String.raw`${e}κδ${o}τ${h}ς`, String.raw`πωλ${h}τ${h}ς`],
  paidWith: [String.raw`μ${e}τρ${h}τ${a}`, String.raw`κ${a}ρτα`],
  change: [String.raw`ρ${e}στα`],
  street: [String.raw`οδ${o}ς`, String.raw`λ${e}ωφ\.?`, String.raw`λ${e}ωφ${o}ρ${o}ς`],
  bank: [String.raw`τρ${a}π${e}ζα`],
  notName: [String.raw`${e}λλ${a}δα`, String.raw`${e}υχαριστ${o}${y}μ${e}`],
  title: [
    String.raw`τ${i}μ${o}λ${o}γ${i}${o}(?:\s*παροχ${h}ς\s*υπ${h}ρ${e}σ${i}ων|\s*πωλ${h}σ${h}ς)?`,
    String.raw`απ${o}δ${e}${i}ξ${h}(?:\s*λ${i}αν${i}κ${h}ς\s*πωλ${h}σ${h}ς)?`,
    String.raw`π${i}στωτ${i}κ${o}`,
  ],
  tableHeader: [String.raw`π${e}ρ${i}γραφ${h}`, String.raw`${e}${i}δ${o}ς`],
  tableQty: [String.raw`π${o}σ${o}τ${h}τα`, String.raw`ποσ\.`],
  tableAmount: [String.raw`${a}ξ${i}${a}`, String.raw`τ${i}μ${h}`],
  // Literal names, with and without accents (a date's month is looked up as printed): genitive, then nominative.
  months: [
    ["ιανουαρίου", "ιανουαριου", "ιανουάριος", "ιανουαριος", "ιαν"],
    ["φεβρουαρίου", "φεβρουαριου", "φεβρουάριος", "φεβρουαριος", "φεβ"],
    ["μαρτίου", "μαρτιου", "μάρτιος", "μαρτιος", "μαρ"],
    ["απριλίου", "απριλιου", "απρίλιος", "απριλιος", "απρ"],
    ["μαΐου", "μαιου", "μάιος", "μαιος", "μαΐ"],
    ["ιουνίου", "ιουνιου", "ιούνιος", "ιουνιος", "ιουν"],
    ["ιουλίου", "ιουλιου", "ιούλιος", "ιουλιος", "ιουλ"],
    ["αυγούστου", "αυγουστου", "αύγουστος", "αυγουστος", "αυγ"],
    ["σεπτεμβρίου", "σεπτεμβριου", "σεπτέμβριος", "σεπτεμβριος", "σεπ"],
    ["οκτωβρίου", "οκτωβριου", "οκτώβριος", "οκτωβριος", "οκτ"],
    ["νοεμβρίου", "νοεμβριου", "νοέμβριος", "νοεμβριος", "νοε"],
    ["δεκεμβρίου", "δεκεμβριου", "δεκέμβριος", "δεκεμβριος", "δεκ"],
  ],
};
