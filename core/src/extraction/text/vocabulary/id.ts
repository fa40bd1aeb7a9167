import type { Vocabulary } from "./types.js";

// Indonesian (faktur, nota, kwitansi, struk; jumlah, total bayar, PPN; NPWP). Amounts are whole rupiah grouped by
// dots or commas ("Rp227.550.000", "Rp 7,000,000"). Malaysia's receipts share some of these words (the English
// vocabulary keeps their "Tunai", "Baki", "Jalan").
export const id: Vocabulary = {
  code: "id",
  tesseract: "ind",
  common: ["dan", "yang", "untuk", "faktur", "jumlah", "tanggal", "harga", "kepada", "pembayaran", "barang", "terima"],
  grandTotal: [
    String.raw`total\s*(?:yang\s*harus\s*)?(?:di)?bayar`,
    String.raw`jumlah\s*(?:yang\s*harus\s*)?(?:di)?bayar`,
    String.raw`total\s*tagihan`,
    String.raw`jumlah\s*tagihan`,
    String.raw`grand\s*total`,
  ],
  amountDue: [String.raw`sisa\s*tagihan`, String.raw`sisa\s*pembayaran`],
  total: [String.raw`jumlah`, String.raw`total`],
  prepaid: [String.raw`uang\s*muka`, String.raw`sudah\s*dibayar`],
  qualified: [String.raw`ppn`, String.raw`pajak`, String.raw`diskon`, String.raw`potongan`, String.raw`dpp`],
  subTotal: [String.raw`sub\s*total`, String.raw`dasar\s*pengenaan\s*pajak`, String.raw`dpp`],
  tax: [String.raw`ppn(?:\s*\d+\s*%)?`, String.raw`pajak`],
  invoiceNumber: [
    String.raw`no(?:mor)?\.?\s*faktur`,
    String.raw`no(?:mor)?\.?\s*invoice`,
    // Malay spells them "invois" and "bil" ("No. Invois 232011771", "NO. BIL 1225081866": Malaysia's utility bills).
    String.raw`no(?:mor)?\.?\s*invois(?:\s*cukai)?`,
    String.raw`no\.?\s*bil`,
    String.raw`no(?:mor)?\.?\s*nota`,
    String.raw`no(?:mor)?\.?\s*kwitansi`,
    // A till's receipt by its transaction or receipt number ("No Trx : JL/0022305241645/004", "No. Struk").
    String.raw`no(?:mor)?\.?\s*(?:trx|transaksi|struk)`,
    // Minimarkets' receipts ("Bon 0245-701-1803W3Z9  Kasir : DHI"): the word, then the number with its digits.
    String.raw`bon(?=\s*:?\s*[A-Z0-9]*\d[A-Z0-9]*-)`,
  ],
  invoiceDate: [String.raw`tanggal\s*faktur`, String.raw`tgl\.?\s*faktur`, String.raw`tanggal\s*invoice`],
  issueDate: [String.raw`tanggal\s*terbit`],
  date: [String.raw`tanggal`, String.raw`tgl\.?`],
  dated: [],
  otherDate: [String.raw`tanggal\s*(?:kirim|pengiriman|pesanan)`],
  dueDate: [String.raw`(?:tanggal\s*)?jatuh\s*tempo`, String.raw`batas\s*pembayaran`],
  purchaseOrder: [String.raw`no(?:mor)?\.?\s*pesanan`, String.raw`no\.?\s*po`],
  paymentTerms: [String.raw`syarat\s*pembayaran`, String.raw`termin`],
  paymentRef: [],
  taxNumber: [String.raw`npwp`],
  billTo: [
    String.raw`(?:dijual\s*)?kepada(?:\s*yth\.?)?`,
    String.raw`pelanggan`,
    String.raw`pembeli`,
    String.raw`ditagihkan\s*kepada`,
  ],
  supplier: [String.raw`penjual`, String.raw`pemasok`],
  paidWith: [String.raw`kartu\s*(?:debit|kredit)`],
  // OCR may part the word ("Kembal ian").
  change: [String.raw`kembal\s?i(?:an)?`],
  street: [String.raw`jl\.?`],
  notName: [String.raw`terima\s*kasih`, String.raw`telp\.?`],
  title: [String.raw`faktur(?:\s*pajak)?`, String.raw`nota`, String.raw`kwitansi`, String.raw`struk`],
  tableHeader: [String.raw`nama\s*barang`, String.raw`keterangan`, String.raw`deskripsi`],
  tableQty: [String.raw`kuantitas`, String.raw`banyaknya`],
  tableAmount: [String.raw`harga`, String.raw`jumlah`],
  months: [
    ["januari", "jan"],
    ["februari", "feb"],
    ["maret", "mar"],
    ["april", "apr"],
    ["mei"],
    ["juni", "jun"],
    ["juli", "jul"],
    ["agustus", "agu", "agt"],
    ["september", "sep"],
    ["oktober", "okt"],
    ["november", "nov"],
    ["desember", "des"],
  ],
};
