// APAR_LLM_UNSURE_BELOW: after a text-layer reading, only the key fields the reader is unsure of go to the LLM,
// tested against a local server speaking the OpenAI chat-completions wire format.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createDocumentReader } from "@apar/adapters/reading/index";
import type { Extraction } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { fixtures } from "./accuracy.js";

const EMPTY = {
  supplierName: null,
  invoiceNumber: null,
  currency: null,
  totalAmount: null,
  invoiceDate: null,
  dueDate: null,
  subTotal: null,
  taxAmount: null,
  supplierTaxNumber: null,
  purchaseOrderNumber: null,
  paymentTerms: null,
  paymentRef: null,
  iban: null,
  bicSwift: null,
  accountNumber: null,
  sortCode: null,
  routingNumber: null,
  accountHolderName: null,
  lineItems: [],
};

const withModel = async (
  run: (baseUrl: string, requests: { messages: { role: string; content: unknown }[] }[]) => Promise<void>,
): Promise<void> => {
  const requests: { messages: { role: string; content: unknown }[] }[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      requests.push(JSON.parse(raw));
      // The model answers every field it can; the reader must take only the ones it asked for.
      const answer = { ...EMPTY, supplierName: "Model Reads Ltd", totalAmount: "1.00", invoiceNumber: "MODEL-1" };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(answer) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests);
  } finally {
    server.close();
  }
};

const read = async (baseUrl: string, llmBelow: number, bytes: Uint8Array): Promise<Extraction> => {
  const reader = createDocumentReader({ languages: ["eng"], llm: { baseUrl, model: "vision-test" }, llmBelow });
  try {
    const r = await reader.read({ bytes, mediaType: "application/pdf", filename: null }, { method: "ocr" });
    if (E.isLeft(r)) throw new Error(r.left.detail);
    return r.right;
  } finally {
    await reader.close();
  }
};

test("only the unsure key fields are asked of the model, and only its answers for those are taken", async (t) => {
  const f = fixtures("pdf")[0];
  if (!f) return t.fail();
  await withModel(async (baseUrl, requests) => {
    const plain = await read(baseUrl, 0, f.bytes);
    t.is(requests.length, 0, "a threshold nothing is below asks nothing");
    const sure = Object.entries(plain.fieldConfidence)
      .filter(([, c]) => (c ?? 0) >= 0.9)
      .map(([k]) => k);
    const unsure = ["supplierName", "invoiceNumber", "totalAmount"].filter((k) => !sure.includes(k));
    t.true(unsure.length > 0 && unsure.length < 3, `unsure: ${unsure.join(",")}`);

    const e = await read(baseUrl, 0.9, f.bytes);
    t.is(requests.length, 1);
    const system = JSON.stringify(requests[0]?.messages[0]?.content);
    for (const k of unsure) t.true(system.includes(k), `${k} is asked for`);
    for (const k of sure.filter((s) => ["supplierName", "invoiceNumber", "totalAmount"].includes(s))) {
      t.false(system.includes(k), `${k} is not asked for`);
    }
    t.regex(JSON.stringify(requests[0]?.messages[1]?.content), /data:image\/png;base64,/);
    const answered: Record<string, string> = {
      supplierName: "Model Reads Ltd",
      totalAmount: "1.00",
      invoiceNumber: "MODEL-1",
    };
    for (const k of ["supplierName", "invoiceNumber", "totalAmount"] as const) {
      t.is(e.fields[k], unsure.includes(k) ? (answered[k] ?? null) : plain.fields[k]);
    }
    t.is(e.reader, "pdf-text");
  });
});
