import { numberedMonths, spacedWords as s } from "./cjk.js";
import type { Vocabulary } from "./types.js";

// Japanese (領収書, 請求書, レシート; 合計, 小計, 消費税; 登録番号, the qualified-invoice registration number
// "T" and 13 digits). Dates are "2021年7月19日" (dates.ts); amounts are whole yen, "¥5,779" or "5,779円".

export const ja: Vocabulary = {
  code: "ja",
  tesseract: "jpn",
  common: ["合計", "小計", "領収書", "領収証", "請求書", "消費税", "円", "様", "御中", "税込", "お釣り", "株式会社"],
  grandTotal: s(
    "総合計",
    "お買上合計",
    "お買い上げ合計",
    "税込合計",
    "合計金額",
    "ご請求金額",
    "御請求金額",
    "ご請求額",
    "請求金額",
    "お支払金額",
    "お支払い金額",
    "領収金額",
  ),
  amountDue: s("お支払残高", "差引請求額"),
  total: s("合計", "計"),
  prepaid: s("前受金", "前払金"),
  qualified: s("消費税", "内税", "外税", "対象", "小計", "値引", "割引", "点数"),
  // "消費税10%対象 600,000": the amount the 10 % tax is on, the net amount.
  subTotal: [
    ...s("小計", "税抜合計", "税抜金額", "本体価格"),
    String.raw`(?:消費税\s*)?\(?\d{1,2}\s*[%％]\)?\s*対象(?:額|金額)?`,
  ],
  tax: s("内消費税等", "内消費税", "消費税等", "消費税額", "消費税", "内税", "外税"),
  invoiceNumber: s("請求書番号", "請求番号", "領収書番号", "伝票番号", "取引番号", "レシート番号"),
  invoiceDate: s("請求日", "発行日", "領収日", "取引日"),
  issueDate: s("発行日"),
  date: s("日付", "日時"),
  dated: [],
  otherDate: s("納品日", "注文日", "出荷日"),
  dueDate: s("お支払期限", "支払期限", "お振込期限", "振込期限", "支払期日"),
  purchaseOrder: s("注文番号", "発注番号"),
  paymentTerms: s("支払条件", "お支払条件"),
  paymentRef: [],
  taxNumber: s("登録番号", "法人番号"),
  billTo: [],
  supplier: s("発行者", "販売者"),
  // "御中" after a company addressed, "様" or "殿" after a person.
  honorific: ["御中", "様", "殿"],
  bank: s("銀行"),
  paidWith: s("お預り", "お預かり", "預り", "現金", "クレジット", "電子マネー"),
  change: s("お釣り", "おつり", "お釣", "釣銭"),
  notName: s("領収", "お買上", "ありがとう", "電話", "TEL"),
  // "领收证": a Chinese model's reading of "領収証" (the second eye's).
  nameLabel: [...s("名称", "会社名")],
  title: s("領収書", "領収証", "领收证", "领收书", "請求書", "納品書", "御請求書", "レシート"),
  tableHeader: s("品名", "商品名", "品目", "摘要", "内容"),
  tableQty: s("数量"),
  tableAmount: s("金額", "単価"),
  months: numberedMonths("月"),
};
