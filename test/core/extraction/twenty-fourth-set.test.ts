// What a twenty-fourth held-out set (fourteen countries, read unseen once: issue 33) showed the reader lacked:
// bilingual labels with their English in brackets before the colon, as Vietnam's e-invoices print every one
// ("Đơn vị bán hàng (Seller):", "Số (No.):"); a bracketed title before the number's label ("(VAT INVOICE)  No.:");
// Malay's "No. Invois" and "No. Bil", and two numbers for two labels; a Thai state utility's name, its letters
// marked; and one PDF holding two invoices (Amazon India's order download: the seller's invoice, then Amazon's own
// for the delivery fee). Small synthetic pages in the shapes real ones print.
import test from "ava";
import { type Fields, fieldsOf, type Reader } from "../../helpers/reading.js";

// A Vietnamese e-invoice as its text layer reads.
const HOA_DON = [
  "Ký hiệu (Serial): 1C25TDT",
  "HÓA ĐƠN GIÁ TRỊ GIA TĂNG",
  "(VAT INVOICE)  Số (No.): 137",
  "Ngày (Date) 14 tháng (month) 07 năm (year) 2025",
  "Đơn vị bán hàng (Seller): CÔNG TY TNHH VẬN TẢI THƯƠNG MẠI ĐẠT TRÂM",
  "Mã số thuế (Tax code): 0900864637",
  "Địa chỉ (Address): Thôn Đồng Tỉnh, Xã Nghĩa Trụ, Tỉnh Hưng Yên, Việt Nam",
  "Họ tên người mua hàng (Buyer):",
  "Tên đơn vị (Company name): CÔNG TY TNHH THƯƠNG MẠI VÀ SẢN XUẤT DK VIỆT NAM",
  "STT  Tên hàng hóa, dịch vụ  Đơn vị tính  Số lượng  Đơn giá  Thành tiền",
  "1  Cước vận chuyển hàng  chuyến  1  3.400.000  3.400.000",
  "Cộng tiền hàng (Sub total):  3.400.000",
  "Thuế suất GTGT (VAT rate): 8%  Tiền thuế GTGT (VAT amount):  272.000",
  "Tổng cộng tiền thanh toán (Total payment):  3.672.000",
  "Số tiền viết bằng chữ (Amount in words): Ba triệu sáu trăm bảy mươi hai nghìn đồng.",
];

// Amazon India's download of one order: the seller's invoice, then Amazon's for the cash-on-delivery fee.
const TWO_INVOICES = [
  "Tax Invoice/Bill of Supply/Cash Memo",
  "(Original for Recipient)",
  "Sold By :  Billing Address :",
  "Mannat Boutique & Fashion  Karn gupta",
  "GST Registration No:08CPFPB5449Q1ZC  Shipping Address :",
  "Order Number:407-9096405-7570728  Invoice Number :IN-66",
  "Invoice Date :28.05.2025",
  "Sl.  Unit  Net  Tax Tax Tax  Total",
  "1 Cotton Khadi Kurta Set  ₹1,332.38 1 ₹1,332.38 5% IGST ₹66.62 ₹1,399.00",
  "TOTAL:  ₹66.62 ₹1,399.00",
  "Amount in Words:",
  "One Thousand Three Hundred Ninety-nine only",
  "Page 1 of 1",
  "Tax Invoice/Bill of Supply/Cash Memo",
  "(Original for Recipient)",
  "Sold By :  Billing Address :",
  "Amazon Seller Services Private Limited  Karn gupta",
  "GST Registration No:29AAICA3918J1ZE  Shipping Address :",
  "Order Number:407-9096405-7570728  Invoice Number :IN-19241060",
  "Invoice Date :28.05.2025",
  "1  Cash/Pay on Delivery fee:  ₹8.47  ₹8.47  18%  IGST  ₹1.53  ₹10.00",
  "TOTAL:  ₹1.53  ₹10.00",
  "Amount in Words:",
  "Ten only",
];

// Each page, how it was read, and the field it must give.
const CASES: readonly { what: string; reader: Reader; lines: string[]; field: keyof Fields; want: string | null }[] = [
  {
    what: "a bilingual seller's label: 'Đơn vị bán hàng (Seller):'",
    reader: "pdf-text",
    lines: HOA_DON,
    field: "supplierName",
    want: "CÔNG TY TNHH VẬN TẢI THƯƠNG MẠI ĐẠT TRÂM",
  },
  {
    what: "a bilingual number's label after the bracketed title: '(VAT INVOICE)  Số (No.): 137'",
    reader: "pdf-text",
    lines: HOA_DON,
    field: "invoiceNumber",
    want: "137",
  },
  {
    what: "a bilingual grand total's label: 'Tổng cộng tiền thanh toán (Total payment):'",
    reader: "pdf-text",
    lines: HOA_DON,
    field: "totalAmount",
    want: "3672000",
  },
  {
    what: "the tax beside its rate, each label bilingual, and not the number after the title's 'VAT'",
    reader: "pdf-text",
    lines: HOA_DON,
    field: "taxAmount",
    want: "272000",
  },
  {
    what: "the page's own seller's label where its English is none ('Đơn vị bán hàng(Issued):')",
    reader: "pdf-text",
    lines: [
      "HÓA ĐƠN",
      "Số (No):  49",
      "Đơn vị bán hàng(Issued):  CÔNG TY TNHH SẢN XUÂT THƯƠNG MẠI CANTECH",
      "Mã số thuế (Tax code):  0107992325",
      "Số tài khoản (A/C number):",
      "Tổng tiền thanh toán (Total payment):  5.400.000",
    ],
    field: "supplierName",
    want: "CÔNG TY TNHH SẢN XUÂT THƯƠNG MẠI CANTECH",
  },
  {
    what: "a Malaysian water bill's 'No. Invois'",
    reader: "pdf-text",
    lines: [
      "BIL AIR",
      "No. Akaun  : 0571270000 (Baharu)",
      "NO.4 JLN BK5/10D BANDAR KINRARA PUCHONG  No. Invois  232011771",
      "Tarikh  15/08/2025",
      "Jumlah Perlu Dibayar  RM 38.05",
      "Pengurusan Air Selangor Sdn. Bhd. (201401006213)",
    ],
    field: "invoiceNumber",
    want: "232011771",
  },
  {
    what: "two labels sharing a colon and two numbers: the first label's ('NO. BIL / NO. INVOIS: 0233481470/0233481471')",
    reader: "pdf-text",
    lines: [
      "SYARIKAT AIR DARUL AMAN SDN BHD",
      "NO. BIL / NO. INVOIS: 0233481470/0233481471  TARIKH: 14/08/2025",
      "JUMLAH PERLU DIBAYAR RM 710.55",
    ],
    field: "invoiceNumber",
    want: "0233481470",
  },
  {
    what: "a Thai utility bill's sender: the state authority's name ('การไฟฟ้าส่วนภูมิภาค'), its letters marked",
    reader: "pdf-text",
    lines: [
      "ใบแจ้งค่าไฟฟ้า  หมายเลขผู้ใช้ไฟฟ้า  020001447564",
      "เลขที่ใบแจ้งค่าไฟฟ้า  839409658251",
      "ชื่อผู้ใช้ไฟฟ้า นางถิรญา โมกขะเวส",
      "รายละเอียดการไฟฟ้า (Usage)",
      "รวมเงินค่าไฟฟ้า (Sub Total)  4,164.59",
      "ภาษีมูลค่าเพิ่ม 7.00 % (VAT)  291.52",
      "รวมเงินทั้งสิ้น (Grand Total)  4,456.11",
      "ของแท้... ดาวน์โหลดได้ที่ App Store และ Play Store เท่านั้น",
      "การไฟฟ้าส่วนภูมิภาค",
      "สิทธิ์ และหน้าที่ตามมาตรฐานของสัญญาให้บริการ  ที่ GooglePlay และ APP Store",
    ],
    field: "supplierName",
    want: "การไฟฟ้าส่วนภูมิภาค",
  },
  {
    what: "the first of two invoices in one PDF: its total, not the second's",
    reader: "pdf-text",
    lines: TWO_INVOICES,
    field: "totalAmount",
    want: "1399.00",
  },
  {
    what: "the first of two invoices in one PDF: its seller",
    reader: "pdf-text",
    lines: TWO_INVOICES,
    field: "supplierName",
    want: "Mannat Boutique & Fashion",
  },
  {
    what: "an invoice whose second page repeats its title and its own number is one invoice: its total is read",
    reader: "pdf-text",
    lines: [
      "TAX INVOICE",
      "Northwind Traders Ltd",
      "Invoice Number: 4711",
      "1  Widgets  10  5.00  50.00",
      "Page 1 of 2",
      "TAX INVOICE",
      "Invoice Number: 4711",
      "2  Gadgets  2  25.00  50.00",
      "Subtotal  100.00",
      "VAT 20%  20.00",
      "Total  120.00",
    ],
    field: "totalAmount",
    want: "120.00",
  },
  {
    what: "a bill whose sections each open with a page's counter is one bill, however their numbers differ",
    reader: "pdf-text",
    lines: [
      "Página 1 de 2",
      "TIM S.A.",
      "Fatura de Pagamento: 5117894506",
      "NÚMERO: 000.937.492-BC",
      "Vencimento 25/01/2024",
      "Página 1 de 2",
      "Fatura: 5117872946",
      "NÚMERO: 000.937.493-BC",
      "Serviços  16,64",
      "Página 2 de 2",
      "Total a pagar  R$ 4.600,90",
    ],
    field: "totalAmount",
    want: "4600.90",
  },
  {
    what: "an Indonesian minimarket's receipt number after 'Bon'",
    reader: "ocr",
    lines: [
      "CV. MARGA JAYA",
      "NPWP + 02.807.085.2-646.000",
      "Bon 0245-701-1803W3Z9 Kasir : DHI",
      "SOY SOY 00H 1 13,800 13,600",
      "Total Item 2        14,000",
      "Tunai             14,000",
    ],
    field: "invoiceNumber",
    want: "0245-701-1803W3Z9",
  },
];

for (const c of CASES) test(c.what, (t) => t.is(fieldsOf(c.reader, ...c.lines)[c.field], c.want));

// Receipts whose items a till's layout makes look like names: none of them is the seller.
const NOT_SELLERS: readonly { what: string; lines: string[]; item: string }[] = [
  {
    what: "an item its row's price closes, though it ends in a form's letters ('BAGET KG  %01  *102,27')",
    lines: [
      "SOK MARKETLER",
      "MAMAK ANKARA",
      "8140131899",
      "ANADOLU KURUMLAR V.D",
      "TARIH     : 01/02/2024",
      "FIS NO     : 0259",
      "OZMO FUN FIGURLU 236 %01  *13,50",
      "NAMET DANA MACA %01     *21,90",
      "1,033Kg X 99,00",
      "TADPI PILIC BAGET KG  %01    *102,27",
      "FINISH QUANTUM OZEL  %20    *259,00",
      "TOPKDV           *46,60",
      "TOPLAM          *427,42",
    ],
    item: "TADPI PILIC BAGET KG",
  },
  {
    what: "an item over its quantity at a unit price, though the till prints it twice ('BANANAS LOOSE')",
    lines: [
      "TESCO",
      "ny a A",
      "RENFREW 03d5 6779969",
      "BANANAS LOOSE           eg",
      "0.745 kg @  £0.63/ kg        £0.51",
      "THE NEXT ITEM IS CANCELLED",
      "BANANAS LOOSE",
      "0.745 kg @  £0.63/ kg       -£0.51",
      "EAT ME BANANAS              £0.80",
      "CHICKEN S/WICH              £2.20",
      "SUB-TOTAL               £3.00",
      "TOTAL TO PAY                 3.00",
    ],
    item: "BANANAS LOOSE",
  },
];

for (const c of NOT_SELLERS) test(c.what, (t) => t.not(fieldsOf("ocr", ...c.lines).supplierName, c.item));
