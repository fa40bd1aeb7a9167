import { numberedMonths, spacedWords as s } from "./cjk.js";
import type { Vocabulary } from "./types.js";

// Korean (영수증, 세금계산서; 합계, 부가세, 공급가액; 사업자번호). Dates are "2021년 7월 19일" or "2021-07-19"
// (dates.ts); amounts are whole won, "15,000원" or "₩15,000".

export const ko: Vocabulary = {
  code: "ko",
  tesseract: "kor",
  common: ["합계", "금액", "영수증", "부가세", "카드", "결제", "사업자", "대표", "주소", "전화"],
  grandTotal: s("합계금액", "총합계", "총금액", "총액", "결제금액", "받을금액", "청구금액", "판매총액"),
  amountDue: s("미수금", "잔액"),
  total: s("합계"),
  prepaid: s("선수금"),
  qualified: s("부가세", "과세", "면세", "할인", "공급가액"),
  subTotal: s("공급가액", "과세물품가액", "소계"),
  tax: s("부가가치세", "부가세", "세액"),
  invoiceNumber: s("영수증번호", "거래번호", "전표번호"),
  invoiceDate: s("거래일시", "거래일자", "판매일", "발행일", "작성일자"),
  issueDate: s("발행일", "작성일자"),
  date: s("일시", "일자", "날짜"),
  dated: [],
  otherDate: s("주문일"),
  dueDate: s("납부기한", "지급기한"),
  purchaseOrder: s("주문번호"),
  paymentTerms: s("결제방법", "결제조건"),
  paymentRef: [],
  taxNumber: s("사업자등록번호", "사업자번호", "등록번호"),
  billTo: s("공급받는자"),
  supplier: s("공급자", "판매자", "상호", "가맹점명"),
  bank: s("은행"),
  paidWith: s("현금", "신용카드", "카드"),
  change: s("거스름돈", "거스름"),
  notName: s("주소", "전화", "대표"),
  title: s("세금계산서", "거래명세서", "영수증", "계산서", "청구서"),
  tableHeader: s("품명", "상품명", "품목"),
  tableQty: s("수량"),
  tableAmount: s("금액", "단가"),
  months: numberedMonths("월"),
};
