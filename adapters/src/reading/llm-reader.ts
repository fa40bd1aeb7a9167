import { type ExtractedFields, type Extraction, toJsonSchema } from "@apar/core";
import { assessConfidence } from "@apar/core/extraction";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";

export interface LlmConfig {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
}

const nullableString = t.union([t.string, t.null]);
const LineCodec = t.type({
  description: t.string,
  quantity: nullableString,
  unitPrice: nullableString,
  amount: nullableString,
});
const FieldsCodec = t.type({
  supplierName: nullableString,
  invoiceNumber: nullableString,
  currency: nullableString,
  totalAmount: nullableString,
  invoiceDate: nullableString,
  dueDate: nullableString,
  subTotal: nullableString,
  taxAmount: nullableString,
  supplierTaxNumber: nullableString,
  purchaseOrderNumber: nullableString,
  paymentTerms: nullableString,
  paymentRef: nullableString,
  iban: nullableString,
  bicSwift: nullableString,
  accountNumber: nullableString,
  sortCode: nullableString,
  routingNumber: nullableString,
  accountHolderName: nullableString,
  lineItems: t.array(LineCodec),
});
const ReplyCodec = t.type({ choices: t.array(t.type({ message: t.type({ content: nullableString }) })) });

/** The answer's JSON Schema the model is held to: the codec its answer is decoded with, closed. */
const SCHEMA = toJsonSchema(t.exact(t.type({ ...FieldsCodec.props, lineItems: t.array(t.exact(LineCodec)) })));

const PROMPT =
  "Read this supplier invoice. Answer JSON only. Amounts and quantities as plain decimal strings with a dot (1234.50), " +
  "no currency signs or thousands separators; dates as YYYY-MM-DD; currency as an ISO 4217 code; null where the " +
  "document does not say. supplierName is the company that issued the invoice, not the customer.";

const amount = (s: string | null): string | null => {
  const v = s?.replace(/[\s,']/g, "") ?? null;
  return v !== null && /^-?\d{1,20}(\.\d{1,10})?$/.test(v) ? v : null;
};
const date = (s: string | null): string | null => (s !== null && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);
const code = (s: string | null): string | null =>
  s !== null && /^[A-Z]{3}$/.test(s.trim().toUpperCase()) ? s.trim().toUpperCase() : null;

const toFields = (f: t.TypeOf<typeof FieldsCodec>): ExtractedFields => {
  const iban = f.iban?.replace(/\s/g, "").toUpperCase() ?? null;
  const hasBank = [iban, f.accountNumber, f.sortCode, f.routingNumber, f.bicSwift].some((v) => v !== null);
  return {
    supplierName: f.supplierName,
    invoiceNumber: f.invoiceNumber,
    currency: code(f.currency),
    totalAmount: amount(f.totalAmount),
    lineItems: f.lineItems.map((l) => ({
      description: l.description,
      quantity: amount(l.quantity),
      unitPrice: amount(l.unitPrice),
      amount: amount(l.amount),
    })),
    invoiceDate: date(f.invoiceDate),
    dueDate: date(f.dueDate),
    subTotal: amount(f.subTotal),
    taxAmount: amount(f.taxAmount),
    supplierTaxNumber: f.supplierTaxNumber,
    bankDetails: hasBank
      ? {
          accountHolderName: f.accountHolderName,
          accountNumber: f.accountNumber,
          sortCode: f.sortCode,
          routingNumber: f.routingNumber,
          iban,
          bicSwift: f.bicSwift,
          country: iban ? iban.slice(0, 2) : null,
          currency: null,
        }
      : null,
    purchaseOrderNumber: f.purchaseOrderNumber,
    paymentTerms: f.paymentTerms,
    paymentRef: f.paymentRef,
  };
};

/** Reads page images through an OpenAI-compatible chat completions endpoint with a JSON-schema answer. */
export const readWithLlm = async (
  config: LlmConfig,
  images: readonly { bytes: Uint8Array; mediaType: string }[],
  signal: AbortSignal,
  /** Only these fields are wanted (the others the text/OCR reader is sure of): the model answers null for the rest. */
  only?: readonly string[],
): Promise<E.Either<string, Extraction>> => {
  const wanted =
    only === undefined
      ? ""
      : ` Only these fields are needed: ${only.join(", ")}; answer null (or an empty list) for every other field.`;
  const body = {
    model: config.model,
    temperature: 0,
    response_format: { type: "json_schema", json_schema: { name: "bill", strict: true, schema: SCHEMA } },
    messages: [
      { role: "system", content: PROMPT + wanted },
      {
        role: "user",
        content: [
          { type: "text", text: "The invoice pages follow." },
          ...images.map((i) => ({
            type: "image_url",
            image_url: { url: `data:${i.mediaType};base64,${Buffer.from(i.bytes).toString("base64")}` },
          })),
        ],
      },
    ],
  };
  const response = await fetch(`${config.baseUrl.replace(/\/$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) return E.left(`the model endpoint answered ${response.status}`);
  const reply = ReplyCodec.decode(await response.json().catch(() => null));
  const content = E.isRight(reply) ? reply.right.choices[0]?.message.content : null;
  if (!content) return E.left("the model answered no content");
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ""));
  } catch {
    return E.left("the model's answer is not JSON");
  }
  const decoded = FieldsCodec.decode(parsed);
  if (E.isLeft(decoded)) return E.left("the model's answer does not match the bill schema");
  const fields = toFields(decoded.right);
  // A model states no certainty: start every present field at 0.8 and let the cross-checks move it.
  const base = Object.fromEntries(Object.keys(fields).map((k) => [k, 0.8]));
  const { fieldConfidence, confidence } = assessConfidence(fields, base);
  return E.right({ reader: "llm", fields, fieldConfidence, confidence });
};
