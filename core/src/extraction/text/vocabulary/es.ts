import type { Vocabulary } from "./types.js";

export const es: Vocabulary = {
  code: "es",
  tesseract: "spa",
  common: [
    "el",
    "la",
    "los",
    "las",
    "de",
    "del",
    "y",
    "para",
    "factura",
    "importe",
    "fecha",
    "gracias",
    "con",
    "total",
  ],
  grandTotal: [
    String.raw`total\s*factura`,
    String.raw`importe\s*total`,
    String.raw`total\s*(?:con\s*)?iva\s*incluido`,
    String.raw`total\s*a\s*pagar`,
    String.raw`total\s*general`,
  ],
  amountDue: [String.raw`importe\s*a\s*pagar`, String.raw`pendiente\s*de\s*pago`, String.raw`saldo`],
  total: [String.raw`total`],
  prepaid: [String.raw`anticipos?`, String.raw`ya\s*pagado`, String.raw`pagos?\s*a\s*cuenta`],
  qualified: [
    String.raw`iva`,
    String.raw`impuestos?`,
    String.raw`base`,
    String.raw`sin`,
    String.raw`descuentos?`,
    String.raw`art[íi]culos`,
    String.raw`unidades`,
    String.raw`bruto`,
  ],
  subTotal: [
    String.raw`base\s*imponible`,
    String.raw`subtotal`,
    String.raw`total\s*sin\s*iva`,
    String.raw`importe\s*neto`,
  ],
  tax: [String.raw`iva`, String.raw`cuota\s*(?:de\s*)?iva`, String.raw`total\s*iva`, String.raw`impuestos?`],
  invoiceNumber: [
    String.raw`n[úu]mero\s*de\s*factura`,
    // Latin America's "Nro." too ("FACTURA NRO. 87", "Nro. de factura"), and Argentina's class of invoice between
    // ("Factura A Nº 0006-00247202").
    String.raw`factura\s*(?:[ABCEM]\s+)?(?:n\s*[°oº]\.?|nro\.?|n[úu]m\.?|n[úu]mero)`,
    String.raw`(?:n\s*[°oº]\.?|nro\.?)\s*(?:de\s*)?factura`,
    String.raw`num\.?\s*factura`,
    // "NÚMERO: ABC12345" on a page titled "Factura": the word alone before its colon.
    String.raw`n[úu]mero(?=\s*:)`,
    // "N°: 001-001-0000021" alone in a heading band: the document's number sign before its colon, not another
    // word's ("CAE N°:", an authorisation's number).
    String.raw`(?<!\p{L}\.?\s?)n\s*[°º](?=\s*:)`,
    // Mexico's and Chile's electronic invoices number them by "Folio" (their "Folio Fiscal" is the tax office's UUID;
    // "Folio 1 de 1" counts sheets).
    String.raw`folio(?!\s*fiscal|\s*\d+\s*de\s*\d)`,
  ],
  invoiceDate: [
    String.raw`fecha\s*(?:de\s*)?(?:la\s*)?factura`,
    // "Fecha y Hora de Emisión", as e-invoices print the moment they were issued.
    String.raw`fecha\s*(?:y\s*hora\s*)?de\s*(?:emisi[óo]n|expedici[óo]n)`,
  ],
  issueDate: [String.raw`fecha\s*(?:y\s*hora\s*)?de\s*(?:emisi[óo]n|expedici[óo]n)`],
  date: [String.raw`fecha`],
  dated: [String.raw`del`, String.raw`de`, String.raw`con\s*fecha`],
  otherDate: [String.raw`fecha\s*de\s*(?:entrega|pedido|servicio)`, String.raw`periodo`],
  dueDate: [String.raw`fecha\s*de\s*vencimiento`, String.raw`vencimiento`, String.raw`vence`],
  purchaseOrder: [String.raw`pedido\s*(?:n\s*[°oº]\.?|n[úu]m\.?)?`, String.raw`orden\s*de\s*compra`],
  paymentTerms: [String.raw`condiciones\s*de\s*pago`, String.raw`forma\s*de\s*pago`],
  paymentRef: [String.raw`referencia\s*(?:de\s*)?pago`],
  taxNumber: [String.raw`nif`, String.raw`cif`, String.raw`n\.?i\.?f\.?`, String.raw`nif\s*-?\s*iva`],
  billTo: [
    String.raw`facturar\s*a`,
    String.raw`factura\s*para`,
    String.raw`cliente`,
    String.raw`destinatario`,
    String.raw`comprador`,
    // The customer's block of an Argentine (AFIP) invoice: "Apellido y Nombre / Razón Social:".
    String.raw`apellido\s*y\s*nombre`,
  ],
  // Not "vendedor": on a Latin American invoice or receipt, the salesperson ("VENDEDOR: RAPHAEL").
  supplier: [String.raw`proveedor`, String.raw`emisor`],
  soldBy: [String.raw`vendido\s*por`],
  payee: [String.raw`beneficiario`, String.raw`pagadero\s*a`],
  grossQualifier: [String.raw`iva\s*incluida`],
  netQualifier: [String.raw`sin`],
  paidWith: [String.raw`pagado`],
  payment: [String.raw`pagos?`],
  placeDate: [String.raw`el`],
  tradeWord: [String.raw`sociedad`],
  bank: [String.raw`banco`],
  bankHeading: [String.raw`datos\s*bancarios`],
  street: [String.raw`calle`],
  // Mexico's CFDI prints the issuer's tax regime under its name ("Régimen Fiscal: 601 General de Ley").
  // An address block's heading alone ("Fiscal  Entrega": the buyer's tax and delivery addresses).
  notName: [
    String.raw`españa`,
    String.raw`r[ée]gimen\s+fiscal`,
    String.raw`(?:domicilio\s*)?(?:fiscal|de\s*entrega|entrega)(?=\s*$)`,
  ],
  addressWord: [String.raw`direcci[óo]n`],
  notice: [String.raw`devoluci[oó]n(?:es)?`],
  nameLabel: [String.raw`nombre`],
  currencyLabel: [String.raw`moneda`, String.raw`divisa`],
  // Mexico's e-invoice names itself "Comprobante Fiscal Digital por Internet" (CFDI).
  title: [
    String.raw`factura`,
    String.raw`factura\s*rectificativa`,
    String.raw`comprobante\s*fiscal(?:\s*digital(?:\s*por\s*internet)?)?`,
  ],
  tableHeader: [String.raw`descripci[óo]n`, String.raw`concepto`, String.raw`art[íi]culo`],
  tableQty: [String.raw`cantidad`, String.raw`cant\.?`, String.raw`uds\.?`],
  tableAmount: [String.raw`importe`, String.raw`precio`, String.raw`total`],
  months: [
    ["enero", "ene"],
    ["febrero", "feb"],
    ["marzo", "mar"],
    ["abril", "abr"],
    ["mayo", "may"],
    ["junio", "jun"],
    ["julio", "jul"],
    ["agosto", "ago"],
    ["septiembre", "setiembre", "sep", "sept"],
    ["octubre", "oct"],
    ["noviembre", "nov"],
    ["diciembre", "dic"],
  ],
};
