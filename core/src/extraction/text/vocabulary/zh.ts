import { numberedMonths, spacedWords as s, spaced } from "./cjk.js";
import type { Vocabulary } from "./types.js";

// Chinese, simplified and traditional (发票 / 發票, 收据, 统一发票; 价税合计, 合计, 税额; 纳税人识别号, 統一編號).
// A VAT invoice's "合计" row is the net amount and its tax: "价税合计" (price and tax together) is what is payable.

export const zh: Vocabulary = {
  code: "zh",
  tesseract: "chi_sim",
  tesseractAlso: ["chi_tra"],
  common: ["发票", "發票", "合计", "合計", "金额", "金額", "税额", "稅額", "日期", "收据", "收據", "公司"],
  grandTotal: s(
    "价税合计",
    "價稅合計",
    "总计",
    "總計",
    "应付金额",
    "應付金額",
    "实收金额",
    "實收金額",
    "总金额",
    "總金額",
  ),
  amountDue: s("应付", "應付"),
  total: s("合计", "合計", "总额", "總額"),
  prepaid: s("已付", "预付", "預付"),
  qualified: s("税额", "稅額", "税率", "稅率", "折扣", "小计", "小計", "不含税", "未税"),
  subTotal: s("小计", "小計", "不含税金额", "未税金额"),
  tax: s("税额", "稅額", "税金", "稅金", "营业税", "營業稅", "增值税"),
  // "单号" (a slip's number), not the order's ("订单号", `purchaseOrder`).
  invoiceNumber: [
    ...s("发票号码", "發票號碼", "票据号码"),
    ...["單號", "单号"].map((w) => String.raw`(?<![订訂]\s?)${spaced(w)}`),
  ],
  invoiceDate: s("开票日期", "開票日期", "开具日期"),
  issueDate: s("开票日期", "開票日期"),
  date: s("日期", "时间", "時間"),
  dated: [],
  otherDate: s("交货日期", "交貨日期", "订单日期"),
  dueDate: s("付款期限", "到期日"),
  purchaseOrder: s("订单号", "訂單號"),
  paymentTerms: s("付款方式", "付款条件"),
  paymentRef: [],
  taxNumber: s("纳税人识别号", "納稅人識別號", "统一社会信用代码", "統一編號", "统一编号", "税号", "稅號"),
  billTo: s("购买方", "購買方", "购方", "买方", "買方", "买受人", "買受人"),
  supplier: s("销售方", "銷售方", "销方", "卖方", "賣方"),
  bank: s("银行", "銀行"),
  paidWith: s("现金", "現金", "信用卡", "刷卡", "支付宝", "微信"),
  change: s("找零", "找續"),
  // The seal every fapiao form carries, never its seller: the national tax administration ("国家税务总局") or a
  // city's tax bureau ("宁波市税务局").
  notName: [
    ...s("地址", "电话", "電話", "谢谢", "謝謝", "国家税务总局", "开户行及账号", "開戶行及帳號"),
    String.raw`\p{sc=Han}{1,12}?${spaced("税务局")}`,
  ],
  nameLabel: [...s("名称", "名稱")],
  title: s(
    "增值税专用发票",
    "增值税普通发票",
    "电子发票",
    "電子發票",
    "统一发票",
    "統一發票",
    "发票",
    "發票",
    "收据",
    "收據",
  ),
  tableHeader: s("项目名称", "項目名稱", "货物或应税劳务", "品名", "商品名称"),
  tableQty: s("数量", "數量"),
  tableAmount: s("金额", "金額", "单价", "單價"),
  months: numberedMonths("月"),
};
